/**
 * `POST /render`: the format chosen by `Accept`, the definition and print fields checked in the calling thread; a plain
 * SVG from the cache or drawn by the code work, a file at a physical size (SVG, PNG, PDF) drawn by the code work.
 */
import type { Issue, Mode } from '../../gs1/index.ts'
import {
  checkPrint,
  createSvgCache,
  type DrawnFile,
  FORMAT_TYPES,
  type Format,
  mmValue,
  type PrintOptions,
  readPrintOptions,
  type SvgCache,
  splitPrintFields,
  symbolFor,
  targetOf,
} from '../../render/index.ts'
import {
  asksForCompression,
  type GenerateOptions,
  generate,
  RENDER_OPTIONS,
} from '../../services/codes/generate.ts'
import { errorResponse, notAcceptable } from '../errors.ts'
import { JSON_TYPE, jsonResponse, parseAccept, qualityOf, SVG_TYPE, VARY_ACCEPT } from '../media.ts'
import { readJsonBody } from './body.ts'
import type { CodeWork, WorkOutcome } from './work.ts'
import { DRAW_COST } from './work-limit.ts'

/** A handler's answer with its cost in codes, for the client's budget; `later` when it is known only once streamed. */
export interface CostedResponse {
  readonly response: Response
  readonly cost: number
  /** The cost of a streamed answer, settled when its stream ends; the request holds its slot until then. */
  readonly later?: Promise<number>
}

/** The GS1 Company Prefixes of the organization of a request's client (none without one). */
export type RequestPrefixes = (request: Request) => Promise<readonly string[]>

const NO_PREFIXES: RequestPrefixes = async () => []

/** The answer to an invalid render request or an unrenderable code: `400` with an empty body (SPEC). */
const badRender = () => new Response(null, { status: 400, headers: VARY_ACCEPT })

/** Seconds after which a refused request may try again: the queue moves in milliseconds. */
const BUSY_RETRY_SECONDS = 1

/** The answer when the work could not be done: its queue full (or the service stopping) 503, its worker lost 500. */
export function workFailure(outcome: Exclude<WorkOutcome<unknown>, { ok: true }>): Response {
  if (outcome.reason === 'failed') return errorResponse('internal')
  return errorResponse('overloaded', { headers: { 'retry-after': String(BUSY_RETRY_SECONDS) } })
}

/** The response headers that state the size drawn (docs/api.md "Render"). */
export const SIZE_HEADERS = {
  moduleSize: 'x-module-size',
  symbolSize: 'x-symbol-size',
  imageSize: 'x-image-size',
  resolution: 'x-resolution',
  modulePixels: 'x-module-pixels',
  application: 'x-size-table',
} as const

const FORMATS: readonly Format[] = ['svg', 'png', 'pdf']
/** The types `POST /render` draws, and `POST /render/batch` puts in its ZIP, for their `406`. */
export const RENDER_TYPES = FORMATS.map((format) => FORMAT_TYPES[format])

/**
 * The format `Accept` asks for: the highest weight among SVG, PNG and PDF, SVG on a tie (a wildcard or no header
 * gives SVG, as SPEC's render always did); null for `406`.
 */
export function renderFormat(accept: string | null): Format | null {
  if (accept === null || accept.trim() === '') return 'svg'
  const ranges = parseAccept(accept)
  let best: Format | null = null
  let bestQ = 0
  for (const format of FORMATS) {
    const q = qualityOf(FORMAT_TYPES[format], ranges)
    if (q > bestQ) {
      best = format
      bestQ = q
    }
  }
  return best
}

/** `422` in the error envelope, as JSON whatever the image `Accept` asked for. */
export function printRefusal(errors: readonly Issue[]): Response {
  return jsonResponse({ errors }, 422, JSON_TYPE)
}

/**
 * The render handler with its own bounded cache of 1000 SVGs, kept in the calling thread: a hit needs no worker. The
 * cache is keyed by the symbol's text, compressed with the organization's prefixes already: one organization's
 * SVG is another's only when the two would draw the same text.
 */
export function renderHandler(
  work: CodeWork,
  cache: SvgCache = createSvgCache(),
  prefixes: RequestPrefixes = NO_PREFIXES,
) {
  return async function handleRender(request: Request, body: unknown): Promise<CostedResponse> {
    const refused = (response: Response) => ({ response, cost: 1 })
    const format = renderFormat(request.headers.get('accept'))
    if (format === null) return refused(notAcceptable(RENDER_TYPES))
    const read = await readJsonBody(request, body)
    if (!read.ok) return refused(read.failure === 'malformedJson' ? badRender() : errorResponse(read.failure))
    const { definition, fields } = splitPrintFields(read.value)
    if (fields === null && format === 'svg')
      return plainSvg(read.value, await generateOptions(request, read.value))
    const print = readPrintOptions(fields ?? {})
    if (!print.ok) return refused(printRefusal(print.errors))
    return printed(definition, print.options, format, await generateOptions(request, definition))
  }

  /** Render's options, with the organization's prefixes read only when the definition asks for compression. */
  async function generateOptions(request: Request, definition: unknown): Promise<GenerateOptions> {
    if (!asksForCompression(definition)) return RENDER_OPTIONS
    return { ...RENDER_OPTIONS, companyPrefixes: await prefixes(request) }
  }

  /** SPEC's render: the SVG with no size, byte for byte as before print fields existed. */
  async function plainSvg(value: unknown, options: GenerateOptions): Promise<CostedResponse> {
    const generated = generate(value, options)
    if (!generated.ok) return { response: badRender(), cost: 1 }
    const { result } = generated
    const symbol = symbolFor(result, result.mode as Mode, result.errorCorrectionLevel)
    const hit = cache.get(symbol.key)
    if (hit !== undefined) return { response: svgResponse(hit), cost: 1 }
    const drawn = await work.draw(symbol)
    if (!drawn.ok) return { response: workFailure(drawn), cost: 1 }
    // Unrenderable symbols are not cached: they are rare, and caching refusals would push out useful entries.
    if (drawn.value === null) return { response: badRender(), cost: DRAW_COST }
    cache.set(symbol.key, drawn.value)
    return { response: svgResponse(drawn.value), cost: DRAW_COST }
  }

  /** A file at a physical size: an invalid definition is still SPEC's empty 400, an invalid size 422. */
  async function printed(
    definition: unknown,
    options: PrintOptions,
    format: Format,
    generateWith: GenerateOptions,
  ): Promise<CostedResponse> {
    const generated = generate(definition, generateWith)
    if (!generated.ok) return { response: badRender(), cost: 1 }
    const { result } = generated
    const symbol = symbolFor(result, result.mode as Mode, result.errorCorrectionLevel)
    const checked = checkPrint(options, targetOf(symbol))
    if (checked.length > 0) return { response: printRefusal(checked), cost: 1 }
    const outcome = await work.print({ symbol, hri: result.hri, options, format })
    if (!outcome.ok) return { response: workFailure(outcome), cost: 1 }
    const drawing = outcome.value
    if (drawing.kind === 'invalid') return { response: printRefusal(drawing.errors), cost: DRAW_COST }
    if (drawing.kind === 'unrenderable') return { response: badRender(), cost: DRAW_COST }
    return { response: fileResponse(drawing.file, options), cost: DRAW_COST }
  }
}

function svgResponse(svg: string): Response {
  return new Response(svg, { status: 200, headers: { 'content-type': SVG_TYPE, ...VARY_ACCEPT } })
}

/** The headers that state what was drawn: module, symbol and image sizes in mm, and for PNG the resolution. */
export function sizeHeaders(file: DrawnFile, options: PrintOptions): Record<string, string> {
  const { size } = file
  const headers: Record<string, string> = {
    [SIZE_HEADERS.moduleSize]: mmValue(size.moduleSize),
    [SIZE_HEADERS.symbolSize]: `${mmValue(size.symbolWidth)} x ${mmValue(size.symbolHeight)}`,
    [SIZE_HEADERS.imageSize]: `${mmValue(size.imageWidth)} x ${mmValue(size.imageHeight)}`,
    [SIZE_HEADERS.application]: options.application,
  }
  if (size.dpi !== null) headers[SIZE_HEADERS.resolution] = `${size.dpi}dpi`
  if (size.modulePixels !== null) headers[SIZE_HEADERS.modulePixels] = String(size.modulePixels)
  return headers
}

function fileResponse(file: DrawnFile, options: PrintOptions): Response {
  return new Response(file.bytes, {
    status: 200,
    headers: { 'content-type': file.type, ...VARY_ACCEPT, ...sizeHeaders(file, options) },
  })
}
