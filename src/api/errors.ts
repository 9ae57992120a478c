/** The API's one error shape, `{errors: [{code, path, message}]}`, built here and nowhere else. */
import type { Issue } from '../gs1/issue.ts'
import { JSON_TYPE, type JsonResponseType, VARY_ACCEPT } from './media.ts'

export type ApiError = Issue

export interface ErrorEnvelope {
  errors: ApiError[]
}

/** Statuses of the failure envelope with their default code and message (SPEC "Errors"). */
export const API_ERRORS = {
  badRequest: { status: 400, code: 'BadRequest', message: 'The request is malformed' },
  invalidHost: {
    status: 400,
    code: 'InvalidHost',
    message: 'The request has no Host header, or one that is not a valid host',
  },
  malformedJson: { status: 400, code: 'MalformedJson', message: 'The request body is not valid JSON' },
  unauthorized: {
    status: 401,
    code: 'Unauthorized',
    message: 'Missing, malformed, expired or revoked credentials',
  },
  forbidden: { status: 403, code: 'Forbidden', message: 'Forbidden' },
  notFound: { status: 404, code: 'NotFound', message: 'Unknown resource' },
  methodNotAllowed: { status: 405, code: 'MethodNotAllowed', message: 'Method not allowed on this resource' },
  notAcceptable: {
    status: 406,
    code: 'NotAcceptable',
    message: 'The Accept header names no media type this endpoint produces',
  },
  conflict: { status: 409, code: 'Conflict', message: 'The request collides with existing data' },
  preconditionFailed: {
    status: 412,
    code: 'PreconditionFailed',
    message: 'The resource changed since it was read (If-Match), or exists (If-None-Match)',
  },
  payloadTooLarge: { status: 413, code: 'PayloadTooLarge', message: 'The request body exceeds 1 MiB' },
  uriTooLong: { status: 414, code: 'UriTooLong', message: 'The request URL exceeds 8 KiB' },
  unsupportedMediaType: {
    status: 415,
    code: 'UnsupportedMediaType',
    message:
      'Unsupported Content-Type: send the body as application/json or application/vnd.service.public.v1+json',
  },
  unprocessable: { status: 422, code: 'Unprocessable', message: 'The request content is invalid' },
  tooManyRequests: {
    status: 429,
    code: 'TooManyRequests',
    message:
      'This client has too much code work running, or has used up its budget: retry after Retry-After seconds',
  },
  internal: { status: 500, code: 'InternalError', message: 'Internal server error' },
  unavailable: { status: 503, code: 'Unavailable', message: 'The service is not ready' },
  overloaded: {
    status: 503,
    code: 'Overloaded',
    message: 'The service has too much code work queued: retry after Retry-After seconds',
  },
} as const

export type ApiErrorKind = keyof typeof API_ERRORS

/** The envelope for one of the standard failures, optionally with a more precise message. */
export function errorBody(kind: ApiErrorKind, message?: string): ErrorEnvelope {
  const e = API_ERRORS[kind]
  return { errors: [{ code: e.code, path: null, message: message ?? e.message }] }
}

/** A JSON response carrying the envelope; `headers` may add e.g. `WWW-Authenticate` or `Allow`. */
export function errorResponse(
  kind: ApiErrorKind,
  init: { message?: string; headers?: HeadersInit; type?: JsonResponseType } = {},
): Response {
  const headers = new Headers(init.headers)
  headers.set('content-type', init.type ?? JSON_TYPE)
  return new Response(JSON.stringify(errorBody(kind, init.message)), {
    status: API_ERRORS[kind].status,
    headers,
  })
}

/** `406` naming the media types the endpoint produces (`note` says more of them); it varies with `Accept`. */
export function notAcceptable(produces: readonly string[], note = ''): Response {
  const listed =
    produces.length > 1 ? `${produces.slice(0, -1).join(', ')} or ${produces.at(-1)}` : produces[0]
  return errorResponse('notAcceptable', {
    message: `${API_ERRORS.notAcceptable.message}: it produces ${listed}${note}`,
    headers: VARY_ACCEPT,
  })
}

/** `400` listing the problems of a request's parameters, in the negotiated type (it varies with `Accept`). */
export function invalidParametersResponse(issues: readonly ApiError[], type: JsonResponseType): Response {
  return new Response(JSON.stringify({ errors: issues }), {
    status: 400,
    headers: { 'content-type': type, ...VARY_ACCEPT },
  })
}
