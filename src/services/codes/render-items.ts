/**
 * One part of a bulk render (`POST /render/batch`, the dashboard's CSV): each definition validated as render validates
 * it, then drawn at its size in the batch's format. Runs in a worker thread of the code work, or inline.
 */
import type { Issue, Mode } from '../../gs1/index.ts'
import {
  type DrawnSize,
  drawPrint,
  type Format,
  type PrintOptions,
  readPrintOptions,
  splitPrintFields,
  symbolFor,
} from '../../render/index.ts'
import { type GenerateOptions, generate, RENDER_OPTIONS } from './generate.ts'

/** A part of a batch: raw definitions (JSON values), their first index, the batch's print options and format. */
export interface RenderChunk {
  readonly items: readonly unknown[]
  readonly start: number
  readonly base: PrintOptions
  readonly format: Format
  /** The organization's GS1 Company Prefixes, for compression (plain data: a worker reads no database). */
  readonly companyPrefixes?: readonly string[]
}

/** What became of one definition: its file, or why there is none. */
export interface RenderedItem {
  readonly index: number
  readonly reference: string | null
  readonly barcodeText: string | null
  readonly hri: string | null
  /** A file name made from the data (primary key, lot, serial) before the batch makes it unique. */
  readonly dataName: string | null
  readonly file: { readonly bytes: Uint8Array<ArrayBuffer>; readonly size: DrawnSize } | null
  readonly errors: readonly Issue[]
}

function referenceOf(item: unknown): string | null {
  return typeof item === 'object' &&
    item !== null &&
    typeof (item as { reference?: unknown }).reference === 'string'
    ? (item as { reference: string }).reference
    : null
}

const failed = (index: number, reference: string | null, errors: readonly Issue[]): RenderedItem => ({
  index,
  reference,
  barcodeText: null,
  hri: null,
  dataName: null,
  file: null,
  errors,
})

/** Draws every definition of the chunk in order; never throws for any JSON value. */
export async function renderChunk(chunk: RenderChunk): Promise<RenderedItem[]> {
  const results: RenderedItem[] = []
  const options: GenerateOptions =
    chunk.companyPrefixes === undefined
      ? RENDER_OPTIONS
      : { ...RENDER_OPTIONS, companyPrefixes: chunk.companyPrefixes }
  for (let i = 0; i < chunk.items.length; i++) {
    results.push(await renderItem(chunk.items[i], chunk.start + i, chunk.base, chunk.format, options))
  }
  return results
}

async function renderItem(
  item: unknown,
  index: number,
  base: PrintOptions,
  format: Format,
  options: GenerateOptions,
): Promise<RenderedItem> {
  const reference = referenceOf(item)
  const { definition, fields } = splitPrintFields(item)
  const print = readPrintOptions(fields ?? {}, base)
  const generated = generate(definition, options)
  const errors = [...(print.ok ? [] : print.errors), ...(generated.ok ? [] : generated.errors)]
  if (!print.ok || !generated.ok) return failed(index, reference, errors)
  const result = generated.result
  const symbol = symbolFor(result, result.mode as Mode, result.errorCorrectionLevel)
  const drawing = await drawPrint(symbol, result.hri, print.options, format)
  const text = { barcodeText: result.barcodeText, hri: result.hri }
  if (drawing.kind === 'invalid') return { ...failed(index, reference, drawing.errors), ...text }
  if (drawing.kind === 'unrenderable') {
    const message =
      'the data does not fit the symbol: shorten it, or choose another symbol or error correction'
    return { ...failed(index, reference, [{ code: 'Render.TooLong', path: null, message }]), ...text }
  }
  const pairs = [result.primaryKey, ...result.ais]
  const value = (ai: string) => pairs.find((p) => p.key === ai)?.value
  const dataName = [result.primaryKey.value, value('10'), value('21')]
    .filter((v) => v !== undefined)
    .join('-')
  return {
    index,
    reference,
    ...text,
    dataName,
    file: { bytes: drawing.file.bytes, size: drawing.file.size },
    errors: [],
  }
}
