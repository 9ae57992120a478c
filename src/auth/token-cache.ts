/**
 * Verified tokens, keyed by the exact `Authorization` value that carried them: a signature is
 * checked once per token and instance, later requests only re-check expiry and standing. Only
 * values that passed full verification get in, so a hit is as good as a verification.
 */
import { dropOldest } from '../lib/bounded-map.ts'

export interface TokenCache<T extends { exp: number }> {
  /** The entry of a verified value; `'expired'` once `exp` has passed; `undefined` when not cached. */
  get(key: string, now: number): T | 'expired' | undefined
  set(key: string, entry: T): void
  clear(): void
}

/** Creates a cache holding at most `capacity` entries, evicting the oldest first. */
export function createTokenCache<T extends { exp: number }>(capacity = 10_000): TokenCache<T> {
  const entries = new Map<string, T>()
  return {
    get(key, now) {
      const entry = entries.get(key)
      if (entry === undefined) return undefined
      // RFC 7519 §4.1.4: the token must not be accepted on or after `exp` (as jose decides too).
      if (entry.exp * 1000 > now) return entry
      entries.delete(key)
      return 'expired'
    },
    set(key, entry) {
      entries.set(key, entry)
      dropOldest(entries, capacity)
    },
    clear: () => entries.clear(),
  }
}
