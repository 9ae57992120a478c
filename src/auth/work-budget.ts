/**
 * A budget of heavy work per client or per person (SECURITY.md §3a): requests at once, and units of work refilled
 * per second. The code endpoints count codes, the catalog and the dashboard's files count KiB read or written, the
 * dashboard's drawings count symbols. Beyond the budget the surface answers 429 with `Retry-After`.
 */
import { createTokenBuckets, retryAfterSeconds } from './token-bucket.ts'

export interface WorkLimits {
  /** Requests of one subject that may run at once; 0 turns this limit off. */
  readonly concurrent: number
  /** Units one subject may spend at once before it waits; 0 turns this limit off. */
  readonly burst: number
  /** Units per second that refill the budget. */
  readonly perSecond: number
}

/** Why a request was refused: too many of the subject's requests running, or its budget spent. */
export type WorkRefusal = 'running' | 'budget'

export type WorkAdmission =
  | { readonly allowed: true; done(cost: number): void }
  | { readonly allowed: false; readonly retryAfterSeconds: number; readonly reason: WorkRefusal }

export interface WorkBudget {
  /** Admits one request of `subject`, or refuses it; an admitted one reports its cost in units when done. */
  admit(subject: string): WorkAdmission
}

/** Most subjects tracked at once: beyond it the least recently charged start again with a full budget. */
const MAX_SUBJECTS = 100_000

/**
 * A subject is admitted while it has fewer than `concurrent` requests running and a budget of at least one unit.
 * The cost is charged when known (a batch's size once it is read, a file's once it is sent), so the budget may go
 * below zero: the subject then waits until it is back at one. Concurrent requests bound that overdraft.
 */
export function createWorkBudget(limits: WorkLimits, clock: () => number): WorkBudget {
  const buckets = createTokenBuckets(MAX_SUBJECTS)
  const bucket = { burst: limits.burst, perMinute: limits.perSecond * 60 }
  const running = new Map<string, number>()
  return {
    admit(subject) {
      if (limits.burst > 0) {
        const wait = buckets.waitMs(subject, bucket, clock())
        if (wait > 0) return { allowed: false, retryAfterSeconds: retryAfterSeconds(wait), reason: 'budget' }
      }
      const now = running.get(subject) ?? 0
      // The running requests end within their own time; a second is a fair guess at when one has.
      if (limits.concurrent > 0 && now >= limits.concurrent)
        return { allowed: false, retryAfterSeconds: 1, reason: 'running' }
      running.set(subject, now + 1)
      let settled = false
      return {
        allowed: true,
        done(cost) {
          if (settled) return
          settled = true
          const left = (running.get(subject) ?? 1) - 1
          if (left > 0) running.set(subject, left)
          else running.delete(subject)
          if (limits.burst > 0 && cost > 0) buckets.take(subject, bucket, cost, clock())
        },
      }
    },
  }
}

/** The cost of `bytes` in KiB, at least 1: the unit of the budgets that read or write files. */
export function kibibytes(bytes: number): number {
  return Math.max(1, Math.ceil(bytes / 1024))
}

/** `stream` as it is, telling `onEnd` how many bytes went through once it ends, fails or is cancelled. */
export function countedStream(
  stream: ReadableStream<Uint8Array>,
  onEnd: (bytes: number) => void,
): ReadableStream<Uint8Array> {
  let bytes = 0
  let ended = false
  const end = () => {
    if (ended) return
    ended = true
    onEnd(bytes)
  }
  const reader = stream.getReader()
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await reader.read()
          if (next.done) {
            end()
            controller.close()
            return
          }
          bytes += next.value.byteLength
          controller.enqueue(next.value)
        } catch (error) {
          end()
          throw error
        }
      },
      async cancel(reason) {
        end()
        await reader.cancel(reason)
      },
    },
    { highWaterMark: 0 },
  )
}
