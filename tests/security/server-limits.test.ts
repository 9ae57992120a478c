import { describe, expect, test } from 'bun:test'
import { createApp } from '../../src/api/app.ts'
import { authFeature, tokenRequestLimiter } from '../../src/api/auth/index.ts'
import { API_MAX_BODY_BYTES, portOptions, RESOLVER_MAX_BODY_BYTES } from '../../src/app/ports.ts'
import { createAuthService } from '../../src/auth/service.ts'
import { sourceAddress } from '../../src/security/client-address.ts'
import { DEFAULT_SECURITY_CONFIG, type SecurityConfig } from '../../src/security/config.ts'
import { MAX_HEAD_BYTES, MAX_URL_BYTES } from '../../src/security/server-limits.ts'
import { TEST_CONFIG, testDeps } from '../support/app.ts'
import { basicAuth, useServedService } from './harness.ts'
import { bodyOf, getRequest, rawExchange, statusOf } from './raw-http.ts'

/** One second, so idle connections are seen closing quickly. */
const SECURITY: SecurityConfig = { ...DEFAULT_SECURITY_CONFIG, idleTimeoutSeconds: 1 }
const RESOLVER_HOST = new URL(TEST_CONFIG.resolverUrl).host

const s = useServedService(SECURITY)

const apiUrl = (path: string) => `http://127.0.0.1:${s().ports.api}${path}`

describe('server options', () => {
  test('each port gets its body limit, the configured idle timeout and no development error page', () => {
    const handler = () => new Response()
    const a = portOptions({ surface: 'api', port: 3000, fetch: handler, security: SECURITY })
    const r = portOptions({ surface: 'resolver', port: 3001, fetch: handler })
    expect([a.maxRequestBodySize, a.idleTimeout, a.development]).toEqual([2 * 1024 * 1024, 1, false])
    // The resolver refuses a body over 16 KiB itself; Bun's limit leaves room to discard it (early-answers.test.ts).
    expect([r.maxRequestBodySize, r.idleTimeout, r.development]).toEqual([2 * 1024 * 1024, 10, false])
    expect([API_MAX_BODY_BYTES, RESOLVER_MAX_BODY_BYTES, MAX_URL_BYTES, MAX_HEAD_BYTES]).toEqual([
      2097152, 16384, 8192, 16384,
    ])
  })
})

describe('one server per port', () => {
  test('a second server on a port already served is refused, not given part of its traffic', () => {
    const handler = () => new Response()
    expect(() => Bun.serve(portOptions({ surface: 'api', port: s().ports.api, fetch: handler }))).toThrow(
      /in use/,
    )
    expect(() =>
      Bun.serve(portOptions({ surface: 'resolver', port: s().ports.resolver, fetch: handler })),
    ).toThrow(/in use/)
  })
})

describe('URL limit: 8 KiB', () => {
  test('the API answers 414 in the error envelope for a longer URL, and serves URLs up to the limit', async () => {
    const long = await fetch(apiUrl(`/code?${'a'.repeat(MAX_URL_BYTES)}`), { method: 'POST' })
    expect(long.status).toBe(414)
    expect(long.headers.get('content-type')).toBe('application/json')
    expect(await long.json()).toEqual({
      errors: [{ code: 'UriTooLong', path: null, message: 'The request URL exceeds 8 KiB' }],
    })
    const base = apiUrl('/healthz?')
    const fits = await fetch(base + 'a'.repeat(MAX_URL_BYTES - base.length))
    expect(fits.status).toBe(200)
  })

  test('the resolver answers 414 {status, error} for JSON clients and its HTML error page otherwise, with CORS', async () => {
    const path = `/01/09506000134352?${'x'.repeat(MAX_URL_BYTES)}`
    const json = await rawExchange(
      s().ports.resolver,
      [getRequest(path, RESOLVER_HOST, { accept: 'application/json' })],
      {
        waitMs: 5000,
      },
    )
    expect(statusOf(json.received)).toBe(414)
    expect(json.received.toLowerCase()).toContain('access-control-allow-origin: *')
    expect(JSON.parse(bodyOf(json.received))).toEqual({ status: 414, error: 'URI_TOO_LONG' })
    const html = await rawExchange(s().ports.resolver, [getRequest(path, RESOLVER_HOST)], {
      waitMs: 5000,
    })
    expect(statusOf(html.received)).toBe(414)
    expect(html.received).toContain('414 URI_TOO_LONG')
    expect(html.received).not.toContain('x'.repeat(100))
  })
})

describe('head limit: 16 KiB (Bun)', () => {
  test('a request head over the limit is refused with 431 and the connection closed, on both ports', async () => {
    for (const port of [s().ports.api, s().ports.resolver]) {
      const big = getRequest('/healthz', RESOLVER_HOST, { 'x-big': 'a'.repeat(MAX_HEAD_BYTES) })
      const r = await rawExchange(port, [big], { waitMs: 5000 })
      expect(statusOf(r.received)).toBe(431)
      expect(r.closedAfterMs).not.toBeNull()
    }
  })

  test('many small header fields count too', async () => {
    const fields = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`x-${i}`, 'a']))
    const r = await rawExchange(s().ports.api, [getRequest('/healthz', 'api.test', fields)], {
      waitMs: 5000,
    })
    expect(statusOf(r.received)).toBe(431)
  })

  test('ordinary heads of several KiB pass', async () => {
    const res = await fetch(apiUrl('/healthz'), { headers: { 'x-ok': 'a'.repeat(6 * 1024) } })
    expect(res.status).toBe(200)
  })
})

describe('body limits', () => {
  const json = (bytes: number) => `{"pad":"${'a'.repeat(bytes - 10)}"}`
  const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
    fetch(apiUrl(path), {
      method: 'POST',
      body,
      headers: { authorization: `Bearer ${s().token}`, 'content-type': 'application/json', ...headers },
    })

  test('a JSON body just over 1 MiB gets 413 in the envelope', async () => {
    const res = await post('/code', json(1024 * 1024 + 1))
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({
      errors: [{ code: 'PayloadTooLarge', path: null, message: 'The request body exceeds 1 MiB' }],
    })
  })

  test('a chunked body over 1 MiB (no Content-Length) gets 413 in the envelope too', async () => {
    const chunk = new TextEncoder().encode('['.repeat(64 * 1024))
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 24; i++) controller.enqueue(chunk)
        controller.close()
      },
    })
    const res = await post('/code', body)
    expect(res.status).toBe(413)
    expect((await res.json()).errors[0].code).toBe('PayloadTooLarge')
  })

  test('a body over 2 MiB is refused by the server itself with 413', async () => {
    const res = await post('/code', json(API_MAX_BODY_BYTES + 1))
    expect(res.status).toBe(413)
  })

  test('a body of 1 MiB is read and judged on its content (422, not 413)', async () => {
    const res = await post('/codes', JSON.stringify({ codes: [], pad: 'a'.repeat(1024 * 1024 - 40) }))
    expect(res.status).toBe(422)
  })

  test('the resolver port refuses a body over 16 KiB with 413 in its shape, and leaves one within it to the resolver', async () => {
    const post = (bytes: number) =>
      fetch(`http://127.0.0.1:${s().ports.resolver}/01/09506000134352`, {
        method: 'POST',
        headers: { accept: 'application/json' },
        body: 'a'.repeat(bytes),
      })
    const over = await post(RESOLVER_MAX_BODY_BYTES + 1)
    expect(over.status).toBe(413)
    expect(await over.json()).toEqual({ status: 413, error: 'PAYLOAD_TOO_LARGE' })
    // The resolver's own answer: 404, since the loopback address is none of its hosts.
    expect((await post(RESOLVER_MAX_BODY_BYTES)).status).toBe(404)
  })
})

describe('failures inside a handler', () => {
  test('a throwing handler gives a constant 500 in the port shape, no stack trace, and the error is reported', async () => {
    const reported: unknown[] = []
    const fail = () => {
      throw new Error('secret detail at handler (src/x.ts:1:1)')
    }
    const servers = [
      Bun.serve(
        portOptions({
          surface: 'api',
          port: 0,
          hostname: '127.0.0.1',
          fetch: fail,
          onError: (e) => reported.push(e),
        }),
      ),
      Bun.serve(
        portOptions({
          surface: 'resolver',
          port: 0,
          hostname: '127.0.0.1',
          fetch: async () => fail(),
          onError: (e) => reported.push(e),
        }),
      ),
    ]
    try {
      const bodies = []
      for (const server of servers) {
        const res = await fetch(`http://127.0.0.1:${server.port}/`, {
          headers: { accept: 'application/json' },
        })
        expect(res.status).toBe(500)
        bodies.push(await res.json())
      }
      expect(bodies).toEqual([
        { errors: [{ code: 'InternalError', path: null, message: 'Internal server error' }] },
        { status: 500, error: 'INTERNAL_ERROR' },
      ])
      expect(reported).toHaveLength(2)
    } finally {
      await Promise.all(servers.map((server) => server.stop(true)))
    }
  })
})

describe('source address and the token rate limit over a real socket', () => {
  test('the peer address reaches the handler, and failures from it end in 429 with Retry-After', async () => {
    const seen = Bun.serve(
      portOptions({
        surface: 'api',
        port: 0,
        hostname: '127.0.0.1',
        fetch: (r) => new Response(sourceAddress(r)),
      }),
    )
    const deps = testDeps(s().database, { clock: s().clock })
    const limits = { client: { burst: 100, perMinute: 60 }, address: { burst: 2, perMinute: 6 } }
    const limitTokenRequest = tokenRequestLimiter({ limits, clock: s().clock })
    const auth = await createAuthService(deps)
    const app = createApp(deps, [authFeature({ ...deps, auth, limitTokenRequest })])
    const limited = Bun.serve(
      portOptions({ surface: 'api', port: 0, hostname: '127.0.0.1', fetch: (r) => app.handle(r) }),
    )
    try {
      expect(await (await fetch(`http://127.0.0.1:${seen.port}/`)).text()).toBe('127.0.0.1')
      const statuses = []
      let last: Response | undefined
      for (let i = 0; i < 3; i++) {
        last = await fetch(`http://127.0.0.1:${limited.port}/oauth/token`, {
          method: 'POST',
          headers: {
            authorization: basicAuth(s().client.clientId, `wrong-${i}`),
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: 'grant_type=client_credentials',
        })
        statuses.push(last.status)
      }
      expect(statuses).toEqual([401, 401, 429])
      expect(last?.headers.get('retry-after')).toBe('10')
    } finally {
      await Promise.all([seen.stop(true), limited.stop(true)])
      await auth.close()
    }
  })
})

describe('slow and idle clients', () => {
  test('idle keep-alive connections and stalled bodies are closed after the idle timeout; stalled heads within 15 s', async () => {
    const port = s().ports.api
    const keepAlive = `GET /healthz HTTP/1.1\r\nHost: api.test\r\n\r\n`
    const stalledBody =
      'POST /oauth/token HTTP/1.1\r\nHost: api.test\r\nContent-Type: application/x-www-form-urlencoded\r\n' +
      'Content-Length: 100\r\n\r\ngrant_type='
    const [idle, body, head, drip] = await Promise.all([
      rawExchange(port, [keepAlive], { waitMs: 8000 }),
      rawExchange(port, [stalledBody], { waitMs: 8000 }),
      rawExchange(port, ['GET /healthz HTTP/1.1\r\nHost: api.test\r\n'], { waitMs: 20_000 }),
      // Slowloris: a header line every second, never finishing the head.
      rawExchange(
        port,
        ['GET /healthz HTTP/1.1\r\n', ...Array.from({ length: 30 }, (_, i) => `x-${i}: a\r\n`)],
        {
          waitMs: 20_000,
          gapMs: 1000,
        },
      ),
    ])
    expect(statusOf(idle.received)).toBe(200)
    expect(idle.closedAfterMs).not.toBeNull()
    expect(idle.closedAfterMs as number).toBeLessThan(8000)
    expect(body.closedAfterMs).not.toBeNull()
    expect(body.closedAfterMs as number).toBeLessThan(8000)
    expect(head.closedAfterMs).not.toBeNull()
    expect(drip.closedAfterMs).not.toBeNull()
  }, 30_000)
})
