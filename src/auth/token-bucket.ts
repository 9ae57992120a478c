/** Token buckets kept in memory by key, bounded in number: the arithmetic every rate limit of the service shares. */
import { dropOldest } from '../lib/bounded-map.ts'

/** One bucket's shape: up to `burst` tokens at once, refilled at `perMinute`; `burst: 0` turns it off. */
export interface BucketLimit {
  readonly burst: number
  readonly perMinute: number
}

export interface TokenBuckets {
  /** Tokens in the bucket of `key` at `now`: `burst` when unknown, below zero while a charge is being waited out. */
  level(key: string, limit: BucketLimit, now: number): number
  /** Takes `cost` tokens; the level may go below zero, and admissions then wait until it is back at one. */
  take(key: string, limit: BucketLimit, cost: number, now: number): void
  /** Milliseconds until the bucket holds one token again: 0 when it does; Infinity when it never refills. */
  waitMs(key: string, limit: BucketLimit, now: number): number
}

interface Bucket {
  tokens: number
  updated: number
}

/**
 * Buckets for at most `capacity` keys: beyond it the least recently charged are forgotten (a full bucket is
 * what a forgotten key gets back, only a refill that could have been waited for). Full buckets are not stored.
 */
export function createTokenBuckets(capacity: number): TokenBuckets {
  const buckets = new Map<string, Bucket>()

  function level(key: string, limit: BucketLimit, now: number): number {
    const bucket = buckets.get(key)
    if (bucket === undefined) return limit.burst
    const refilled = bucket.tokens + ((now - bucket.updated) * limit.perMinute) / 60_000
    return Math.min(limit.burst, refilled)
  }

  return {
    level,
    take(key, limit, cost, now) {
      const tokens = level(key, limit, now) - cost
      // Deleting first moves a rewritten key to the end: the order is that of the last charge.
      buckets.delete(key)
      if (tokens >= limit.burst) return
      buckets.set(key, { tokens, updated: now })
      dropOldest(buckets, capacity)
    },
    waitMs(key, limit, now) {
      const missing = 1 - level(key, limit, now)
      if (missing <= 0) return 0
      return limit.perMinute > 0 ? (missing * 60_000) / limit.perMinute : Number.POSITIVE_INFINITY
    },
  }
}

/** Whole seconds for `Retry-After`: at least 1, at most a day (a bucket that never refills still names a time). */
export function retryAfterSeconds(ms: number): number {
  return Math.min(86_400, Math.max(1, Math.ceil(ms / 1000)))
}
