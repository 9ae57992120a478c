import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import type { Database } from '../../../src/db/database.ts'
import { organizations } from '../../../src/db/schema.ts'
import { type Actor, CLI_ACTOR, listAudit } from '../../../src/services/audit.ts'
import {
  changeRole,
  listMembers,
  membershipIn,
  membershipsOf,
  removeMember,
} from '../../../src/services/people/memberships.ts'
import { createUser } from '../../../src/services/people/users.ts'
import { DATABASE_HOOK_TIMEOUT_MS, openTestDatabase } from '../../support/db.ts'
import { seedOrganization } from '../../support/people.ts'

let database: Database
const ids: Record<string, string> = {}
let acmeId = ''
const owner: () => Actor = () => ({ kind: 'user', id: ids.ann ?? '', label: 'ann@example.com' })

beforeAll(async () => {
  database = await openTestDatabase()
  for (const slug of ['acme', 'other']) await seedOrganization(database, slug, 'free')
  const people = [
    ['ann', 'acme', 'owner'],
    ['bob', 'acme', 'editor'],
    ['cyd', 'acme', 'viewer'],
    ['dan', 'other', 'owner'],
  ] as const
  for (const [name, org, role] of people) {
    const created = await createUser(database.db, {
      email: `${name}@example.com`,
      name,
      organizationSlug: org,
      role,
      actor: CLI_ACTOR,
      clock: Date.now,
    })
    if (!created.ok) throw new Error(created.message)
    ids[name] = created.user.id
  }
  const [acme] = await database.db.select().from(organizations).where(eq(organizations.slug, 'acme'))
  acmeId = acme?.id ?? ''
}, DATABASE_HOOK_TIMEOUT_MS)
afterAll(async () => {
  await database?.close()
}, DATABASE_HOOK_TIMEOUT_MS)

describe('memberships', () => {
  test('a user sees only their own organizations, with their role', async () => {
    expect(
      (await membershipsOf(database.db, ids.bob ?? '')).map((m) => [m.organization.slug, m.role]),
    ).toEqual([['acme', 'editor']])
    expect(await membershipIn(database.db, ids.bob ?? '', 'other')).toBeNull()
    expect(await membershipIn(database.db, ids.bob ?? '', 'nope')).toBeNull()
    expect((await membershipIn(database.db, ids.dan ?? '', 'other'))?.role).toBe('owner')
  })

  test('members are listed per organization', async () => {
    const members = await listMembers(database.db, acmeId)
    expect(members.map((m) => [m.email, m.role])).toEqual([
      ['ann@example.com', 'owner'],
      ['bob@example.com', 'editor'],
      ['cyd@example.com', 'viewer'],
    ])
  })

  test('the last owner can neither step down nor be removed', async () => {
    const demote = await changeRole(database.db, {
      organizationId: acmeId,
      userId: ids.ann ?? '',
      role: 'editor',
      actor: owner(),
    })
    expect(demote).toMatchObject({ ok: false, reason: 'last_owner' })
    const remove = await removeMember(database.db, {
      organizationId: acmeId,
      userId: ids.ann ?? '',
      actor: owner(),
    })
    expect(remove).toMatchObject({ ok: false, reason: 'last_owner' })
  })

  test('with a second owner, the first may step down; both changes are audited with before and after', async () => {
    const promoted = await changeRole(database.db, {
      organizationId: acmeId,
      userId: ids.bob ?? '',
      role: 'owner',
      actor: owner(),
    })
    expect(promoted).toEqual({ ok: true, member: { email: 'bob@example.com', role: 'owner' } })
    expect(
      await changeRole(database.db, {
        organizationId: acmeId,
        userId: ids.ann ?? '',
        role: 'viewer',
        actor: owner(),
      }),
    ).toMatchObject({
      ok: true,
    })
    const events = await listAudit(database.db, acmeId, { limit: 10 })
    expect(events.filter((e) => e.action === 'member.role').map((e) => e.summary)).toEqual([
      { email: 'ann@example.com', before: 'owner', after: 'viewer' },
      { email: 'bob@example.com', before: 'editor', after: 'owner' },
    ])
    expect(events[0]).toMatchObject({ actorKind: 'user', actorLabel: 'ann@example.com' })
  })

  test('two owners demoting each other at once leave one owner', async () => {
    await changeRole(database.db, {
      organizationId: acmeId,
      userId: ids.ann ?? '',
      role: 'owner',
      actor: owner(),
    })
    const results = await Promise.all([
      changeRole(database.db, {
        organizationId: acmeId,
        userId: ids.ann ?? '',
        role: 'editor',
        actor: owner(),
      }),
      changeRole(database.db, {
        organizationId: acmeId,
        userId: ids.bob ?? '',
        role: 'editor',
        actor: owner(),
      }),
    ])
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    const owners = (await listMembers(database.db, acmeId)).filter((m) => m.role === 'owner')
    expect(owners).toHaveLength(1)
  })

  test("another organization's member is unknown here", async () => {
    const result = await removeMember(database.db, {
      organizationId: acmeId,
      userId: ids.dan ?? '',
      actor: owner(),
    })
    expect(result).toMatchObject({ ok: false, reason: 'unknown' })
    expect((await membershipIn(database.db, ids.dan ?? '', 'other'))?.role).toBe('owner')
  })

  test('removing a member takes away their access', async () => {
    expect(
      await removeMember(database.db, { organizationId: acmeId, userId: ids.cyd ?? '', actor: owner() }),
    ).toMatchObject({
      ok: true,
    })
    expect(await membershipIn(database.db, ids.cyd ?? '', 'acme')).toBeNull()
  })
})
