import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { createScanCounter } from '../../src/analytics/scan-counter.ts'
import { memoryLogger } from '../../src/lib/log.ts'
import { addSources, createMetrics, meteredLogger } from '../../src/metrics/index.ts'
import { routeLabel } from '../../src/metrics/routes.ts'
import { metricsHandler } from '../../src/metrics/server.ts'

describe('metrics', () => {
  test('requests are counted per surface, route and status class from the request log, and tokens by result', async () => {
    const metrics = createMetrics()
    const lines = memoryLogger()
    const resolver = meteredLogger(lines, metrics, 'resolver')
    const api = meteredLogger(lines, metrics, 'api')
    resolver.info('request', { method: 'GET', path: '/01/09506000134352', status: 307, ms: 0.4 })
    resolver.info('request', {
      method: 'GET',
      path: '/01/09506000134352/21/SECRET-SERIAL',
      status: 307,
      ms: 0.6,
    })
    resolver.info('request', { method: 'GET', path: '/random/crawler/path', status: 404, ms: 0.2 })
    api.info('request', { method: 'POST', path: '/oauth/token', status: 200, ms: 30 })
    api.info('request', { method: 'POST', path: '/oauth/token', status: 401, ms: 31 })
    api.info('request', { method: 'GET', path: '/products/09506000134352', status: 200, ms: 3 })
    api.info('something.else', { path: '/x' })
    const text = await metrics.text()
    expect(text).toContain('gs1dl_http_requests_total{surface="resolver",route="scan",status="3xx"} 2')
    expect(text).toContain('gs1dl_http_requests_total{surface="resolver",route="other",status="4xx"} 1')
    expect(text).toContain('gs1dl_http_requests_total{surface="api",route="/products/{gtin}",status="2xx"} 1')
    expect(text).toContain('gs1dl_tokens_total{result="issued"} 1')
    expect(text).toContain('gs1dl_tokens_total{result="refused 401"} 1')
    expect(text).toContain(
      'gs1dl_http_request_duration_seconds_bucket{le="0.0005",surface="resolver",route="scan"} 1',
    )
    expect(text).not.toMatch(/SECRET|09506000134352|crawler/)
    expect(lines.lines).toHaveLength(7)
  })

  test('the catalog, analytics and database read their figures at scrape time', async () => {
    const metrics = createMetrics()
    let hits = 3
    const counter = createScanCounter({ flush: async () => {} })
    addSources(metrics, {
      catalog: () => ({ hits, misses: 1, size: 2 }),
      analytics: counter,
      database: { poolSize: 10, ping: () => Promise.reject(new Error('down')) },
      clock: () => 1000,
    })
    hits = 5
    const text = await metrics.text()
    expect(text).toContain('gs1dl_catalog_cache_lookups_total{result="hit"} 5')
    expect(text).toContain('gs1dl_catalog_cache_lookups_total{result="miss"} 1')
    expect(text).toContain('gs1dl_catalog_cache_products 2')
    expect(text).toContain('gs1dl_analytics_buffer_keys 0')
    expect(text).toContain('gs1dl_database_pool_size 10')
    expect(text).toContain('gs1dl_database_up 0')
  })

  test('what only grows is a counter named _total (lookups, dropped scans, requests, tokens); the rest are gauges', async () => {
    const metrics = createMetrics()
    let hits = 3
    let dropped = 0
    const counter = { ...createScanCounter({ flush: async () => {} }), dropped: () => dropped }
    addSources(metrics, {
      catalog: () => ({ hits, misses: 1, size: 2 }),
      analytics: counter,
      database: { poolSize: 10, ping: async () => {} },
    })
    const types = new Map(
      [...(await metrics.text()).matchAll(/^# TYPE (\S+) (\S+)$/gm)].map(
        (m) => [m[1] ?? '', m[2] ?? ''] as const,
      ),
    )
    expect(Object.fromEntries(types)).toEqual({
      gs1dl_http_requests_total: 'counter',
      gs1dl_http_request_duration_seconds: 'histogram',
      gs1dl_tokens_total: 'counter',
      gs1dl_catalog_cache_lookups_total: 'counter',
      gs1dl_catalog_cache_products: 'gauge',
      gs1dl_analytics_buffer_keys: 'gauge',
      gs1dl_analytics_flush_lag_seconds: 'gauge',
      gs1dl_analytics_dropped_scans_total: 'counter',
      gs1dl_database_pool_size: 'gauge',
      gs1dl_database_up: 'gauge',
    })
    for (const [name, type] of types)
      expect({ name, total: name.endsWith('_total') }).toEqual({ name, total: type === 'counter' })
    // Each scrape shows the source's total since start, never a sum of earlier scrapes.
    expect(await metrics.text()).toContain('gs1dl_analytics_dropped_scans_total 0')
    hits = 10
    dropped = 4
    const text = await metrics.text()
    expect(text).toContain('gs1dl_catalog_cache_lookups_total{result="hit"} 10')
    expect(text).toContain('gs1dl_catalog_cache_lookups_total{result="miss"} 1')
    expect(text).toContain('gs1dl_analytics_dropped_scans_total 4')
  })

  test('route labels are a fixed set whatever the path (no series per crawler path)', () => {
    const labels = new Set<string>()
    fc.assert(
      fc.property(fc.constantFrom('api', 'resolver', 'dashboard' as const), fc.webPath(), (surface, path) => {
        labels.add(`${surface} ${routeLabel(surface, path)}`)
      }),
      { numRuns: 2000 },
    )
    expect(labels.size).toBeLessThan(40)
    expect(routeLabel('dashboard', '/orgs/acme/products/09506000134352')).toBe('/orgs/{org}/products')
    expect(routeLabel('resolver', '/eh3066C4409047E140075BCD15')).toBe('compressed scan')
    expect(routeLabel('resolver', '/fr/northwind/olive-oil/info')).toBe('product page')
    expect(routeLabel('resolver', '/414/9506000000008/254/1')).toBe('key scan')
    expect(routeLabel('api', '/items/414/9506000000008')).toBe('/items/{key}/{value}')
    expect(routeLabel('api', '/rules/00/0950600')).toBe('/rules/{key}/{prefix}')
    expect(routeLabel('api', '/items')).toBe('/items')
  })

  test('the metrics port answers GET /metrics in the Prometheus format and nothing else', async () => {
    const handler = metricsHandler(createMetrics())
    const r = await handler(new Request('http://m.test/metrics'))
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toStartWith('text/plain; version=0.0.4')
    expect(await r.text()).toContain('# TYPE gs1dl_http_requests_total counter')
    expect((await handler(new Request('http://m.test/'))).status).toBe(404)
    expect((await handler(new Request('http://m.test/metrics', { method: 'POST' }))).status).toBe(405)
  })
})
