/** Resolver over a Postgres catalog of 1,000,000 published products: cached and uncached redirects vs a bare 307. */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { openDatabase } from '../src/db/database.ts'
import { gs1CheckDigit } from '../src/gs1/index.ts'
import type { ServerMode, ServerStats } from './resolver-scale-server.ts'
import { runWrk, seedBenchCatalog, startServerProcess } from './resolver-setup.ts'

// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx bun bench/resolver-scale.ts
// (env: BENCH_PRODUCTS, default 1,000,000; BENCH_SECONDS per wrk run, default 5; BENCH_CACHE catalog cache
// entries, default 100,000; BENCH_MEMO the resolver's answer memo, default 10,000; BENCH_KEEP=1 to keep the seeded
// database for the next run). Needs wrk (Debian package).
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1_000_000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const admin = process.env.DATABASE_URL
if (!admin) {
  console.log('resolver-scale: set DATABASE_URL to a Postgres database this bench may create databases from')
  process.exit(0)
}

// BENCH_KEEP=1 keeps the seeded database (bench_scale_keep) and reuses it on the next run: for iterating.
const KEEP = process.env.BENCH_KEEP === '1'
const name = KEEP ? 'bench_scale_keep' : `bench_scale_${Date.now()}`
const adminSql = postgres(admin, { max: 1, onnotice: () => {} })
const exists = (await adminSql`select 1 from pg_database where datname = ${name}`).length > 0
if (!exists) await adminSql.unsafe(`create database ${name}`)
const url = new URL(admin)
url.pathname = `/${name}`
// Opening the database migrates it; the servers under test open their own in fresh processes.
await (await openDatabase({ url: url.toString() })).close()

try {
  if (!exists) {
    const seeded = performance.now()
    await seed(url.toString())
    console.log(
      `seeded ${PRODUCTS.toLocaleString('en')} products in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    )
  }
  await run()
} finally {
  if (!KEEP) await adminSql.unsafe(`drop database if exists ${name} with (force)`)
  await adminSql.end()
}

/** Inserts PRODUCTS products (GTIN bodies 1000000000001…), each with a name and one default page, in SQL. */
async function seed(target: string) {
  await seedBenchCatalog(target, async (tx, brandId) => {
    await tx.unsafe(
      `insert into products (id, brand_id, gtin, slug, default_language, languages, default_page_id,
         resolver_names, resolver_pages)
       select md5('p' || i)::uuid, $1, b || pg_temp.cd(b), 'p-' || i, 'en', '["en","fr"]', md5('g' || i)::uuid,
         json_build_array(json_build_array('en', 'Product ' || i)),
         json_build_array(json_build_object('id', md5('g' || i)::uuid, 'name', 'about', 'linkType', 'gs1:pip',
           'titles', json_build_array(json_build_array('en', 'About ' || i, null), json_build_array('fr', 'About ' || i, null))))
       from generate_series(1, $2::int) i, lateral (select '1' || lpad(i::text, 12, '0') as b) g`,
      [brandId, PRODUCTS],
    )
    await tx.unsafe(
      `insert into pages (id, product_id, name, link_type, position)
       select md5('g' || i)::uuid, md5('p' || i)::uuid, 'about', 'gs1:pip', 0 from generate_series(1, $1::int) i`,
      [PRODUCTS],
    )
    await tx.unsafe(
      `insert into page_titles (page_id, language, position, title)
       select md5('g' || i)::uuid, l.lang, l.pos, 'About ' || i from generate_series(1, $1::int) i,
       (values ('en', 0), ('fr', 1)) l(lang, pos)`,
      [PRODUCTS],
    )
    await tx.unsafe(
      `insert into product_names (product_id, language, name)
       select md5('p' || i)::uuid, 'en', 'Product ' || i from generate_series(1, $1::int) i`,
      [PRODUCTS],
    )
  })
}

function gtin(i: number): string {
  const body = `1${String(i).padStart(12, '0')}`
  return body + gs1CheckDigit(body)
}

/** A server of resolver-scale-server.ts in a fresh process; `stats()` takes its handler times since the last call. */
function startServer(mode: ServerMode) {
  const command = [process.execPath, join(import.meta.dir, 'resolver-scale-server.ts'), mode]
  return startServerProcess<ServerStats>(command, { ...process.env, DATABASE_URL: url.toString() })
}

type Server = Awaited<ReturnType<typeof startServer>>
type Row = readonly [string, Awaited<ReturnType<typeof wrk>> & { server?: string }]

async function run() {
  const dir = mkdtempSync(join(tmpdir(), 'wrk-'))
  // Each run scans its own random sequence, so that no run finds the GTINs of the one before in the cache.
  const script = (seed: number, thinkMs = 0) => {
    const file = join(dir, `random-${seed}.lua`)
    writeFileSync(file, randomGtinScript(PRODUCTS, seed, thinkMs))
    return file
  }
  /** A wrk run with the server's own p50 and p99 beside it (the latency without the load generator). */
  const timed = async (server: Server, connections: number, seed: number, thinkMs = 0) => {
    await server.stats()
    const r = await wrk(`${server.origin}/`, connections, script(seed, thinkMs))
    const s = await server.stats()
    return { ...r, server: `server-side p50 ${s.p50.toFixed(2)} ms   p99 ${s.p99.toFixed(2)} ms` }
  }
  // A first unreported run warms a fresh server up (JIT, prepared statement, connections), as traffic does.
  const warm = (server: Server, thinkMs: number) => wrk(`${server.origin}/`, 4, script(1, thinkMs), 2)
  const rows: Row[] = []
  const PACED = '4 conns, 4 ms apart'

  // The latency objective: a steady load below saturation, each server in a fresh process.
  for (const [mode, label, seed] of [
    ['bare-db', 'bare 307 after select 1', 8],
    ['bare-lookup', 'bare 307 after the lookup query', 10],
    ['resolver', 'uncached redirects', 9],
  ] as const) {
    const server = await startServer(mode)
    await warm(server, 4)
    rows.push([`${label}, paced (${PACED})`, await timed(server, 4, seed, 4)])
    await server.stop()
  }

  const bare = await startServer('bare')
  rows.push(['bare Bun.serve 307 (ceiling), 64 connections', await wrk(`${bare.origin}/01/x`, 64)])
  rows.push(['bare 307 (random paths), 1 connection', await wrk(`${bare.origin}/`, 1, script(6))])
  await bare.stop()
  const bareDb = await startServer('bare-db')
  await warm(bareDb, 0)
  rows.push(['bare 307 after select 1, 1 connection', await timed(bareDb, 1, 7)])
  await bareDb.stop()
  const bareLookup = await startServer('bare-lookup')
  await warm(bareLookup, 0)
  rows.push(['bare 307 after the lookup query, 1 connection', await timed(bareLookup, 1, 11)])
  await bareLookup.stop()

  const resolver = await startServer('resolver')
  const check = await fetch(`${resolver.origin}/01/${gtin(PRODUCTS)}`, { redirect: 'manual' })
  console.log(`check: ${check.status} ${check.headers.get('location')}`)
  rows.push(['cached redirect (one GTIN), 64 connections', await wrk(`${resolver.origin}/01/${gtin(1)}`, 64)])
  await warm(resolver, 0)
  rows.push(['uncached redirects (random of all), 1 connection', await timed(resolver, 1, 2)])
  rows.push(['uncached redirects (random of all), 2 connections', await timed(resolver, 2, 3)])
  rows.push(['uncached redirects (random of all), 4 connections', await timed(resolver, 4, 4)])
  rows.push(['uncached redirects (random of all), 64 connections', await timed(resolver, 64, 5)])
  await resolver.stop()

  for (const [label, r] of rows)
    console.log(
      `${label.padEnd(52)} ${String(r.rps).padStart(8)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   non-3xx ${r.errors}` +
        (r.server ? `\n${''.padEnd(52)} ${r.server}` : ''),
    )
}

/** A wrk script scanning random GTINs of the catalog; with `thinkMs`, each connection waits that long between
 * requests (a steady load below saturation, as a latency objective is measured). */
function randomGtinScript(count: number, seed: number, thinkMs = 0): string {
  return `math.randomseed(${seed})${thinkMs > 0 ? `\ndelay = function() return ${thinkMs} end` : ''}
local function cd(body) local s = 0 local n = #body
  for k = 0, n - 1 do local d = tonumber(body:sub(n - k, n - k)) if k % 2 == 0 then s = s + d * 3 else s = s + d end end
  return (10 - s % 10) % 10 end
request = function() local body = "1" .. string.format("%012d", math.random(1, ${count}))
  return wrk.format(nil, "/01/" .. body .. cd(body)) end
`
}

/** A wrk run with its latencies as printed (ms, two decimals). */
async function wrk(target: string, connections: number, script?: string, seconds = SECONDS) {
  const r = await runWrk(target, connections, seconds, script)
  return { ...r, p50: r.p50.toFixed(2), p99: r.p99.toFixed(2) }
}
