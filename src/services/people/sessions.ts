/** Dashboard sessions in the database: created at sign-in, found by the cookie's hash, ended by sign-out or a password change. */
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm'
import { hashOpaqueToken, isOpaqueToken, newOpaqueToken } from '../../auth/opaque-tokens.ts'
import type { Db, Tx } from '../../db/database.ts'
import { sessions, users } from '../../db/schema.ts'

/** A session ends after 12 hours without a request, and 7 days after sign-in whatever happens (DESIGN §7). */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000
/** `last_seen_at` is written at most once a minute per session, not on every request. */
const TOUCH_EVERY_MS = 60 * 1000

export interface SessionUser {
  readonly id: string
  readonly email: string
  readonly name: string
}

export interface FoundSession {
  readonly user: SessionUser
  /** The cookie's token (the CSRF token derives from it). */
  readonly token: string
}

/** Starts a session for a user; returns the token for the cookie (the database keeps its hash). */
export async function createSession(db: Db, userId: string, now: number): Promise<string> {
  const { token, hash } = newOpaqueToken()
  await db.insert(sessions).values({
    tokenHash: hash,
    userId,
    createdAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt: new Date(now + SESSION_ABSOLUTE_MS),
  })
  return token
}

/** The live session of a cookie token: not idle too long, not past its end, its user not disabled. */
export async function findSession(db: Db, token: string, now: number): Promise<FoundSession | null> {
  if (!isOpaqueToken(token)) return null
  const hash = hashOpaqueToken(token)
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hash),
        gt(sessions.expiresAt, new Date(now)),
        gt(sessions.lastSeenAt, new Date(now - SESSION_IDLE_MS)),
        isNull(users.disabledAt),
      ),
    )
  if (row === undefined) return null
  if (now - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.tokenHash, hash))
  }
  return { user: { id: row.id, email: row.email, name: row.name }, token }
}

/** Ends one session (sign-out). */
export async function endSession(db: Db, token: string): Promise<void> {
  if (!isOpaqueToken(token)) return
  await db.delete(sessions).where(eq(sessions.tokenHash, hashOpaqueToken(token)))
}

/** Ends every session of a user (a password change, a disabled user). */
export async function endUserSessions(db: Db | Tx, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId))
}

/** Deletes sessions that can no longer be used; returns how many. */
export async function pruneSessions(db: Db, now: number): Promise<number> {
  const gone = await db
    .delete(sessions)
    .where(
      or(lt(sessions.expiresAt, new Date(now)), lt(sessions.lastSeenAt, new Date(now - SESSION_IDLE_MS))),
    )
    .returning({ hash: sessions.tokenHash })
  return gone.length
}

/** How many live sessions a user has (tests and the CLI's listing). */
export async function countSessions(db: Db, userId: string, now: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date(now))))
  return row?.n ?? 0
}
