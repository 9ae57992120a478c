/** Token-bucket limits on failed client authentications, per claimed client ID and per source address, kept in memory. */
import { dropOldest } from '../lib/bounded-map.ts'
import { type BucketLimit, createTokenBuckets, retryAfterSeconds } from './token-bucket.ts'

export type { BucketLimit } from './token-bucket.ts'

export interface RateLimits {
  /** Failed authentications per claimed client ID (and per known pair of client ID and address). */
  readonly client: BucketLimit
  /** Failed authentications per source address (IPv6 per /64). */
  readonly address: BucketLimit
}

/** Defaults: a client that retries a wrong secret is refused after 10 tries, then gets 5 a minute. */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  client: { burst: 10, perMinute: 5 },
  address: { burst: 30, perMinute: 30 },
}

/**
 * How an attempt ended: `authenticated` (the secret matched, whatever the grant said) gives the
 * charge back; `rejected` (wrong secret, unknown or blocked client) keeps it; `aborted` (a fault
 * before the answer) gives it back without trusting the pair.
 */
export type AttemptOutcome = 'authenticated' | 'rejected' | 'aborted'

export type AttemptDecision =
  | { readonly allowed: true; settle(outcome: AttemptOutcome): void }
  | { readonly allowed: false; readonly retryAfterSeconds: number }

export interface RateLimiter {
  /** Charges one attempt to the buckets of `clientId` and `address`, or refuses when one is empty. */
  attempt(clientId: string, address: string): AttemptDecision
}

/** A pair of client ID and address that authenticated stays trusted this long after its last success. */
export const TRUSTED_PAIR_MS = 24 * 60 * 60 * 1000

/** Upper bound on remembered keys: an attacker spraying IDs or addresses cannot grow memory past it. */
export const MAX_KEYS = 100_000

/**
 * Attempts per client ID (or trusted pair) and per address that may await their answer at once. A failure
 * counts when it is known, so workers that ask for tokens together are not refused; this cap bounds what
 * concurrent guesses can spend before their failures are counted.
 */
export const MAX_IN_FLIGHT = 32

/** Longer claimed client IDs are cut (real ones have 43 characters): keys stay small. */
const MAX_KEY_PART = 128

interface Charge {
  readonly key: string
  readonly limit: BucketLimit
}

/**
 * Creates a limiter. Only failures cost: a request is admitted while its buckets hold a token and fewer than
 * {@link MAX_IN_FLIGHT} of their attempts are unanswered, and its bucket loses a token only when the secret
 * turned out wrong, so valid clients never lose budget, however many ask at once. A client that authenticated
 * from an address is charged on its own pair bucket there, so attacks on its ID from elsewhere, or on other IDs
 * from its address, do not lock it out.
 */
export function createRateLimiter(limits: RateLimits, clock: () => number): RateLimiter {
  const buckets = createTokenBuckets(MAX_KEYS)
  const trusted = createBoundedMap<number>(MAX_KEYS)
  // Unanswered attempts per key; a key leaves when its count is back to 0, so concurrency bounds the map.
  const inFlight = new Map<string, number>()

  const waitMs = (charge: Charge, now: number) => buckets.waitMs(charge.key, charge.limit, now)

  function track(charges: readonly Charge[], delta: 1 | -1): void {
    for (const { key } of charges) {
      const n = (inFlight.get(key) ?? 0) + delta
      if (n > 0) inFlight.set(key, n)
      else inFlight.delete(key)
    }
  }

  return {
    attempt(clientId, address) {
      const now = clock()
      const id = clientId.slice(0, MAX_KEY_PART)
      const pair = `${id}\n${address}`
      const until = trusted.get(pair)
      const known = until !== undefined && until > now
      const charges = (
        known
          ? [{ key: `p:${pair}`, limit: limits.client }]
          : [
              { key: `c:${id}`, limit: limits.client },
              { key: `a:${address}`, limit: limits.address },
            ]
      ).filter((c) => c.limit.burst > 0)
      const wait = Math.max(0, ...charges.map((c) => waitMs(c, now)))
      if (wait > 0) return { allowed: false, retryAfterSeconds: retryAfterSeconds(wait) }
      if (charges.some((c) => (inFlight.get(c.key) ?? 0) >= MAX_IN_FLIGHT)) {
        return { allowed: false, retryAfterSeconds: 1 }
      }
      track(charges, 1)
      let settled = false
      return {
        allowed: true,
        settle(outcome) {
          if (settled) return
          settled = true
          track(charges, -1)
          const at = clock()
          if (outcome === 'rejected') for (const c of charges) buckets.take(c.key, c.limit, 1, at)
          if (outcome === 'authenticated') trusted.set(pair, at + TRUSTED_PAIR_MS)
        },
      }
    },
  }
}

interface BoundedMap<T> {
  get(key: string): T | undefined
  set(key: string, value: T): void
  delete(key: string): void
}

/** A Map that forgets its least recently written keys beyond `capacity` (a refill is what it loses). */
function createBoundedMap<T>(capacity: number): BoundedMap<T> {
  const map = new Map<string, T>()
  return {
    get: (key) => map.get(key),
    set(key, value) {
      // Deleting first moves a rewritten key to the end: the order is that of the last write.
      map.delete(key)
      map.set(key, value)
      dropOldest(map, capacity)
    },
    delete: (key) => void map.delete(key),
  }
}
