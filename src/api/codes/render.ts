/** `POST /render`: the definition checked in the calling thread, the SVG from the cache or drawn by the code work. */
import type { Mode } from '../../gs1/index.ts'
import { createSvgCache, type SvgCache, symbolFor } from '../../render/index.ts'
import { generate, RENDER_OPTIONS } from '../../services/codes/generate.ts'
import { errorResponse } from '../errors.ts'
import { accepts, SVG_TYPE } from '../media.ts'
import { readJsonBody } from './body.ts'
import type { CodeWork, WorkOutcome } from './work.ts'
import { DRAW_COST } from './work-limit.ts'

/** A handler's answer with its cost in codes, for the client's budget. */
export interface CostedResponse {
  readonly response: Response
  readonly cost: number
}

/** The answer to an invalid render request or an unrenderable code: `400` with an empty body (SPEC). */
const badRender = () => new Response(null, { status: 400 })

/** Seconds after which a refused request may try again: the queue moves in milliseconds. */
const BUSY_RETRY_SECONDS = 1

/** The answer when the work could not be done: its queue full (or the service stopping) 503, its worker lost 500. */
export function workFailure(outcome: Exclude<WorkOutcome<unknown>, { ok: true }>): Response {
  if (outcome.reason === 'failed') return errorResponse('internal')
  return errorResponse('overloaded', { headers: { 'retry-after': String(BUSY_RETRY_SECONDS) } })
}

/** The render handler with its own bounded cache of 1000 SVGs, kept in the calling thread: a hit needs no worker. */
export function renderHandler(work: CodeWork, cache: SvgCache = createSvgCache()) {
  return async function handleRender(request: Request, body: unknown): Promise<CostedResponse> {
    const refused = (response: Response) => ({ response, cost: 1 })
    if (!accepts(request.headers.get('accept'), SVG_TYPE)) return refused(errorResponse('notAcceptable'))
    const read = await readJsonBody(request, body)
    if (!read.ok) return refused(read.failure === 'malformedJson' ? badRender() : errorResponse(read.failure))
    const generated = generate(read.value, RENDER_OPTIONS)
    if (!generated.ok) return refused(badRender())
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
}

function svgResponse(svg: string): Response {
  return new Response(svg, { status: 200, headers: { 'content-type': SVG_TYPE } })
}
