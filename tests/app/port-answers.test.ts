/** The server-level answers of each port in its own shape: 414, 500 and the 503 of a starting service, dashboard included. */
import { describe, expect, test } from 'bun:test'
import { internalError, starting, uriTooLong } from '../../src/app/port-answers.ts'
import { DASHBOARD_MAX_BODY_BYTES, guardPort, portOptions } from '../../src/app/ports.ts'
import { DASHBOARD_CSP } from '../../src/dashboard/http.ts'
import { sourceAddress } from '../../src/security/client-address.ts'
import { MAX_URL_BYTES } from '../../src/security/server-limits.ts'

const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://127.0.0.1:3002${path}`, { headers })

describe('while the service starts: 503 with Retry-After in each port’s shape', () => {
  test('the API: the error envelope', async () => {
    const response = starting('api', get('/readyz'))
    expect(response.status).toBe(503)
    expect(response.headers.get('retry-after')).toBe('1')
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(await response.json()).toEqual({
      errors: [{ code: 'Unavailable', path: null, message: 'The service is not ready' }],
    })
  })

  test('the resolver: {status, error} for JSON clients, its HTML page for browsers, never cached', async () => {
    const json = starting('resolver', get('/01/09506000134352', { accept: 'application/json' }))
    expect(json.status).toBe(503)
    expect(json.headers.get('retry-after')).toBe('1')
    expect(json.headers.get('cache-control')).toBe('no-store')
    expect(await json.json()).toEqual({ status: 503, error: 'SERVICE_STARTING' })
    const html = starting('resolver', get('/01/09506000134352', { accept: 'text/html' }))
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await html.text()).toContain('503 SERVICE_STARTING')
  })

  test('the dashboard: an HTML page with its security headers', async () => {
    const response = starting('dashboard', get('/sign-in'))
    expect(response.status).toBe(503)
    expect(response.headers.get('retry-after')).toBe('1')
    expect(response.headers.get('content-security-policy')).toBe(DASHBOARD_CSP)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.text()).toContain('The dashboard is starting. Reload the page in a moment.')
  })
})

describe('the dashboard port', () => {
  test('414 and 500 are HTML pages with the dashboard’s security headers, never the URL or the error', async () => {
    const long = `/products?q=${'<script>'.repeat(MAX_URL_BYTES / 8)}`
    const tooLong = uriTooLong('dashboard', get(long))
    expect(tooLong.status).toBe(414)
    expect(tooLong.headers.get('x-frame-options')).toBe('DENY')
    expect(await tooLong.text()).not.toContain('<script>')
    const failed = internalError('dashboard', get('/'))
    expect(failed.status).toBe(500)
    expect(failed.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await failed.text()).toContain('Nothing was half-done')
  })

  test('takes a 32 MiB catalog upload with its form fields, records the peer for the sign-in limit', async () => {
    const options = portOptions({ surface: 'dashboard', port: 0, fetch: () => new Response() })
    expect(options.maxRequestBodySize).toBe(DASHBOARD_MAX_BODY_BYTES)
    expect(DASHBOARD_MAX_BODY_BYTES).toBe(33 * 1024 * 1024)
    let seen = ''
    const handler = guardPort('dashboard', (request) => {
      seen = sourceAddress(request)
      return new Response()
    })
    await handler(get('/sign-in'), { requestIP: () => ({ address: '::ffff:192.0.2.7' }) })
    expect(seen).toBe('192.0.2.7')
    const thrown = await guardPort('dashboard', () => {
      throw new Error('secret detail')
    })(get('/'))
    expect(thrown.status).toBe(500)
    expect(await thrown.text()).not.toContain('secret detail')
  })
})
