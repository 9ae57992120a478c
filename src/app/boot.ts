/** Wires the service together from a validated configuration: the API half (API, dashboard), the resolver half, or both. */

import { DEFAULT_ANALYTICS } from '../analytics/config.ts'
import { createScanAnalytics } from '../analytics/index.ts'
import { startScanPruning } from '../analytics/pruning.ts'
import { type AppDeps, createApp } from '../api/app.ts'
import { authFeature, tokenRequestLimiter } from '../api/auth/index.ts'
import { catalogFeature } from '../api/catalog/index.ts'
import {
  type CodeWork,
  codesFeature,
  companyPrefixReader,
  createCodeWorkLimiter,
  inlineCodeWork,
  pooledCodeWork,
  QUEUE_PER_THREAD,
} from '../api/codes/index.ts'
import { readiness } from '../api/health.ts'
import { openapiFeature } from '../api/openapi/index.ts'
import { scansFeature } from '../api/scans/routes.ts'
import type { EnvironmentKey } from '../auth/key-source.ts'
import { createRateLimiter } from '../auth/rate-limit.ts'
import { createAuthService } from '../auth/service.ts'
import { createWorkBudget } from '../auth/work-budget.ts'
import { createDashboardBudgets } from '../dashboard/budgets.ts'
import { createDashboard, type Dashboard } from '../dashboard/index.ts'
import { CATALOG_CHANNEL } from '../db/channels.ts'
import type { Database } from '../db/database.ts'
import { errorName, type Logger } from '../lib/log.ts'
import { createMailer } from '../mail/mailer.ts'
import { addSources, type Metrics, meteredLogger } from '../metrics/index.ts'
import { createPagesRoute } from '../pages/index.ts'
import { createResolverRoute } from '../resolver/index.ts'
import { splitRequestUrl } from '../resolver/request-url.ts'
import { DEFAULT_SECURITY_CONFIG } from '../security/config.ts'
import { loggedPath } from '../security/logged-path.ts'
import { serviceHosts } from '../security/service-hosts.ts'
import { createDbCatalog, type DbCatalog } from '../services/catalog/db-catalog.ts'
import type { Config } from './config.ts'
import { startHousekeeping } from './housekeeping.ts'
import { createResolverPort, type ResolverPort } from './resolver-port.ts'
import type { ServeMode, Surface } from './serve-mode.ts'

export type Handler = (request: Request) => Response | Promise<Response>

export interface ServiceDeps {
  readonly config: Config
  readonly database: Database
  readonly logger: Logger
  readonly clock: () => number
  /** The signing key `config.signingKey` names, loaded already (else the auth service loads it). */
  readonly environmentKey?: EnvironmentKey
  /** The operator's metrics (`METRICS_PORT`), or none. */
  readonly metrics?: Metrics | null
}

/** The API half: the code API (tokens, codes, OpenAPI) and the dashboard, which share the database's people. */
export interface ApiHalf {
  /** The API's fetch handler (the Elysia app). */
  readonly api: Handler
  readonly dashboard: Dashboard
  close(): Promise<void>
}

/** The resolver half: health routes, the product pages, then the resolver, over the catalog and its cache. */
export interface ResolverHalf {
  readonly resolver: ResolverPort
  readonly catalog: DbCatalog
  close(): Promise<void>
}

export type Service = ApiHalf & ResolverHalf

/** Builds the API half around an open database; `close()` lets queued code work finish, then stops listeners. */
export async function createApiHalf(deps: ServiceDeps): Promise<ApiHalf> {
  const metrics = deps.metrics ?? null
  const appDeps: AppDeps = { ...deps, logger: meteredLogger(deps.logger, metrics, 'api') }
  const security = deps.config.security ?? DEFAULT_SECURITY_CONFIG
  // Signs with the environment's key (JWT_SECRET, JWT_KEY_FILE) if it names one; otherwise creates the database's
  // signing key on a first start (one key wins when several instances start at once).
  const auth = await createAuthService(deps)
  // Failed client authentications per client ID and source address, refused before the hash (SECURITY.md §3).
  const limitTokenRequest = tokenRequestLimiter({
    limits: security.tokenRateLimits,
    trustedProxyHops: security.trustedProxyHops,
    clock: deps.clock,
    logger: deps.logger,
  })
  const work = codeWork(deps)
  const limiter = createCodeWorkLimiter(security.codeWorkLimits, deps.clock)
  const app = createApp(appDeps, [
    authFeature({ ...appDeps, auth, limitTokenRequest }),
    // Compression picks fixed-length EPC schemes with the prefixes of the client's organization (DESIGN §12).
    codesFeature({ auth, work, limiter, companyPrefixes: companyPrefixReader(deps.database.db) }),
    catalogFeature({
      auth,
      database: deps.database,
      logger: appDeps.logger,
      budget: createWorkBudget(security.fileWorkLimits, deps.clock),
      serviceHosts: serviceHosts(deps.config),
    }),
    scansFeature({ auth, database: deps.database, clock: deps.clock }),
    openapiFeature({ serverUrl: deps.config.apiUrl }),
  ])
  const mailer = deps.config.mail === null ? null : createMailer(deps.config.mail)
  const dashboard = createDashboard({
    database: deps.database,
    config: deps.config,
    clock: deps.clock,
    logger: meteredLogger(deps.logger, metrics, 'dashboard'),
    mailer,
    signInLimiter: createRateLimiter(security.signInRateLimits, deps.clock),
    budgets: createDashboardBudgets(security, deps.clock),
    // The Codes page's bulk ZIP is drawn on the code API's worker threads, never on the thread that answers.
    renderWork: work,
  })
  const housekeeping = startHousekeeping(deps)
  return {
    api: (request) => app.handle(request),
    dashboard,
    async close() {
      await work.close()
      await housekeeping.stop()
      mailer?.close()
      // Writes pending last-used times.
      await auth.close()
    },
  }
}

/** Renders and batches on `WORKER_THREADS` worker threads, so that they never hold up a scan (docs/design.md). */
function codeWork(deps: ServiceDeps): CodeWork {
  const threads = deps.config.workerThreads ?? 0
  if (threads === 0) return inlineCodeWork()
  return pooledCodeWork({
    threads,
    maxQueue: threads * QUEUE_PER_THREAD,
    onWorkerLost: (loss) =>
      deps.logger.error('work.worker_lost', {
        reason: loss.reason,
        error: loss.error === undefined ? null : errorName(loss.error),
      }),
  })
}

/**
 * Builds the resolver half around an open database; `close()` writes the last scan counts and stops the catalog's
 * listener.
 */
export async function createResolverHalf(deps: ServiceDeps): Promise<ResolverHalf> {
  const metrics = deps.metrics ?? null
  const settings = deps.config.analytics ?? DEFAULT_ANALYTICS
  const analytics = settings.enabled
    ? createScanAnalytics({
        database: deps.database,
        logger: deps.logger,
        clock: deps.clock,
        retentionDays: settings.retentionDays,
      })
    : null
  // Counts kept from before `ANALYTICS=off` still go when their days are past.
  const pruning = settings.enabled
    ? null
    : startScanPruning({
        database: deps.database,
        logger: deps.logger,
        clock: deps.clock,
        retentionDays: settings.retentionDays,
      })
  const catalog = createDbCatalog(deps.database, {
    clock: deps.clock,
    // One line when an outage begins and one when it ends, however many reconnection attempts it takes.
    onListenerLost: () => deps.logger.error('database.listener_lost', { channel: CATALOG_CHANNEL }),
    onListenerRenewed: () => deps.logger.info('database.listener_renewed', { channel: CATALOG_CHANNEL }),
  })
  await catalog.start()
  if (metrics !== null) {
    addSources(metrics, {
      catalog: () => catalog.stats(),
      clock: deps.clock,
      ...(analytics === null ? {} : { analytics: analytics.counter }),
    })
  }
  const resolve = createResolverRoute({
    catalog,
    config: deps.config,
    onError: failureLog(deps.logger, 'resolver.error'),
    ...(analytics === null ? {} : { onScan: analytics.onScan }),
  })
  const pages = createPagesRoute({
    catalog,
    config: deps.config,
    clock: deps.clock,
    onError: failureLog(deps.logger, 'pages.error'),
  })
  return {
    resolver: createResolverPort({
      pages,
      resolve,
      readiness: () => readiness(deps.database),
      logger: meteredLogger(deps.logger, metrics, 'resolver'),
    }),
    catalog,
    async close() {
      await analytics?.close()
      await pruning?.stop()
      await catalog.close()
    },
  }
}

/** Both halves around an open database; `close()` stops listeners and work (the caller closes the database). */
export async function createService(deps: ServiceDeps): Promise<Service> {
  const resolverHalf = await createResolverHalf(deps)
  const apiHalf = await createApiHalf(deps)
  return {
    ...resolverHalf,
    ...apiHalf,
    async close() {
      await apiHalf.close()
      await resolverHalf.close()
    },
  }
}

/** What one process serves (`SERVE`): the handler of each of its surfaces, and how to release what they hold. */
export interface Serving {
  readonly handlers: Readonly<Partial<Record<Surface, Handler>>>
  close(): Promise<void>
}

export async function createServing(deps: ServiceDeps, mode: ServeMode): Promise<Serving> {
  if (deps.metrics) addSources(deps.metrics, { database: deps.database, clock: deps.clock })
  if (mode === 'resolver') {
    const half = await createResolverHalf(deps)
    return { handlers: { resolver: half.resolver }, close: () => half.close() }
  }
  if (mode === 'api') {
    const half = await createApiHalf(deps)
    return { handlers: { api: half.api, dashboard: half.dashboard }, close: () => half.close() }
  }
  const service = await createService(deps)
  const { api, resolver, dashboard } = service
  return { handlers: { api, resolver, dashboard }, close: () => service.close() }
}

/** An `onError` hook logging `event` with the request's path and the error's name, never its message; never throws. */
function failureLog(logger: Logger, event: string): (error: unknown, request: Request) => void {
  return (error, request) =>
    logger.error(event, { path: loggedPath(splitRequestUrl(request.url).path), error: errorName(error) })
}
