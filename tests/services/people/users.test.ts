import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import type { Database } from '../../../src/db/database.ts'
import { organizations, passwordTokens, users } from '../../../src/db/schema.ts'
import { CLI_ACTOR, listAudit } from '../../../src/services/audit.ts'
import { countSessions, createSession, findSession } from '../../../src/services/people/sessions.ts'
import {
  authenticate,
  changePassword,
  createUser,
  disableUser,
  findPasswordToken,
  listUsers,
  resetPassword,
  SET_PASSWORD_TTL_MS,
  setPasswordWithToken,
} from '../../../src/services/people/users.ts'
import { DATABASE_HOOK_TIMEOUT_MS, openTestDatabase } from '../../support/db.ts'
import { seedOrganization } from '../../support/people.ts'

let database: Database
const NOW = Date.parse('2026-11-24T10:00:00Z')
const clock = () => NOW
const PASSWORD = 'correct horse battery'

beforeAll(async () => {
  database = await openTestDatabase()
  await seedOrganization(database, 'acme')
}, DATABASE_HOOK_TIMEOUT_MS)
afterAll(async () => {
  await database?.close()
}, DATABASE_HOOK_TIMEOUT_MS)

function create(email: string, role = 'owner') {
  return createUser(database.db, {
    email,
    name: 'Ada',
    organizationSlug: 'acme',
    role,
    actor: CLI_ACTOR,
    clock,
  })
}

async function withPassword(email: string): Promise<string> {
  const created = await create(email)
  if (!created.ok) throw new Error(created.message)
  const set = await setPasswordWithToken(database.db, {
    token: created.setPasswordToken,
    password: PASSWORD,
    confirmation: PASSWORD,
    now: NOW,
  })
  if (!set.ok) throw new Error(set.message)
  return created.user.id
}

describe('createUser', () => {
  test('creates a member with a one-time set-password link, stores only its hash, and audits the change', async () => {
    const created = await create('New.Person@Example.com', 'editor')
    expect(created.ok).toBe(true)
    if (!created.ok) return
    expect(created.user.email).toBe('New.Person@Example.com')
    expect(created.setPasswordToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const stored = await database.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.userId, created.user.id))
    expect(stored).toHaveLength(1)
    expect(stored[0]?.tokenHash).not.toContain(created.setPasswordToken)
    expect(stored[0]?.expiresAt.getTime()).toBe(NOW + SET_PASSWORD_TTL_MS)
    const [org] = await listUsers(database.db, 'acme').then((u) => u.filter((x) => x.id === created.user.id))
    expect(org?.memberships).toEqual([{ organization: 'acme', role: 'editor' }])
    expect(org?.hasPassword).toBe(false)
  })

  test('refuses an email taken in another letter case, a bad email, a bad role and an unknown organization', async () => {
    await create('taken@example.com')
    expect(await create('TAKEN@example.com')).toMatchObject({ ok: false, reason: 'exists' })
    expect(await create('not-an-email')).toMatchObject({ ok: false, reason: 'invalid' })
    expect(await create('x@example.com', 'admin')).toMatchObject({ ok: false, reason: 'invalid' })
    const unknown = await createUser(database.db, {
      email: 'y@example.com',
      name: 'Y',
      organizationSlug: 'nope',
      role: 'viewer',
      actor: CLI_ACTOR,
      clock,
    })
    expect(unknown).toMatchObject({ ok: false, reason: 'unknown_organization' })
  })
})

describe('set-password links', () => {
  test('a link sets the password once; it is then used up', async () => {
    const created = await create('once@example.com')
    if (!created.ok) throw new Error(created.message)
    const input = { token: created.setPasswordToken, password: PASSWORD, confirmation: PASSWORD, now: NOW }
    expect(await setPasswordWithToken(database.db, input)).toMatchObject({ ok: true })
    expect(await setPasswordWithToken(database.db, input)).toMatchObject({
      ok: false,
      reason: 'invalid_link',
    })
    expect(await authenticate(database.db, 'ONCE@example.com', PASSWORD)).toMatchObject({
      email: 'once@example.com',
    })
  })

  test('an expired link, a forged token and a short or mismatched password are refused', async () => {
    const created = await create('late@example.com')
    if (!created.ok) throw new Error(created.message)
    const token = created.setPasswordToken
    expect(await findPasswordToken(database.db, token, NOW + SET_PASSWORD_TTL_MS)).toBeNull()
    expect(await findPasswordToken(database.db, 'A'.repeat(43), NOW)).toBeNull()
    expect(await findPasswordToken(database.db, "'; drop table users; --", NOW)).toBeNull()
    const weak = await setPasswordWithToken(database.db, {
      token,
      password: 'short',
      confirmation: 'short',
      now: NOW,
    })
    expect(weak).toMatchObject({ ok: false, reason: 'weak', message: 'Use at least 12 characters.' })
    const differ = await setPasswordWithToken(database.db, {
      token,
      password: PASSWORD,
      confirmation: `${PASSWORD}!`,
      now: NOW,
    })
    expect(differ).toMatchObject({ ok: false, reason: 'weak', message: 'The two passwords differ.' })
  })

  test('reset-password issues a new link and the earlier ones stop working', async () => {
    const created = await create('reset@example.com')
    if (!created.ok) throw new Error(created.message)
    const reset = await resetPassword(database.db, 'Reset@Example.com', clock)
    expect(reset.ok).toBe(true)
    expect(await findPasswordToken(database.db, created.setPasswordToken, NOW)).toBeNull()
    if (reset.ok) expect(await findPasswordToken(database.db, reset.setPasswordToken, NOW)).not.toBeNull()
    expect(await resetPassword(database.db, 'nobody@example.com', clock)).toMatchObject({
      ok: false,
      reason: 'unknown',
    })
  })
})

describe('authenticate', () => {
  test('answers null alike for an unknown user, a wrong password and a user without a password', async () => {
    await withPassword('auth@example.com')
    await create('nopass@example.com')
    expect(await authenticate(database.db, 'auth@example.com', PASSWORD)).not.toBeNull()
    expect(await authenticate(database.db, 'auth@example.com', 'wrong password!')).toBeNull()
    expect(await authenticate(database.db, 'ghost@example.com', PASSWORD)).toBeNull()
    expect(await authenticate(database.db, 'nopass@example.com', '')).toBeNull()
  })

  test('stores an argon2id hash, never the password', async () => {
    const id = await withPassword('hash@example.com')
    const [row] = await database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id))
    expect(row?.hash).toStartWith('$argon2id$')
    expect(row?.hash).not.toContain(PASSWORD)
  })
})

describe('password changes and disabling end sessions', () => {
  test('setting a password through a link ends every session of the user', async () => {
    const id = await withPassword('sessions@example.com')
    await createSession(database.db, id, NOW)
    await createSession(database.db, id, NOW)
    expect(await countSessions(database.db, id, NOW)).toBe(2)
    const reset = await resetPassword(database.db, 'sessions@example.com', clock)
    if (!reset.ok) throw new Error('reset')
    const next = 'another long password'
    await setPasswordWithToken(database.db, {
      token: reset.setPasswordToken,
      password: next,
      confirmation: next,
      now: NOW,
    })
    expect(await countSessions(database.db, id, NOW)).toBe(0)
  })

  test('changePassword checks the current password, then ends every session', async () => {
    const id = await withPassword('change@example.com')
    const token = await createSession(database.db, id, NOW)
    const next = 'a brand new passphrase'
    const wrong = await changePassword(database.db, {
      userId: id,
      current: 'nope',
      password: next,
      confirmation: next,
    })
    expect(wrong).toMatchObject({ ok: false, reason: 'wrong_password' })
    expect(await findSession(database.db, token, NOW)).not.toBeNull()
    expect(
      await changePassword(database.db, {
        userId: id,
        current: PASSWORD,
        password: next,
        confirmation: next,
      }),
    ).toEqual({
      ok: true,
    })
    expect(await findSession(database.db, token, NOW)).toBeNull()
    expect(await authenticate(database.db, 'change@example.com', next)).not.toBeNull()
  })

  test('a disabled user cannot sign in, loses sessions and links, and the change is audited', async () => {
    const id = await withPassword('disabled@example.com')
    const token = await createSession(database.db, id, NOW)
    expect(await disableUser(database.db, 'DISABLED@example.com', CLI_ACTOR)).toMatchObject({ ok: true })
    expect(await authenticate(database.db, 'disabled@example.com', PASSWORD)).toBeNull()
    expect(await findSession(database.db, token, NOW)).toBeNull()
    const [org] = await database.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.slug, 'acme'))
    const events = await listAudit(database.db, org?.id ?? '', { limit: 50 })
    expect(events.find((e) => e.action === 'user.disable' && e.targetId === id)).toMatchObject({
      actorKind: 'cli',
      actorLabel: 'cli',
      summary: { email: 'disabled@example.com' },
    })
    expect(await disableUser(database.db, 'ghost@example.com', CLI_ACTOR)).toMatchObject({ ok: false })
  })
})
