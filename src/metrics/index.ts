/**
 * The operator's metrics (DESIGN §10), as Prometheus text on `METRICS_PORT`: requests by surface, route and status
 * class with latency histograms, the catalog cache, the database pool, scan analytics and tokens. Never a secret,
 * a token or a client address: requests are observed through the request log's own fields.
 */
import {
  AggregatorRegistry,
  Counter,
  Gauge,
  Histogram,
  type MetricObjectWithValues,
  type MetricValue,
  Registry,
} from 'prom-client'
import type { ScanCounter } from '../analytics/scan-counter.ts'
import type { Surface } from '../app/serve-mode.ts'
import type { Logger } from '../lib/log.ts'
import { routeLabel } from './routes.ts'

/** What the metrics read when scraped. Each is optional: a process serves one half or both. */
export interface MetricSources {
  readonly catalog?: () => { readonly hits: number; readonly misses: number; readonly size: number }
  readonly analytics?: ScanCounter
  /** The database pool: its size and whether the database answers now. */
  readonly database?: { readonly poolSize: number; ping(): Promise<void> }
  readonly clock?: () => number
}

export interface Metrics {
  readonly registry: Registry
  /** One answered request, from its request-log fields. */
  observeRequest(surface: Surface, fields: Readonly<Record<string, unknown>>): void
  /** The Prometheus text of every metric now, this thread's and its other threads' added up. */
  text(): Promise<string>
  /**
   * Adds another thread's metrics (prom-client JSON) to every scrape: the resolver's thread in `SERVE=all` keeps its
   * own. Series with the same labels add up, except where a metric says otherwise (`gs1dl_database_up`: the lowest).
   */
  addThread(read: () => Promise<unknown[]>): void
  readonly contentType: string
}

/** Latency buckets in seconds: a cached scan is well under a millisecond, a batch of 1000 tens of milliseconds. */
const BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]

export function createMetrics(): Metrics {
  const registry = new Registry()
  const threads: (() => Promise<unknown[]>)[] = []
  const requests = new Counter({
    name: 'gs1dl_http_requests_total',
    help: 'Requests answered, by surface, route and status class.',
    labelNames: ['surface', 'route', 'status'] as const,
    registers: [registry],
  })
  const latency = new Histogram({
    name: 'gs1dl_http_request_duration_seconds',
    help: 'Time to answer a request, by surface and route.',
    labelNames: ['surface', 'route'] as const,
    buckets: BUCKETS,
    registers: [registry],
  })
  const tokens = new Counter({
    name: 'gs1dl_tokens_total',
    help: 'Access token requests: issued, or refused by status.',
    labelNames: ['result'] as const,
    registers: [registry],
  })
  return {
    registry,
    contentType: registry.contentType,
    observeRequest(surface, fields) {
      const path = typeof fields.path === 'string' ? fields.path : ''
      const status = typeof fields.status === 'number' ? fields.status : 0
      const route = routeLabel(surface, path)
      requests.inc({ surface, route, status: `${Math.floor(status / 100)}xx` })
      if (typeof fields.ms === 'number') latency.observe({ surface, route }, fields.ms / 1000)
      if (surface === 'api' && route === '/oauth/token')
        tokens.inc({ result: status === 200 ? 'issued' : `refused ${status}` })
    },
    text: () => (threads.length === 0 ? registry.metrics() : aggregated(registry, threads)),
    addThread: (read) => void threads.push(read),
  }
}

async function aggregated(
  registry: Registry,
  threads: readonly (() => Promise<unknown[]>)[],
): Promise<string> {
  const own = await registry.getMetricsAsJSON()
  const others = await Promise.all(threads.map((read) => read()))
  const all = [own, ...others] as MetricObjectWithValues<MetricValue<string>>[][]
  return AggregatorRegistry.aggregate(all).metrics()
}

/**
 * Adds the metrics read at scrape time from their sources (the halves of the service add theirs as they start). A
 * figure that only grows while the process runs is a counter named `_total`, set to the source's total at each
 * scrape (a restart starts it at 0 again, which Prometheus's `rate` expects); one that goes up and down is a gauge.
 */
export function addSources(metrics: Metrics, sources: MetricSources): void {
  const { registry } = metrics
  const clock = sources.clock ?? Date.now
  const { catalog, analytics, database } = sources
  if (catalog !== undefined) {
    new Counter({
      name: 'gs1dl_catalog_cache_lookups_total',
      help: 'Product lookups by GTIN since start, answered from the cache (hit) or loaded (miss).',
      labelNames: ['result'] as const,
      registers: [registry],
      collect() {
        const s = catalog()
        this.reset()
        this.inc({ result: 'hit' }, s.hits)
        this.inc({ result: 'miss' }, s.misses)
      },
    })
    new Gauge({
      name: 'gs1dl_catalog_cache_products',
      help: 'Products (and absences) the catalog cache holds.',
      registers: [registry],
      collect() {
        this.set(catalog().size)
      },
    })
  }
  if (analytics !== undefined) {
    new Gauge({
      name: 'gs1dl_analytics_buffer_keys',
      help: 'Distinct scan-count keys waiting to be written.',
      registers: [registry],
      collect() {
        this.set(analytics.pending())
      },
    })
    new Gauge({
      name: 'gs1dl_analytics_flush_lag_seconds',
      help: 'Seconds since the scan counts were last written (large while the database is away).',
      registers: [registry],
      collect() {
        const last = analytics.lastFlushAt()
        this.set(last === null ? 0 : (clock() - last) / 1000)
      },
    })
    new Counter({
      name: 'gs1dl_analytics_dropped_scans_total',
      help: 'Scans not counted since start because the buffer was full.',
      registers: [registry],
      collect() {
        this.reset()
        this.inc(analytics.dropped())
      },
    })
  }
  if (database !== undefined) {
    new Gauge({
      name: 'gs1dl_database_pool_size',
      help: 'Connections the database pool may open.',
      registers: [registry],
      collect() {
        this.set(database.poolSize)
      },
    })
    new Gauge({
      name: 'gs1dl_database_up',
      help: '1 when the database answered a ping at this scrape, else 0.',
      registers: [registry],
      // Every thread pings over its own connections: the database is up only where all of them reached it.
      aggregator: 'min',
      async collect() {
        this.set(
          await database.ping().then(
            () => 1,
            () => 0,
          ),
        )
      },
    })
  }
}

/**
 * A logger that also counts each `request` line in the metrics under its surface: the request logs of the three
 * ports already carry method, path, status and time, so the hot paths need no second hook.
 */
export function meteredLogger(logger: Logger, metrics: Metrics | null, surface: Surface): Logger {
  if (metrics === null) return logger
  return {
    info(event, fields) {
      logger.info(event, fields)
      if (event === 'request' && fields !== undefined) {
        try {
          metrics.observeRequest(surface, fields)
        } catch {
          // Metrics never change an answer or a log line.
        }
      }
    },
    error: (event, fields) => logger.error(event, fields),
  }
}
