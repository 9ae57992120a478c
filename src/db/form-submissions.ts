/** One-time form ids in the database: the first send of a form claims its id; a refused or read-only send frees it. */
import { and, eq } from 'drizzle-orm'
import { hashOpaqueToken } from '../auth/opaque-tokens.ts'
import type { Db } from './database.ts'
import { formSubmissions } from './schema.ts'

/** Records that a session sent the form `formId`; false when it already had (a reload, a second click). */
export async function claimFormSubmission(
  db: Db,
  sessionToken: string,
  formId: string,
  now: number,
): Promise<boolean> {
  const rows = await db
    .insert(formSubmissions)
    .values({ sessionHash: hashOpaqueToken(sessionToken), formId, createdAt: new Date(now) })
    .onConflictDoNothing()
    .returning({ formId: formSubmissions.formId })
  return rows.length === 1
}

/** Forgets a claim, so the same form may be sent again (its first send changed nothing). */
export async function releaseFormSubmission(db: Db, sessionToken: string, formId: string): Promise<void> {
  await db
    .delete(formSubmissions)
    .where(
      and(eq(formSubmissions.sessionHash, hashOpaqueToken(sessionToken)), eq(formSubmissions.formId, formId)),
    )
}
