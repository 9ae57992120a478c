/** A small pool of Bun Workers for CPU-heavy pure work, with a bounded queue: the main thread keeps HTTP and the database. */

export interface WorkerPoolOptions {
  /** The worker module: it answers every message with exactly one message. */
  readonly url: string | URL
  /** Workers kept running (at least 1). */
  readonly size: number
  /** Tasks that may wait for a free worker; one more is refused as `busy` (memory stays bounded). */
  readonly maxQueue: number
  /** A task still running after this long is taken to hang: its worker is replaced and the task fails. */
  readonly taskDeadlineMs?: number
  /** Told when a worker is lost (it threw, exited or hung); its replacement is already starting. */
  readonly onWorkerLost?: (loss: WorkerLoss) => void
}

export interface WorkerLoss {
  readonly reason: 'error' | 'exit' | 'deadline'
  /** What the worker threw (`reason: 'error'`), when Bun passes it on; log its name only, never its message. */
  readonly error?: unknown
}

/** A task's end: the worker's answer, or why there is none. */
export type PoolOutcome<R> = { ok: true; value: R } | { ok: false; reason: 'busy' | 'failed' | 'closed' }

export interface WorkerPool<T, R> {
  /** Runs `task` on the next free worker; `transfer` lists buffers handed over instead of copied. */
  run(task: T, transfer?: Transferable[]): Promise<PoolOutcome<R>>
  /** Refuses new tasks, waits for the queued and running ones, then ends the workers. */
  close(): Promise<void>
  readonly size: number
  /** Tasks running or waiting. */
  readonly pending: number
}

interface Job<T, R> {
  readonly task: T
  readonly transfer: Transferable[]
  readonly resolve: (outcome: PoolOutcome<R>) => void
}

interface Slot<T, R> {
  readonly worker: Worker
  job: Job<T, R> | null
  timer: ReturnType<typeof setTimeout> | null
  lost: boolean
  /** Whether it ever answered a task: a worker lost before that may not even load. */
  answered: boolean
}

/** A task that runs this long is taken to hang (a 1000-code batch or the largest symbol takes milliseconds). */
export const TASK_DEADLINE_MS = 30_000

/** Longest wait before a worker that keeps dying before its first answer is started again. */
export const MAX_RESPAWN_DELAY_MS = 30_000

/**
 * Starts `size` workers at once, so the first requests do not wait for a worker to load its modules. Bun's workers
 * do not keep the process alive by default (`ref: false`), so an idle pool never holds up an exit.
 */
export function createWorkerPool<T, R>(options: WorkerPoolOptions): WorkerPool<T, R> {
  const deadlineMs = options.taskDeadlineMs ?? TASK_DEADLINE_MS
  const queue: Job<T, R>[] = []
  const slots: Slot<T, R>[] = []
  /** Workers in a row, per slot, that were lost before they answered a task. */
  const strikes: number[] = []
  let running = 0
  let closing = false
  let drained: (() => void) | null = null

  function spawn(index: number): void {
    // `type: 'module'` is what Deno requires of a worker; Bun ignores it.
    const worker = new Worker(options.url, { type: 'module' })
    const slot: Slot<T, R> = { worker, job: null, timer: null, lost: false, answered: false }
    slot.worker.addEventListener('message', (event: MessageEvent) => {
      slot.answered = true
      finish(slot, { ok: true, value: event.data })
    })
    slot.worker.addEventListener('error', (event: ErrorEvent) => {
      event.preventDefault()
      lose(index, slot, { reason: 'error', error: event.error })
    })
    slot.worker.addEventListener('close', () => lose(index, slot, { reason: 'exit' }))
    slots[index] = slot
    next(slot)
  }

  function finish(slot: Slot<T, R>, outcome: PoolOutcome<R>): void {
    const job = slot.job
    if (job === null) return
    if (slot.timer !== null) clearTimeout(slot.timer)
    slot.job = null
    slot.timer = null
    running--
    job.resolve(outcome)
    if (!slot.lost) next(slot)
    if (drained !== null && running === 0 && queue.length === 0) drained()
  }

  /**
   * A worker that threw, exited or hung: its task fails, and a new worker takes its place, at once unless the slot's
   * workers keep dying before their first answer (a worker that cannot load): then after a doubling wait, and
   * meanwhile, with no live worker left, tasks fail at once instead of waiting.
   */
  function lose(index: number, slot: Slot<T, R>, loss: WorkerLoss): void {
    if (slot.lost) return
    slot.lost = true
    finish(slot, { ok: false, reason: 'failed' })
    if (closing && queue.length === 0) return
    try {
      options.onWorkerLost?.(loss)
    } catch {
      // A failing hook must not stop the replacement.
    }
    strikes[index] = slot.answered ? 0 : (strikes[index] ?? 0) + 1
    const delay = respawnDelay(strikes[index] ?? 0)
    if (delay === 0) {
      spawn(index)
      return
    }
    setTimeout(() => {
      if (!closing) spawn(index)
    }, delay).unref()
    if (slots.every((s) => s.lost))
      for (const job of queue.splice(0)) job.resolve({ ok: false, reason: 'failed' })
  }

  function next(slot: Slot<T, R>): void {
    const job = queue.shift()
    if (job === undefined) return
    slot.job = job
    running++
    slot.timer = setTimeout(() => {
      slot.worker.terminate()
      const index = slots.indexOf(slot)
      if (index !== -1) lose(index, slot, { reason: 'deadline' })
    }, deadlineMs)
    slot.worker.postMessage(job.task, job.transfer)
  }

  for (let i = 0; i < Math.max(1, options.size); i++) spawn(i)

  return {
    run(task, transfer = []) {
      if (closing) return Promise.resolve({ ok: false, reason: 'closed' })
      if (slots.every((s) => s.lost)) return Promise.resolve({ ok: false, reason: 'failed' })
      const idle = slots.find((s) => s.job === null && !s.lost)
      if (idle === undefined && queue.length >= options.maxQueue) {
        return Promise.resolve({ ok: false, reason: 'busy' })
      }
      return new Promise((resolve) => {
        queue.push({ task, transfer, resolve })
        if (idle !== undefined) next(idle)
      })
    },
    async close() {
      closing = true
      if (running > 0 || queue.length > 0) await new Promise<void>((resolve) => (drained = resolve))
      for (const slot of slots) {
        slot.lost = true
        slot.worker.terminate()
      }
    },
    get size() {
      return slots.length
    },
    get pending() {
      return running + queue.length
    },
  }
}

/** No wait after a first loss; then 100 ms, doubling, up to {@link MAX_RESPAWN_DELAY_MS}. */
function respawnDelay(strikes: number): number {
  return strikes <= 1 ? 0 : Math.min(MAX_RESPAWN_DELAY_MS, 100 * 2 ** (strikes - 2))
}
