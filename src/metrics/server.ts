/** The `METRICS_PORT` server: `GET /metrics` in the Prometheus text format, nothing else. */
import type { Metrics } from './index.ts'

export const METRICS_PATH = '/metrics'

/** The metrics port's handler: never throws, answers no other path, reveals nothing but the metrics. */
export function metricsHandler(metrics: Metrics): (request: Request) => Promise<Response> {
  return async (request) => {
    const path = request.url.slice(request.url.indexOf('/', request.url.indexOf('//') + 2)).split('?')[0]
    if (path !== METRICS_PATH) return new Response('not found\n', { status: 404, headers: TEXT })
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('method not allowed\n', { status: 405, headers: { ...TEXT, allow: 'GET, HEAD' } })
    }
    try {
      const body = await metrics.text()
      return new Response(request.method === 'HEAD' ? null : body, {
        headers: {
          'content-type': metrics.contentType,
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        },
      })
    } catch {
      return new Response('metrics unavailable\n', { status: 500, headers: TEXT })
    }
  }
}

const TEXT = { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' }
