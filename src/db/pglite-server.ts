/**
 * The embedded database offered to the other processes and threads of this machine: a Postgres wire-protocol server
 * on a Unix socket inside `DATA_DIR`, in front of the one PGlite instance the service holds. The resolver's thread and
 * the CLI beside a running service connect to it with postgres.js as to any Postgres; file permissions are the only
 * door (the socket is the owner's alone, like the directory). Notifications a client's statement raises reach
 * PGlite's in-process listeners as any other; a client's own LISTEN hears nothing (it is one backend).
 *
 * PGlite is one backend. Connections take turns by protocol unit (messages up to a Sync or a simple Query), so that
 * one client's unnamed statement is never another's; a connection that leaves a transaction open keeps the database
 * (PGlite's transaction lock, which in-process queries take too) until it commits, rolls back or goes.
 */
import { chmodSync, existsSync, rmSync } from 'node:fs'
import { createServer, type Server, type Socket } from 'node:net'
import { dirname, resolve } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { createFramer, simpleQuery, transactionStatus } from './pg-wire.ts'

/** The socket's file name: libpq's, so `postgresql:///postgres?host=DATA_DIR` reaches it. */
export const SOCKET_FILE = '.s.PGSQL.5432'

/** Longest Unix socket path the kernel takes (sun_path is 108 bytes, with its terminating NUL). */
const MAX_SOCKET_PATH = 107

/** A connection inside a transaction that sends nothing for this long is closed, and its transaction rolled back. */
export const IDLE_IN_TRANSACTION_MS = 30_000

/** What the server needs of PGlite beyond its public API: the lock its own queries and transactions take. */
interface Lockable {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>
}

export interface PgliteServer {
  /** The connection URL of the socket, as postgres.js (through `connection-url.ts`) and libpq read it. */
  readonly url: string
  close(): Promise<void>
}

/** The socket path for `dataDir`, or null where the path would be too long for a Unix socket. */
export function socketPath(dataDir: string): string | null {
  const path = resolve(dataDir, SOCKET_FILE)
  return Buffer.byteLength(path) <= MAX_SOCKET_PATH ? path : null
}

/** The connection URL of a socket file: its directory as libpq's `host`. */
function socketUrl(path: string): string {
  return `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(dirname(path))}`
}

/** The URL of the database a running service offers for `dataDir`, or null when it offers none. */
export function sharedDatabaseUrl(dataDir: string): string | null {
  const path = socketPath(dataDir)
  return path !== null && existsSync(path) ? socketUrl(path) : null
}

export interface ServeOptions {
  /** How long a client may keep a transaction open without sending anything (default {@link IDLE_IN_TRANSACTION_MS}). */
  readonly idleInTransactionMs?: number
}

/** Serves `pg` on the Unix socket at `path` (a stale socket file there is replaced). */
export async function servePglite(
  pg: PGlite,
  path: string,
  options: ServeOptions = {},
): Promise<PgliteServer> {
  const idleMs = options.idleInTransactionMs ?? IDLE_IN_TRANSACTION_MS
  const gate = createGate(pg as unknown as Lockable)
  const connections = new Set<Socket>()
  const server = createServer((socket) => {
    connections.add(socket)
    socket.once('close', () => connections.delete(socket))
    serveConnection(socket, pg, gate, idleMs)
  })
  rmSync(path, { force: true })
  await listen(server, path)
  chmodSync(path, 0o600)
  return {
    url: socketUrl(path),
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      for (const socket of connections) socket.destroy()
      await closed
      rmSync(path, { force: true })
    },
  }
}

function listen(server: Server, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(path, () => {
      server.off('error', reject)
      resolve()
    })
  })
}

/** The transaction lock, held on behalf of one connection from a unit that opens a transaction to the one that ends it. */
interface Gate {
  enter(owner: object): Promise<void>
  leave(owner: object): void
  holds(owner: object): boolean
}

function createGate(pg: Lockable): Gate {
  let owner: object | null = null
  let release: (() => void) | null = null
  return {
    async enter(who) {
      if (owner === who) return
      await new Promise<void>((acquired) => {
        void pg._runExclusiveTransaction(
          () =>
            new Promise<void>((done) => {
              owner = who
              release = done
              acquired()
            }),
        )
      })
    },
    leave(who) {
      if (owner !== who) return
      const done = release
      owner = null
      release = null
      done?.()
    },
    holds: (who) => owner === who,
  }
}

/** One client: frames its messages into units and runs them in order, one at a time. */
function serveConnection(socket: Socket, pg: PGlite, gate: Gate, idleInTransactionMs: number): void {
  const self = {}
  const framer = createFramer()
  let chain: Promise<void> = Promise.resolve()
  let idleTimer: ReturnType<typeof setTimeout> | null = null
  let closed = false

  const end = () => {
    if (closed) return
    closed = true
    if (idleTimer !== null) clearTimeout(idleTimer)
    socket.destroy()
    // A transaction left open by a client that went is rolled back before anyone else gets the database.
    chain = chain.then(async () => {
      if (!gate.holds(self)) return
      await pg.runExclusive(() => pg.execProtocolRaw(simpleQuery('ROLLBACK'))).catch(() => {})
      gate.leave(self)
    })
  }

  const run = (unit: Uint8Array) => {
    chain = chain.then(async () => {
      if (closed) return
      if (idleTimer !== null) clearTimeout(idleTimer)
      await gate.enter(self)
      if (closed) return void gate.leave(self)
      let answer: Uint8Array
      try {
        answer = await pg.runExclusive(() => pg.execProtocolRaw(unit))
      } catch {
        return end()
      }
      if (!closed && answer.length > 0) socket.write(answer)
      // Between a unit and the next, the database is this client's only inside a transaction (or an unfinished
      // extended-protocol statement), and only for so long.
      if (transactionStatus(answer) === 'I') gate.leave(self)
      else idleTimer = setTimeout(end, idleInTransactionMs)
    })
  }

  socket.on('data', (data: Buffer) => {
    for (const framed of framer.push(data)) {
      if (framed.kind === 'ssl') socket.write('N')
      else if (framed.kind === 'startup' || framed.kind === 'unit') run(framed.bytes)
      // A Terminate ends the connection once what came before it has run; anything else at once.
      else if (framed.kind === 'terminate') chain = chain.then(end)
      else end()
    }
  })
  socket.on('error', end)
  socket.on('close', end)
}
