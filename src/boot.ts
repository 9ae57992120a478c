/** Wires the service together from a validated configuration: database, catalog, API app and resolver. */
import { type AppDeps, createApp } from './api/app.ts'
import { authFeature, tokenRequestLimiter } from './api/auth/index.ts'
import { catalogFeature } from './api/catalog/index.ts'
import { codesFeature } from './api/codes/index.ts'
import { readiness } from './api/health.ts'
import { openapiFeature } from './api/openapi/index.ts'
import { scansFeature } from './api/scans/routes.ts'
import type { EnvironmentKey } from './auth/key-source.ts'
import { createAuthService } from './auth/service.ts'
import type { Config } from './config.ts'
import { createDbCatalog, type DbCatalog } from './db/catalog.ts'
import { CATALOG_CHANNEL } from './db/channels.ts'
import type { Database } from './db/database.ts'
import { errorName, type Logger } from './log.ts'
import { createPagesRoute } from './pages/index.ts'
import { createResolverRoute } from './resolver/index.ts'
import { splitRequestUrl } from './resolver/request-url.ts'
import { createResolverPort, type ResolverPort } from './resolver-port.ts'
import { DEFAULT_SECURITY_CONFIG } from './security/config.ts'

export interface Service {
  /** The API's fetch handler (the Elysia app). */
  readonly api: (request: Request) => Response | Promise<Response>
  /** The resolver port's fetch handler: health routes, the product pages, then the resolver. */
  readonly resolver: ResolverPort
  readonly catalog: DbCatalog
  close(): Promise<void>
}

export interface ServiceDeps {
  readonly config: Config
  readonly database: Database
  readonly logger: Logger
  readonly clock: () => number
  /** The signing key `config.signingKey` names, loaded already (else the auth service loads it). */
  readonly environmentKey?: EnvironmentKey
}

/** Builds every part around an open database; `close()` stops listeners (the caller closes the database). */
export async function createService(deps: ServiceDeps): Promise<Service> {
  const catalog = createDbCatalog(deps.database, {
    clock: deps.clock,
    // One line when an outage begins and one when it ends, however many reconnection attempts it takes.
    onListenerLost: () => deps.logger.error('database.listener_lost', { channel: CATALOG_CHANNEL }),
    onListenerRenewed: () => deps.logger.info('database.listener_renewed', { channel: CATALOG_CHANNEL }),
  })
  await catalog.start()
  const appDeps: AppDeps = deps
  // Signs with the environment's key (JWT_SECRET, JWT_KEY_FILE) if it names one; otherwise creates the database's
  // signing key on a first start (one key wins when several instances start at once).
  const auth = await createAuthService(deps)
  const security = deps.config.security ?? DEFAULT_SECURITY_CONFIG
  // Failed client authentications per client ID and source address, refused before the hash (SECURITY.md §3).
  const limitTokenRequest = tokenRequestLimiter({
    limits: security.tokenRateLimits,
    trustedProxyHops: security.trustedProxyHops,
    clock: deps.clock,
    logger: deps.logger,
  })
  const app = createApp(appDeps, [
    authFeature({ ...appDeps, auth, limitTokenRequest }),
    codesFeature({ auth }),
    catalogFeature({ auth, database: deps.database }),
    scansFeature({ auth, database: deps.database, clock: deps.clock }),
    openapiFeature({ serverUrl: deps.config.apiUrl }),
  ])
  const resolve = createResolverRoute({
    catalog,
    config: deps.config,
    onError: failureLog(deps.logger, 'resolver.error'),
  })
  const pages = createPagesRoute({
    catalog,
    config: deps.config,
    clock: deps.clock,
    onError: failureLog(deps.logger, 'pages.error'),
  })
  return {
    api: (request) => app.handle(request),
    resolver: createResolverPort({
      pages,
      resolve,
      readiness: () => readiness(deps.database),
      logger: deps.logger,
    }),
    catalog,
    async close() {
      // Writes pending last-used times and stops the listeners.
      await auth.close()
      await catalog.close()
    },
  }
}

/** An `onError` hook logging `event` with the request's path and the error's name, never its message; never throws. */
function failureLog(logger: Logger, event: string): (error: unknown, request: Request) => void {
  return (error, request) =>
    logger.error(event, { path: splitRequestUrl(request.url).path, error: errorName(error) })
}
