import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Database } from '../../../src/db/database.ts'
import { sessions } from '../../../src/db/schema.ts'
import {
  createSession,
  endSession,
  findSession,
  pruneSessions,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
} from '../../../src/services/people/sessions.ts'
import { DATABASE_HOOK_TIMEOUT_MS, openTestDatabase } from '../../support/db.ts'
import { seedOwner } from '../../support/people.ts'

let database: Database
let userId = ''
const NOW = Date.parse('2026-11-24T10:00:00Z')
const HOUR = 60 * 60 * 1000

beforeAll(async () => {
  database = await openTestDatabase()
  userId = await seedOwner(database.db, NOW)
}, DATABASE_HOOK_TIMEOUT_MS)
afterAll(async () => {
  await database?.close()
}, DATABASE_HOOK_TIMEOUT_MS)

describe('dashboard sessions', () => {
  test('a session is found by its token; the table keeps only its SHA-256', async () => {
    const token = await createSession(database.db, userId, NOW)
    expect(await findSession(database.db, token, NOW)).toEqual({
      user: { id: userId, email: 'ada@example.com', name: 'Ada' },
      token,
    })
    const rows = await database.db.select().from(sessions)
    expect(rows.some((r) => r.tokenHash.includes(token))).toBe(false)
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true)
  })

  test('ends after 12 idle hours, and is kept alive by use', async () => {
    const token = await createSession(database.db, userId, NOW)
    expect(await findSession(database.db, token, NOW + 11 * HOUR)).not.toBeNull()
    // The use at 11 h moved the idle end to 23 h.
    expect(await findSession(database.db, token, NOW + 22 * HOUR)).not.toBeNull()
    const idle = await createSession(database.db, userId, NOW)
    expect(await findSession(database.db, idle, NOW + SESSION_IDLE_MS)).toBeNull()
  })

  test('ends 7 days after sign-in however much it is used', async () => {
    const token = await createSession(database.db, userId, NOW)
    for (let t = NOW; t < NOW + SESSION_ABSOLUTE_MS; t += 10 * HOUR) {
      expect(await findSession(database.db, token, t)).not.toBeNull()
    }
    expect(await findSession(database.db, token, NOW + SESSION_ABSOLUTE_MS)).toBeNull()
  })

  test('sign-out ends the session; malformed tokens are not looked up', async () => {
    const token = await createSession(database.db, userId, NOW)
    await endSession(database.db, token)
    expect(await findSession(database.db, token, NOW)).toBeNull()
    for (const bad of ['', 'x', `${token}x`, "' or 1=1 --"])
      expect(await findSession(database.db, bad, NOW)).toBeNull()
  })

  test('prune deletes the sessions that can no longer be used, and only those', async () => {
    const live = await createSession(database.db, userId, NOW + 20 * HOUR)
    const pruned = await pruneSessions(database.db, NOW + 20 * HOUR)
    expect(pruned).toBeGreaterThan(0)
    expect(await findSession(database.db, live, NOW + 20 * HOUR)).not.toBeNull()
    const left = await database.db.select().from(sessions)
    expect(left.every((r) => r.lastSeenAt.getTime() > NOW + 20 * HOUR - SESSION_IDLE_MS)).toBe(true)
  })
})
