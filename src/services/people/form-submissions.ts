/** One-time form ids in the database: the first send of a form claims its id; a send that changed nothing frees it. */
import { and, eq } from 'drizzle-orm'
import { hashOpaqueToken } from '../../auth/opaque-tokens.ts'
import type { Db } from '../../db/database.ts'
import { formSubmissions, sessions } from '../../db/schema.ts'

/** `claimed`: the first send; `sent`: the id was claimed before; `no_session`: the session ended meanwhile. */
export type FormClaim = 'claimed' | 'sent' | 'no_session'

/** Records that a session sends the form `formId`. */
export async function claimFormSubmission(
  db: Db,
  sessionToken: string,
  formId: string,
  now: number,
): Promise<FormClaim> {
  const sessionHash = hashOpaqueToken(sessionToken)
  try {
    const rows = await db
      .insert(formSubmissions)
      .values({ sessionHash, formId, createdAt: new Date(now) })
      .onConflictDoNothing()
      .returning({ formId: formSubmissions.formId })
    return rows.length === 1 ? 'claimed' : 'sent'
  } catch (error) {
    // Signed out in another tab (or expired and pruned) since the session was read: the row it refers to is gone.
    if (!(await sessionExists(db, sessionHash))) return 'no_session'
    throw error
  }
}

/** Forgets a claim, so the same form may be sent again (its first send changed nothing). */
export async function releaseFormSubmission(db: Db, sessionToken: string, formId: string): Promise<void> {
  await db
    .delete(formSubmissions)
    .where(
      and(eq(formSubmissions.sessionHash, hashOpaqueToken(sessionToken)), eq(formSubmissions.formId, formId)),
    )
}

async function sessionExists(db: Db, sessionHash: string): Promise<boolean> {
  const rows = await db
    .select({ hash: sessions.tokenHash })
    .from(sessions)
    .where(eq(sessions.tokenHash, sessionHash))
  return rows.length > 0
}
