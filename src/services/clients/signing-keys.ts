/**
 * Token signing keys in the database: created once under a lock, rotated by the CLI, kept while tokens live.
 * Unused when `JWT_SECRET` or `JWT_KEY_FILE` names the key (`src/auth/key-source.ts`).
 */
import { and, desc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import type { StoredKey } from '../../auth/keys.ts'
import { ADVISORY_LOCKS } from '../../db/advisory-locks.ts'
import type { Db, Tx } from '../../db/database.ts'
import { signingKeys } from '../../db/schema.ts'

/** Fired in the transaction that adds or retires a key; every instance then reloads its keys. */
export const SIGNING_KEYS_CHANNEL = 'signing_keys_changed'

/**
 * How long a retired key still verifies: a token lives one hour, plus slack for instances that kept
 * signing with it until they heard of the rotation.
 */
export const RETIRED_KEY_GRACE_MS = (3600 + 600) * 1000

export type NewKey = Omit<StoredKey, 'createdAt' | 'retiredAt'>

/**
 * Returns the active signing key, creating one if there is none. Two instances starting at once
 * queue on a transaction-scoped advisory lock, so exactly one inserts and the other finds its key.
 */
export async function ensureSigningKey(
  db: Db,
  generate: () => Promise<NewKey>,
  clock: () => number,
): Promise<{ key: StoredKey; created: boolean }> {
  return db.transaction(async (tx) => {
    await lock(tx)
    const [active] = await activeKeys(tx)
    if (active) return { key: active, created: false }
    const key = await insertKey(tx, await generate(), clock())
    await tx.execute(sql`select pg_notify(${SIGNING_KEYS_CHANNEL}, ${key.kid})`)
    return { key, created: true }
  })
}

/** Adds a new signing key and retires the previous ones; keys retired past the grace period are deleted. */
export async function rotateSigningKey(
  db: Db,
  generate: () => Promise<NewKey>,
  clock: () => number,
): Promise<{ key: StoredKey; retired: string[] }> {
  const now = clock()
  return db.transaction(async (tx) => {
    await lock(tx)
    const retired = await tx
      .update(signingKeys)
      .set({ retiredAt: new Date(now) })
      .where(isNull(signingKeys.retiredAt))
      .returning({ kid: signingKeys.kid })
    await tx
      .delete(signingKeys)
      .where(
        and(
          isNotNull(signingKeys.retiredAt),
          lt(signingKeys.retiredAt, new Date(now - RETIRED_KEY_GRACE_MS)),
        ),
      )
    const key = await insertKey(tx, await generate(), now)
    await tx.execute(sql`select pg_notify(${SIGNING_KEYS_CHANNEL}, ${key.kid})`)
    return { key, retired: retired.map((r) => r.kid) }
  })
}

/** Keys that still verify at `now`: the active one first, then those retired within the grace period, latest first. */
export async function listSigningKeys(db: Db, now: number): Promise<StoredKey[]> {
  const rows = await db
    .select()
    .from(signingKeys)
    .where(or(isNull(signingKeys.retiredAt), gt(signingKeys.retiredAt, new Date(now - RETIRED_KEY_GRACE_MS))))
    .orderBy(
      sql`${signingKeys.retiredAt} is not null`,
      desc(signingKeys.retiredAt),
      desc(signingKeys.createdAt),
    )
  return rows
}

async function lock(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.signingKey})`)
}

function activeKeys(tx: Tx): Promise<StoredKey[]> {
  return tx
    .select()
    .from(signingKeys)
    .where(isNull(signingKeys.retiredAt))
    .orderBy(desc(signingKeys.createdAt), desc(signingKeys.kid))
}

async function insertKey(tx: Tx, key: NewKey, now: number): Promise<StoredKey> {
  const [row] = await tx
    .insert(signingKeys)
    .values({ ...key, createdAt: new Date(now) })
    .returning()
  if (!row) throw new Error('signing key insert returned no row')
  return row
}

/** Looks one key up by `kid` (CLI and tests). */
export async function findSigningKey(db: Db, kid: string): Promise<StoredKey | null> {
  const [row] = await db.select().from(signingKeys).where(eq(signingKeys.kid, kid))
  return row ?? null
}
