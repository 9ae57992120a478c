/** Where the code endpoints' heavy work runs: a pool of Bun Workers in the service, the calling thread otherwise. */

import { createWorkerPool, type WorkerLoss } from '../../lib/worker-pool.ts'
import type { Format, PrintDrawing, PrintOptions, SymbolSpec } from '../../render/index.ts'
import type { RenderChunk, RenderedItem } from '../../services/codes/render-items.ts'
import type { RenderWork } from '../../services/codes/render-zip.ts'
import { type BatchAnswer, type HeavyResult, type HeavyTask, runHeavyTask, transferables } from './heavy.ts'

/** A task's end: its value, or `busy` (the queue is full: 503), `failed` (its worker was lost: 500) or `closed`. */
export type WorkOutcome<T> = { ok: true; value: T } | { ok: false; reason: 'busy' | 'failed' | 'closed' }

export interface CodeWork extends RenderWork {
  /** The SVG of a symbol, or null when it cannot be drawn. */
  draw(symbol: SymbolSpec): Promise<WorkOutcome<string | null>>
  /**
   * The answer to a `POST /codes` body (its bytes are handed over: the caller must not use them again), compressed
   * links written with the organization's GS1 Company Prefixes when given.
   */
  batch(body: Uint8Array, companyPrefixes?: readonly string[]): Promise<WorkOutcome<BatchAnswer>>
  /** A symbol drawn as a file at a physical size (`POST /render` with print fields, PNG or PDF). */
  print(task: PrintTask): Promise<WorkOutcome<PrintDrawing>>
  /** Definitions of a bulk render drawn in order (`POST /render/batch`, the dashboard's CSV). */
  renderChunk(chunk: RenderChunk): Promise<WorkOutcome<RenderedItem[]>>
  close(): Promise<void>
}

export interface PrintTask {
  readonly symbol: SymbolSpec
  readonly hri: string
  readonly options: PrintOptions
  readonly format: Format
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
    draw: async (symbol) => ({ ok: true, value: drawn(await runHeavyTask({ kind: 'draw', symbol })) }),
    batch: async (body, companyPrefixes) => ({
      ok: true,
      value: batched(await runHeavyTask({ kind: 'batch', body, companyPrefixes })),
    }),
    print: async (task) => ({ ok: true, value: printed(await runHeavyTask({ kind: 'print', ...task })) }),
    renderChunk: async (chunk) => ({
      ok: true,
      value: chunkDrawn(await runHeavyTask({ kind: 'renderChunk', chunk })),
    }),
    parallelism: 1,
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
    async batch(body, companyPrefixes) {
      // Only a buffer of its own can be handed over whole; a view into a larger one is copied first.
      const own = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength ? body : body.slice()
      const task: HeavyTask = { kind: 'batch', body: own, companyPrefixes }
      const outcome = await pool.run(task, transferables(task))
      return outcome.ok ? { ok: true, value: batched(outcome.value) } : outcome
    },
    async print(task) {
      const outcome = await pool.run({ kind: 'print', ...task })
      return outcome.ok ? { ok: true, value: printed(outcome.value) } : outcome
    },
    async renderChunk(chunk) {
      const outcome = await pool.run({ kind: 'renderChunk', chunk })
      return outcome.ok ? { ok: true, value: chunkDrawn(outcome.value) } : outcome
    },
    // One chunk more than threads: a thread never waits for the next chunk to be posted.
    parallelism: options.threads + 1,
    close: () => pool.close(),
  }
}

function printed(result: HeavyResult): PrintDrawing {
  if (result.kind !== 'print') throw new TypeError('a print task answered with another kind')
  return result.drawing
}

function chunkDrawn(result: HeavyResult): RenderedItem[] {
  if (result.kind !== 'renderChunk') throw new TypeError('a render chunk answered with another kind')
  return result.items
}

function drawn(result: HeavyResult): string | null {
  if (result.kind !== 'draw') throw new TypeError('a draw task answered with another kind')
  return result.svg
}

function batched(result: HeavyResult): BatchAnswer {
  if (result.kind !== 'batch') throw new TypeError('a batch task answered with another kind')
  return result.answer
}
