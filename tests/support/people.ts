/** People in a test database: organizations, and one on the free plan with Ada as its owner, the start of storage tests. */

import type { Database, Db } from '../../src/db/database.ts'
import type { Plan, SubscriptionStatus } from '../../src/db/schema.ts'
import { CLI_ACTOR } from '../../src/services/audit.ts'
import { createOrganization } from '../../src/services/people/organizations.ts'
import { createUser } from '../../src/services/people/users.ts'

/** Creates an organization named as its slug, on `plan` (starter by default); throws when it is refused. */
export async function seedOrganization(
  database: Database,
  slug: string,
  plan: Plan = 'starter',
  subscriptionStatus: SubscriptionStatus = 'active',
): Promise<void> {
  const created = await createOrganization(database.db, { slug, name: slug, plan, subscriptionStatus })
  if (!created.ok) throw new Error(created.message)
}

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
