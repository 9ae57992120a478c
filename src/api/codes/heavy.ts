/** The CPU-heavy part of the code endpoints as messages: drawing a symbol, generating a batch. Runs in a worker or inline. */
import { renderSvg, type SymbolSpec } from '../../render/index.ts'
import { generateBatch } from '../../services/codes/generate.ts'
import { parseJsonBytes } from './body.ts'

export type HeavyTask =
  | { readonly kind: 'draw'; readonly symbol: SymbolSpec }
  | { readonly kind: 'batch'; readonly body: Uint8Array }

/** A batch's answer: its JSON body (200 or 422) with the definitions it generated (at least 1), or a body that is not JSON. */
export type BatchAnswer =
  | { readonly kind: 'malformedJson' }
  | {
      readonly kind: 'answer'
      readonly status: 200 | 422
      readonly body: Uint8Array<ArrayBuffer>
      readonly items: number
    }

export type HeavyResult =
  | { readonly kind: 'draw'; readonly svg: string | null }
  | { readonly kind: 'batch'; readonly answer: BatchAnswer }

const UTF8 = new TextEncoder()

/** Runs one task; never throws for any input (a symbol bwip-js refuses is `svg: null`). */
export function runHeavyTask(task: HeavyTask): HeavyResult {
  if (task.kind === 'draw') return { kind: 'draw', svg: renderSvg(task.symbol) }
  return { kind: 'batch', answer: batchAnswer(task.body) }
}

/** The body of `POST /codes` as the route sends it: the result (200) or the request-level errors (422). */
function batchAnswer(bytes: Uint8Array): BatchAnswer {
  const parsed = parseJsonBytes(bytes)
  if (!parsed.ok) return { kind: 'malformedJson' }
  const batch = generateBatch(parsed.value)
  const items = batch.ok ? Math.max(1, batch.result.codes.length + batch.result.failures.length) : 1
  const body = JSON.stringify(batch.ok ? batch.result : { errors: batch.errors })
  return { kind: 'answer', status: batch.ok ? 200 : 422, body: UTF8.encode(body), items }
}

/** The buffers a message may hand over instead of copying: a batch's request or answer bytes. */
export function transferables(message: HeavyTask | HeavyResult): Transferable[] {
  if (message.kind === 'batch' && 'body' in message) return [message.body.buffer as ArrayBuffer]
  if (message.kind === 'batch' && 'answer' in message && message.answer.kind === 'answer')
    return [message.answer.body.buffer as ArrayBuffer]
  return []
}
