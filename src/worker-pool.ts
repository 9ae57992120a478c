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
}

/** A task that runs this long is taken to hang (a 1000-code batch or the largest symbol takes milliseconds). */
export const TASK_DEADLINE_MS = 30_000

/**
 * Starts `size` workers at once, so the first requests do not wait for a worker to load its modules. Bun's workers
 * do not keep the process alive by default (`ref: false`), so an idle pool never holds up an exit.
 */
export function createWorkerPool<T, R>(options: WorkerPoolOptions): WorkerPool<T, R> {
  const deadlineMs = options.taskDeadlineMs ?? TASK_DEADLINE_MS
  const queue: Job<T, R>[] = []
  const slots: Slot<T, R>[] = []
  let running = 0
  let closing = false
  let drained: (() => void) | null = null

  function spawn(index: number): void {
    const slot: Slot<T, R> = { worker: new Worker(options.url), job: null, timer: null, lost: false }
    slot.worker.addEventListener('message', (event: MessageEvent) =>
      finish(slot, { ok: true, value: event.data }),
    )
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

  /** A worker that threw, exited or hung: its task fails, and a new worker takes its place. */
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
    spawn(index)
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
