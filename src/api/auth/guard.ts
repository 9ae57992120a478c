/** The bearer-token guard for every API endpoint except the token endpoint (RFC 6750), as a macro and as a hook. */
import { Elysia, status } from 'elysia'
import type { BearerFailure, BearerResult, Principal } from '../../auth/service.ts'
import { requestLogContext } from '../app.ts'
import { errorBody } from '../errors.ts'
import { JSON_TYPE, jsonResponse } from '../media.ts'

/** What the guard needs from the auth service. */
export interface BearerVerifier {
  verifyBearer(authorization: string | null): BearerResult | Promise<BearerResult>
}

/** RFC 6750 §3: the challenge; `realm` names the protection space. */
export const BEARER_REALM = 'Bearer realm="api"'

/** A refusal: status, envelope body and the `WWW-Authenticate` challenge. */
export interface GuardRefusal {
  status: 401 | 403
  body: ReturnType<typeof errorBody>
  challenge: string
}

export type GuardResult = { ok: true; principal: Principal } | { ok: false; refusal: GuardRefusal }

const MESSAGES: Record<Exclude<BearerFailure, 'subscription'>, string> = {
  missing: 'An Authorization: Bearer access token is required',
  scheme:
    'The Authorization header must carry an access token in the Bearer scheme (get one at POST /oauth/token)',
  malformed: 'The bearer access token is malformed: it is not a JWT',
  expired: 'The access token has expired',
  invalid: 'The access token is invalid or revoked',
  revoked: 'The access token is invalid or revoked',
}

const SUBSCRIPTION_MESSAGE = "The organization's subscription no longer covers API clients"

/**
 * Verifies the request's token and that it carries `scope`. Synchronous on the common path (a
 * token, client and organization seen within the last seconds), so a cached request stays cheap.
 */
export function authorize(
  auth: BearerVerifier,
  request: Request,
  scope: string,
): GuardResult | Promise<GuardResult> {
  const result = auth.verifyBearer(request.headers.get('authorization'))
  return result instanceof Promise
    ? result.then((r) => decide(r, request, scope))
    : decide(result, request, scope)
}

function decide(result: BearerResult, request: Request, scope: string): GuardResult {
  if (!result.ok) return { ok: false, refusal: refusalFor(result.failure) }
  requestLogContext.set(request, { clientId: result.principal.clientId })
  if (!result.principal.scopes.includes(scope)) {
    // RFC 6750 §3.1: a token without the scope (or on an endpoint it is not meant for) is 403.
    const challenge = `${BEARER_REALM}, error="insufficient_scope", scope="${scope}"`
    const message = `This operation needs the ${scope} scope, which the access token does not carry`
    return { ok: false, refusal: { status: 403, body: errorBody('forbidden', message), challenge } }
  }
  return result
}

/** RFC 6750 §3.1: no error code when credentials are missing or of another scheme; `invalid_token` otherwise. */
function refusalFor(failure: BearerFailure): GuardRefusal {
  if (failure === 'subscription') {
    const challenge = `${BEARER_REALM}, error="insufficient_scope"`
    return { status: 403, body: errorBody('forbidden', SUBSCRIPTION_MESSAGE), challenge }
  }
  const challenge =
    failure === 'missing' || failure === 'scheme' ? BEARER_REALM : `${BEARER_REALM}, error="invalid_token"`
  return { status: 401, body: errorBody('unauthorized', MESSAGES[failure]), challenge }
}

/** The refusal as a `Response` in the API envelope. */
export function refusalResponse(refusal: GuardRefusal): Response {
  return jsonResponse(refusal.body, refusal.status, JSON_TYPE, { 'www-authenticate': refusal.challenge })
}

const principals = new WeakMap<Request, Principal>()

/**
 * A `beforeHandle` hook: `{ beforeHandle: requireScope(auth, 'write:codes') }`. On success the
 * principal is available through {@link principalOf}; on failure the hook answers 401 or 403.
 */
export function requireScope(auth: BearerVerifier, scope: string) {
  return function bearerGuard(context: HookContext): Response | undefined | Promise<Response | undefined> {
    const result = authorize(auth, context.request, scope)
    return result instanceof Promise ? result.then((r) => settle(r, context)) : settle(result, context)
  }
}

/** The part of Elysia's hook context the guard uses. */
interface HookContext {
  request: Request
  set?: { status?: number | string }
}

function settle(result: GuardResult, context: HookContext): Response | undefined {
  if (!result.ok) {
    // The request log reads `set.status`; a returned Response does not update it by itself.
    if (context.set) context.set.status = result.refusal.status
    return refusalResponse(result.refusal)
  }
  principals.set(context.request, result.principal)
  return undefined
}

/** The principal a passed {@link requireScope} hook stored for this request. */
export function principalOf(request: Request): Principal | undefined {
  return principals.get(request)
}

/**
 * A plugin adding the `scope` route option: `.use(bearerAuth(auth)).post('/code', ({ principal }) => …,
 * { scope: 'write:codes' })`. The handler receives `principal`; refusals never reach it.
 */
export function bearerAuth(auth: BearerVerifier) {
  return new Elysia().macro({
    scope: (scope: string) => ({
      resolve({ request, set }) {
        const result = authorize(auth, request, scope)
        return result instanceof Promise ? result.then((r) => resolved(r, set)) : resolved(result, set)
      },
    }),
  })
}

function resolved(result: GuardResult, set: { headers: Record<string, unknown> }) {
  if (result.ok) return { principal: result.principal }
  set.headers['content-type'] = JSON_TYPE
  set.headers['www-authenticate'] = result.refusal.challenge
  return status(result.refusal.status, result.refusal.body)
}
