/** People in a test database: an organization on the free plan with Ada as its owner, the start of storage tests. */

import type { Db } from '../../src/db/database.ts'
import { CLI_ACTOR } from '../../src/services/audit.ts'
import { createOrganization } from '../../src/services/people/organizations.ts'
import { createUser } from '../../src/services/people/users.ts'

/** Creates organization `acme` and its owner ada@example.com; returns her user id. */
export async function seedOwner(db: Db, now: number): Promise<string> {
  await createOrganization(db, { slug: 'acme', name: 'Acme', plan: 'free', subscriptionStatus: 'active' })
  const created = await createUser(db, {
    email: 'ada@example.com',
    name: 'Ada',
    organizationSlug: 'acme',
    role: 'owner',
    actor: CLI_ACTOR,
    clock: () => now,
  })
  if (!created.ok) throw new Error(created.message)
  return created.user.id
}
