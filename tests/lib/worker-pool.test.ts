import { afterEach, describe, expect, test } from 'bun:test'
import { createWorkerPool, type WorkerLoss, type WorkerPool } from '../../src/lib/worker-pool.ts'
import type { TestTask } from '../support/test-worker.ts'

const WORKER = new URL('../support/test-worker.ts', import.meta.url)
type Answer = { value: unknown; thread: string }

const pools: WorkerPool<TestTask, Answer>[] = []
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()))
})

function pool(options: { size?: number; maxQueue?: number; taskDeadlineMs?: number } = {}) {
  const losses: WorkerLoss[] = []
  const created = createWorkerPool<TestTask, Answer>({
    url: WORKER,
    size: options.size ?? 1,
    maxQueue: options.maxQueue ?? 8,
    taskDeadlineMs: options.taskDeadlineMs,
    onWorkerLost: (loss) => losses.push(loss),
  })
  pools.push(created)
  return { pool: created, losses }
}

describe('worker pool', () => {
  test('runs each task on a worker thread and answers in order of submission', async () => {
    const { pool: p } = pool({ size: 2 })
    const answers = await Promise.all([1, 2, 3, 4, 5].map((value) => p.run({ op: 'echo', value })))
    expect(answers).toEqual(
      [1, 2, 3, 4, 5].map((value) => ({ ok: true, value: { value, thread: 'worker' } })),
    )
    expect(p.size).toBe(2)
    expect(p.pending).toBe(0)
  })

  test('refuses a task as busy once the queue is full, and takes tasks again when it has room', async () => {
    const { pool: p } = pool({ size: 1, maxQueue: 1 })
    const running = p.run({ op: 'block', ms: 300, value: 'first' })
    const queued = p.run({ op: 'echo', value: 'second' })
    expect(await p.run({ op: 'echo', value: 'third' })).toEqual({ ok: false, reason: 'busy' })
    expect(p.pending).toBe(2)
    expect((await running).ok).toBe(true)
    expect(await queued).toEqual({ ok: true, value: { value: 'second', thread: 'worker' } })
    expect(await p.run({ op: 'echo', value: 'fourth' })).toEqual({
      ok: true,
      value: { value: 'fourth', thread: 'worker' },
    })
  })

  test('a worker that throws fails its task only, is replaced, and the next task runs', async () => {
    const { pool: p, losses } = pool({ size: 1 })
    expect(await p.run({ op: 'throw' })).toEqual({ ok: false, reason: 'failed' })
    expect(await p.run({ op: 'echo', value: 'after' })).toEqual({
      ok: true,
      value: { value: 'after', thread: 'worker' },
    })
    expect(losses.map((l) => l.reason)).toEqual(['error'])
    expect(p.size).toBe(1)
  })

  test('a worker that exits is replaced, and tasks queued behind it still run', async () => {
    const { pool: p, losses } = pool({ size: 1 })
    const [lost, queued] = await Promise.all([p.run({ op: 'exit' }), p.run({ op: 'echo', value: 'queued' })])
    expect(lost).toEqual({ ok: false, reason: 'failed' })
    expect(queued).toEqual({ ok: true, value: { value: 'queued', thread: 'worker' } })
    expect(losses.map((l) => l.reason)).toEqual(['exit'])
  })

  test('a task past its deadline fails, its hung worker is ended and replaced', async () => {
    const { pool: p, losses } = pool({ size: 1, taskDeadlineMs: 300 })
    expect(await p.run({ op: 'hang' })).toEqual({ ok: false, reason: 'failed' })
    expect(await p.run({ op: 'echo', value: 'alive' })).toEqual({
      ok: true,
      value: { value: 'alive', thread: 'worker' },
    })
    expect(losses.map((l) => l.reason)).toEqual(['deadline'])
  })

  test('a worker that cannot load is started again ever more slowly, and tasks fail at once meanwhile', async () => {
    const losses: WorkerLoss[] = []
    const broken = createWorkerPool<TestTask, Answer>({
      url: new URL('../support/broken-worker.ts', import.meta.url),
      size: 1,
      maxQueue: 8,
      onWorkerLost: (loss) => losses.push(loss),
    })
    try {
      expect(await broken.run({ op: 'echo', value: 1 })).toEqual({ ok: false, reason: 'failed' })
      await Bun.sleep(500)
      // Immediately, then after 100, 200 and 400 ms: a handful, not a loop that spins a core.
      expect(losses.length).toBeGreaterThanOrEqual(2)
      expect(losses.length).toBeLessThanOrEqual(6)
      expect(await broken.run({ op: 'echo', value: 2 })).toEqual({ ok: false, reason: 'failed' })
    } finally {
      await broken.close()
    }
  })

  test('close lets running and queued tasks finish, then refuses new ones', async () => {
    const { pool: p } = pool({ size: 1 })
    const running = p.run({ op: 'block', ms: 100, value: 'running' })
    const queued = p.run({ op: 'echo', value: 'queued' })
    await p.close()
    expect((await running).ok).toBe(true)
    expect((await queued).ok).toBe(true)
    expect(await p.run({ op: 'echo', value: 'late' })).toEqual({ ok: false, reason: 'closed' })
  })
})
