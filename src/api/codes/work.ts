/** Where the code endpoints' heavy work runs: a pool of Bun Workers in the service, the calling thread otherwise. */

import { createWorkerPool, type WorkerLoss } from '../../lib/worker-pool.ts'
import type { SymbolSpec } from '../../render/index.ts'
import { type BatchAnswer, type HeavyResult, type HeavyTask, runHeavyTask, transferables } from './heavy.ts'

/** A task's end: its value, or `busy` (the queue is full: 503), `failed` (its worker was lost: 500) or `closed`. */
export type WorkOutcome<T> = { ok: true; value: T } | { ok: false; reason: 'busy' | 'failed' | 'closed' }

export interface CodeWork {
  /** The SVG of a symbol, or null when it cannot be drawn. */
  draw(symbol: SymbolSpec): Promise<WorkOutcome<string | null>>
  /** The answer to a `POST /codes` body (its bytes are handed over: the caller must not use them again). */
  batch(body: Uint8Array): Promise<WorkOutcome<BatchAnswer>>
  close(): Promise<void>
}

export interface PooledWorkOptions {
  /** Worker threads (at least 1). */
  readonly threads: number
  /** Tasks that may wait for a thread; beyond that the work is refused as `busy`. */
  readonly maxQueue: number
  readonly onWorkerLost?: (loss: WorkerLoss) => void
}

/** Tasks waiting per worker thread before new ones are refused: a few per client's concurrency budget. */
export const QUEUE_PER_THREAD = 64

/** The work done in the calling thread: the same functions as in a worker, without the hop. */
export function inlineCodeWork(): CodeWork {
  return {
    draw: async (symbol) => ({ ok: true, value: drawn(runHeavyTask({ kind: 'draw', symbol })) }),
    batch: async (body) => ({ ok: true, value: batched(runHeavyTask({ kind: 'batch', body })) }),
    async close() {},
  }
}

/** The work done by a pool of Bun Workers running `heavy-worker.ts`: the main thread stays free for scans. */
export function pooledCodeWork(options: PooledWorkOptions): CodeWork {
  const pool = createWorkerPool<HeavyTask, HeavyResult>({
    url: new URL('./heavy-worker.ts', import.meta.url),
    size: options.threads,
    maxQueue: options.maxQueue,
    onWorkerLost: options.onWorkerLost,
  })
  return {
    async draw(symbol) {
      const outcome = await pool.run({ kind: 'draw', symbol })
      return outcome.ok ? { ok: true, value: drawn(outcome.value) } : outcome
    },
    async batch(body) {
      // Only a buffer of its own can be handed over whole; a view into a larger one is copied first.
      const own = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength ? body : body.slice()
      const task: HeavyTask = { kind: 'batch', body: own }
      const outcome = await pool.run(task, transferables(task))
      return outcome.ok ? { ok: true, value: batched(outcome.value) } : outcome
    },
    close: () => pool.close(),
  }
}

function drawn(result: HeavyResult): string | null {
  if (result.kind !== 'draw') throw new TypeError('a draw task answered with another kind')
  return result.svg
}

function batched(result: HeavyResult): BatchAnswer {
  if (result.kind !== 'batch') throw new TypeError('a batch task answered with another kind')
  return result.answer
}
