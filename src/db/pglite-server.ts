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

/** The socket's file name: libpq's, so `postgresql:///postgres?host=DATA_DIR` reaches it. */
export const SOCKET_FILE = '.s.PGSQL.5432'

/** Longest Unix socket path the kernel takes (sun_path is 108 bytes, with its terminating NUL). */
const MAX_SOCKET_PATH = 107

/** A connection inside a transaction that sends nothing for this long is closed, and its transaction rolled back. */
export const IDLE_IN_TRANSACTION_MS = 30_000

const SSL_REQUEST = 80877103
const GSSENC_REQUEST = 80877104
const CANCEL_REQUEST = 80877102

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

/** Serves `pg` on the Unix socket at `path` (a stale socket file there is replaced). */
export async function servePglite(pg: PGlite, path: string): Promise<PgliteServer> {
  const gate = createGate(pg as unknown as Lockable)
  const connections = new Set<Socket>()
  const server = createServer((socket) => {
    connections.add(socket)
    socket.once('close', () => connections.delete(socket))
    serveConnection(socket, pg, gate)
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
function serveConnection(socket: Socket, pg: PGlite, gate: Gate): void {
  const self = {}
  let buffered: Buffer = Buffer.alloc(0)
  let started = false
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
      let output: Uint8Array
      try {
        output = await pg.runExclusive(() => pg.execProtocolRaw(unit))
      } catch {
        return end()
      }
      const status = transactionStatus(output)
      if (!closed && output.length > 0) socket.write(output)
      if (status === 'I') gate.leave(self)
      else idleTimer = setTimeout(end, IDLE_IN_TRANSACTION_MS)
    })
  }

  socket.on('data', (data: Buffer) => {
    buffered = buffered.length === 0 ? data : Buffer.concat([buffered, data])
    while (!closed) {
      const next = started ? takeUnit(buffered) : takeStartup(buffered)
      if (next === null) break
      buffered = buffered.subarray(next.length)
      if (next.kind === 'ssl') socket.write('N')
      else if (next.kind === 'startup' || next.kind === 'unit') {
        started = true
        // A copy: the unit waits its turn, and the buffer it came in is not ours to keep.
        run(next.bytes.slice())
      } else end()
    }
  })
  socket.on('error', end)
  socket.on('close', end)
}

type Framed =
  | { kind: 'startup' | 'unit'; bytes: Uint8Array; length: number }
  | { kind: 'ssl' | 'cancel' | 'terminate'; length: number }

/** The first message of a connection: a startup packet, or a request for TLS (refused: the socket is local). */
function takeStartup(buffer: Buffer): Framed | null {
  if (buffer.length < 8) return null
  const length = buffer.readInt32BE(0)
  if (buffer.length < length) return null
  const code = buffer.readInt32BE(4)
  if (code === SSL_REQUEST || code === GSSENC_REQUEST) return { kind: 'ssl', length }
  if (code === CANCEL_REQUEST) return { kind: 'cancel', length }
  return { kind: 'startup', bytes: buffer.subarray(0, length), length }
}

/** Complete messages up to and including a Sync, a simple Query or a Flush; a Terminate on its own. */
function takeUnit(buffer: Buffer): Framed | null {
  let offset = 0
  while (offset + 5 <= buffer.length) {
    const type = String.fromCharCode(buffer[offset] as number)
    const end = offset + 1 + buffer.readInt32BE(offset + 1)
    if (end > buffer.length) return null
    if (type === 'X') {
      if (offset > 0) return { kind: 'unit', bytes: buffer.subarray(0, offset), length: offset }
      return { kind: 'terminate', length: end }
    }
    offset = end
    if (type === 'S' || type === 'Q' || type === 'H')
      return { kind: 'unit', bytes: buffer.subarray(0, end), length: end }
  }
  return null
}

/** The transaction status of the last ReadyForQuery in `output` (null: none). */
function transactionStatus(output: Uint8Array): string | null {
  const view = new DataView(output.buffer, output.byteOffset, output.byteLength)
  let status: string | null = null
  let offset = 0
  while (offset + 5 <= output.length) {
    const type = output[offset]
    const length = view.getInt32(offset + 1)
    if (type === 0x5a && length === 5) status = String.fromCharCode(output[offset + 5] as number)
    offset += 1 + length
  }
  return status
}

/** A simple Query message. */
function simpleQuery(sql: string): Uint8Array {
  const text = Buffer.from(`${sql}\0`)
  const message = Buffer.alloc(5 + text.length)
  message.write('Q', 0)
  message.writeInt32BE(4 + text.length, 1)
  text.copy(message, 5)
  return message
}
