/** Resolver HTTP bench: wrk on loopback against a bare constant-307 Bun.serve (the ceiling) and our resolver, side by side. */

import { createScanCounter } from '../src/analytics/scan-counter.ts'
import { createResolverPort } from '../src/app/resolver-port.ts'
import { createStdoutLogger } from '../src/lib/log.ts'
import { createPagesRoute } from '../src/pages/index.ts'
import type { CatalogProduct } from '../src/resolver/catalog.ts'
import { createResolver, createResolverRoute } from '../src/resolver/index.ts'
import { createMemoryCatalog } from '../src/resolver/memory-catalog.ts'

// Usage: npx bun bench/resolver-http.ts   (env: BENCH_SECONDS per run, default 3; BENCH_ROUNDS, default 3; BENCH_CONNECTIONS, default 64)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64)
const HOST = '127.0.0.1'
const TARGETS = { redirect: 0.8, counted: 0.85, linkset: 0.6, p99Ms: 5 }

const page = (name: string, isDefault: boolean) => ({
  name,
  linkType: 'gs1:pip',
  isDefault,
  titles: { en: 'About', fr: 'À propos' },
  content: {},
})
const products: CatalogProduct[] = [
  {
    gtin: '04012345000009',
    brandSlug: 'northwind',
    brandName: 'Northwind',
    productSlug: 'green-tea',
    customDomain: null,
    defaultLanguage: 'en',
    languages: ['en', 'fr'],
    names: { en: 'Northwind Green Tea', fr: 'Thé vert Northwind' },
    pages: [page('about', true), { ...page('recipes', false), linkType: 'gs1:recipeInfo' }],
  },
  {
    gtin: '79521141123453',
    brandSlug: 'northwind',
    brandName: 'Northwind',
    productSlug: 'tagged-box',
    customDomain: null,
    defaultLanguage: 'en',
    languages: ['en'],
    names: { en: 'Tagged box' },
    pages: [page('about', true)],
  },
]

interface Variant {
  name: string
  url: (port: number) => string
  headers: Record<string, string>
  expect: number
  port: number
}

interface Run {
  rps: number
  p99Ms: number
  /** CPU time of this process (the servers) per request served, in µs: far less sensitive to a busy box than req/s. */
  cpuUs: number
}

const BARE_LOCATION = '/en/northwind/green-tea/about'
const bare = Bun.serve({
  hostname: HOST,
  port: 0,
  fetch: () => new Response(null, { status: 307, headers: { location: BARE_LOCATION } }),
})
// For reference only: the same constant 307 carrying the eight headers SPEC asks of every redirect.
const SPEC_HEADERS = new Headers({
  location: BARE_LOCATION,
  link: '<http://127.0.0.1/01/04012345000009?linkType=linkset>; rel="linkset"; type="application/linkset+json", <https://ref.gs1.org/standards/resolver/1.2.0/linkset-context>; rel="http://www.w3.org/ns/json-ld#context"; type="application/ld+json"',
  'cache-control': 'public, s-maxage=600, stale-while-revalidate=600',
  vary: 'Accept, Accept-Language',
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': 'Accept, Accept-Language',
  'access-control-expose-headers': 'Location, Link, Content-Type',
})
const bareWithHeaders = Bun.serve({
  hostname: HOST,
  port: 0,
  fetch: () => new Response(null, { status: 307, headers: SPEC_HEADERS }),
})
// For reference only: that 307 after reading what any SPEC-conformant handler must read (URL, method, Accept,
// Accept-Language, Cookie), the floor of the work a resolver cannot skip.
const bareReading = Bun.serve({
  hostname: HOST,
  port: 0,
  fetch: (request) => {
    const seen = request.url.length + request.method.length
    const h = request.headers
    const langs = (h.get('accept') ?? '') + (h.get('accept-language') ?? '') + (h.get('cookie') ?? '')
    return new Response(null, { status: seen + langs.length > 0 ? 307 : 500, headers: SPEC_HEADERS })
  },
})
// No port in the origin: it matches 127.0.0.1 on the port the OS gives.
const catalog = createMemoryCatalog(products)
const config = {
  resolverUrl: `http://${HOST}`,
  shortUrl: 'http://short.invalid',
  customDomainScheme: 'https' as const,
}
const resolver = createResolver({ catalog, config })
const ours = Bun.serve({ hostname: HOST, port: 0, fetch: resolver })
// The same resolver with scan analytics on, as the service runs it: every scan counted in memory, the counts
// handed every 5 s to a writer (here one that takes them and returns, the database being another process's work).
const scanCounter = createScanCounter({ flush: async () => {} })
setInterval(() => void scanCounter.flush(), 5000).unref()
const counted = Bun.serve({
  hostname: HOST,
  port: 0,
  fetch: createResolver({
    catalog: createMemoryCatalog(products.map((p) => ({ ...p, organizationId: 'org' }))),
    config,
    onScan: (e) => scanCounter.record(e),
  }),
})
// What `bun run start` serves on RESOLVER_PORT: health routes, product pages, resolver and a JSON request log
// line per request (batched as in the service; the batches go nowhere instead of to stdout).
const servicePort = createResolverPort({
  pages: createPagesRoute({ catalog, config }),
  resolve: createResolverRoute({ catalog, config }),
  readiness: async () => Response.json({ status: 'ready' }),
  logger: createStdoutLogger({ write: () => true }),
})
const service = Bun.serve({ hostname: HOST, port: 0, fetch: servicePort })

/** A plain scan without request headers that answers 307. */
function redirect(name: string, server: { port?: number }, path = '/01/04012345000009'): Variant {
  return { name, url: (p) => `http://${HOST}:${p}${path}`, headers: {}, expect: 307, port: server.port ?? 0 }
}

const variants: Variant[] = [
  redirect('bare Bun.serve 307 (ceiling)', bare),
  redirect('bare 307 + SPEC headers (ref.)', bareWithHeaders),
  redirect('bare + reads + headers (ref.)', bareReading),
  redirect('resolver redirect', ours),
  redirect('resolver redirect, analytics on', counted),
  // Never remembered (qualifiers): the whole path of parsing, lookup, choice and headers on every request.
  redirect('resolver redirect, lot+serial', ours, '/01/04012345000009/10/L1/21/S1'),
  redirect('service port redirect (+log)', service),
  {
    name: 'resolver linkset JSON',
    url: (p) => `http://${HOST}:${p}/01/04012345000009`,
    headers: { accept: 'application/linkset+json' },
    expect: 200,
    port: ours.port ?? 0,
  },
  redirect('resolver compressed (eh)', ours, '/ehF7379521141123453060007B'),
]

/** wrk prints latencies as `1.23ms`, `850.00us` or `1.02s`. */
function toMs(value: string): number {
  const m = /^([\d.]+)(us|ms|s)$/.exec(value)
  if (!m) return Number.NaN
  const n = Number(m[1])
  return m[2] === 'us' ? n / 1000 : m[2] === 's' ? n * 1000 : n
}

async function wrk(v: Variant): Promise<Run> {
  const args = ['wrk', '-t1', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '--latency']
  for (const [k, value] of Object.entries(v.headers)) args.push('-H', `${k}: ${value}`)
  args.push(v.url(v.port))
  const cpuBefore = process.cpuUsage()
  const proc = Bun.spawn(args, { stdout: 'pipe', stderr: 'pipe' })
  const timer = setTimeout(() => proc.kill('SIGKILL'), (SECONDS + 15) * 1000)
  const out = await new Response(proc.stdout).text()
  await proc.exited
  clearTimeout(timer)
  const cpu = process.cpuUsage(cpuBefore)
  const requests = Number(/(\d+) requests in/.exec(out)?.[1])
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1])
  const p99 = toMs(/\s99%\s+(\S+)/.exec(out)?.[1] ?? '')
  if (/Non-2xx or 3xx responses/.test(out) && v.expect < 400)
    console.warn(`  note: ${v.name}: wrk saw non-2xx/3xx responses`)
  return { rps, p99Ms: p99, cpuUs: (cpu.user + cpu.system) / requests }
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b)
  const mid = s.length >> 1
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2
}

async function main(): Promise<void> {
  if (Bun.which('wrk') === null) {
    console.error('wrk is not installed (apt-get install -y wrk)')
    process.exit(1)
  }
  for (const v of variants) {
    const res = await fetch(v.url(v.port), { headers: v.headers, redirect: 'manual' })
    await res.arrayBuffer()
    if (res.status !== v.expect) throw new Error(`${v.name}: expected ${v.expect}, got ${res.status}`)
  }
  const [ceilingVariant, ...all] = variants as [Variant, ...Variant[]]
  // BENCH_ONLY=analytics runs only the variants whose names contain that text (and the ceiling).
  const only = process.env.BENCH_ONLY
  const others = only === undefined ? all : all.filter((v) => v.name.includes(only))
  console.log(
    `wrk -t1 -c${CONNECTIONS} -d${SECONDS}s --latency on loopback ${HOST}, Bun ${Bun.version}; ${ROUNDS} rounds, ` +
      `each variant right after its own ceiling run (about ${ROUNDS * others.length * 2 * SECONDS} s)`,
  )
  const runs = new Map<string, Run[]>(variants.map((v) => [v.name, []]))
  const ratios = new Map<string, number[]>(variants.map((v) => [v.name, []]))
  const print = (round: number, v: Variant, r: Run) =>
    console.log(
      `  round ${round}  ${v.name.padEnd(30)} ${r.rps.toFixed(0).padStart(8)} req/s  p99 ${r.p99Ms.toFixed(2)} ms  cpu ${r.cpuUs.toFixed(1)} µs/req`,
    )
  for (let round = 1; round <= ROUNDS; round++) {
    for (const v of others) {
      // The box is shared: pairing each run with a ceiling run just before it keeps the ratio honest.
      const ceiling = await wrk(ceilingVariant)
      runs.get(ceilingVariant.name)?.push(ceiling)
      print(round, ceilingVariant, ceiling)
      const r = await wrk(v)
      runs.get(v.name)?.push(r)
      ratios.get(v.name)?.push(r.rps / ceiling.rps)
      print(round, v, r)
    }
  }
  console.log('\nmedians')
  console.log(
    `${'variant'.padEnd(30)} ${'req/s'.padStart(8)} ${'p99 ms'.padStart(8)} ${'/ceiling'.padStart(9)} ${'cpu µs/req'.padStart(11)} ${'cpu ratio'.padStart(10)}`,
  )
  const summary = new Map<string, { rps: number; p99: number; ratio: number }>()
  const ceilingCpu = median((runs.get(ceilingVariant.name) ?? []).map((x) => x.cpuUs))
  for (const v of variants) {
    const r = runs.get(v.name) ?? []
    if (r.length === 0) continue
    const s = {
      rps: median(r.map((x) => x.rps)),
      p99: median(r.map((x) => x.p99Ms)),
      ratio: v === ceilingVariant ? 1 : median(ratios.get(v.name) ?? []),
      cpu: median(r.map((x) => x.cpuUs)),
    }
    summary.set(v.name, s)
    console.log(
      `${v.name.padEnd(30)} ${s.rps.toFixed(0).padStart(8)} ${s.p99.toFixed(2).padStart(8)} ${`${(s.ratio * 100).toFixed(0)}%`.padStart(9)} ` +
        `${s.cpu.toFixed(1).padStart(11)} ${`${((ceilingCpu / s.cpu) * 100).toFixed(0)}%`.padStart(10)}`,
    )
  }
  const redirect = summary.get('resolver redirect')
  const linkset = summary.get('resolver linkset JSON')
  const counted = summary.get('resolver redirect, analytics on')
  const verdict = (value: number | undefined, ok: (x: number) => boolean) =>
    value === undefined ? 'not run' : ok(value) ? 'met' : 'MISSED'
  console.log(
    `\ntargets: redirect >= ${TARGETS.redirect * 100}% of ceiling: ${verdict(redirect?.ratio, (x) => x >= TARGETS.redirect)}; ` +
      `redirect p99 <= ${TARGETS.p99Ms} ms: ${verdict(redirect?.p99, (x) => x <= TARGETS.p99Ms)}; ` +
      `linkset >= ${TARGETS.linkset * 100}%: ${verdict(linkset?.ratio, (x) => x >= TARGETS.linkset)}; ` +
      `redirect with analytics >= ${TARGETS.counted * 100}% (DESIGN §9): ${verdict(counted?.ratio, (x) => x >= TARGETS.counted)}`,
  )
}

try {
  await main()
} finally {
  bare.stop(true)
  bareWithHeaders.stop(true)
  bareReading.stop(true)
  ours.stop(true)
  counted.stop(true)
  service.stop(true)
}
