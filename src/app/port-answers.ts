/** The server-level answers (414, 500, 503 while starting) in each port's own shape: API envelope, resolver `{status, error}`, dashboard page. */
import { errorResponse as apiErrorResponse } from '../api/errors.ts'
import { pageAnswer } from '../dashboard/http.ts'
import { ERRORS, type ErrorView, errorBody } from '../dashboard/views/errors.ts'
import { ERROR_INTERNAL } from '../resolver/constants.ts'
import { errorResponse as resolverErrorResponse } from '../resolver/errors.ts'
import { CORS_HEADERS } from '../resolver/responses.ts'
import type { PortAnswers } from '../security/server-limits.ts'
import type { Surface } from './serve-mode.ts'

export type { Surface } from './serve-mode.ts'

/** Each port's answers to what its limits refuse (`src/security/server-limits.ts` takes them as values). */
export function portAnswers(surface: Surface): PortAnswers {
  return {
    uriTooLong: (request) => uriTooLong(surface, request),
    internalError: (request) => internalError(surface, request),
    ...(surface === 'resolver' ? { bodyTooLarge: resolverBodyTooLarge } : {}),
  }
}

/** The resolver's error code for a URL over the limit (RFC 9110 §15.5.15). */
export const ERROR_URI_TOO_LONG = 'URI_TOO_LONG'

/** The resolver's error code for a body it does not take (RFC 9110 §15.5.14). */
export const ERROR_BODY_TOO_LARGE = 'PAYLOAD_TOO_LARGE'

/** The resolver's error code while the service starts (RFC 9110 §15.6.4). */
export const ERROR_STARTING = 'SERVICE_STARTING'

/** Seconds a client should wait before asking a starting service again. */
const STARTING_RETRY_SECONDS = '1'

/** `414` in the port's shape; it never echoes the URL. */
export function uriTooLong(surface: Surface, request: Request): Response {
  if (surface === 'resolver') {
    return resolverErrorResponse(414, ERROR_URI_TOO_LONG, request, request.method === 'HEAD')
  }
  if (surface === 'dashboard') return dashboardPage(ERRORS.uriTooLong)
  return apiErrorResponse('uriTooLong')
}

/** The resolver's `413` for a body over its limit, answered before any of it is read (the API and dashboard have their own). */
export function resolverBodyTooLarge(request: Request): Response {
  return resolverErrorResponse(413, ERROR_BODY_TOO_LARGE, request, false)
}

/** `500` in the port's shape, for a handler that threw past its own error handling; constant, never the error. */
export function internalError(surface: Surface, request: Request): Response {
  if (surface === 'api') return apiErrorResponse('internal')
  if (surface === 'dashboard') return dashboardPage(ERRORS.internal)
  try {
    return resolverErrorResponse(500, ERROR_INTERNAL, request, request.method === 'HEAD')
  } catch {
    return new Response(JSON.stringify({ status: 500, error: ERROR_INTERNAL }), {
      status: 500,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...CORS_HEADERS },
    })
  }
}

/**
 * `503` with `Retry-After` in the port's shape: the ports are bound before the database opens (a busy port is
 * reported at once), and answer this until the service is ready, `/healthz` and `/readyz` included.
 */
export function starting(surface: Surface, request: Request): Response {
  const response =
    surface === 'api'
      ? apiErrorResponse('unavailable')
      : surface === 'dashboard'
        ? dashboardPage(ERRORS.starting)
        : resolverErrorResponse(503, ERROR_STARTING, request, request.method === 'HEAD')
  response.headers.set('retry-after', STARTING_RETRY_SECONDS)
  return response
}

/**
 * A dashboard error page with its security headers. The server does not know whether the dashboard is served over
 * https, so this page sends no HSTS; a browser keeps the one the dashboard's own pages sent.
 */
function dashboardPage(view: ErrorView): Response {
  return pageAnswer(false, errorBody(view), { status: view.status })
}
