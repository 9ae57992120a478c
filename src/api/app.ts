/** The code API as an Elysia app: global error mapping, request log, health routes; features plug in as modules. */
import { Elysia } from 'elysia'
import type { Config } from '../config.ts'
import type { Database } from '../db/database.ts'
import { errorName, type Logger } from '../log.ts'
import { TOKEN_PATH, tokenEndpointFailure } from './auth/oauth-errors.ts'
import { errorResponse } from './errors.ts'
import { healthRoutes } from './health.ts'
import { JSON_TYPE, negotiateJson } from './media.ts'

export interface AppDeps {
  readonly database: Database
  readonly config: Config
  readonly logger: Logger
  /** Milliseconds since the epoch; injected so tests control time. */
  readonly clock: () => number
}

/** Largest JSON or form body the API accepts (DESIGN §6). */
export const MAX_BODY_BYTES = 1024 * 1024

/** What the request log may add about a request (the authenticated client ID, never a secret). */
export const requestLogContext = new WeakMap<Request, { clientId?: string }>()

/** Builds the API app. It never listens: `app.handle(request)` in tests, `Bun.serve` in `main.ts`. */
export function createApp(deps: AppDeps, features: ((app: Elysia) => Elysia)[] = []) {
  const started = new WeakMap<Request, number>()
  let app = new Elysia({ normalize: false })
    .onRequest(({ request }) => {
      started.set(request, performance.now())
      const length = Number(request.headers.get('content-length') ?? '0')
      if (length > MAX_BODY_BYTES) {
        // Answered before Elysia's lifecycle, which then logs nothing: the line is written here.
        const response = failure(request, 'payloadTooLarge')
        logRequest(request, response.status)
        return response
      }
    })
    .onError(({ code, error, request, set }) => {
      const response = errorAnswer(code, error, request)
      set.status = response.status
      return response
    })
    .onAfterResponse(({ request, set }) =>
      logRequest(request, typeof set.status === 'number' ? set.status : 200),
    )
    .use(healthRoutes(deps)) as unknown as Elysia
  for (const feature of features) app = feature(app)
  return app

  /** The request log: one line per request, with the status the client got. */
  function logRequest(request: Request, status: number): void {
    const start = started.get(request)
    deps.logger.info('request', {
      method: request.method,
      path: new URL(request.url).pathname,
      status,
      ms: start === undefined ? null : Math.round((performance.now() - start) * 100) / 100,
      clientId: requestLogContext.get(request)?.clientId ?? null,
    })
  }

  function errorAnswer(code: unknown, error: unknown, request: Request): Response {
    if (code === 'NOT_FOUND') return notFoundOrWrongMethod(app, request)
    if (code === 'PARSE') return errorResponse('malformedJson')
    if (code === 'VALIDATION') return errorResponse('unprocessable')
    deps.logger.error('api.error', { path: new URL(request.url).pathname, error: errorName(error) })
    return failure(request, 'internal')
  }
}

/** A failure answered outside any route's own handling: flat on the token endpoint, else in the envelope. */
function failure(request: Request, kind: 'payloadTooLarge' | 'internal'): Response {
  if (new URL(request.url).pathname === TOKEN_PATH) return tokenEndpointFailure(kind)
  const type = negotiateJson(request.headers.get('accept'), request.headers.get('content-type')) ?? JSON_TYPE
  return errorResponse(kind, { type })
}

/** Elysia answers 404 for a known path with another method; SPEC-minded clients expect 405 with `Allow`. */
function notFoundOrWrongMethod(app: Elysia, request: Request): Response {
  const path = new URL(request.url).pathname
  const methods = app.routes.filter((r) => r.path === path).map((r) => r.method.toUpperCase())
  if (methods.length === 0) return errorResponse('notFound')
  const allow = [...new Set(methods.includes('GET') ? [...methods, 'HEAD'] : methods)].join(', ')
  return errorResponse('methodNotAllowed', { headers: { allow } })
}
