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

/**
 * A fetch that adds the bearer token and, on a `401`, authenticates again and retries once (SPEC
 * "Authentication" 2: the token may have been revoked or have expired early).
 */
export function authenticatedFetch(tokens: TokenSource, send: FetchLike): FetchLike {
  return async (request) => {
    const retry = request.clone()
    const token = await tokens.token()
    const first = await send(withBearer(request, token))
    if (first.status !== 401) return first
    tokens.invalidate(token)
    await first.body?.cancel()
    return send(withBearer(retry, await tokens.token()))
  }
}

/**
 * @example
 * const api = createCodeApiClient({ baseUrl: 'http://localhost:3000', clientId, clientSecret })
 * const { data, error } = await api.POST('/code', { body: { primaryKey: { key: '01', value: '09506000134352' } } })
 * const svg = await api.POST('/render', { body: { mode: 'GS1_QR', primaryKey }, parseAs: 'text' })
 */
export function createCodeApiClient(options: TokenSourceOptions): CodeApiClient {
  const send = options.fetch ?? ((request: Request) => fetch(request))
  const tokens = createTokenSource({ ...options, fetch: send })
  return createClient<paths>({ baseUrl: options.baseUrl, fetch: authenticatedFetch(tokens, send) })
}
