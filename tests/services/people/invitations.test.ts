import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import type { Database } from '../../../src/db/database.ts'
import { invitations, organizations } from '../../../src/db/schema.ts'
import { type Actor, CLI_ACTOR, listAudit } from '../../../src/services/audit.ts'
import {
  acceptInvitation,
  createInvitation,
  findInvitation,
  INVITATION_TTL_MS,
  listInvitations,
  revokeInvitation,
} from '../../../src/services/people/invitations.ts'
import { membershipIn } from '../../../src/services/people/memberships.ts'
import { authenticate, createUser, type UserRef } from '../../../src/services/people/users.ts'
import { DATABASE_HOOK_TIMEOUT_MS, openTestDatabase } from '../../support/db.ts'
import { seedOrganization } from '../../support/people.ts'

let database: Database
let acmeId = ''
let otherId = ''
let ann: UserRef
const NOW = Date.parse('2026-11-24T10:00:00Z')
const PASSWORD = 'a long enough password'
const inviter = (): Actor & { kind: 'user' } => ({ kind: 'user', id: ann.id, label: ann.email })

beforeAll(async () => {
  database = await openTestDatabase()
  for (const slug of ['acme', 'other']) await seedOrganization(database, slug, 'free')
  const created = await createUser(database.db, {
    email: 'ann@example.com',
    name: 'Ann',
    organizationSlug: 'acme',
    role: 'owner',
    actor: CLI_ACTOR,
    clock: () => NOW,
  })
  if (!created.ok) throw new Error(created.message)
  ann = created.user
  const orgs = await database.db.select().from(organizations)
  acmeId = orgs.find((o) => o.slug === 'acme')?.id ?? ''
  otherId = orgs.find((o) => o.slug === 'other')?.id ?? ''
}, DATABASE_HOOK_TIMEOUT_MS)
afterAll(async () => {
  await database?.close()
}, DATABASE_HOOK_TIMEOUT_MS)

function invite(email: string, organizationId = acmeId, role: 'owner' | 'editor' | 'viewer' = 'editor') {
  return createInvitation(database.db, { organizationId, email, role, invitedBy: inviter(), now: NOW })
}

describe('invitations', () => {
  test('a new person accepts with a name and a password, becomes a member and can sign in', async () => {
    const invited = await invite('new@example.com')
    if (!invited.ok) throw new Error(invited.message)
    expect(await listInvitations(database.db, acmeId, NOW)).toEqual([invited.invitation])
    const opened = await findInvitation(database.db, invited.token, NOW)
    expect(opened).toMatchObject({ email: 'new@example.com', role: 'editor', existingUser: null })
    const accepted = await acceptInvitation(database.db, {
      token: invited.token,
      now: NOW,
      newUser: { name: 'Neo', password: PASSWORD, confirmation: PASSWORD },
    })
    expect(accepted).toMatchObject({
      ok: true,
      organization: { slug: 'acme' },
      user: { email: 'new@example.com' },
    })
    if (!accepted.ok) return
    expect((await membershipIn(database.db, accepted.user.id, 'acme'))?.role).toBe('editor')
    expect(await authenticate(database.db, 'new@example.com', PASSWORD)).not.toBeNull()
    expect(await listInvitations(database.db, acmeId, NOW)).toEqual([])
    const again = await acceptInvitation(database.db, {
      token: invited.token,
      now: NOW,
      newUser: { name: 'Neo', password: PASSWORD, confirmation: PASSWORD },
    })
    expect(again).toMatchObject({ ok: false, reason: 'invalid_link' })
    const actions = (await listAudit(database.db, acmeId, { limit: 10 })).map((e) => e.action)
    expect(actions).toContain('invitation.create')
    expect(actions).toContain('invitation.accept')
  })

  test('an existing user accepts only while signed in as that user', async () => {
    const invited = await invite('ann@example.com', otherId, 'viewer')
    if (!invited.ok) throw new Error(invited.message)
    expect((await findInvitation(database.db, invited.token, NOW))?.existingUser?.id).toBe(ann.id)
    const stranger = { id: '00000000-0000-4000-8000-000000000000', email: 'x@example.com', name: 'X' }
    const wrong = await acceptInvitation(database.db, { token: invited.token, now: NOW, user: stranger })
    expect(wrong).toMatchObject({ ok: false, reason: 'wrong_user' })
    const asNew = await acceptInvitation(database.db, {
      token: invited.token,
      now: NOW,
      newUser: { name: 'Impostor', password: PASSWORD, confirmation: PASSWORD },
    })
    expect(asNew).toMatchObject({ ok: false, reason: 'wrong_user' })
    expect(await acceptInvitation(database.db, { token: invited.token, now: NOW, user: ann })).toMatchObject({
      ok: true,
    })
    expect((await membershipIn(database.db, ann.id, 'other'))?.role).toBe('viewer')
  })

  test('a member is not invited again; an email is checked; a new invitation replaces the pending one', async () => {
    expect(await invite('ANN@example.com')).toMatchObject({ ok: false, reason: 'member' })
    expect(await invite('not an email')).toMatchObject({ ok: false, reason: 'invalid_email' })
    const first = await invite('twice@example.com')
    const second = await invite('twice@example.com', acmeId, 'viewer')
    if (!first.ok || !second.ok) throw new Error('invite')
    expect(await findInvitation(database.db, first.token, NOW)).toBeNull()
    expect(
      (await listInvitations(database.db, acmeId, NOW)).filter((i) => i.email === 'twice@example.com'),
    ).toEqual([second.invitation])
  })

  test('expires after 7 days; revoking works only for the own organization', async () => {
    const invited = await invite('expiring@example.com')
    if (!invited.ok) throw new Error(invited.message)
    expect(await findInvitation(database.db, invited.token, NOW + INVITATION_TTL_MS)).toBeNull()
    const id = invited.invitation.id
    expect(
      await revokeInvitation(database.db, { organizationId: otherId, id, actor: inviter(), now: NOW }),
    ).toBe(false)
    expect(
      await revokeInvitation(database.db, {
        organizationId: acmeId,
        id: 'not-a-uuid',
        actor: inviter(),
        now: NOW,
      }),
    ).toBe(false)
    expect(
      await revokeInvitation(database.db, { organizationId: acmeId, id, actor: inviter(), now: NOW }),
    ).toBe(true)
    expect(await findInvitation(database.db, invited.token, NOW)).toBeNull()
    const stored = await database.db.select().from(invitations).where(eq(invitations.id, id))
    expect(stored).toEqual([])
  })

  test('a weak password or an empty name refuses the acceptance and keeps the invitation open', async () => {
    const invited = await invite('weak@example.com')
    if (!invited.ok) throw new Error(invited.message)
    const weak = await acceptInvitation(database.db, {
      token: invited.token,
      now: NOW,
      newUser: { name: 'W', password: 'short', confirmation: 'short' },
    })
    expect(weak).toMatchObject({ ok: false, reason: 'weak' })
    const nameless = await acceptInvitation(database.db, {
      token: invited.token,
      now: NOW,
      newUser: { name: '  ', password: PASSWORD, confirmation: PASSWORD },
    })
    expect(nameless).toMatchObject({ ok: false, reason: 'invalid' })
    expect(await findInvitation(database.db, invited.token, NOW)).not.toBeNull()
  })
})
