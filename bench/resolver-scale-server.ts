/**
 * One server of `resolver-scale.ts`, in a fresh process of its own as in production (the load generator's
 * parent holds no heap of it): `bun bench/resolver-scale-server.ts MODE` with DATABASE_URL, over IPC.
 * MODE `resolver` serves the resolver over the Postgres catalog, `bare` a 307 with no lookup, `bare-db` a 307
 * after one `select 1` round trip through the same driver, `bare-lookup` a 307 after the resolver's own lookup
 * query for the GTIN in the path, through the resolver's pool with no mapping (the floor of an uncached scan).
 * It sends `{port}` when listening; on `'stats'` it answers with the handler times since the last `'stats'`.
 */
import postgres from 'postgres'
import { openDatabase } from '../src/db/database.ts'
import { createResolver } from '../src/resolver/index.ts'
import { createDbCatalog } from '../src/services/catalog/db-catalog.ts'
import { byGtinRow } from '../src/services/catalog/lookup.ts'

export type ServerMode = 'resolver' | 'bare' | 'bare-db' | 'bare-lookup'
export interface ServerStats {
  count: number
  p50: number
  p99: number
}

const mode = process.argv[2] as ServerMode
// The `select 1` floor gets as many connections as the resolver's pool (db/database.ts): requests queue alike.
const POOL = 10
const url = process.env.DATABASE_URL ?? ''

/** The references' answer: a 307 to a product page, nothing looked up. */
function bareRedirect(): Response {
  return new Response(null, { status: 307, headers: { location: '/en/bench/p-1/about' } })
}

async function handler(): Promise<{
  fetch: (r: Request) => Response | Promise<Response>
  close(): Promise<void>
}> {
  if (mode === 'bare') return { fetch: bareRedirect, close: async () => {} }
  if (mode === 'bare-db') {
    const sql = postgres(url, { max: POOL, onnotice: () => {} })
    return {
      fetch: async () => {
        await sql`select 1`
        return bareRedirect()
      },
      close: () => sql.end(),
    }
  }
  const database = await openDatabase({ url })
  if (mode === 'bare-lookup') {
    const lookup = byGtinRow(database)
    return {
      fetch: async (request) => {
        const row = await lookup({ gtin: new URL(request.url).pathname.slice(4) })
        return row === undefined ? new Response(null, { status: 404 }) : bareRedirect()
      },
      close: () => database.close(),
    }
  }
  const catalog = createDbCatalog(database, { maxEntries: Number(process.env.BENCH_CACHE ?? 100_000) })
  await catalog.start()
  const resolve = createResolver({
    catalog,
    answerMemoSize: Number(process.env.BENCH_MEMO ?? 10_000),
    // No port: the answer's links name the resolver host the way a deployment behind a proxy does.
    config: { resolverUrl: 'http://127.0.0.1', shortUrl: 'http://s.invalid', customDomainScheme: 'https' },
  })
  return {
    fetch: resolve,
    async close() {
      await catalog.close()
      await database.close()
    },
  }
}

const served = await handler()
let times: number[] = []
const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch: async (request) => {
    const start = performance.now()
    const response = await served.fetch(request)
    times.push(performance.now() - start)
    return response
  },
})

process.on('message', async (message) => {
  if (message === 'stats') {
    const sorted = times.sort((a, b) => a - b)
    times = []
    const at = (q: number) => sorted[Math.floor(q * (sorted.length - 1))] ?? Number.NaN
    process.send?.({ count: sorted.length, p50: at(0.5), p99: at(0.99) } satisfies ServerStats)
  } else if (message === 'stop') {
    await server.stop(true)
    await served.close()
    process.exit(0)
  }
})
// Run by hand (no IPC), it prints its port and serves until stopped.
if (process.send) process.send({ port: server.port })
else console.log(`${mode} on port ${server.port}`)
