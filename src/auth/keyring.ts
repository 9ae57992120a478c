/**
 * The in-memory keyring: the current signing key and every key that still verifies, reloaded from the database;
 * or, when the environment names the key, that one key alone.
 */
import type { CryptoKey } from 'jose'
import type { Database } from '../db/database.ts'
import { ensureSigningKey, listSigningKeys } from '../services/clients/signing-keys.ts'
import type { EnvironmentKey } from './key-source.ts'
import { generateSigningKey, importSigningKey, importVerificationKey, type PublicJwk } from './keys.ts'

export interface Keyring {
  /** The key new tokens are signed with. */
  signing(): { kid: string; key: CryptoKey }
  /** The public key for `kid`; an unknown `kid` triggers one throttled reload (another instance may have rotated). */
  keyFor(kid: string): Promise<CryptoKey | undefined>
  /** The published JWK Set (RFC 7517 §5). */
  jwks(): { keys: PublicJwk[] }
  reload(): Promise<void>
}

/** An unknown `kid` reloads the keys at most this often, so forged `kid`s cannot flood the database. */
const UNKNOWN_KID_RELOAD_MS = 1000

/** `kid`s we issue are RFC 7638 SHA-256 thumbprints: 43 base64url characters. */
const KID = /^[A-Za-z0-9_-]{1,64}$/

interface Snapshot {
  signing: { kid: string; key: CryptoKey }
  verify: Map<string, CryptoKey>
  jwks: PublicJwk[]
}

/** Ensures a signing key exists (creating it on first start), then loads the keyring. */
export async function openKeyring(
  database: Database,
  clock: () => number,
  onCreated: (kid: string) => void,
): Promise<Keyring> {
  const ensured = await ensureSigningKey(database.db, generateSigningKey, clock)
  if (ensured.created) onCreated(ensured.key.kid)
  let snapshot = await load()
  let lastReload = clock()
  let reloading: Promise<void> | null = null

  async function load(): Promise<Snapshot> {
    const stored = await listSigningKeys(database.db, clock())
    const current = stored.find((k) => k.retiredAt === null) ?? stored[0]
    if (!current) throw new Error('no signing key in the database')
    const verification = await Promise.all(stored.map(importVerificationKey))
    return {
      signing: { kid: current.kid, key: await importSigningKey(current) },
      verify: new Map(verification.map((v) => [v.kid, v.key])),
      jwks: verification.map((v) => v.jwk),
    }
  }

  function reload(): Promise<void> {
    reloading ??= load()
      .then((next) => {
        snapshot = next
      })
      .finally(() => {
        lastReload = clock()
        reloading = null
      })
    return reloading
  }

  return {
    signing: () => snapshot.signing,
    async keyFor(kid) {
      const known = snapshot.verify.get(kid)
      if (known !== undefined || !KID.test(kid)) return known
      if (clock() - lastReload < UNKNOWN_KID_RELOAD_MS && reloading === null) return undefined
      await reload().catch(() => {})
      return snapshot.verify.get(kid)
    },
    jwks: () => ({ keys: snapshot.jwks }),
    reload,
  }
}

/**
 * The keyring of a key from the environment (`JWT_SECRET`, `JWT_KEY_FILE`): that one key signs, verifies and is
 * published; the database's keys are neither read nor created, and there is nothing to reload.
 */
export function fixedKeyring(key: EnvironmentKey): Keyring {
  const signing = { kid: key.kid, key: key.signing }
  const jwks = { keys: [key.jwk] }
  return {
    signing: () => signing,
    keyFor: async (kid) => (kid === key.kid ? key.verification : undefined),
    jwks: () => jwks,
    reload: async () => {},
  }
}
