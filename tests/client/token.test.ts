/** The client's token handling (SPEC "Authentication" 2): cache, renewal shortly before expiry, one retry on 401. */
import { describe, expect, test } from 'bun:test'
import { authenticatedFetch, createTokenSource, TokenRequestError } from '../../src/client/index.ts'

const BASE = 'http://api.test'

/** A token endpoint stub that issues tok1, tok2, … valid for `expiresIn` seconds and records each request. */
function tokenServer(expiresIn = 3600) {
  const requests: Request[] = []
  const fetch = async (request: Request) => {
    requests.push(request)
    return Response.json({
      access_token: `tok${requests.length}`,
      token_type: 'Bearer',
      expires_in: expiresIn,
    })
  }
  return { requests, fetch }
}

function clock(start = 1_000_000) {
  let now = start
  const f = () => now
  f.advance = (ms: number) => {
    now += ms
  }
  return f
}

describe('token source', () => {
  test('requests a token with HTTP Basic (form-encoded halves) and the client credentials grant', async () => {
    const server = tokenServer()
    const tokens = createTokenSource({
      baseUrl: BASE,
      clientId: 'svc_client_a',
      clientSecret: 's:e c',
      fetch: server.fetch,
    })
    expect(await tokens.token()).toBe('tok1')
    const [request] = server.requests
    expect(request?.url).toBe(`${BASE}/oauth/token`)
    expect(request?.headers.get('authorization')).toBe(`Basic ${btoa('svc_client_a:s%3Ae+c')}`)
    expect(request?.headers.get('content-type')).toBe('application/x-www-form-urlencoded')
    expect(await request?.text()).toBe('grant_type=client_credentials')
  })

  test('caches the token until 60 seconds before it expires, then renews it', async () => {
    const server = tokenServer(3600)
    const now = clock()
    const tokens = createTokenSource({
      baseUrl: BASE,
      clientId: 'a',
      clientSecret: 'b',
      fetch: server.fetch,
      now,
    })
    expect(await tokens.token()).toBe('tok1')
    now.advance(3539 * 1000)
    expect(await tokens.token()).toBe('tok1')
    now.advance(1000)
    expect(await tokens.token()).toBe('tok2')
    expect(server.requests.length).toBe(2)
  })

  test('concurrent callers share one token request', async () => {
    const server = tokenServer()
    const tokens = createTokenSource({ baseUrl: BASE, clientId: 'a', clientSecret: 'b', fetch: server.fetch })
    expect(await Promise.all([tokens.token(), tokens.token(), tokens.token()])).toEqual([
      'tok1',
      'tok1',
      'tok1',
    ])
    expect(server.requests.length).toBe(1)
  })

  test('a refused request throws TokenRequestError with the status and RFC 6749 code, never the secret', async () => {
    const fetch = async () => Response.json({ error: 'invalid_client' }, { status: 401 })
    const tokens = createTokenSource({ baseUrl: BASE, clientId: 'a', clientSecret: 'top-secret', fetch })
    const error = await tokens.token().catch((e) => e)
    expect(error).toBeInstanceOf(TokenRequestError)
    expect([error.status, error.error, error.message]).toEqual([
      401,
      'invalid_client',
      'token request failed with 401 (invalid_client)',
    ])
    expect(String(error.stack)).not.toContain('top-secret')
  })

  test('after a 429 it reports Retry-After and does not ask again before then', async () => {
    const time = clock()
    let calls = 0
    const fetch = async () => {
      calls++
      // The refusal takes 3 s to arrive: the wait counts from its arrival.
      if (calls === 1) time.advance(3_000)
      return calls === 1
        ? Response.json({ error: 'invalid_request' }, { status: 429, headers: { 'retry-after': '26' } })
        : Response.json({ access_token: 'tok', token_type: 'Bearer', expires_in: 3600 })
    }
    const tokens = createTokenSource({ baseUrl: BASE, clientId: 'a', clientSecret: 'b', fetch, now: time })
    const first = await tokens.token().catch((e) => e)
    expect([first.status, first.error, first.retryAfterSeconds, first.message]).toEqual([
      429,
      'invalid_request',
      26,
      'token request failed with 429 (invalid_request); retry after 26 s',
    ])
    time.advance(20_000)
    const early = await tokens.token().catch((e) => e)
    expect([early.status, early.retryAfterSeconds, calls]).toEqual([429, 6, 1])
    time.advance(6_000)
    expect(await tokens.token()).toBe('tok')
    expect(calls).toBe(2)
  })

  test('keeps a path prefix of the base URL, as the API calls do', async () => {
    const server = tokenServer()
    const tokens = createTokenSource({
      baseUrl: 'http://gw.test/api/',
      clientId: 'a',
      clientSecret: 'b',
      fetch: server.fetch,
    })
    await tokens.token()
    expect(server.requests[0]?.url).toBe('http://gw.test/api/oauth/token')
  })
})

describe('authenticated fetch', () => {
  test('sends the bearer token, and on a 401 authenticates again and retries once with the body intact', async () => {
    const server = tokenServer()
    const tokens = createTokenSource({ baseUrl: BASE, clientId: 'a', clientSecret: 'b', fetch: server.fetch })
    const seen: [string | null, string][] = []
    const api = async (request: Request) => {
      seen.push([request.headers.get('authorization'), await request.text()])
      return new Response(null, {
        status: request.headers.get('authorization') === 'Bearer tok1' ? 401 : 200,
      })
    }
    const send = authenticatedFetch(tokens, api)
    const res = await send(new Request(`${BASE}/code`, { method: 'POST', body: '{"a":1}' }))
    expect(res.status).toBe(200)
    expect(seen).toEqual([
      ['Bearer tok1', '{"a":1}'],
      ['Bearer tok2', '{"a":1}'],
    ])
  })

  test('retries only once: a second 401 is returned to the caller', async () => {
    const server = tokenServer()
    const tokens = createTokenSource({ baseUrl: BASE, clientId: 'a', clientSecret: 'b', fetch: server.fetch })
    let calls = 0
    const send = authenticatedFetch(tokens, async () => {
      calls++
      return new Response(null, { status: 401 })
    })
    expect((await send(new Request(`${BASE}/code`, { method: 'POST', body: '{}' }))).status).toBe(401)
    expect([calls, server.requests.length]).toEqual([2, 2])
  })
})

describe('authenticated fetch after a 429 or 503 with Retry-After', () => {
  test('sends nothing before Retry-After has passed: calls meanwhile get the refusal, counting down', async () => {
    const time = clock()
    const server = tokenServer()
    const tokens = createTokenSource({ baseUrl: BASE, clientId: 'a', clientSecret: 'b', fetch: server.fetch })
    const envelope = { errors: [{ code: 'TooManyRequests', path: null, message: 'retry later' }] }
    const sent: string[] = []
    const api = async (request: Request) => {
      sent.push(new URL(request.url).pathname)
      if (sent.length === 1) {
        // The refusal takes 2 s to arrive: the wait counts from its arrival.
        time.advance(2_000)
        return Response.json(envelope, { status: 429, headers: { 'retry-after': '10' } })
      }
      return Response.json({ barcodeText: 'x', hri: 'y' })
    }
    const send = authenticatedFetch(tokens, api, time)
    const call = (path: string) => send(new Request(`${BASE}${path}`, { method: 'POST', body: '{}' }))
    const refused = await call('/codes')
    expect([refused.status, refused.headers.get('retry-after')]).toEqual([429, '10'])
    expect(await refused.json()).toEqual(envelope)
    time.advance(6_500)
    const held = await call('/code')
    expect([held.status, held.headers.get('retry-after'), held.headers.get('content-type')]).toEqual([
      429,
      '4',
      'application/json;charset=utf-8',
    ])
    expect(await held.json()).toEqual(envelope)
    expect(sent).toEqual(['/codes'])
    time.advance(3_500)
    expect((await call('/code')).status).toBe(200)
    expect(sent).toEqual(['/codes', '/code'])
  })

  test('a 503 with Retry-After holds back too; a 429 or 503 without it does not', async () => {
    const time = clock()
    const server = tokenServer()
    const tokens = createTokenSource({ baseUrl: BASE, clientId: 'a', clientSecret: 'b', fetch: server.fetch })
    const answers = [
      new Response(null, { status: 503 }),
      new Response(null, { status: 429 }),
      new Response('{}', { status: 503, headers: { 'retry-after': '1' } }),
      new Response('{}'),
    ]
    let calls = 0
    const send = authenticatedFetch(tokens, async () => answers[calls++] as Response, time)
    const call = () => send(new Request(`${BASE}/render`, { method: 'POST', body: '{}' }))
    expect([(await call()).status, (await call()).status, (await call()).status]).toEqual([503, 429, 503])
    expect((await call()).status).toBe(503)
    expect(calls).toBe(3)
    time.advance(1_000)
    expect((await call()).status).toBe(200)
    expect(calls).toBe(4)
  })
})
