/**
 * `bun run start`: read the configuration, bind the ports (a busy one is one line before any database work), open
 * and migrate the database, seed a first embedded start, then serve (docs/design.md "Start-up and shutdown").
 */

import { banner, bunCommand } from './app/banner.ts'
import type { Serving } from './app/boot.ts'
import type { Config } from './app/config.ts'
import { listenOrExit } from './app/listen.ts'
import { portOptions, starting } from './app/ports.ts'
import { bindResolverThread, type ResolverThread, ResolverThreadError } from './app/resolver-thread.ts'
import { type Surface, servedSurfaces } from './app/serve-mode.ts'
import { openStartDatabase, readStartConfig } from './app/startup.ts'
import { setPasswordUrl } from './auth/password-links.ts'
import type { Database } from './db/database.ts'
import { withDeadline } from './lib/deadline.ts'
import { createStdoutLogger, errorMessage, errorName } from './lib/log.ts'
import type { Metrics } from './metrics/index.ts'
import type { Handler } from './security/server-limits.ts'
import type { DemoSeed } from './services/catalog/seed.ts'

const { config, environmentKey } = await readStartConfig(process.env, process.exit)
const logger = createStdoutLogger()
// Body, URL and idle limits, no development error page, peer addresses for the rate limits (SECURITY.md §4).
const onError = (error: unknown) => logger.error('server.error', { error: errorName(error) })
const options = (surface: Surface, fetch: Handler) =>
  portOptions({ surface, port: portOf(config, surface), fetch, security: config.security, onError })

const servers = new Map<Surface, ReturnType<typeof Bun.serve>>()
/** `SERVE=all`: the resolver answers scans on a thread of its own (`resolver-worker.ts`), out of reach of the rest. */
let resolverThread: ResolverThread | null = null
let metricsServer: ReturnType<typeof Bun.serve> | null = null
let database: Database | null = null
let serving: Serving | null = null
let phase: 'starting' | 'serving' | 'stopping' = 'starting'

/** The resolver's thread died: scans are gone with it, so the process ends (exit 1) for its supervisor to restart it. */
function resolverLost(reason: string): void {
  logger.error('resolver.thread_lost', { reason })
  logger.flush()
  if (phase === 'stopping') return
  phase = 'stopping'
  void abandon().finally(() => process.exit(1))
}

function portOf(c: Config, surface: Surface): number {
  return surface === 'api' ? c.apiPort : surface === 'resolver' ? c.resolverPort : c.dashboardPort
}

/** After a failed start: the servers go at once, then what the service and the database hold. */
async function abandon(): Promise<void> {
  await Promise.all([...servers.values()].map((s) => s.stop(true)))
  await resolverThread?.stop()
  await metricsServer?.stop(true)
  await serving?.close()
  await database?.close()
}

/** A step of the start that failed: one line, what it held released, exit code 1. */
async function failStart(what: string, error: unknown): Promise<never> {
  console.error(`error: cannot ${what}: ${errorMessage(error)}`)
  await abandon()
  return process.exit(1)
}

// Every port first, answering 503 with Retry-After until the service is ready: a port in use is reported at once,
// before the database is opened, migrated or seeded (issue #17).
const serveMode = config.serve ?? 'all'
for (const surface of servedSurfaces(serveMode)) {
  if (surface === 'resolver' && serveMode === 'all') {
    const bind = () => bindResolverThread(config, resolverLost)
    resolverThread = await listenOrExit(surface, config.resolverPort, bind, process.exit, abandon)
    continue
  }
  const listen = () => Bun.serve(options(surface, (request) => starting(surface, request)))
  servers.set(surface, await listenOrExit(surface, portOf(config, surface), listen, process.exit, abandon))
}

// The metrics port (METRICS_PORT) too; it answers as soon as the metrics exist, the service's figures join as it starts.
let metrics: Metrics | null = null
if (config.metricsPort !== null && config.metricsPort !== undefined) {
  const port = config.metricsPort
  const { createMetrics } = await import('./metrics/index.ts')
  const { metricsHandler } = await import('./metrics/server.ts')
  const created = createMetrics()
  metrics = created
  const listen = () =>
    Bun.serve({
      port,
      development: false,
      reusePort: false,
      fetch: metricsHandler(created),
      error: () => new Response(null, { status: 500 }),
    })
  metricsServer = await listenOrExit('metrics', port, listen, process.exit, abandon)
}

/**
 * Longest wait for the database side to close on shutdown (pending last-used times, listeners, the pool): a
 * database that stopped answering must not keep the process past an orchestrator's stop timeout of 10 s.
 */
const CLOSE_DEADLINE_MS = 5000

/**
 * A signal this close after the same first one is that signal again: a Ctrl+C reaches the whole process group, and
 * so does a SIGTERM sent to the group (systemd's default, `kill -- -PGID`), while the runner in front of this process
 * (`bun run`, `npx`) forwards the one it got. A signal after that means "now".
 */
const SAME_SIGNAL_MS = 1000
let firstSignal = ''
let firstSignalAt = 0

function onSignal(signal: string): void {
  const now = performance.now()
  if (phase === 'stopping') {
    if (signal === firstSignal && now - firstSignalAt < SAME_SIGNAL_MS) return
    // A second signal while the first one waits: the operator wants out now.
    logger.error('shutdown.forced', { signal })
    logger.flush()
    process.exit(1)
  }
  firstSignal = signal
  firstSignalAt = now
  const started = phase === 'serving'
  phase = 'stopping'
  logger.info('shutdown', { signal })
  // While starting, the start stops at its next step: a seed in progress finishes, so its secret is shown.
  if (started) void shutdown()
}
process.on('SIGTERM', () => onSignal('SIGTERM'))
process.on('SIGINT', () => onSignal('SIGINT'))

async function shutdown(): Promise<never> {
  // Stop accepting, let in-flight requests finish (each bounded by its own deadline), then release the database: the
  // resolver's thread writes its last scan counts first (on the embedded database, through this thread's socket).
  const threadStopped = resolverThread?.stop() ?? Promise.resolve(true)
  await Promise.all([...servers.values()].map((s) => s.stop()))
  await metricsServer?.stop()
  const release = async () => {
    const resolverClosed = await threadStopped
    await serving?.close()
    await database?.close()
    if (!resolverClosed) throw new ResolverThreadError('the resolver thread did not close in time')
  }
  // One bound for all of it: the thread's own close is bounded shorter, so the main thread's still fits in.
  const closed = await withDeadline(release(), CLOSE_DEADLINE_MS).then(
    () => true,
    (error: unknown) => {
      logger.error('shutdown.incomplete', { error: errorName(error) })
      return false
    },
  )
  logger.flush()
  return process.exit(closed ? 0 : 1)
}

const stopping = () => phase === 'stopping'

// The database drivers and the service load only now, after the ports: they take a while to load.
// The service holds its embedded database itself: another service's, reached through its socket, is not its own.
database = await openStartDatabase(config, process.exit, abandon, {
  share: resolverThread !== null,
  own: true,
})
if (stopping()) await shutdown()
const { createServing } = await import('./app/boot.ts')
const deps = { config, database, logger, clock: Date.now, environmentKey, metrics }
serving = await createServing(deps, resolverThread === null ? serveMode : 'api').catch((error) =>
  failStart('start the service', error),
)
if (stopping()) await shutdown()
const { hasDemoCatalog, isEmpty, seedDemo } = await import('./services/catalog/seed.ts')
const ports = Object.fromEntries([
  ...[...servers].map(([surface, s]) => [surface, s.port ?? portOf(config, surface)]),
  ...(resolverThread === null ? [] : [['resolver', resolverThread.port]]),
])
const facts = { ports, bun: bunCommand(process.env.PATH) }
if (config.databaseUrl === null && (await isEmpty(database))) {
  // Printed before the seed commits: the demo secret is never in the database without having been shown.
  const show = (seed: DemoSeed) => {
    const owner = seed.owner
    const demoOwner =
      owner === null
        ? null
        : { email: owner.email, setPasswordUrl: setPasswordUrl(config.dashboardUrl, owner.setPasswordToken) }
    console.log(banner(config, { ...facts, demoClient: seed.client, demoOwner, demoCatalog: true }))
  }
  await seedDemo(database, Date.now, show).catch((error) => failStart('seed the demo data', error))
} else {
  const demoCatalog = (servers.has('resolver') || resolverThread !== null) && (await hasDemoCatalog(database))
  console.log(banner(config, { ...facts, demoClient: null, demoCatalog }))
}
if (resolverThread !== null) {
  const thread = resolverThread
  await thread
    .start(database, { metrics: metrics !== null })
    .catch((error) => failStart('start the resolver', error))
  metrics?.addThread(() => thread.metrics())
}
for (const [surface, server] of servers) {
  const handler = serving.handlers[surface]
  if (handler !== undefined) server.reload(options(surface, handler))
}
if (stopping()) await shutdown()
phase = 'serving'
