/**
 * The main thread's side of the resolver's thread (`resolver-worker.ts`): bind its port, start it on the open
 * database, forward the embedded database's notifications, read its metrics, stop it. `SERVE=all` only: a process
 * that serves only the resolver (`SERVE=resolver`) has no other work to keep away from scans.
 */

import type { Database } from '../db/database.ts'
import { withDeadline } from '../lib/deadline.ts'
import type { Config } from './config.ts'
import type { FromResolverThread, ToResolverThread } from './resolver-thread-messages.ts'

export interface ResolverThread {
  /** The port the thread bound (the configured one, or the system's pick for `0`). */
  readonly port: number
  /** Starts answering scans on `database`; rejects with the thread's one-line reason. */
  start(database: Database, options: { readonly metrics: boolean }): Promise<void>
  /** The resolver's metrics as prom-client JSON (empty when it keeps none, or does not answer in time). */
  metrics(): Promise<unknown[]>
  /** Stops serving, writes the last scan counts and closes the thread's connections; true when all closed in time. */
  stop(): Promise<boolean>
}

/** Longest wait for the thread to answer a scrape: a scrape never hangs on it. */
const METRICS_DEADLINE_MS = 2000
/** Longest wait for the thread to stop (its own deadline for closing is shorter). */
const STOP_DEADLINE_MS = 3500

/** The error of a step the thread could not take, with its one line. */
export class ResolverThreadError extends Error {
  override name = 'ResolverThreadError'
}

/**
 * Starts the thread and has it bind the resolver port; rejects with the bind's one-line reason. `onLost` hears once
 * when the thread dies after that (an uncaught error in it): the port is gone with it, and the process should end so
 * that whatever runs it starts it again, rather than go on without scans.
 */
export async function bindResolverThread(
  config: Config,
  onLost: (reason: string) => void = () => {},
  workerUrl: URL = new URL('./resolver-worker.ts', import.meta.url),
): Promise<ResolverThread> {
  const worker = new Worker(workerUrl)
  let bound = false
  let stopping = false
  let lost = false
  const lose = (reason: string) => {
    if (!bound || stopping || lost) return
    lost = true
    onLost(reason)
  }
  worker.addEventListener('close', () => lose('exited'))
  const waiting = new Map<string, (message: FromResolverThread) => void>()
  let database: Database | null = null
  let nextId = 1
  const send = (message: ToResolverThread) => worker.postMessage(message)
  const next = (key: string) =>
    new Promise<FromResolverThread>((resolve) => {
      waiting.set(key, resolve)
    })
  const settle = (key: string, message: FromResolverThread) => {
    const resolve = waiting.get(key)
    waiting.delete(key)
    resolve?.(message)
  }
  worker.onmessage = (event: MessageEvent<FromResolverThread>) => {
    const message = event.data
    if (message.type === 'listen') return void subscribe(message.id, message.channel)
    if (message.type === 'metrics') return settle(`metrics:${message.id}`, message)
    settle(message.type === 'failed' ? 'step' : message.type === 'stopped' ? 'stopped' : 'step', message)
  }
  worker.onerror = (event) => {
    event.preventDefault()
    settle('step', { type: 'failed', step: 'start', message: 'the resolver thread failed' })
    settle('stopped', { type: 'stopped', closed: false })
    lose('error')
  }
  // The main thread holds the embedded database, so it hears notifications for the thread.
  const subscribe = (id: number, channel: string) => {
    if (database === null) return send({ type: 'listening', id, error: 'no database' })
    database
      .listen(channel, (payload) => send({ type: 'notify', channel, payload }))
      .then(
        () => send({ type: 'listening', id }),
        (error: unknown) => send({ type: 'listening', id, error: String(error) }),
      )
  }

  const binding = next('step')
  send({ type: 'bind', config })
  const answer = await binding
  bound = answer.type === 'bound'
  if (answer.type !== 'bound') {
    worker.terminate()
    throw new ResolverThreadError(
      answer.type === 'failed' ? answer.message : 'the resolver thread did not bind',
    )
  }
  return {
    port: answer.port,
    async start(db, options) {
      database = db
      const shared = db.sharedUrl
      if (shared === undefined && config.databaseUrl === null)
        throw new ResolverThreadError('the embedded database is not shared with the resolver thread')
      const ready = next('step')
      send({
        type: 'start',
        databaseUrl: shared ?? (config.databaseUrl as string),
        shared: shared !== undefined,
        metrics: options.metrics,
      })
      const started = await ready
      if (started.type !== 'ready')
        throw new ResolverThreadError(
          started.type === 'failed' ? started.message : 'the resolver did not start',
        )
    },
    async metrics() {
      const id = nextId++
      const answer = next(`metrics:${id}`)
      send({ type: 'metrics', id })
      const message = await withDeadline(answer, METRICS_DEADLINE_MS).catch(() => null)
      waiting.delete(`metrics:${id}`)
      return message?.type === 'metrics' && Array.isArray(message.metrics) ? message.metrics : []
    },
    async stop() {
      stopping = true
      if (lost) {
        worker.terminate()
        return false
      }
      const stopped = next('stopped')
      send({ type: 'stop' })
      const message = await withDeadline(stopped, STOP_DEADLINE_MS).catch(() => null)
      worker.terminate()
      return message?.type === 'stopped' && message.closed
    },
  }
}
