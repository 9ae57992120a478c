/** The LISTEN connection of a Postgres database, shared by its channels: it knows when it is lost and comes back. */
import type { Socket } from 'node:net'
import postgres from 'postgres'
import { type PostgresTarget, socketOption } from './connection-url.ts'
import { CONNECT_TIMEOUT_MS, openSocket, type SocketTarget } from './socket.ts'

/** What a channel is told about its subscription, besides notifications. */
export interface ListenEvents {
  /** The connection is lost: notifications are missed until `onRenewed`. Once per outage. */
  readonly onLost?: () => void
  /** Subscribed again after a loss (`onPayload('')` came first). Once per outage. */
  readonly onRenewed?: () => void
}

export type OnPayload = (payload: string) => void

export interface Listener {
  /** Subscribes (resolves once the server has the LISTEN) and resolves to the unsubscribe function. */
  listen(channel: string, onPayload: OnPayload, events?: ListenEvents): Promise<() => Promise<void>>
  close(): Promise<void>
}

/** Delays between attempts to subscribe again: doubling from `firstMs`, never over `maxMs`. */
export interface Backoff {
  readonly firstMs: number
  readonly maxMs: number
}

/**
 * 50 ms, 100 ms … then one attempt a second while the database is away: notifications flow again within a second
 * of its return (the scale-out bound of DESIGN §4).
 */
export const LISTEN_BACKOFF: Backoff = { firstMs: 50, maxMs: 1000 }

/** The wait before attempt `attempt` (from 0) to subscribe again. */
export function retryDelayMs(backoff: Backoff, attempt: number): number {
  return Math.min(backoff.firstMs * 2 ** attempt, backoff.maxMs)
}

interface Subscriber {
  readonly onPayload: OnPayload
  readonly events: ListenEvents
}

/** Two options postgres.js reads but does not type: notifications (its own `listen` uses it) and a custom socket. */
type ListenerOptions = postgres.Options<Record<string, postgres.PostgresType>> & {
  onnotify: (channel: string, payload: string) => void
  socket: (target: SocketTarget) => Promise<Socket>
}

/** One driver client and its one connection; `open` turns false for good when that connection closes. */
interface Connection {
  readonly sql: postgres.Sql
  open: boolean
}

/**
 * One connection for every channel, opened again after a loss, one connection per attempt with `backoff` between
 * attempts. postgres.js's own `listen` hides the loss, queues one subscription per failed attempt (each reporting
 * itself renewed once the database is back), and reconnects a server that accepts and closes at once in a tight
 * loop: a client here may open one socket only, and an attempt that loses it fails and waits its turn.
 */
export function createListener(
  target: PostgresTarget,
  applicationName?: string,
  backoff: Backoff = LISTEN_BACKOFF,
): Listener {
  const channels = new Map<string, Set<Subscriber>>()
  let state: 'idle' | 'listening' | 'lost' | 'closed' = 'idle'
  let current: Connection | null = null
  let opening: Connection | null = null
  let attempt = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let queue: Promise<unknown> = Promise.resolve()

  /** Runs subscription changes one at a time: they share one connection and the state. */
  function serially<T>(operation: () => Promise<T>): Promise<T> {
    const run = queue.then(operation, operation)
    queue = run.catch(() => {})
    return run
  }

  function openConnection(): Connection {
    let socketUsed = false
    const options: ListenerOptions = {
      ...socketOption(target),
      max: 1,
      max_lifetime: null,
      fetch_types: false,
      connect_timeout: CONNECT_TIMEOUT_MS / 1000,
      connection: applicationName === undefined ? {} : { application_name: applicationName },
      onnotice: () => {},
      onnotify: (channel, payload) => {
        for (const s of channels.get(channel) ?? []) safely(() => s.onPayload(payload))
      },
      socket: (to) => {
        if (socketUsed) throw new Error('the LISTEN connection was lost during its attempt')
        socketUsed = true
        return openSocket(to)
      },
      onclose: () => {
        connection.open = false
        if (connection === current && state === 'listening') lose()
      },
    }
    const connection: Connection = { sql: postgres(target.url, options), open: true }
    return connection
  }

  /** A new connection with every channel subscribed, or the error that stopped it (its client ended). */
  async function subscribeAll(): Promise<Connection> {
    const connection = openConnection()
    opening = connection
    try {
      for (const channel of channels.keys()) await connection.sql`listen ${connection.sql(channel)}`
      if (!connection.open) throw new Error('the LISTEN connection closed while subscribing')
      return connection
    } catch (error) {
      void connection.sql.end({ timeout: 0 })
      throw error
    } finally {
      opening = null
    }
  }

  function lose(): void {
    state = 'lost'
    void current?.sql.end({ timeout: 0 })
    current = null
    tell((s) => s.events.onLost?.())
    retryLater()
  }

  function retryLater(): void {
    timer = setTimeout(() => void serially(resubscribe), retryDelayMs(backoff, attempt))
    attempt++
  }

  async function resubscribe(): Promise<void> {
    if (state !== 'lost') return
    let connection: Connection
    try {
      connection = await subscribeAll()
    } catch {
      if (state === 'lost') retryLater()
      return
    }
    if (state !== 'lost') return void connection.sql.end({ timeout: 0 })
    current = connection
    state = 'listening'
    attempt = 0
    tell((s) => {
      s.onPayload('')
      s.events.onRenewed?.()
    })
  }

  async function subscribe(channel: string, subscriber: Subscriber): Promise<void> {
    if (state === 'closed') throw new Error('the listener is closed')
    const set = channels.get(channel)
    if (set !== undefined) return void set.add(subscriber)
    channels.set(channel, new Set([subscriber]))
    try {
      if (state === 'idle') {
        current = await subscribeAll()
        state = 'listening'
      } else if (current !== null) {
        await current.sql`listen ${current.sql(channel)}`
      }
      // While lost, the next attempt subscribes every channel, this one included.
    } catch (error) {
      channels.delete(channel)
      throw error
    }
  }

  async function unsubscribe(channel: string, subscriber: Subscriber): Promise<void> {
    const set = channels.get(channel)
    if (set === undefined || !set.delete(subscriber) || set.size > 0) return
    channels.delete(channel)
    if (current !== null) await current.sql`unlisten ${current.sql(channel)}`.catch(() => {})
  }

  function tell(what: (s: Subscriber) => void): void {
    for (const set of channels.values()) for (const s of set) safely(() => what(s))
  }

  return {
    async listen(channel, onPayload, events = {}) {
      const subscriber: Subscriber = { onPayload, events }
      await serially(() => subscribe(channel, subscriber))
      return () => serially(() => unsubscribe(channel, subscriber))
    },
    async close() {
      state = 'closed'
      clearTimeout(timer)
      channels.clear()
      // Nothing to finish on a LISTEN connection: closed at once, also while the database is away.
      await Promise.all([current, opening].map((c) => c?.sql.end({ timeout: 0 })))
      current = null
    },
  }
}

/** Runs a subscriber's callback; a throwing one must not stop the others, nor reach the driver. */
function safely(callback: () => void): void {
  try {
    callback()
  } catch {
    // The subscriber's own failure; the connection and the other subscribers carry on.
  }
}
