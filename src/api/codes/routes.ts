/** `POST /code`, `POST /codes` and `POST /render` (SPEC "Endpoints", DESIGN §6), behind the `write:codes` scope. */
import { Elysia } from 'elysia'
import { WRITE_CODES } from '../../auth/scopes.ts'
import type { Mode } from '../../gs1/index.ts'
import { type CodeRenderer, createRenderer } from '../../render/index.ts'
import { type BearerVerifier, requireScope } from '../auth/guard.ts'
import { errorResponse } from '../errors.ts'
import { accepts, jsonResponse, negotiateJson, SVG_TYPE } from '../media.ts'
import { leaveUnread, readJsonBody } from './body.ts'
import { generate, generateBatch, RENDER_OPTIONS, singleAnswer } from './service.ts'

export const CODE_PATH = '/code'
export const CODES_PATH = '/codes'
export const RENDER_PATH = '/render'

export interface CodeRoutesDeps {
  readonly auth: BearerVerifier
  /** Injected in tests and benchmarks; by default a renderer with a bounded cache of 1000 SVGs. */
  readonly render?: CodeRenderer
}

/** The answer to an invalid render request or an unrenderable code: `400` with an empty body (SPEC). */
const badRender = () => new Response(null, { status: 400 })

/** Handles a JSON code request: negotiation (406), body (415, 413, 400), then the operation. */
async function jsonOperation(
  request: Request,
  body: unknown,
  operate: (value: unknown) => { ok: true; body: unknown } | { ok: false; errors: unknown },
): Promise<Response> {
  const type = negotiateJson(request.headers.get('accept'), request.headers.get('content-type'))
  if (type === null) return errorResponse('notAcceptable')
  const read = await readJsonBody(request, body)
  if (!read.ok) return errorResponse(read.failure, { type })
  const outcome = operate(read.value)
  return outcome.ok
    ? jsonResponse(outcome.body, 200, type)
    : jsonResponse({ errors: outcome.errors }, 422, type)
}

export function handleCode(request: Request, body: unknown): Promise<Response> {
  return jsonOperation(request, body, (value) => {
    const generated = generate(value)
    return generated.ok ? { ok: true, body: singleAnswer(generated.result) } : generated
  })
}

export function handleCodes(request: Request, body: unknown): Promise<Response> {
  return jsonOperation(request, body, (value) => {
    const batch = generateBatch(value)
    return batch.ok ? { ok: true, body: batch.result } : batch
  })
}

export async function handleRender(request: Request, body: unknown, render: CodeRenderer): Promise<Response> {
  if (!accepts(request.headers.get('accept'), SVG_TYPE)) return errorResponse('notAcceptable')
  const read = await readJsonBody(request, body)
  if (!read.ok) return read.failure === 'malformedJson' ? badRender() : errorResponse(read.failure)
  const generated = generate(read.value, RENDER_OPTIONS)
  if (!generated.ok) return badRender()
  const { result } = generated
  const svg = render(result, result.mode as Mode, result.errorCorrectionLevel)
  if (svg === null) return badRender()
  return new Response(svg, { status: 200, headers: { 'content-type': SVG_TYPE } })
}

/** Keeps the request log's status in step with the Response the handler built. */
async function settle(set: { status?: number | string }, response: Promise<Response>): Promise<Response> {
  const r = await response
  set.status = r.status
  return r
}

/**
 * The routes. Bodies stay unread until the guard has passed (`parse: leaveUnread`); every route
 * reads its own body with the size limit, and reports JSON problems itself, per item for a batch.
 */
export function codeRoutes(deps: CodeRoutesDeps) {
  const guard = requireScope(deps.auth, WRITE_CODES)
  const render = deps.render ?? createRenderer()
  const hook = { parse: leaveUnread, beforeHandle: guard }
  return new Elysia({ name: 'codes' })
    .post(CODE_PATH, ({ request, body, set }) => settle(set, handleCode(request, body)), hook)
    .post(CODES_PATH, ({ request, body, set }) => settle(set, handleCodes(request, body)), hook)
    .post(RENDER_PATH, ({ request, body, set }) => settle(set, handleRender(request, body, render)), hook)
}
