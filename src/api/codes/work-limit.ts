/** The per-client budget of code work (SECURITY.md §3a): requests at once, and codes per second, on /code, /codes and /render. */
import { createTokenBuckets, retryAfterSeconds } from '../../auth/token-bucket.ts'

export interface CodeWorkLimits {
  /** Requests of one client on the code endpoints that may run at once; 0 turns this limit off. */
  readonly concurrent: number
  /** Codes one client may have generated at once before it waits; 0 turns this limit off. */
  readonly burst: number
  /** Codes per second that refill the budget. */
  readonly perSecond: number
}

/** Four requests at once; 20,000 codes (twenty full batches) at once, then 10,000 a second. */
export const DEFAULT_CODE_WORK_LIMITS: CodeWorkLimits = { concurrent: 4, burst: 20_000, perSecond: 10_000 }

/**
 * What drawing an SVG costs, in codes: bwip-js takes 1–5 ms a symbol, as long as generating a few hundred codes
 * (`bench/RESULTS.md`, "Code API"). An SVG the cache already holds costs 1, like `POST /code`.
 */
export const DRAW_COST = 100

/** Most clients tracked at once: beyond it the least recently charged start again with a full budget. */
const MAX_CLIENTS = 100_000

export type WorkAdmission =
  | { readonly allowed: true; done(cost: number): void }
  | { readonly allowed: false; readonly retryAfterSeconds: number }

export interface CodeWorkLimiter {
  /** Admits one request of `clientId`, or refuses it; an admitted one reports its cost in codes when done. */
  admit(clientId: string): WorkAdmission
}

/**
 * A client is admitted while it has fewer than `concurrent` requests running and a budget of at least one code.
 * The cost is charged when known (a batch's size is known once it is read), so the budget may go below zero:
 * the client then waits until it is back at one. Concurrent requests bound that overdraft.
 */
export function createCodeWorkLimiter(limits: CodeWorkLimits, clock: () => number): CodeWorkLimiter {
  const buckets = createTokenBuckets(MAX_CLIENTS)
  const bucket = { burst: limits.burst, perMinute: limits.perSecond * 60 }
  const running = new Map<string, number>()
  return {
    admit(clientId) {
      if (limits.burst > 0) {
        const wait = buckets.waitMs(clientId, bucket, clock())
        if (wait > 0) return { allowed: false, retryAfterSeconds: retryAfterSeconds(wait) }
      }
      const now = running.get(clientId) ?? 0
      // The running requests end within their own time; a second is a fair guess at when one has.
      if (limits.concurrent > 0 && now >= limits.concurrent) return { allowed: false, retryAfterSeconds: 1 }
      running.set(clientId, now + 1)
      let settled = false
      return {
        allowed: true,
        done(cost) {
          if (settled) return
          settled = true
          const left = (running.get(clientId) ?? 1) - 1
          if (left > 0) running.set(clientId, left)
          else running.delete(clientId)
          if (limits.burst > 0 && cost > 0) buckets.take(clientId, bucket, cost, clock())
        },
      }
    },
  }
}
