/**
 * The resolver's thread (a Bun Worker) in `SERVE=all`: it binds the resolver port and answers every scan on an event
 * loop of its own, so that nothing the API or the dashboard does (a large body parsed, an import, a drawing) can hold
 * a scan up. It opens its own connections to the database; on the embedded database, the main thread's socket.
 */

import type { Database } from '../db/database.ts'
import type { OnPayload } from '../db/listener.ts'
import { STATEMENT_TIMEOUT_MS, withDeadline } from '../lib/deadline.ts'
import { createStdoutLogger, errorMessage, errorName } from '../lib/log.ts'
import type { Metrics } from '../metrics/index.ts'
import type { Serving } from './boot.ts'
import type { Config } from './config.ts'
import { portOptions, starting } from './ports.ts'
import type { FromResolverThread, ToResolverThread } from './resolver-thread-messages.ts'

declare const self: Worker

/** Connections of the resolver thread's own pool: lookups are single index probes, and most scans hit the cache. */
const RESOLVER_POOL_SIZE = 5

/**
 * Longest wait for the last scan counts and the connections to close on `stop`: shorter than the main thread's bound
 * on the whole shutdown (5 s), which must still close its own side after this one.
 */
const CLOSE_DEADLINE_MS = 3000

const logger = createStdoutLogger()
let config: Config | null = null
let server: ReturnType<typeof Bun.serve> | null = null
let database: Database | null = null
let serving: Serving | null = null
let metrics: Metrics | null = null
const listeners = new Map<
  number,
  { channel: string; onPayload: OnPayload; ready: (error?: string) => void }
>()
let nextListenId = 1

const post = (message: FromResolverThread) => self.postMessage(message)

function options(c: Config, fetch: (request: Request) => Response | Promise<Response>) {
  const onError = (error: unknown) => logger.error('server.error', { error: errorName(error) })
  return portOptions({ surface: 'resolver', port: c.resolverPort, fetch, security: c.security, onError })
}

function bind(c: Config): void {
  config = c
  try {
    server = Bun.serve(options(c, (request) => starting('resolver', request)))
    post({ type: 'bound', port: server.port ?? c.resolverPort })
  } catch (error) {
    post({ type: 'failed', step: 'bind', message: errorMessage(error) })
  }
}

/** Subscribes through the main thread, which holds the embedded database and hears its notifications. */
function bridgedListen(channel: string, onPayload: OnPayload): Promise<() => Promise<void>> {
  const id = nextListenId++
  return new Promise((resolve, reject) => {
    const ready = (error?: string) => {
      if (error === undefined) return resolve(async () => void listeners.delete(id))
      listeners.delete(id)
      reject(new Error(error))
    }
    listeners.set(id, { channel, onPayload, ready })
    post({ type: 'listen', id, channel })
  })
}

async function start(message: Extract<ToResolverThread, { type: 'start' }>): Promise<void> {
  if (config === null || server === null) return
  try {
    const { openDatabase } = await import('../db/database.ts')
    const opened = await openDatabase({
      url: message.databaseUrl,
      migrate: false,
      poolSize: RESOLVER_POOL_SIZE,
      ...(message.shared
        ? { prepare: false }
        : { applicationName: 'gs1-dl resolver', statementTimeoutMs: STATEMENT_TIMEOUT_MS }),
    })
    database = message.shared ? { ...opened, listen: bridgedListen } : opened
    if (message.metrics) metrics = (await import('../metrics/index.ts')).createMetrics()
    const { createServing } = await import('./boot.ts')
    serving = await createServing({ config, database, logger, clock: Date.now, metrics }, 'resolver')
    const handler = serving.handlers.resolver
    if (handler !== undefined) server.reload(options(config, handler))
    post({ type: 'ready' })
  } catch (error) {
    post({ type: 'failed', step: 'start', message: errorMessage(error) })
  }
}

async function stop(): Promise<void> {
  await server?.stop()
  const release = async () => {
    await serving?.close()
    await database?.close()
  }
  // The main thread says, in its one `shutdown.incomplete` line, when this did not finish.
  const closed = await withDeadline(release(), CLOSE_DEADLINE_MS).then(
    () => true,
    () => false,
  )
  logger.flush()
  post({ type: 'stopped', closed })
}

self.onmessage = (event: MessageEvent<ToResolverThread>) => {
  const message = event.data
  switch (message.type) {
    case 'bind':
      return bind(message.config)
    case 'start':
      return void start(message)
    case 'notify':
      for (const l of listeners.values()) if (l.channel === message.channel) l.onPayload(message.payload)
      return
    case 'listening':
      return listeners.get(message.id)?.ready(message.error)
    case 'metrics':
      return void metricsJson().then((json) => post({ type: 'metrics', id: message.id, metrics: json }))
    case 'stop':
      return void stop()
  }
}

async function metricsJson(): Promise<unknown> {
  return metrics === null ? [] : await metrics.registry.getMetricsAsJSON().catch(() => [])
}
