/** `bun run start`: read the configuration, open and migrate the database, seed a first embedded start, serve both ports. */
import { banner } from './banner.ts'
import { createService } from './boot.ts'
import { withDeadline } from './db/deadline.ts'
import { hasDemoCatalog, isEmpty, seedDemo } from './db/seed.ts'
import { listenOrExit } from './listen.ts'
import { createStdoutLogger, errorName } from './log.ts'
import { serverOptions } from './security/server-limits.ts'
import { startFromEnvironment } from './startup.ts'

const { config, environmentKey, database } = await startFromEnvironment(process.env, process.exit)
const logger = createStdoutLogger()

const seed =
  config.databaseUrl === null && (await isEmpty(database)) ? await seedDemo(database, Date.now) : null
const service = await createService({ config, database, logger, clock: Date.now, environmentKey })

// Body, URL and idle limits, no development error page, peer addresses for the token rate limit (SECURITY.md §4).
const onError = (error: unknown) => logger.error('server.error', { error: errorName(error) })
const { security } = config
const servers: ReturnType<typeof Bun.serve>[] = []
/** Releases what the servers used: the listeners and pending writes of the service, then the database. */
async function closeDatabaseSide() {
  await service.close()
  await database.close()
}
/** Starts one server, or ends the process with one line (a port in use, say), releasing the database first. */
async function listen(
  surface: 'api' | 'resolver',
  port: number,
  fetch: Parameters<typeof serverOptions>[0]['fetch'],
) {
  const server = await listenOrExit(
    surface,
    port,
    () => Bun.serve(serverOptions({ surface, port, fetch, security, onError })),
    process.exit,
    async () => {
      await Promise.all(servers.map((s) => s.stop(true)))
      await closeDatabaseSide()
    },
  )
  servers.push(server)
  return server
}
const apiServer = await listen('api', config.apiPort, service.api)
const resolverServer = await listen('resolver', config.resolverPort, service.resolver)
console.log(
  banner(config, {
    ports: { api: apiServer.port ?? config.apiPort, resolver: resolverServer.port ?? config.resolverPort },
    demoClient: seed?.client ?? null,
    demoCatalog: seed !== null || (await hasDemoCatalog(database)),
  }),
)

/**
 * Longest wait for the database side to close on shutdown (pending last-used times, listeners, the pool): a
 * database that stopped answering must not keep the process past an orchestrator's stop timeout of 10 s.
 */
const CLOSE_DEADLINE_MS = 5000

let stopping = false
async function shutdown(signal: string) {
  if (stopping) {
    // A second signal while the first one waits: the operator wants out now.
    logger.error('shutdown.forced', { signal })
    logger.flush()
    process.exit(1)
  }
  stopping = true
  logger.info('shutdown', { signal })
  // Stop accepting, let in-flight requests finish (each bounded by its own deadline), then release the database.
  await Promise.all(servers.map((s) => s.stop()))
  const closed = await withDeadline(closeDatabaseSide(), CLOSE_DEADLINE_MS).then(
    () => true,
    (error: unknown) => {
      logger.error('shutdown.incomplete', { error: errorName(error) })
      return false
    },
  )
  logger.flush()
  process.exit(closed ? 0 : 1)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
