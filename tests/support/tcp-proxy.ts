/** A TCP proxy on loopback in front of a server (Postgres, say), to cut a client off and let it back in. */
import { connect, createServer, type Server, type Socket } from 'node:net'

export interface TcpProxy {
  readonly port: number
  /** Connections refused since the last cut: each one a reconnection attempt of a client. */
  readonly refused: number
  /**
   * Ends every open connection; until `restore()`, new ones are accepted and closed at once (`drop`, as a proxy in
   * front of a stopped server does) or refused (`refuse`: nothing listens on the port).
   */
  cut(mode: 'drop' | 'refuse'): void
  restore(): Promise<void>
  close(): Promise<void>
}

/** Starts a proxy to `targetPort` on 127.0.0.1; always `close()` it. */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const open = new Set<Socket>()
  let cutOff = false
  let refused = 0
  const server: Server = createServer((client) => {
    if (cutOff) {
      refused++
      client.destroy()
      return
    }
    const upstream = connect(targetPort, '127.0.0.1')
    const end = () => {
      for (const s of [client, upstream]) {
        s.destroy()
        open.delete(s)
      }
    }
    for (const s of [client, upstream]) {
      open.add(s)
      s.on('error', end)
      s.on('close', end)
    }
    client.pipe(upstream)
    upstream.pipe(client)
  })
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        resolve()
      })
    })
  await listen(0)
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('the proxy has no TCP port')
  const port = address.port
  return {
    port,
    get refused() {
      return refused
    },
    cut(mode) {
      cutOff = true
      refused = 0
      for (const s of open) s.destroy()
      open.clear()
      if (mode === 'refuse') server.close()
    },
    async restore() {
      cutOff = false
      if (!server.listening) await listen(port)
    },
    async close() {
      for (const s of open) s.destroy()
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
