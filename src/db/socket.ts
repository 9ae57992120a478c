/** One socket to a Postgres server, opened by hand for postgres.js's `socket` option (`listener.ts`). */
import { connect, type Socket } from 'node:net'

/** A TCP connection (or Unix socket) that does not connect within this fails. */
export const CONNECT_TIMEOUT_MS = 3000

/** Where postgres.js would connect: its parsed `host`, `port` and socket `path` options. */
export interface SocketTarget {
  readonly host: readonly string[]
  readonly port: readonly number[]
  readonly path?: string | false
}

/** A connected socket to the server, or a failure within the connect timeout. */
export function openSocket(to: SocketTarget): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = to.path ? connect(to.path) : connect(to.port[0] ?? 5432, to.host[0] ?? 'localhost')
    const timer = setTimeout(() => socket.destroy(new Error('connect timeout')), CONNECT_TIMEOUT_MS)
    socket.once('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    socket.once('connect', () => {
      clearTimeout(timer)
      socket.removeAllListeners('error')
      resolve(socket)
    })
  })
}
