/**
 * The CPU-heavy part of the code endpoints as messages: drawing a symbol (SVG, or a file at a physical size), generating
 * a batch, drawing a part of a bulk render. Runs in a worker or inline.
 */
import {
  drawPrint,
  type Format,
  type PrintDrawing,
  type PrintOptions,
  renderSvg,
  type SymbolSpec,
} from '../../render/index.ts'
import { generateBatch } from '../../services/codes/generate.ts'
import { type RenderChunk, type RenderedItem, renderChunk } from '../../services/codes/render-items.ts'
import { parseJsonBytes } from './body.ts'

export type HeavyTask =
  | { readonly kind: 'draw'; readonly symbol: SymbolSpec }
  | {
      readonly kind: 'batch'
      readonly body: Uint8Array
      /** The organization's GS1 Company Prefixes, for compression (read by the calling thread: workers have no database). */
      readonly companyPrefixes?: readonly string[]
    }
  | {
      readonly kind: 'print'
      readonly symbol: SymbolSpec
      readonly hri: string
      readonly options: PrintOptions
      readonly format: Format
    }
  | { readonly kind: 'renderChunk'; readonly chunk: RenderChunk }

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
  | { readonly kind: 'print'; readonly drawing: PrintDrawing }
  | { readonly kind: 'renderChunk'; readonly items: RenderedItem[] }

const UTF8 = new TextEncoder()

/** Runs one task; never rejects for any input (a symbol bwip-js refuses is `svg: null` or `unrenderable`). */
export async function runHeavyTask(task: HeavyTask): Promise<HeavyResult> {
  if (task.kind === 'draw') return { kind: 'draw', svg: renderSvg(task.symbol) }
  if (task.kind === 'print') {
    return { kind: 'print', drawing: await drawPrint(task.symbol, task.hri, task.options, task.format) }
  }
  if (task.kind === 'renderChunk') return { kind: 'renderChunk', items: await renderChunk(task.chunk) }
  return { kind: 'batch', answer: batchAnswer(task.body, task.companyPrefixes) }
}

/** The body of `POST /codes` as the route sends it: the result (200) or the request-level errors (422). */
function batchAnswer(bytes: Uint8Array, companyPrefixes: readonly string[] | undefined): BatchAnswer {
  const parsed = parseJsonBytes(bytes)
  if (!parsed.ok) return { kind: 'malformedJson' }
  const batch = generateBatch(parsed.value, { companyPrefixes })
  const items = batch.ok ? Math.max(1, batch.result.codes.length + batch.result.failures.length) : 1
  const body = JSON.stringify(batch.ok ? batch.result : { errors: batch.errors })
  return { kind: 'answer', status: batch.ok ? 200 : 422, body: UTF8.encode(body), items }
}

/** A buffer that may be handed over whole: the view covers all of it. */
function whole(bytes: Uint8Array): ArrayBuffer[] {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    ? [bytes.buffer as ArrayBuffer]
    : []
}

/** The buffers a message may hand over instead of copying: request or answer bytes, drawn files. */
export function transferables(message: HeavyTask | HeavyResult): Transferable[] {
  if (message.kind === 'batch' && 'body' in message) return [message.body.buffer as ArrayBuffer]
  if (message.kind === 'batch' && 'answer' in message && message.answer.kind === 'answer')
    return [message.answer.body.buffer as ArrayBuffer]
  if (message.kind === 'print' && 'drawing' in message && message.drawing.kind === 'drawn')
    return whole(message.drawing.file.bytes)
  if (message.kind === 'renderChunk' && 'items' in message) {
    return [...new Set(message.items.flatMap((item) => (item.file === null ? [] : whole(item.file.bytes))))]
  }
  return []
}
