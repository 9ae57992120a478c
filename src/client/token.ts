/** Access tokens for API callers: fetched with client credentials, cached, renewed shortly before expiry (SPEC "Authentication" 2). */

export type FetchLike = (request: Request) => Promise<Response>

export interface TokenSourceOptions {
  /** Base URL of the API, e.g. `http://localhost:3000` (a path prefix such as `https://gw.example/api` is kept). */
  baseUrl: string
  clientId: string
  clientSecret: string
  /** Scopes to ask for; omitted means all the client's scopes. */
  scope?: string
  /** Renew this many seconds before the token expires (default 60). */
  renewBeforeSeconds?: number
  fetch?: FetchLike
  /** Milliseconds since the epoch (tests inject a clock). */
  now?: () => number
}

export interface TokenSource {
  /** A valid token: the cached one, or a new one when none is cached or it is about to expire. */
  token(): Promise<string>
  /** Forgets `token` (the API answered 401 to it), so the next `token()` authenticates again. */
  invalidate(token: string): void
}

/**
 * A refused token request; carries the RFC 6749 `error` code, never the credentials. After a `429`,
 * `retryAfterSeconds` says when to ask again (the source itself does not ask before then).
 */
export class TokenRequestError extends Error {
  override name = 'TokenRequestError'
  constructor(
    readonly status: number,
    readonly error: string | null,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(
      `token request failed with ${status}${error ? ` (${error})` : ''}` +
        (retryAfterSeconds === null ? '' : `; retry after ${retryAfterSeconds} s`),
    )
  }
}

/** `Retry-After` in whole seconds (RFC 9110 §10.2.3, the delay form), or null. */
function retryAfter(response: Response): number | null {
  const value = response.headers.get('retry-after')
  return value !== null && /^\d{1,9}$/.test(value) ? Number(value) : null
}

/** RFC 6749 §2.3.1: both halves are form-urlencoded before they are joined and base64-encoded. */
function basicCredentials(clientId: string, clientSecret: string): string {
  const encode = (s: string) => encodeURIComponent(s).replace(/%20/g, '+')
  const bytes = new TextEncoder().encode(`${encode(clientId)}:${encode(clientSecret)}`)
  return `Basic ${btoa(String.fromCharCode(...bytes))}`
}

/**
 * Caches one token per source. Concurrent callers share a single token request, so a burst of calls
 * after expiry authenticates once.
 */
export function createTokenSource(options: TokenSourceOptions): TokenSource {
  const send = options.fetch ?? ((request: Request) => fetch(request))
  const now = options.now ?? Date.now
  const renewMs = (options.renewBeforeSeconds ?? 60) * 1000
  // Appended to the base URL's path, as openapi-fetch does with the API's paths.
  const url = `${options.baseUrl.replace(/\/+$/, '')}/oauth/token`
  let cached: { token: string; renewAt: number } | null = null
  let pending: Promise<string> | null = null
  let refused: { error: TokenRequestError; until: number } | null = null

  async function request(): Promise<string> {
    const body = new URLSearchParams({ grant_type: 'client_credentials' })
    if (options.scope) body.set('scope', options.scope)
    const sentAt = now()
    const response = await send(
      new Request(url, {
        method: 'POST',
        headers: {
          authorization: basicCredentials(options.clientId, options.clientSecret),
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: body.toString(),
      }),
    )
    const payload = (await response.json().catch(() => null)) as Record<string, unknown> | null
    if (response.status !== 200 || typeof payload?.access_token !== 'string') {
      const seconds = response.status === 429 ? retryAfter(response) : null
      const error = new TokenRequestError(
        response.status,
        typeof payload?.error === 'string' ? payload.error : null,
        seconds,
      )
      // Retry-After counts from the answer's arrival (RFC 9110 §10.2.3), however long it took.
      if (seconds !== null) refused = { error, until: now() + seconds * 1000 }
      throw error
    }
    const expiresIn = typeof payload.expires_in === 'number' ? payload.expires_in : 0
    // Counted from when the request was sent, so a slow answer cannot make the token look fresher.
    cached = { token: payload.access_token, renewAt: sentAt + expiresIn * 1000 - renewMs }
    return payload.access_token
  }

  return {
    token() {
      if (cached !== null && now() < cached.renewAt) return Promise.resolve(cached.token)
      if (refused !== null) {
        const waitMs = refused.until - now()
        if (waitMs > 0) {
          const { status, error } = refused.error
          return Promise.reject(new TokenRequestError(status, error, Math.ceil(waitMs / 1000)))
        }
        refused = null
      }
      pending ??= request().finally(() => {
        pending = null
      })
      return pending
    },
    invalidate(token) {
      if (cached?.token === token) cached = null
    },
  }
}
