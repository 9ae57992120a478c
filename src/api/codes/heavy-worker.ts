/** The Bun Worker of the code endpoints' heavy work (`src/api/codes/work.ts`): one answer per task message. */
import { type HeavyTask, runHeavyTask, transferables } from './heavy.ts'

declare const self: Worker

self.onmessage = (event: MessageEvent<HeavyTask>) => {
  const result = runHeavyTask(event.data)
  self.postMessage(result, transferables(result))
}
