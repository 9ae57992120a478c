/** The server-level refusals (414, 500) in each port's own error shape: the API envelope or the resolver's `{status, error}`. */
import { errorResponse as apiErrorResponse } from '../api/errors.ts'
import { ERROR_INTERNAL } from '../resolver/constants.ts'
import { errorResponse as resolverErrorResponse } from '../resolver/errors.ts'
import { CORS_HEADERS } from '../resolver/responses.ts'

/** Which port a server serves: its error shape follows. */
export type Surface = 'api' | 'resolver'

/** Longest request URL (scheme, host, path and query) either port reads. */
export const MAX_URL_BYTES = 8 * 1024

/** The resolver's error code for a URL over the limit (RFC 9110 §15.5.15). */
export const ERROR_URI_TOO_LONG = 'URI_TOO_LONG'

/** `414` in the port's shape; it never echoes the URL. */
export function uriTooLong(surface: Surface, request: Request): Response {
  if (surface === 'resolver') {
    return resolverErrorResponse(414, ERROR_URI_TOO_LONG, request, request.method === 'HEAD')
  }
  return apiErrorResponse('uriTooLong')
}

/** `500` in the port's shape, for a handler that threw past its own error handling; constant, never the error. */
export function internalError(surface: Surface, request: Request): Response {
  if (surface === 'api') return apiErrorResponse('internal')
  try {
    return resolverErrorResponse(500, ERROR_INTERNAL, request, request.method === 'HEAD')
  } catch {
    return new Response(JSON.stringify({ status: 500, error: ERROR_INTERNAL }), {
      status: 500,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...CORS_HEADERS },
    })
  }
}
