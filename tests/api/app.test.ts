import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createApp } from '../../src/api/app.ts'
import type { Database } from '../../src/db/database.ts'
import { apiRequest, testDeps } from '../support/app.ts'
import { DATABASE_HOOK_TIMEOUT_MS, openTestDatabase } from '../support/db.ts'

let database: Database
let app: ReturnType<typeof createApp>
let deps: ReturnType<typeof testDeps>

beforeAll(async () => {
  database = await openTestDatabase()
  deps = testDeps(database)
  app = createApp(deps)
}, DATABASE_HOOK_TIMEOUT_MS)
afterAll(async () => {
  await database.close()
}, DATABASE_HOOK_TIMEOUT_MS)

describe('API app', () => {
  test('GET /healthz answers 200 {status: ok}', async () => {
    const res = await app.handle(apiRequest('/healthz'))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok' })
  })

  test('GET /readyz answers 200 while the database answers', async () => {
    const res = await app.handle(apiRequest('/readyz'))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ready' })
  })

  test('an unknown route answers 404 in the error envelope', async () => {
    const res = await app.handle(apiRequest('/nope'))
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(await res.json()).toEqual({
      errors: [{ code: 'NotFound', path: null, message: 'Unknown resource' }],
    })
  })

  test('a known path with the wrong method answers 405 with Allow', async () => {
    const res = await app.handle(apiRequest('/healthz', { method: 'DELETE' }))
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('GET, HEAD')
    expect((await res.json()).errors[0].code).toBe('MethodNotAllowed')
  })

  test('a body over 1 MiB answers 413 before any route runs', async () => {
    const res = await app.handle(
      apiRequest('/healthz', {
        method: 'POST',
        headers: { 'content-length': String(2 * 1024 * 1024) },
        body: 'x',
      }),
    )
    expect(res.status).toBe(413)
    expect((await res.json()).errors[0].code).toBe('PayloadTooLarge')
  })

  test('logs one JSON line per request with method, path, status and duration', async () => {
    deps.logger.lines.length = 0
    await app.handle(apiRequest('/healthz?secret=x'))
    await Bun.sleep(0)
    const line = JSON.parse(deps.logger.lines.at(-1) ?? '{}')
    expect(line).toMatchObject({
      event: 'request',
      method: 'GET',
      path: '/healthz',
      status: 200,
      clientId: null,
    })
    expect(typeof line.ms).toBe('number')
    expect(deps.logger.lines.join('\n')).not.toContain('secret=x')
  })

  test('logs the status the client got for answers made outside a route: 404, 405, 413', async () => {
    const logged = async (request: Request) => {
      deps.logger.lines.length = 0
      const res = await app.handle(request)
      await Bun.sleep(0)
      const lines = deps.logger.lines.map((l) => JSON.parse(l)).filter((l) => l.event === 'request')
      return [res.status, lines.map((l) => `${l.method} ${l.path} ${l.status}`)]
    }
    expect(await logged(apiRequest('/nope'))).toEqual([404, ['GET /nope 404']])
    expect(await logged(apiRequest('/healthz', { method: 'DELETE' }))).toEqual([405, ['DELETE /healthz 405']])
    const big = apiRequest('/healthz', {
      method: 'POST',
      headers: { 'content-length': String(2 * 1024 * 1024) },
      body: 'x',
    })
    expect(await logged(big)).toEqual([413, ['POST /healthz 413']])
  })

  test('logs the status a route answered with its own Response: /readyz 503 is logged as 503', async () => {
    const down: Database = { ...database, ping: () => Promise.reject(new Error('connection refused')) }
    const logger = testDeps(down).logger
    const unready = createApp({ ...testDeps(down), logger })
    const res = await unready.handle(apiRequest('/readyz'))
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({
      errors: [{ code: 'Unavailable', path: null, message: 'The database does not answer' }],
    })
    await Bun.sleep(0)
    const lines = logger.lines.map((l) => JSON.parse(l)).filter((l) => l.event === 'request')
    expect(lines.map((l) => `${l.method} ${l.path} ${l.status}`)).toEqual(['GET /readyz 503'])
  })

  test('a URL that does not parse (no Host, or one that is no host) is 400 InvalidHost, logged with its path', async () => {
    // What Bun hands over for `GET /oauth/token HTTP/1.0` without Host, or `Host: [::1`: no URL parser takes it.
    const urls = {
      '/oauth/token?x=1': '/oauth/token',
      'http://[::1/healthz': '/healthz',
      'http://a b/docs/': '/docs/',
    }
    for (const [url, path] of Object.entries(urls)) {
      const request = apiRequest('/healthz')
      Object.defineProperty(request, 'url', { value: url })
      deps.logger.lines.length = 0
      const res = await app.handle(request)
      expect(res.status).toBe(400)
      expect(res.headers.get('content-type')).toBe('application/json')
      expect(await res.json()).toEqual({
        errors: [
          {
            code: 'InvalidHost',
            path: null,
            message: 'The request has no Host header, or one that is not a valid host',
          },
        ],
      })
      await Bun.sleep(0)
      const logged = deps.logger.lines.map((l) => JSON.parse(l)).filter((l) => l.event === 'request')
      expect(logged.map((l) => `${l.path} ${l.status}`)).toEqual([`${path} 400`])
    }
  })
})
