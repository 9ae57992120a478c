import { describe, expect, test } from 'bun:test'
import { createResolverPort } from '../../src/app/resolver-port.ts'
import { memoryLogger } from '../../src/lib/log.ts'
import { createPagesRoute } from '../../src/pages/index.ts'
import type { Catalog } from '../../src/resolver/catalog.ts'
import { createResolverRoute } from '../../src/resolver/index.ts'
import { createMemoryCatalog } from '../../src/resolver/memory-catalog.ts'
import { products } from '../pages/fixtures.ts'
import { config, RESOLVER } from '../resolver/fixtures.ts'

function port(catalog: Catalog = createMemoryCatalog(products)) {
  const logger = memoryLogger()
  let readyCalls = 0
  const handler = createResolverPort({
    pages: createPagesRoute({ catalog, config }),
    resolve: createResolverRoute({ catalog, config }),
    readiness: async () => {
      readyCalls++
      return Response.json({ status: 'ready' })
    },
    logger,
  })
  const logged = () => logger.lines.map((line) => JSON.parse(line) as Record<string, unknown>)
  return { handler, logged, readyCalls: () => readyCalls }
}

const get = (path: string, headers: Record<string, string> = {}) => new Request(RESOLVER + path, { headers })

describe('resolver port', () => {
  test('answers /healthz itself and /readyz through the readiness check', async () => {
    const p = port()
    const health = await p.handler(get('/healthz'))
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ status: 'ok' })
    expect(p.readyCalls()).toBe(0)
    expect(await (await p.handler(get('/readyz'))).json()).toEqual({ status: 'ready' })
    expect(p.readyCalls()).toBe(1)
  })

  test('serves a product page, and hands every other path to the resolver', async () => {
    const p = port()
    const page = await p.handler(get('/fr/northwind/olive-oil/info'))
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const scan = await p.handler(get('/01/09506000134376', { 'accept-language': 'en' }))
    expect(scan.status).toBe(307)
    expect(scan.headers.get('location')).toBe('/en/northwind/olive-oil/info')
    expect((await p.handler(get('/nothing/here'))).status).toBe(404)
  })

  test('answers a scan of a product the catalog holds in memory without a promise', () => {
    const answer = port().handler(get('/01/09506000134376'))
    expect(answer).toBeInstanceOf(Response)
    expect((answer as Response).status).toBe(307)
  })

  test('waits for a catalog that answers only asynchronously', async () => {
    const { peekByGtin: _sync, ...asyncOnly } = createMemoryCatalog(products)
    const answer = port(asyncOnly).handler(get('/01/09506000134376'))
    expect(answer).toBeInstanceOf(Promise)
    expect((await answer).status).toBe(307)
  })

  test('logs one line per request with method, path, status and duration, never the query', async () => {
    const p = port()
    await p.handler(get('/01/09506000134376?21=SECRET-SERIAL'))
    await p.handler(new Request(`${RESOLVER}/01/09506000134376`, { method: 'HEAD' }))
    await p.handler(get('/fr/northwind/olive-oil/info'))
    await p.handler(get('/healthz'))
    const lines = p.logged()
    expect(lines.map(({ method, path, status }) => ({ method, path, status }))).toEqual([
      { method: 'GET', path: '/01/09506000134376', status: 307 },
      { method: 'HEAD', path: '/01/09506000134376', status: 307 },
      { method: 'GET', path: '/fr/northwind/olive-oil/info', status: 200 },
      { method: 'GET', path: '/healthz', status: 200 },
    ])
    for (const line of lines) {
      expect(line.event).toBe('request')
      expect(typeof line.ms).toBe('number')
    }
    expect(JSON.stringify(lines)).not.toContain('SECRET')
  })

  test('logs the path of a scan with its GTIN and AI numbers, never a lot or serial value, compressed or not', async () => {
    const p = port()
    await p.handler(get('/01/09506000134376/10/LOT-SECRET/21/SERIAL-SECRET'))
    await p.handler(get('/01/09506000134376/22/CPV-SECRET/10/LOT-SECRET/21/SERIAL-SECRET/'))
    await p.handler(get('/01/09506000134376/235/TPX-SECRET'))
    // SGTIN-96 of 09506000134352 with serial 123456789 (TDS 2.3 §14.5.6).
    await p.handler(get('/eh3066C4409047E140075BCD15'))
    await p.handler(get('/01/SERIAL-SECRET'))
    const paths = p.logged().map((line) => line.path)
    expect(paths).toEqual([
      '/01/09506000134376/10/*/21/*',
      '/01/09506000134376/22/*/10/*/21/*/',
      '/01/09506000134376/235/*',
      '/eh*/01/09506000134352/21/*',
      '/01/*',
    ])
    const text = JSON.stringify(p.logged())
    for (const secret of ['SECRET', '123456789', '3066C4409047E140075BCD15'])
      expect(text).not.toContain(secret)
  })
})
