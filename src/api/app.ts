/** The code API as an Elysia app: global error mapping, request log, health routes; features plug in as modules. */
import { type AnyElysia, Elysia } from 'elysia'
import type { Config } from '../app/config.ts'
import type { Database } from '../db/database.ts'
import { errorName, type Logger } from '../lib/log.ts'
import { splitRequestUrl } from '../resolver/request-url.ts'
import { loggedPath } from '../security/logged-path.ts'
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
export function createApp(deps: AppDeps, features: readonly AnyElysia[] = []): AnyElysia {
  const started = new WeakMap<Request, number>()
  const base = new Elysia({ normalize: false })
    .onRequest(({ request }) => {
      started.set(request, performance.now())
      const refusal = earlyRefusal(request)
      if (refusal === null) return
      // Answered before Elysia's lifecycle, which then logs nothing: the line is written here.
      logRequest(request, refusal.status)
      return refusal
    })
    .onError(({ code, error, request, set }) => {
      const response = errorAnswer(code, error, request)
      set.status = response.status
      return response
    })
    .onAfterResponse(({ request, set, responseValue }) =>
      logRequest(request, statusSent(responseValue, set.status)),
    )
    .use(healthRoutes(deps))
  const app = features.reduce<AnyElysia>((chain, feature) => chain.use(feature), base)
  return app

  /** The request log: one line per request, with the status the client got. Runs after the answer: never throws. */
  function logRequest(request: Request, status: number): void {
    const start = started.get(request)
    deps.logger.info('request', {
      method: request.method,
      path: loggedPath(splitRequestUrl(request.url).path),
      status,
      ms: start === undefined ? null : Math.round((performance.now() - start) * 100) / 100,
      clientId: requestLogContext.get(request)?.clientId ?? null,
    })
  }

  function errorAnswer(code: unknown, error: unknown, request: Request): Response {
    if (code === 'NOT_FOUND') return notFoundOrWrongMethod(app, request)
    if (code === 'PARSE') return errorResponse('malformedJson')
    if (code === 'VALIDATION') return errorResponse('unprocessable')
    deps.logger.error('api.error', {
      path: loggedPath(splitRequestUrl(request.url).path),
      error: errorName(error),
    })
    return failure(request, 'internal')
  }
}

/**
 * What is refused before any route. Without a Host (HTTP/1.0) or with one that is no URL host (`a b`, `x#y`,
 * `[::1`), Bun hands over a URL that does not parse, which routes and hooks would trip on: `400` (RFC 9112 §3.2).
 */
function earlyRefusal(request: Request): Response | null {
  if (!URL.canParse(request.url)) return errorResponse('invalidHost')
  const length = Number(request.headers.get('content-length') ?? '0')
  return length > MAX_BODY_BYTES ? failure(request, 'payloadTooLarge') : null
}

/** The status of the answer the client got: a route's own `Response` carries it, `set.status` says it otherwise. */
function statusSent(answer: unknown, status: unknown): number {
  if (answer instanceof Response) return answer.status
  return typeof status === 'number' ? status : 200
}

/** A failure answered outside any route's own handling: flat on the token endpoint, else in the envelope. */
function failure(request: Request, kind: 'payloadTooLarge' | 'internal'): Response {
  if (splitRequestUrl(request.url).path === TOKEN_PATH) return tokenEndpointFailure(kind)
  const type = negotiateJson(request.headers.get('accept'), request.headers.get('content-type')) ?? JSON_TYPE
  return errorResponse(kind, { type })
}

/** True when a route's path (`/products/:gtin`) names this request path: a `:name` segment takes any non-empty one. */
function routeMatches(pattern: string, path: string): boolean {
  const want = pattern.split('/')
  const have = path.split('/')
  return (
    want.length === have.length &&
    want.every((part, i) => (part.startsWith(':') ? have[i] !== '' : part === have[i]))
  )
}

/** Elysia answers 404 for a known path with another method; SPEC-minded clients expect 405 with `Allow`. */
function notFoundOrWrongMethod(app: AnyElysia, request: Request): Response {
  const path = splitRequestUrl(request.url).path
  const methods = app.routes.filter((r) => routeMatches(r.path, path)).map((r) => r.method.toUpperCase())
  if (methods.length === 0) return errorResponse('notFound')
  const allow = [...new Set(methods.includes('GET') ? [...methods, 'HEAD'] : methods)].join(', ')
  return errorResponse('methodNotAllowed', { headers: { allow } })
}
