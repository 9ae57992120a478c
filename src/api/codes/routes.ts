/** `POST /code`, `POST /codes`, `POST /render` and `POST /render/batch` (SPEC "Endpoints", DESIGN §6 and §13), behind the `write:codes` scope. */

import { Elysia } from 'elysia'
import { kibibytes, type WorkRefusal } from '../../auth/work-budget.ts'
import type { CompanyPrefixReader } from '../../services/codes/company-prefixes.ts'
import { asksForCompression, generate, singleAnswer } from '../../services/codes/generate.ts'
import { type BearerVerifier, principalOf, requireScope } from '../auth/guard.ts'
import { errorResponse, notAcceptable } from '../errors.ts'
import { JSON_TYPES, jsonResponse, negotiateJson, VARY_ACCEPT } from '../media.ts'
import { type Operation, requiredScope, routePattern } from '../openapi/operation.ts'
import { leaveUnread, readJsonBody, readJsonBytes } from './body.ts'
import { batchGenerate, generateCode, renderBatch, renderCode } from './operations.ts'
import { type CostedResponse, type RequestPrefixes, renderHandler, workFailure } from './render.ts'
import { renderBatchHandler } from './render-batch.ts'
import { type CodeWork, inlineCodeWork } from './work.ts'
import type { CodeWorkLimiter } from './work-limit.ts'

export { CODE_PATH, CODES_PATH, RENDER_BATCH_PATH, RENDER_PATH } from './operations.ts'

export interface CodeRoutesDeps {
  readonly auth: BearerVerifier
  /** Where SVGs are drawn and batches generated: the service passes a worker pool; the calling thread by default. */
  readonly work?: CodeWork
  /** Each client's budget of code work (429 with `Retry-After` beyond it); none by default. */
  readonly limiter?: CodeWorkLimiter
  /**
   * The GS1 Company Prefixes an organization recorded (DESIGN §12): `compression` then also picks the fixed-length
   * EPC schemes (SGTIN-96, SGLN-96, …) for a key within one of the client's organization's. None by default.
   */
  readonly companyPrefixes?: CompanyPrefixReader
}

/** The prefixes of the organization of the request's client: read once per request that may compress. */
function requestPrefixes(read: CompanyPrefixReader | undefined): RequestPrefixes {
  return async (request) => {
    const organizationId = principalOf(request)?.organizationId
    return read === undefined || organizationId === undefined ? [] : read(organizationId)
  }
}

/** `POST /code`: negotiation (406), body (415, 413, 400), then the definition (422 or 200); it costs one code. */
async function handleCode(
  request: Request,
  body: unknown,
  prefixes: RequestPrefixes,
): Promise<CostedResponse> {
  const type = negotiateJson(request.headers.get('accept'), request.headers.get('content-type'))
  if (type === null) return { response: notAcceptable(JSON_TYPES), cost: 1 }
  const read = await readJsonBody(request, body)
  if (!read.ok) return { response: errorResponse(read.failure, { type }), cost: 1 }
  const companyPrefixes = asksForCompression(read.value) ? await prefixes(request) : undefined
  const generated = generate(read.value, { companyPrefixes })
  const response = generated.ok
    ? jsonResponse(singleAnswer(generated.result), 200, type, VARY_ACCEPT)
    : jsonResponse({ errors: generated.errors }, 422, type, VARY_ACCEPT)
  return { response, cost: 1 }
}

/**
 * `POST /codes`: negotiation and the body's type and size here, and the organization's prefixes (the body is not
 * parsed yet: read for every batch); parsing and generation in the code work.
 */
async function handleCodes(
  request: Request,
  work: CodeWork,
  prefixes: RequestPrefixes,
): Promise<CostedResponse> {
  const type = negotiateJson(request.headers.get('accept'), request.headers.get('content-type'))
  if (type === null) return { response: notAcceptable(JSON_TYPES), cost: 1 }
  const read = await readJsonBytes(request)
  if (!read.ok) return { response: errorResponse(read.failure, { type }), cost: 1 }
  const outcome = await work.batch(read.bytes, await prefixes(request))
  if (!outcome.ok) return { response: workFailure(outcome), cost: 1 }
  const answer = outcome.value
  if (answer.kind === 'malformedJson') return { response: errorResponse('malformedJson', { type }), cost: 1 }
  const response = new Response(answer.body, {
    status: answer.status,
    headers: { 'content-type': type, ...VARY_ACCEPT },
  })
  return { response, cost: answer.items }
}

/**
 * Runs an operation within the client's budget: refused with 429 and `Retry-After` when it is spent. It costs its
 * codes, or a code per KiB of its body when that is more; a streamed answer holds its slot and is charged when its
 * stream ends.
 */
/** The 429's message: which of the client's limits the request met. */
const CODE_WORK_REFUSALS: Record<WorkRefusal, string> = {
  running: 'This client has as many code requests running as it may: retry after Retry-After seconds',
  budget: 'This client has used up its budget of code work for now: retry after Retry-After seconds',
}

async function withinBudget(
  request: Request,
  limiter: CodeWorkLimiter | undefined,
  operate: () => Promise<CostedResponse>,
): Promise<Response> {
  const clientId = principalOf(request)?.clientId
  if (limiter === undefined || clientId === undefined) return (await operate()).response
  const admission = limiter.admit(clientId)
  if (!admission.allowed) {
    return errorResponse('tooManyRequests', {
      headers: { 'retry-after': String(admission.retryAfterSeconds) },
      message: CODE_WORK_REFUSALS[admission.reason],
    })
  }
  // A body costs at least a code per KiB declared: reading and parsing it is work too, whatever it holds.
  const bodyCost = kibibytes(Number(request.headers.get('content-length') ?? 0))
  let answer: CostedResponse | null = null
  try {
    answer = await operate()
    return answer.response
  } finally {
    const later = answer?.later
    if (later === undefined) admission.done(Math.max(bodyCost, answer?.cost ?? 0))
    else void later.then((cost) => admission.done(Math.max(bodyCost, cost)))
  }
}

/** Keeps the request log's status in step with the Response the handler built. */
async function settle(set: { status?: number | string }, response: Promise<Response>): Promise<Response> {
  const r = await response
  set.status = r.status
  return r
}

/**
 * The routes. Bodies stay unread until the guard has passed (`parse: leaveUnread`) and the client's budget admits
 * the request; every route reads its own body with the size limit, and reports JSON problems itself.
 */
export function codeRoutes(deps: CodeRoutesDeps) {
  const work = deps.work ?? inlineCodeWork()
  const prefixes = requestPrefixes(deps.companyPrefixes)
  const handleRender = renderHandler(work, undefined, prefixes)
  const handleRenderBatch = renderBatchHandler(work, prefixes)
  const hook = (operation: Operation) => ({
    parse: leaveUnread,
    beforeHandle: requireScope(deps.auth, requiredScope(operation)),
  })
  /** The route of `operation`, as it declares it: the answer within the client's budget, its status logged. */
  const route = (
    operation: Operation,
    operate: (request: Request, body: unknown) => Promise<CostedResponse>,
  ) =>
    [
      operation.method,
      routePattern(operation),
      ({ request, body, set }: { request: Request; body: unknown; set: { status?: number | string } }) =>
        settle(
          set,
          withinBudget(request, deps.limiter, () => operate(request, body)),
        ),
      hook(operation),
    ] as const
  return new Elysia({ name: 'codes' })
    .route(...route(generateCode, (request, body) => handleCode(request, body, prefixes)))
    .route(...route(batchGenerate, (request) => handleCodes(request, work, prefixes)))
    .route(...route(renderCode, handleRender))
    .route(...route(renderBatch, handleRenderBatch))
}
