/** The Bun Worker of the code endpoints' heavy work (`src/api/codes/work.ts`): one answer per task message. */
import { type HeavyTask, runHeavyTask, transferables } from './heavy.ts'

declare const self: Worker

self.onmessage = async (event: MessageEvent<HeavyTask>) => {
  const result = await runHeavyTask(event.data)
  self.postMessage(result, transferables(result))
}
