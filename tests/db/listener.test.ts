/** The LISTEN connection through real outages: a proxy in front of a throwaway Postgres cluster cuts it off. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { postgresTarget } from '../../src/db/connection-url.ts'
import { createListener, type Listener, retryDelayMs } from '../../src/db/listener.ts'
import { type PgCluster, pgClusterUnavailable, startPgCluster } from '../support/pg-cluster.ts'
import { waitUntil } from '../support/processes.ts'
import { postgresClient } from '../support/scratch-db.ts'
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.ts'

const unavailable = pgClusterUnavailable()
if (unavailable !== null) console.warn(`skipping the listener outage tests: ${unavailable}`)

/** Long enough for many reconnection attempts; the conditions are polled, never timed. */
const WITHIN_MS = 15_000

describe('retryDelayMs', () => {
  test('doubles from the first delay and never exceeds the cap', () => {
    const backoff = { firstMs: 50, maxMs: 1000 }
    expect([0, 1, 2, 3, 4, 5, 6, 40].map((n) => retryDelayMs(backoff, n))).toEqual([
      50, 100, 200, 400, 800, 1000, 1000, 1000,
    ])
  })
})

describe.skipIf(unavailable !== null)('createListener through an outage', () => {
  let cluster: PgCluster | undefined
  let proxy: TcpProxy
  let listener: Listener

  beforeAll(async () => {
    cluster = await startPgCluster()
    proxy = await startTcpProxy(cluster.port)
    listener = createListener(postgresTarget(`postgres://postgres@127.0.0.1:${proxy.port}/postgres`))
  }, 60_000)

  afterAll(async () => {
    await listener?.close()
    await proxy?.close()
    await cluster?.destroy()
  }, 60_000)

  async function notify(channel: string, payload: string): Promise<void> {
    const sql = postgresClient((cluster as PgCluster).url())
    try {
      await sql`select pg_notify(${channel}, ${payload})`
    } finally {
      await sql.end({ timeout: 5 })
    }
  }

  test('each channel hears once that the connection is lost and once that it is back, however many attempts it takes', async () => {
    const heard: string[] = []
    const counts = { lost: 0, renewed: 0 }
    for (const channel of ['orders', 'stock']) {
      await listener.listen(channel, (payload) => heard.push(`${channel}:${payload}`), {
        onLost: () => counts.lost++,
        onRenewed: () => counts.renewed++,
      })
    }
    await notify('orders', 'one')
    expect(await waitUntil(async () => heard.includes('orders:one'), WITHIN_MS)).not.toBeNull()

    // A proxy that accepts and closes (each attempt counted), then a port nobody listens on.
    for (const [outage, mode] of [
      [1, 'drop'],
      [2, 'refuse'],
    ] as const) {
      proxy.cut(mode)
      expect(await waitUntil(async () => counts.lost === 2 * outage, WITHIN_MS)).not.toBeNull()
      // Attempts keep coming while the database is away (50, 100, 200, 400 ms apart…), yet nothing more is said.
      if (mode === 'drop') expect(await waitUntil(async () => proxy.refused >= 4, WITHIN_MS)).not.toBeNull()
      else await Bun.sleep(1000)
      expect(counts).toEqual({ lost: 2 * outage, renewed: 2 * (outage - 1) })
      heard.length = 0
      await proxy.restore()
      expect(await waitUntil(async () => counts.renewed === 2 * outage, WITHIN_MS)).not.toBeNull()
      // A renewed subscription is a change of unknown payload, once per channel; then notifications flow on both.
      expect(heard.sort()).toEqual(['orders:', 'stock:'])
      await notify('stock', `after-${outage}`)
      await notify('orders', `after-${outage}`)
      expect(await waitUntil(async () => heard.includes(`orders:after-${outage}`), WITHIN_MS)).not.toBeNull()
      expect(heard).toContain(`stock:after-${outage}`)
      expect(counts).toEqual({ lost: 2 * outage, renewed: 2 * outage })
    }
  }, 90_000)

  test('a DATABASE_URL naming a Unix socket directory (libpq style) is listened on through that socket', async () => {
    const c = cluster as PgCluster
    const url = `postgres://postgres@${encodeURIComponent(c.socketDir)}:${c.port}/postgres`
    const viaSocket = createListener(postgresTarget(url))
    try {
      const heard: string[] = []
      await viaSocket.listen('socket_channel', (payload) => heard.push(payload))
      await notify('socket_channel', 'hello')
      expect(await waitUntil(async () => heard.includes('hello'), WITHIN_MS)).not.toBeNull()
      // A session over a Unix socket has no client address.
      const sql = postgresClient(c.url())
      try {
        const rows =
          await sql`select client_addr from pg_stat_activity where query = 'listen "socket_channel"'`
        expect(rows.map((r) => r.client_addr)).toEqual([null])
      } finally {
        await sql.end({ timeout: 5 })
      }
    } finally {
      await viaSocket.close()
    }
  })
})
