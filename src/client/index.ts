/** The typed TypeScript client of the code API: openapi-fetch over the generated types, with token handling. */
import createClient, { type Client } from 'openapi-fetch'
import type { paths } from './schema.ts'
import { createTokenSource, type FetchLike, type TokenSource, type TokenSourceOptions } from './token.ts'

export type { components, operations, paths } from './schema.ts'
export { createTokenSource, TokenRequestError, type TokenSource, type TokenSourceOptions } from './token.ts'

export type CodeApiClient = Client<paths>

function withBearer(request: Request, token: string): Request {
  const headers = new Headers(request.headers)
  headers.set('authorization', `Bearer ${token}`)
  return new Request(request, { headers })
}

/** A refusal with `Retry-After` (429: the client's budget; 503: the service's queue) and when it ends. */
interface HeldBack {
  readonly status: number
  readonly type: string | null
  readonly body: string
  readonly until: number
}

/**
 * A fetch that adds the bearer token and, on a `401`, authenticates again and retries once (SPEC "Authentication" 2:
 * the token may have been revoked or have expired early). After a `429` or `503` with `Retry-After`, like the token
 * source after its own `429`, it sends nothing before that time: each call meanwhile gets the same refusal, its
 * `Retry-After` counting down, without a request (the budget is the client's, whichever call hits it).
 */
export function authenticatedFetch(
  tokens: TokenSource,
  send: FetchLike,
  now: () => number = Date.now,
): FetchLike {
  let held: HeldBack | null = null
  return async (request) => {
    if (held !== null) {
      const waitMs = held.until - now()
      if (waitMs > 0) return heldBackResponse(held, Math.ceil(waitMs / 1000))
      held = null
    }
    const retry = request.clone()
    const token = await tokens.token()
    const first = await send(withBearer(request, token))
    const answer = first.status === 401 ? await again(first) : first
    const seconds = answer.status === 429 || answer.status === 503 ? retryAfterSeconds(answer) : null
    if (seconds !== null) {
      // Retry-After counts from the answer's arrival (RFC 9110 §10.2.3).
      const body = await answer.clone().text()
      held = {
        status: answer.status,
        type: answer.headers.get('content-type'),
        body,
        until: now() + seconds * 1000,
      }
    }
    return answer

    async function again(refused: Response): Promise<Response> {
      tokens.invalidate(token)
      await refused.body?.cancel()
      return send(withBearer(retry, await tokens.token()))
    }
  }
}

/** `Retry-After` in whole seconds (the delay form), or null. */
function retryAfterSeconds(response: Response): number | null {
  const value = response.headers.get('retry-after')
  return value !== null && /^\d{1,9}$/.test(value) ? Number(value) : null
}

function heldBackResponse(held: HeldBack, seconds: number): Response {
  const headers = new Headers({ 'retry-after': String(seconds) })
  if (held.type !== null) headers.set('content-type', held.type)
  return new Response(held.body, { status: held.status, headers })
}

/**
 * @example
 * const api = createCodeApiClient({ baseUrl: 'http://localhost:3000', clientId, clientSecret })
 * const { data, error } = await api.POST('/code', { body: { primaryKey: { key: '01', value: '09506000134352' } } })
 * const svg = await api.POST('/render', { body: { mode: 'GS1_QR', primaryKey }, parseAs: 'text' })
 */
export function createCodeApiClient(options: TokenSourceOptions): CodeApiClient {
  // The platform's fetch by default: the token requests must not go through the authenticated one.
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request))
  const tokens = createTokenSource({ ...options, fetch: send })
  return createClient<paths>({
    baseUrl: options.baseUrl,
    fetch: authenticatedFetch(tokens, send, options.now),
  })
}
