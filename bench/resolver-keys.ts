/**
 * Scans of other GS1 keys than the GTIN (issue #28, DESIGN §12) over 100,000 prefix rules and 1,000,000 entries in
 * Postgres: (a) an uncached scan that falls to a prefix rule beside (b) an uncached scan that finds its own entry, of
 * the same key, through the resolver over the database catalog (every value scanned is new), each beside two floors:
 * a bare 307 after the one-row lookup of the row that answers it, and a bare 307 after the resolver's own lookup
 * query over every candidate id. Each server runs in a fresh process, driven by wrk at 1 connection and paced.
 * The target ratio is taken where the box's noise weighs on both kinds alike: one run sending (a) and (b) in turn,
 * timed per kind by the server; each kind also runs on its own (A B B A) for its latency over the wire.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { candidateIds, ruleId } from '../src/catalog/entry-id.ts'
import { type Database, openDatabase } from '../src/db/database.ts'
import { gs1CheckDigit } from '../src/gs1/index.ts'
import { createResolver } from '../src/resolver/index.ts'
import { createDbCatalog } from '../src/services/catalog/db-catalog.ts'
import { byGtinRow, productLookups } from '../src/services/catalog/lookup.ts'
import { runWrk, seedBenchCatalog, startServerProcess } from './resolver-setup.ts'

// Usage: DATABASE_URL=postgres://…/test bun bench/resolver-keys.ts
// (env: BENCH_KEY, the key scanned, 00 (SSCC, default) or 414 (GLN); BENCH_SECONDS per wrk run, default 5;
// BENCH_CACHE the catalog cache's entries, default 100,000 as in production (every scanned value is new anyway);
// BENCH_KEEP=1 to keep the seeded database for the next run; BENCH_EXPLAIN=1 to print the lookup's plans).
// Needs wrk (Debian package). The same file is the server under test: `bun bench/resolver-keys.ts --serve MODE`.

/**
 * The catalog. Rules and entries of two keys, half each: SSCCs (00, 18 digits) and GLNs (414, 13 digits). Under
 * each key, 25,000 pairs of rules: a short prefix of 6 to 9 digits (6 to 8 for GLNs) and a longer one nested in it
 * (7 to 13 digits; 7 to 10), 50,000 rules per key. Under each pair, 20 entries, half under the longer prefix and
 * half under the shorter one only: 500,000 entries per key. Rules and entries are written interleaved (one rule
 * every 11 rows), so that neither kind has the table's first pages to itself.
 */
const KEYS = {
  '00': { length: 17, shortExtra: 4, longExtra: 4 },
  '414': { length: 12, shortExtra: 3, longExtra: 2 },
} as const
type Key = keyof typeof KEYS
const PAIRS = 25_000
const PER_PAIR = 20
const ENTRIES_PER_KEY = PAIRS * PER_PAIR
const ROWS = 2 * (2 * PAIRS + ENTRIES_PER_KEY)
/** What follows the prefix in a rule's identity (`ruleId`), for the SQL and the wrk scripts that spell it. */
const RULE_MARK = ruleId('00', '').slice('00/'.length)

type Kind = 'exact' | 'rule'
type Mode = 'floor-one' | 'floor-any' | 'resolver'
interface KindStats {
  count: number
  p50: number
  p99: number
}
type Stats = Record<Kind, KindStats>

if (process.argv[2] === '--serve') await serve(process.argv[3] as Mode)
else await main()

// --- The catalog's values, as the seed writes them and the wrk scripts scan them -------------------------------

/** The shorter prefix of pair `b` (1…25,000): six digits of `b`, then 0 to 3 more. */
function shortPrefix(key: Key, b: number): string {
  const extra = String((b * 7919) % 10_000).padStart(4, '0')
  return String(b).padStart(6, '0') + extra.slice(0, b % KEYS[key].shortExtra)
}

/** The longer prefix of pair `b`: the shorter one, then 1 to 4 sevens (no entry under the shorter one has a 7 there). */
function longPrefix(key: Key, b: number): string {
  return shortPrefix(key, b) + '7'.repeat(1 + (Math.floor(b / 4) % KEYS[key].longExtra))
}

/** Entry `m` (0…499,999) of a key: under pair m % 25,000, the longer prefix for an even m / 25,000. */
function entryValue(key: Key, m: number): string {
  const b = (m % PAIRS) + 1
  const t = Math.floor(m / PAIRS)
  const prefix = t % 2 === 0 ? longPrefix(key, b) : shortPrefix(key, b)
  const body = prefix + String(t).padStart(KEYS[key].length - prefix.length, '0')
  return body + gs1CheckDigit(body)
}

/** A value with no entry under `prefix`: a 9 after it (no entry has one there), then `fill`'s digits. */
function ruleValue(key: Key, prefix: string, fill: string): string {
  const body = `${prefix}9${fill}`.slice(0, KEYS[key].length)
  return body + gs1CheckDigit(body)
}

/** Writes the catalog in SQL: one organization and brand, ROWS products with one external page each. */
async function seed(target: string) {
  await seedBenchCatalog(target, async (tx, brandId) => {
    await tx.unsafe(`create function pg_temp.short(b int, extra int) returns text language sql immutable as $$
      select lpad(b::text, 6, '0') || substr(lpad(((b * 7919) % 10000)::text, 4, '0'), 1, b % extra) $$`)
    await tx.unsafe(`create function pg_temp.long(b int, extra int, more int) returns text language sql immutable as $$
      select pg_temp.short(b, extra) || repeat('7', 1 + (b / 4) % more) $$`)
    // Row n: a rule when n % 11 = 10 (rule r = n / 11), else entry j. Rules and entries alternate between the keys.
    await tx.unsafe(
      `create temporary table spec on commit drop as
       select n, g.key, g.rule,
         case when g.rule then g.key || '/' || g.prefix || $2 else g.key || '/' || g.body || pg_temp.cd(g.body) end as id,
         case when g.rule then 'https://bench.example/r/' || g.prefix || '/{value}'
           else 'https://bench.example/e/{value}' end as href
       from generate_series(0, $1::int - 1) n,
       lateral (select n % 11 = 10 as rule, n / 11 as r, (n / 11) * 10 + n % 11 as j) a,
       lateral (select case when (case when a.rule then a.r else a.j end) % 2 = 0 then '00' else '414' end as key) k,
       lateral (select case when k.key = '00' then 17 else 12 end as len,
         case when k.key = '00' then 4 else 3 end as se, case when k.key = '00' then 4 else 2 end as le) s,
       lateral (select case when a.rule then (a.r / 2 / 2) + 1 else ((a.j / 2) % ${PAIRS}) + 1 end as b,
         case when a.rule then (a.r / 2) % 2 = 1 else ((a.j / 2) / ${PAIRS}) % 2 = 0 end as long,
         (a.j / 2) / ${PAIRS} as t) e,
       lateral (select case when e.long then pg_temp.long(e.b, s.se, s.le) else pg_temp.short(e.b, s.se) end as prefix) p,
       lateral (select k.key, a.rule, p.prefix, p.prefix || lpad(e.t::text, s.len - length(p.prefix), '0') as body) g`,
      [ROWS, RULE_MARK],
    )
    await tx.unsafe(
      `insert into products (id, brand_id, gtin, slug, default_language, languages, default_page_id,
         resolver_names, resolver_pages)
       select md5('p' || n)::uuid, $1, id, case when rule then 'r-' else 'e-' end || n, 'en', '["en"]',
         md5('g' || n)::uuid, json_build_array(json_build_array('en', 'Bench ' || n)),
         json_build_array(json_build_object('id', md5('g' || n)::uuid, 'name', 'track', 'linkType', 'gs1:traceability',
           'titles', json_build_array(json_build_array('en', 'Track', null)), 'extras', json_build_object('href', href)))
       from spec order by n`,
      [brandId],
    )
    await tx.unsafe(
      `insert into pages (id, product_id, name, link_type, position, extras)
       select md5('g' || n)::uuid, md5('p' || n)::uuid, 'track', 'gs1:traceability', 0, jsonb_build_object('href', href)
       from spec order by n`,
    )
    await tx.unsafe(
      `insert into page_titles (page_id, language, position, title)
       select md5('g' || n)::uuid, 'en', 0, 'Track' from spec order by n`,
    )
    await tx.unsafe(
      `insert into product_names (product_id, language, name)
       select md5('p' || n)::uuid, 'en', 'Bench ' || n from spec order by n`,
    )
  })
}

/** Whether a kept database holds the first rule under the identity `ruleId` gives it. */
async function spellsRules(target: string): Promise<boolean> {
  const sql = postgres(target, { max: 1, onnotice: () => {} })
  try {
    const id = ruleId('00', shortPrefix('00', 1))
    return (await sql`select 1 from products where gtin = ${id}`).length > 0
  } catch {
    return false
  } finally {
    await sql.end()
  }
}

// --- The bench --------------------------------------------------------------------------------------------------

async function main() {
  const KEY = (process.env.BENCH_KEY ?? '00') as Key
  if (!(KEY in KEYS)) throw new Error('BENCH_KEY is 00 or 414')
  const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
  const admin = process.env.DATABASE_URL
  if (!admin) {
    console.log('resolver-keys: set DATABASE_URL to a Postgres database this bench may create databases from')
    return
  }
  const KEEP = process.env.BENCH_KEEP === '1'
  const name = KEEP ? 'bench_keys_keep' : `bench_keys_${Date.now()}`
  const adminSql = postgres(admin, { max: 1, onnotice: () => {} })
  const url = new URL(admin)
  url.pathname = `/${name}`
  let exists = (await adminSql`select 1 from pg_database where datname = ${name}`).length > 0
  if (exists && !(await spellsRules(url.toString()))) {
    console.log(`${name} spells its rules' identities otherwise than ruleId now does: seeded again`)
    await adminSql.unsafe(`drop database ${name} with (force)`)
    exists = false
  }
  if (!exists) await adminSql.unsafe(`create database ${name}`)
  await (await openDatabase({ url: url.toString() })).close()
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')
  try {
    if (!exists) {
      const started = performance.now()
      await seed(url.toString())
      const s = ((performance.now() - started) / 1000).toFixed(1)
      console.log(`seeded 100,000 rules and 1,000,000 entries of keys 00 and 414 in ${s} s`)
    }
    console.log(`load average at start: ${load()}`)
    await run(url.toString(), KEY, SECONDS)
    if (process.env.BENCH_EXPLAIN === '1') await explain(url.toString(), KEY)
    console.log(`load average at end: ${load()}`)
  } finally {
    if (!KEEP) await adminSql.unsafe(`drop database if exists ${name} with (force)`)
    await adminSql.end()
  }
}

/** A server of this file in a fresh process; `stats()` takes its handler times per kind since the last call. */
function startServer(mode: Mode, databaseUrl: string) {
  const command = [process.execPath, import.meta.path, '--serve', mode]
  return startServerProcess<Stats>(command, { ...process.env, DATABASE_URL: databaseUrl })
}

type Server = Awaited<ReturnType<typeof startServer>>
type Wrk = Awaited<ReturnType<typeof wrk>>
interface Row {
  wire: Wrk
  server: KindStats
}

async function run(databaseUrl: string, key: Key, seconds: number) {
  const dir = mkdtempSync(join(tmpdir(), 'wrk-'))
  // Every wrk run of a server scans entries no run of it scanned before: `window` picks its own 40,000.
  let window = 0
  const script = (kind: Kind | 'mixed', thinkMs: number) => {
    const file = join(dir, `${kind}-${window}.lua`)
    writeFileSync(file, keyScript(key, kind, window++, thinkMs))
    return file
  }
  const modes: [Mode, string][] = [
    ['floor-one', 'bare 307 after a one-row lookup of its row'],
    ['floor-any', "bare 307 after the resolver's query"],
    ['resolver', 'resolver'],
  ]
  const shapes: [string, number, number][] = [
    ['1 connection', 1, 0],
    ['paced, 4 conns 4 ms apart', 4, 4],
  ]
  const separate = new Map<string, Row>()
  const mixed = new Map<string, Stats>()
  const at = (mode: Mode, shape: string, kind?: Kind) => `${mode}|${shape}|${kind ?? ''}`
  console.log(
    `key ${key}: ${candidateIds(key, entryValue(key, 0)).length} candidate ids per scan; ${seconds} s per wrk run`,
  )

  async function measure(mode: Mode, server: Server) {
    if (mode === 'resolver') await check(server.origin, key)
    window = 0
    // Warm-up, unreported: JIT, prepared statements, connections.
    for (const kind of ['exact', 'rule'] as const) await wrk(server.origin, 4, script(kind, 0), 2)
    for (const [shape, connections, thinkMs] of shapes) {
      // Both kinds in one run, one request of each in turn: whatever else the box runs weighs on both alike.
      await server.stats()
      const both = await wrk(server.origin, connections, script('mixed', thinkMs), 2 * seconds)
      if (both.errors > 0) throw new Error(`${mode}, ${shape}: ${both.errors} answers not 3xx`)
      mixed.set(at(mode, shape), await server.stats())
      // Then each kind in runs of its own, A B B A, for its latency over the wire.
      const runs: [Kind, Wrk][] = []
      for (const kind of ['exact', 'rule', 'rule', 'exact'] as const)
        runs.push([kind, await wrk(server.origin, connections, script(kind, thinkMs), seconds)])
      const stats = await server.stats()
      for (const kind of ['exact', 'rule'] as const) {
        const [first, second] = runs.filter(([k]) => k === kind).map(([, r]) => r) as [Wrk, Wrk]
        separate.set(at(mode, shape, kind), { wire: mean(first, second), server: stats[kind] })
      }
    }
  }
  try {
    for (const [mode] of modes) {
      const server = await startServer(mode, databaseUrl)
      try {
        await measure(mode, server)
      } finally {
        await server.stop()
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }

  const f = (n: number) => n.toFixed(2).padStart(6)
  const x = (n: number) => `${n.toFixed(2)}x`.padStart(6)
  const KIND_LABEL: Record<Kind, string> = { exact: '(b) exact entry', rule: '(a) falls to a rule' }
  for (const [shape] of shapes) {
    console.log(
      `\n${shape}, each kind in runs of its own (wire: wrk, mean of 2 runs; server: the handler's time)`,
    )
    console.log(`${''.padEnd(62)}    req/s   wire p50    p99   server p50    p99   non-3xx`)
    for (const [mode, label] of modes)
      for (const kind of ['exact', 'rule'] as const) {
        const r = separate.get(at(mode, shape, kind)) as Row
        console.log(
          `${`${label}, ${KIND_LABEL[kind]}`.padEnd(62)} ${String(r.wire.rps).padStart(8)}   ${f(r.wire.p50)} ${f(r.wire.p99)}` +
            `       ${f(r.server.p50)} ${f(r.server.p99)}   ${r.wire.errors}`,
        )
      }
  }
  console.log('\nratio (a) / (b), same key, each kind in runs of its own')
  console.log(`${''.padEnd(62)} per scan   wire p50    p99   server p50    p99`)
  for (const [shape] of shapes)
    for (const [mode, label] of modes) {
      const a = separate.get(at(mode, shape, 'rule')) as Row
      const b = separate.get(at(mode, shape, 'exact')) as Row
      console.log(
        `${`${label}, ${shape}`.padEnd(62)}   ${x(b.wire.rps / a.wire.rps)}   ${x(a.wire.p50 / b.wire.p50)} ${x(a.wire.p99 / b.wire.p99)}` +
          `       ${x(a.server.p50 / b.server.p50)} ${x(a.server.p99 / b.server.p99)}`,
      )
    }
  console.log(
    "\nboth kinds in turn in one run: the handler's own time (target: resolver (a) / (b) within 1.2x)",
  )
  console.log(`${''.padEnd(62)}  (b) p50    p99   (a) p50    p99   (a)/(b) p50    p99`)
  for (const [shape] of shapes)
    for (const [mode, label] of modes) {
      const { exact: b, rule: a } = mixed.get(at(mode, shape)) as Stats
      console.log(
        `${`${label}, ${shape}`.padEnd(62)}  ${f(b.p50)} ${f(b.p99)}    ${f(a.p50)} ${f(a.p99)}        ${x(a.p50 / b.p50)} ${x(a.p99 / b.p99)}`,
      )
    }
}

function mean(a: Wrk, b: Wrk): Wrk {
  return {
    rps: Math.round((a.rps + b.rps) / 2),
    p50: (a.p50 + b.p50) / 2,
    p99: (a.p99 + b.p99) / 2,
    errors: a.errors + b.errors,
  }
}

/** A few scans through the resolver before measuring: each kind answered by the row it should be. */
async function check(origin: string, key: Key) {
  const expect = async (value: string, location: string) => {
    const res = await fetch(`${origin}/${key}/${value}`, { redirect: 'manual' })
    if (res.status !== 307 || res.headers.get('location') !== location)
      throw new Error(`${key}/${value}: ${res.status} ${res.headers.get('location')}, expected ${location}`)
  }
  for (const m of [0, 1, PAIRS, PAIRS + 1, ENTRIES_PER_KEY - 1])
    await expect(entryValue(key, m), `https://bench.example/e/${entryValue(key, m)}`)
  for (const b of [1, 2, 3, 4, 5, PAIRS])
    for (const prefix of [shortPrefix(key, b), longPrefix(key, b)]) {
      const value = ruleValue(key, prefix, '0123456789012345')
      await expect(value, `https://bench.example/r/${prefix}/${value}`)
    }
}

/** EXPLAIN ANALYZE of the resolver's lookup query for one value of each kind, custom and generic plans. */
async function explain(databaseUrl: string, key: Key) {
  const database = await openDatabase({ url: databaseUrl })
  const query = await lookupQuery(database, key)
  await database.close()
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  const values: [Kind, string][] = [
    ['exact', entryValue(key, 12_345)],
    ['rule', ruleValue(key, longPrefix(key, 12_345), '0123456789012345')],
  ]
  for (const plan of ['force_custom_plan', 'force_generic_plan']) {
    await sql.unsafe(`set plan_cache_mode = ${plan}`)
    for (const [kind, value] of values) {
      console.log(`\nEXPLAIN (ANALYZE, BUFFERS), ${plan}, ${kind} ${key}/${value}:`)
      const rows = await sql.unsafe(
        `explain (analyze, buffers) ${query.text}`,
        query.params(key, value) as never[],
      )
      for (const row of rows) console.log(`  ${row['QUERY PLAN']}`)
    }
  }
  await sql.end()
}

/** The SQL text and parameters `productLookups(…).byKey` sends, taken from the driver call it makes. */
async function lookupQuery(database: Database, key: Key) {
  let text = ''
  let sent: readonly unknown[] = []
  const spy: Database = {
    ...database,
    queryRows: (t, p) => {
      text = t
      sent = p
      return database.queryRows(t, p)
    },
  }
  await productLookups(spy).byKey(key, entryValue(key, 0))
  return {
    text,
    params: (k: string, value: string) => sent.map((p) => (Array.isArray(p) ? candidateIds(k, value) : p)),
  }
}

/**
 * A wrk script scanning values of `key`: `exact`, entries in an order that visits each at most once over 12 windows
 * of 40,000; `rule`, random values with no entry under a random rule of the 50,000 (they fall to it); `mixed`, one
 * of each in turn. Each request names the row that answers it (`x-row`, for the one-row floor) and its kind
 * (`x-kind`, for the server's times per kind).
 */
function keyScript(key: Key, kind: Kind | 'mixed', window: number, thinkMs: number): string {
  const { length, shortExtra, longExtra } = KEYS[key]
  return `math.randomseed(${1000 + window})${thinkMs > 0 ? `\ndelay = function() return ${thinkMs} end` : ''}
local function cd(body) local s = 0 local n = #body
  for k = 0, n - 1 do local d = tonumber(body:sub(n - k, n - k)) if k % 2 == 0 then s = s + d * 3 else s = s + d end end
  return tostring((10 - s % 10) % 10) end
local function short(b) return string.format("%06d", b) .. string.sub(string.format("%04d", (b * 7919) % 10000), 1, b % ${shortExtra}) end
local function long(b) return short(b) .. string.rep("7", 1 + math.floor(b / 4) % ${longExtra}) end
local c = ${window % 12} * 40000
local n = 0
local function exact()
  local m = (c * 7919) % ${ENTRIES_PER_KEY} c = c + 1
  local b = m % ${PAIRS} + 1 local t = math.floor(m / ${PAIRS})
  local p = (t % 2 == 0) and long(b) or short(b)
  local body = p .. string.format("%0" .. (${length} - #p) .. "d", t)
  local value = body .. cd(body)
  return value, "${key}/" .. value
end
local function rule()
  local b = math.random(1, ${PAIRS})
  local p = (math.random(0, 1) == 1) and long(b) or short(b)
  local fill = "9"
  for i = 2, ${length} - #p do fill = fill .. math.random(0, 9) end
  local body = p .. fill
  return body .. cd(body), "${key}/" .. p .. "${RULE_MARK}"
end
request = function()
  n = n + 1
  local kind = "${kind}"
  if kind == "mixed" then kind = (n % 2 == 0) and "exact" or "rule" end
  local value, row
  if kind == "exact" then value, row = exact() else value, row = rule() end
  return wrk.format(nil, "/${key}/" .. value, { ["x-row"] = row, ["x-kind"] = kind })
end
`
}

function wrk(origin: string, connections: number, script: string, seconds: number) {
  return runWrk(`${origin}/`, connections, seconds, script)
}

// --- The server under test (a fresh process per mode, as in production) -----------------------------------------

/** The floors' answer: a 307 to a page, nothing more looked up or built. */
function bareRedirect(): Response {
  return new Response(null, { status: 307, headers: { location: 'https://bench.example/e/1' } })
}

/** `/{key}/{value}` of a request URL. */
function keyAndValue(request: Request): [string, string] {
  const path = new URL(request.url).pathname
  const slash = path.indexOf('/', 1)
  return [path.slice(1, slash), path.slice(slash + 1)]
}

/**
 * MODE `floor-one`: a bare 307 after the by-identity lookup (one row, one index probe) of the row that answers the
 * scan, named by the script; `floor-any`: a bare 307 after the resolver's own lookup query over every candidate id,
 * unmapped; `resolver`: the resolver over the database catalog. Sends `{port}`; on 'stats', the times per kind.
 */
async function serve(mode: Mode) {
  const url = process.env.DATABASE_URL ?? ''
  const database = await openDatabase({ url })
  let handle: (request: Request) => Response | Promise<Response>
  let close = () => database.close()
  if (mode === 'floor-one') {
    const lookup = byGtinRow(database)
    handle = async (request) => {
      const row = await lookup({ gtin: request.headers.get('x-row') ?? '' })
      return row === undefined ? new Response(null, { status: 404 }) : bareRedirect()
    }
  } else if (mode === 'floor-any') {
    const query = await lookupQuery(database, '00')
    handle = async (request) => {
      const [key, value] = keyAndValue(request)
      const rows = await database.queryRows(query.text, query.params(key, value))
      return rows.length === 0 ? new Response(null, { status: 404 }) : bareRedirect()
    }
  } else {
    const catalog = createDbCatalog(database, { maxEntries: Number(process.env.BENCH_CACHE ?? 100_000) })
    await catalog.start()
    handle = createResolver({
      catalog,
      config: { resolverUrl: 'http://127.0.0.1', shortUrl: 'http://s.invalid', customDomainScheme: 'https' },
    })
    close = async () => {
      await catalog.close()
      await database.close()
    }
  }
  let times: Record<Kind, number[]> = { exact: [], rule: [] }
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: async (request) => {
      const start = performance.now()
      const response = await handle(request)
      times[request.headers.get('x-kind') === 'rule' ? 'rule' : 'exact'].push(performance.now() - start)
      return response
    },
  })
  const summary = (list: number[]): KindStats => {
    const sorted = list.sort((a, b) => a - b)
    const at = (q: number) => sorted[Math.floor(q * (sorted.length - 1))] ?? Number.NaN
    return { count: sorted.length, p50: at(0.5), p99: at(0.99) }
  }
  process.on('message', async (message) => {
    if (message === 'stats') {
      const answer: Stats = { exact: summary(times.exact), rule: summary(times.rule) }
      times = { exact: [], rule: [] }
      process.send?.(answer)
    } else if (message === 'stop') {
      await server.stop(true)
      await close()
      process.exit(0)
    }
  })
  if (process.send) process.send({ port: server.port })
  else console.log(`${mode} on port ${server.port}`)
}
