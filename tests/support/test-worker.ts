/** A worker for the pool's tests: echoes, blocks for a while, throws, exits or hangs, as each message asks. */

declare const self: Worker

export type TestTask =
  | { op: 'echo'; value: unknown }
  | { op: 'block'; ms: number; value: unknown }
  | { op: 'throw' }
  | { op: 'exit' }
  | { op: 'hang' }

self.onmessage = (event: MessageEvent<TestTask>) => {
  const task = event.data
  if (task.op === 'throw') throw new Error('the task failed on purpose')
  if (task.op === 'exit') process.exit(1)
  if (task.op === 'hang') for (;;) {}
  if (task.op === 'block') Bun.sleepSync(task.ms)
  self.postMessage({ value: task.value, thread: Bun.isMainThread ? 'main' : 'worker' })
}
