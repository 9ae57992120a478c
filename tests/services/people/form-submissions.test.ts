import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { newOpaqueToken } from '../../../src/auth/opaque-tokens.ts'
import type { Database } from '../../../src/db/database.ts'
import { formSubmissions } from '../../../src/db/schema.ts'
import { claimFormSubmission, releaseFormSubmission } from '../../../src/services/people/form-submissions.ts'
import { createSession, endSession } from '../../../src/services/people/sessions.ts'
import { DATABASE_HOOK_TIMEOUT_MS, openTestDatabase } from '../../support/db.ts'
import { seedOwner } from '../../support/people.ts'

let database: Database
let userId = ''
const NOW = Date.parse('2026-11-25T12:00:00Z')
const FORM = 'AAAAAAAAAAAAAAAAAAAAAA'

beforeAll(async () => {
  database = await openTestDatabase()
  userId = await seedOwner(database.db, NOW)
}, DATABASE_HOOK_TIMEOUT_MS)
afterAll(async () => {
  await database?.close()
}, DATABASE_HOOK_TIMEOUT_MS)

describe('one-time form ids', () => {
  test('the first claim wins, a second is “sent”, a released id may be claimed again', async () => {
    const session = await createSession(database.db, userId, NOW)
    expect(await claimFormSubmission(database.db, session, FORM, NOW)).toBe('claimed')
    expect(await claimFormSubmission(database.db, session, FORM, NOW)).toBe('sent')
    await releaseFormSubmission(database.db, session, FORM)
    expect(await claimFormSubmission(database.db, session, FORM, NOW)).toBe('claimed')
    // The same id in another session is that session's own.
    const other = await createSession(database.db, userId, NOW)
    expect(await claimFormSubmission(database.db, other, FORM, NOW)).toBe('claimed')
  })

  test('claims end with their session; a session gone meanwhile is “no_session”, not an error', async () => {
    const session = await createSession(database.db, userId, NOW)
    const id = 'BBBBBBBBBBBBBBBBBBBBBB'
    expect(await claimFormSubmission(database.db, session, id, NOW)).toBe('claimed')
    await endSession(database.db, session)
    const left = await database.db.select().from(formSubmissions).where(eq(formSubmissions.formId, id))
    expect(left).toEqual([])
    expect(await claimFormSubmission(database.db, session, id, NOW)).toBe('no_session')
    expect(await claimFormSubmission(database.db, newOpaqueToken().token, id, NOW)).toBe('no_session')
  })
})
