/** Resolver over a Postgres catalog of 1,000,000 published products: cached and uncached redirects vs a bare 307. */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { createDbCatalog } from '../src/db/catalog.ts'
import { openDatabase } from '../src/db/database.ts'
import { createResolver } from '../src/resolver/index.ts'

// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx bun bench/resolver-scale.ts
// (env: BENCH_PRODUCTS, default 1,000,000; BENCH_SECONDS per wrk run, default 5; BENCH_CACHE catalog cache
// entries, default 100,000; BENCH_KEEP=1 to keep the seeded database for the next run). Needs wrk (Debian package).
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
const database = await openDatabase({ url: url.toString() })

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
  await database.close()
  if (!KEEP) await adminSql.unsafe(`drop database if exists ${name} with (force)`)
  await adminSql.end()
}

/** Inserts PRODUCTS products (GTIN bodies 1000000000001…), each with a name and one default page, in SQL. */
async function seed(target: string) {
  const sql = postgres(target, { max: 1, onnotice: () => {} })
  await sql.begin(async (tx) => {
    await tx.unsafe(`create function pg_temp.cd(body text) returns text language sql immutable as $$
      select ((10 - sum(substr(body, length(body) - i, 1)::int * (case when i % 2 = 0 then 3 else 1 end)) % 10) % 10)::text
      from generate_series(0, length(body) - 1) i $$`)
    const [org] =
      await tx`insert into organizations (slug, name, plan) values ('bench', 'Bench', 'pro') returning id`
    const [brand] =
      await tx`insert into brands (organization_id, slug, name) values (${org?.id}, 'bench', 'Bench') returning id`
    await tx.unsafe(
      `insert into products (id, brand_id, gtin, slug, default_language, languages, default_page_id)
       select md5('p' || i)::uuid, $1, b || pg_temp.cd(b), 'p-' || i, 'en', '["en","fr"]', md5('g' || i)::uuid
       from generate_series(1, $2::int) i, lateral (select '1' || lpad(i::text, 12, '0') as b) g`,
      [brand?.id, PRODUCTS],
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
  await sql`analyze`
  await sql.end()
}

function gtin(i: number): string {
  const body = `1${String(i).padStart(12, '0')}`
  let sum = 0
  for (let k = 0; k < body.length; k++) sum += Number(body[body.length - 1 - k]) * (k % 2 === 0 ? 3 : 1)
  return body + ((10 - (sum % 10)) % 10)
}

async function run() {
  const catalog = createDbCatalog(database, { maxEntries: Number(process.env.BENCH_CACHE ?? 100_000) })
  await catalog.start()
  const bare = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: bareRedirect,
  })
  // The floor of an uncached scan: a 307 after one round trip to the same Postgres (no catalog, no mapping).
  const roundTrip = postgres(url.toString(), { max: 1, onnotice: () => {} })
  const bareDb = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: async () => {
      await roundTrip`select 1`
      return bareRedirect()
    },
  })
  const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (r) => resolve(r) })
  const origin = `http://127.0.0.1:${server.port}`
  // The same resolver, timed from the request's arrival to its answer: the latency without the load
  // generator, which shares the two cores with Bun and Postgres.
  let handlerMs: number[] = []
  const timed = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: async (r) => {
      const start = performance.now()
      const response = await resolve(r)
      handlerMs.push(performance.now() - start)
      return response
    },
  })
  const timedOrigin = `http://127.0.0.1:${timed.port}`
  const uncached = async (connections: number, seed: number, thinkMs = 0) => {
    handlerMs = []
    const r = await wrk(`${timedOrigin}/`, connections, script(seed, thinkMs))
    handlerMs.sort((a, b) => a - b)
    const at = (q: number) => (handlerMs[Math.floor(q * (handlerMs.length - 1))] ?? Number.NaN).toFixed(2)
    return { ...r, server: `server-side p50 ${at(0.5)} ms   p99 ${at(0.99)} ms` }
  }
  const resolve = createResolver({
    catalog,
    // No port: the timed server below answers for the same host on another port.
    config: { resolverUrl: 'http://127.0.0.1', shortUrl: 'http://s.invalid', customDomainScheme: 'https' },
  })
  const check = await fetch(`${origin}/01/${gtin(PRODUCTS)}`, { redirect: 'manual' })
  console.log(`check: ${check.status} ${check.headers.get('location')}`)
  // Each run scans its own random sequence, so that no run finds the GTINs of the one before in the cache; a
  // first unreported run warms the uncached path up (JIT, prepared statement, connections).
  const dir = mkdtempSync(join(tmpdir(), 'wrk-'))
  const script = (seed: number, thinkMs = 0) => {
    const file = join(dir, `random-${seed}.lua`)
    writeFileSync(file, randomGtinScript(PRODUCTS, seed, thinkMs))
    return file
  }
  await wrk(`${timedOrigin}/`, 4, script(1), 2)
  const PACED = '4 conns, 4 ms apart'
  const rows = [
    ['bare Bun.serve 307 (ceiling), 64 connections', await wrk(`http://127.0.0.1:${bare.port}/01/x`, 64)],
    ['cached redirect (one GTIN), 64 connections', await wrk(`${origin}/01/${gtin(1)}`, 64)],
    // Paced first: a saturating run leaves a heap whose collections would then dominate a paced tail.
    [
      `bare 307 after select 1, paced (${PACED})`,
      await wrk(`http://127.0.0.1:${bareDb.port}/`, 4, script(8, 4)),
    ],
    [`uncached redirects, paced (${PACED})`, await uncached(4, 9, 4)],
    ['bare 307 (random paths), 1 connection', await wrk(`http://127.0.0.1:${bare.port}/`, 1, script(6))],
    ['bare 307 after select 1, 1 connection', await wrk(`http://127.0.0.1:${bareDb.port}/`, 1, script(7))],
    ['uncached redirects (random of all), 1 connection', await uncached(1, 2)],
    ['uncached redirects (random of all), 2 connections', await uncached(2, 3)],
    ['uncached redirects (random of all), 4 connections', await uncached(4, 4)],
    ['uncached redirects (random of all), 64 connections', await uncached(64, 5)],
  ] as const
  for (const [label, r] of rows)
    console.log(
      `${label.padEnd(52)} ${String(r.rps).padStart(8)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   non-3xx ${r.errors}` +
        ('server' in r ? `\n${''.padEnd(52)} ${r.server}` : ''),
    )
  await catalog.close()
  await server.stop(true)
  await timed.stop(true)
  await bare.stop(true)
  await bareDb.stop(true)
  await roundTrip.end()
}

/** The references' answer: a 307 to a product page, nothing looked up. */
function bareRedirect(): Response {
  return new Response(null, { status: 307, headers: { location: '/en/bench/p-1/about' } })
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

async function wrk(target: string, connections: number, script?: string, seconds = SECONDS) {
  const args = [
    'wrk',
    '-t1',
    `-c${connections}`,
    `-d${seconds}s`,
    '--latency',
    ...(script ? ['-s', script] : []),
    target,
  ]
  const child = Bun.spawn(args, { stdout: 'pipe', stderr: 'pipe' })
  const out = await new Response(child.stdout).text()
  await child.exited
  const ms = (label: string) => {
    const m = out.match(new RegExp(`${label}%\\s+([\\d.]+)(us|ms|s)`))
    if (!m) return Number.NaN
    const v = Number(m[1])
    return m[2] === 'us' ? v / 1000 : m[2] === 's' ? v * 1000 : v
  }
  const rps = Math.round(Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0))
  const errors = Number(out.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0)
  return { rps, p50: ms('50').toFixed(2), p99: ms('99').toFixed(2), errors }
}
