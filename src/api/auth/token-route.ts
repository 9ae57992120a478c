/** `POST /oauth/token`: the client credentials grant (RFC 6749 §4.4) with HTTP Basic client authentication. */
import { Elysia } from 'elysia'
import { parseBasic } from '../../auth/authorization.ts'
import { parseScopeParameter } from '../../auth/scopes.ts'
import type { AuthService, TokenGrant } from '../../auth/service.ts'
import { readLimitedBytes } from '../../lib/read-body.ts'
import { splitRequestUrl } from '../../resolver/request-url.ts'
import { requestLogContext } from '../app.ts'
import { FORM_TYPE, JSON_TYPE, mediaTypeOf, negotiateJson, VND_JSON } from '../media.ts'
import { routePattern } from '../openapi/operation.ts'
import { DESCRIPTIONS, NO_STORE_HEADERS, oauthError, TOKEN_PATH } from './oauth-errors.ts'
import { requestAccessToken } from './operations.ts'

export { TOKEN_PATH }
export const CLIENT_CREDENTIALS = 'client_credentials'

/** A form body this long is refused unread: the grant needs two short fields. */
export const MAX_FORM_BYTES = 4096

/** Parameters that carry client credentials; refused outside the Authorization header. */
const CREDENTIAL_PARAMETERS = ['client_id', 'client_secret']

/** How the client authentication of a token request ended, for the rate limiter. */
export type TokenOutcome = 'authenticated' | 'rejected' | 'aborted'

/** Told how the request it let through ended: `rejected` for `invalid_client`, `authenticated` when the secret matched. */
export type TokenOutcomeListener = (outcome: TokenOutcome) => void

/**
 * Hook for the rate limiter: runs once credentials are parsed and before the secret is hashed. A
 * Response it returns (e.g. 429) is sent as is; a function it returns is called with the outcome.
 */
export type TokenRequestLimiter = (
  request: Request,
  clientId: string,
) => TokenLimitDecision | Promise<TokenLimitDecision>

export type TokenLimitDecision = Response | TokenOutcomeListener | null

/** The route, with `parse: 'none'` so the body is read here with a size limit and duplicate checks. */
export function tokenRoute(auth: AuthService, limiter?: TokenRequestLimiter) {
  return new Elysia({ name: 'oauth-token' }).route(
    requestAccessToken.method,
    routePattern(requestAccessToken),
    async ({ request, set }) => {
      const response = await handleTokenRequest(request, auth, limiter)
      // The request log reads `set.status`; a returned Response does not update it by itself.
      set.status = response.status
      return response
    },
    { parse: 'none' },
  )
}

/** Checks the request's shape and grant first and authenticates the client last, so a malformed request never costs a hash. */
export async function handleTokenRequest(
  request: Request,
  auth: AuthService,
  limiter?: TokenRequestLimiter,
): Promise<Response> {
  const query = new URLSearchParams(splitRequestUrl(request.url).query)
  if (CREDENTIAL_PARAMETERS.some((p) => query.has(p))) {
    // RFC 6749 §2.3.1: credentials must not travel in the request URI (they end up in logs).
    return oauthError('invalid_request', 'Client credentials must not be sent in the query string')
  }
  // SPEC "Versioning": the versioned type when the client names it, else application/json.
  const responseType = negotiateJson(request.headers.get('accept'))
  if (responseType === null) {
    return oauthError('invalid_request', `The Accept header must allow ${JSON_TYPE} or ${VND_JSON}`, 406)
  }
  if (mediaTypeOf(request.headers.get('content-type')) !== FORM_TYPE) {
    return oauthError('invalid_request', `The request body must be ${FORM_TYPE}`, 415)
  }
  const form = await readForm(request)
  if (!(form instanceof URLSearchParams)) return oauthError('invalid_request', form.description, form.status)
  if (CREDENTIAL_PARAMETERS.some((p) => form.has(p))) {
    return oauthError('invalid_request', 'Client credentials must be sent with HTTP Basic authentication')
  }
  const grantType = form.get('grant_type')
  if (grantType === null || grantType === '') return oauthError('invalid_request', 'grant_type is required')
  if (grantType !== CLIENT_CREDENTIALS) {
    return oauthError('unsupported_grant_type', `Only grant_type=${CLIENT_CREDENTIALS} is supported`)
  }
  const scopes = parseScopeParameter(form.get('scope'))
  if (scopes === 'invalid') return oauthError('invalid_scope', 'The scope parameter is malformed')
  const credentials = parseBasic(request.headers.get('authorization'))
  if (!credentials.ok) {
    // SPEC Authentication 6 and RFC 6749 §5.2: missing or unusable client authentication is invalid_client.
    const what = credentials.reason === 'missing' ? 'are required' : 'are malformed'
    return oauthError('invalid_client', `HTTP Basic client credentials ${what}`)
  }
  const limited = limiter ? await limiter(request, credentials.clientId) : null
  if (limited instanceof Response) return limited
  const grant = await issueReporting(auth, { ...credentials, scopes }, limited)
  if (!grant.ok) return oauthError(grant.error, DESCRIPTIONS[grant.error])
  requestLogContext.set(request, { clientId: grant.principal.clientId })
  // RFC 6749 §5.1: the granted scope, always (it differs from the request whenever the request named none).
  const body = {
    access_token: grant.accessToken,
    token_type: 'Bearer',
    expires_in: grant.expiresIn,
    scope: grant.principal.scopes.join(' '),
  }
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': responseType, ...NO_STORE_HEADERS },
  })
}

/** Issues the token and tells `listener` whether the secret matched (only `invalid_client` means it did not). */
async function issueReporting(
  auth: AuthService,
  request: Parameters<AuthService['issueToken']>[0],
  listener: TokenOutcomeListener | null,
): Promise<TokenGrant> {
  let grant: TokenGrant
  try {
    grant = await auth.issueToken(request)
  } catch (error) {
    listener?.('aborted')
    throw error
  }
  listener?.(!grant.ok && grant.error === 'invalid_client' ? 'rejected' : 'authenticated')
  return grant
}

/**
 * Reads the form body with a size limit. RFC 6749 §3.2: parameters must not repeat, and a
 * parameter sent without a value counts as omitted. Returns the parameters, or the status and description of the fault.
 */
async function readForm(
  request: Request,
): Promise<URLSearchParams | { status: number; description: string }> {
  const bytes = await readLimitedBytes(request, MAX_FORM_BYTES)
  if (bytes === null) return { status: 413, description: `The request body exceeds ${MAX_FORM_BYTES} bytes` }
  const params = new URLSearchParams()
  for (const [name, value] of new URLSearchParams(new TextDecoder().decode(bytes))) {
    if (value === '') continue
    if (params.has(name)) return { status: 400, description: `The parameter ${name} is repeated` }
    params.set(name, value)
  }
  return params
}
