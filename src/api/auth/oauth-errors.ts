/** The token endpoint's one error shape: a flat RFC 6749 §5.2 object, never the API envelope (SPEC Errors 3). */

export const TOKEN_PATH = '/oauth/token'

export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_scope'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'server_error'

/** RFC 6749 §5.2 statuses; 406 and 415 reuse `invalid_request` with their own status. */
const STATUS: Record<OAuthErrorCode, number> = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_scope: 400,
  unauthorized_client: 403,
  unsupported_grant_type: 400,
  // Not among RFC 6749 §5.2's codes; §4.1.2.1 names it for the same fault at the authorization endpoint.
  server_error: 500,
}

/** RFC 6749 §5.1/§5.2: token responses, errors included, must not be cached. */
export const NO_STORE_HEADERS = { 'cache-control': 'no-store', pragma: 'no-cache' } as const

/**
 * RFC 6749 §5.2: a failed client authentication through the Authorization header answers 401 with
 * a challenge for the scheme used; RFC 7617 §2 makes `realm` required.
 */
export const BASIC_CHALLENGE = 'Basic realm="oauth", charset="UTF-8"'

export const DESCRIPTIONS = {
  invalid_client: 'Client authentication failed',
  unauthorized_client: "The organization's subscription no longer covers API clients",
  invalid_scope: 'The requested scope exceeds the scopes of the client',
} as const

/** A flat `{error, error_description}` JSON response; `status` overrides the code's usual one (406, 415). */
export function oauthError(code: OAuthErrorCode, description: string, status = STATUS[code]): Response {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...NO_STORE_HEADERS }
  if (code === 'invalid_client') headers['www-authenticate'] = BASIC_CHALLENGE
  return new Response(JSON.stringify({ error: code, error_description: description }), { status, headers })
}

/**
 * `429` for a limited token request. RFC 6749 §5.2 defines no code for it, so the flat body uses
 * `invalid_request` (RFC 6585 §4 for the status); `Retry-After` (RFC 9110 §10.2.3) says when to retry.
 */
export function tooManyRequests(retryAfterSeconds: number): Response {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds))
  const response = oauthError(
    'invalid_request',
    `Too many failed client authentications; retry after ${seconds} seconds`,
    429,
  )
  response.headers.set('retry-after', String(seconds))
  return response
}

/**
 * The failures the app answers before or around any route (a declared body over 1 MiB, a fault inside), in the
 * token endpoint's own shape.
 */
export function tokenEndpointFailure(kind: 'payloadTooLarge' | 'internal'): Response {
  return kind === 'payloadTooLarge'
    ? oauthError('invalid_request', 'The request body exceeds 1 MiB', 413)
    : oauthError('server_error', 'Internal server error; safe to retry')
}
