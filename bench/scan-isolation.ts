/** Cached scans under heavy API work from one client (renders, 1000-item batches), beside the same scans idle and a bare 307. */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { prepareLoadDatabase } from '../tests/reliability/load.ts'
import { firstToken } from '../tests/reliability/load-mix.ts'
import { type Instance, startInstance } from '../tests/support/processes.ts'
import { createScratchDatabase } from '../tests/support/scratch-db.ts'

// Usage: npx bun bench/scan-isolation.ts
//   env: BENCH_SECONDS per phase (default 15); BENCH_CONNECTIONS of API load (default 32: half /render, half /codes
//   with 1000 items); BENCH_SCANS_PER_SECOND (default 200, paced over 4 lanes); BENCH_RETRY=honour (default: wait
//   Retry-After on 429/503, as the typed client does) or ignore (ask again at once); DATABASE_URL: a Postgres server
//   to create a scratch database on (dropped after), else embedded PGlite in a temporary directory. WORKER_THREADS and
//   CODE_RATE_CLIENT_* are passed on to the service (WORKER_THREADS=0 CODE_RATE_CLIENT_CONCURRENT=0
//   CODE_RATE_CLIENT_BURST=0: the service as it was before issue #17).
// The load runs in a process of its own, so its event loop never delays the measured scans. Exit code 1 when the
// cached-scan p99 under load is over the target.
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
const SCANS_PER_SECOND = Number(process.env.BENCH_SCANS_PER_SECOND ?? 200)
const RETRY = process.env.BENCH_RETRY === 'ignore' ? 'ignore' : 'honour'
const LANES = 4
const TARGET_P99_MS = 25
const SCAN_PATH = '/01/4012345000009'
const SERVICE_SETTINGS = [
  'WORKER_THREADS',
  'CODE_RATE_CLIENT_CONCURRENT',
  'CODE_RATE_CLIENT_BURST',
  'CODE_RATE_CLIENT_PER_SECOND',
]

interface Latencies {
  ms: number[]
  failed: number
}

interface LoadCounts {
  [endpoint: string]: Record<string, number>
}

/** Paced scans of `url` on LANES keep-alive lanes until `until`; each latency from send to the body's end. */
async function pacedScans(urls: readonly string[], until: number): Promise<Latencies[]> {
  const results = urls.map(() => ({ ms: [] as number[], failed: 0 }))
  const intervalMs = (LANES * 1000) / SCANS_PER_SECOND
  const lane = async (offset: number) => {
    let next = performance.now() + offset
    while (performance.now() < until) {
      for (const [i, url] of urls.entries()) {
        const result = results[i] as Latencies
        const start = performance.now()
        try {
          const response = await fetch(url, { redirect: 'manual' })
          await response.arrayBuffer()
          if (response.status === 307) result.ms.push(performance.now() - start)
          else result.failed++
        } catch {
          result.failed++
        }
      }
      next += intervalMs
      const wait = next - performance.now()
      if (wait > 0) await Bun.sleep(wait)
      else next = performance.now()
    }
  }
  await Promise.all(Array.from({ length: LANES }, (_, i) => lane((i * intervalMs) / LANES)))
  return results
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN
}

function summary(latencies: Latencies) {
  const sorted = [...latencies.ms].sort((a, b) => a - b)
  return {
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? Number.NaN,
    n: sorted.length,
    failed: latencies.failed,
  }
}

/** A code definition that no earlier request drew: every render misses the SVG cache. */
function definition(n: number) {
  return {
    mode: n % 2 === 0 ? 'QR_GS1_DIGITAL_LINK_URI' : 'GS1_DATAMATRIX',
    digitalLinkStem: 'https://id.example.com',
    primaryKey: { key: '01', value: '09506000134352' },
    ais: [
      { key: '10', value: `L${n}` },
      { key: '17', value: '261231' },
    ],
  }
}

/** The load process: CONNECTIONS closed loops (renders and batches) until it is told to stop on stdin. */
async function loadProcess(api: string, basic: string, connections: number, retry: string): Promise<void> {
  const token = await firstToken(api, basic)
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const counts: LoadCounts = { render: {}, codes: {} }
  let items = 0
  let stopped = false
  let n = 0
  const loop = async (endpoint: 'render' | 'codes') => {
    while (!stopped) {
      const id = ++n * 1000
      const body =
        endpoint === 'render'
          ? definition(id)
          : { codes: Array.from({ length: 1000 }, (_, i) => definition(id + i)) }
      const init = {
        method: 'POST',
        headers: { ...headers, accept: endpoint === 'render' ? '*/*' : 'application/json' },
      }
      let status = 'error'
      let retryAfter = 0
      try {
        const response = await fetch(`${api}/${endpoint}`, { ...init, body: JSON.stringify(body) })
        await response.arrayBuffer()
        status = String(response.status)
        retryAfter = Number(response.headers.get('retry-after') ?? 0)
        if (response.status === 200) items += endpoint === 'render' ? 1 : 1000
      } catch {
        await Bun.sleep(10)
      }
      const tally = counts[endpoint] as Record<string, number>
      tally[status] = (tally[status] ?? 0) + 1
      if (retry === 'honour' && retryAfter > 0) await Bun.sleep(retryAfter * 1000)
    }
  }
  const started = performance.now()
  const loops = Array.from({ length: connections }, (_, i) => loop(i % 2 === 0 ? 'render' : 'codes'))
  for await (const _ of console) break
  stopped = true
  const seconds = (performance.now() - started) / 1000
  await Promise.race([Promise.all(loops), Bun.sleep(5000)])
  console.log(JSON.stringify({ counts, itemsPerSecond: Math.round(items / seconds) }))
}

/** A bare `Bun.serve` answering a constant 307, in a process of its own like the service. */
function bareProcess(): void {
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: () => new Response(null, { status: 307, headers: { location: '/en/northwind/green-tea/about' } }),
  })
  console.log(server.port)
}

function spawnSelf(args: string[]) {
  return Bun.spawn([process.execPath, import.meta.path, ...args], {
    stdin: 'pipe',
    stdout: 'pipe',
    stderr: 'inherit',
  })
}

async function firstLine(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader()
  let text = ''
  while (!text.includes('\n')) {
    const { done, value } = await reader.read()
    if (done) break
    text += new TextDecoder().decode(value)
  }
  reader.releaseLock()
  return text.split('\n')[0] ?? ''
}

const row = (name: string, s: ReturnType<typeof summary>) =>
  `${name.padEnd(30)}${s.p50.toFixed(2).padStart(8)}${s.p99.toFixed(2).padStart(9)}${s.max.toFixed(1).padStart(9)}${String(s.n).padStart(8)}${String(s.failed).padStart(7)}`

async function measure(instance: Instance, basic: string): Promise<boolean> {
  const bare = spawnSelf(['--bare'])
  try {
    const barePort = Number(await firstLine(bare.stdout))
    const urls = [`${instance.resolver}${SCAN_PATH}`, `http://127.0.0.1:${barePort}/01/4012345000009`]
    await pacedScans(urls, performance.now() + 2000)
    const [idle, bareIdle] = await pacedScans(urls, performance.now() + SECONDS * 1000)
    const load = spawnSelf(['--load', instance.api, basic, String(CONNECTIONS), RETRY])
    await Bun.sleep(2000)
    const [loaded, bareLoaded] = await pacedScans(urls, performance.now() + SECONDS * 1000)
    load.stdin.end()
    const report = JSON.parse((await new Response(load.stdout).text()).trim() || '{}')
    await load.exited
    const [a, b, c, d] = [idle, loaded, bareIdle, bareLoaded].map((l) => summary(l as Latencies))
    if (!a || !b || !c || !d) return false
    console.log(`${''.padEnd(30)}  p50 ms   p99 ms   max ms   scans  other`)
    console.log(row('cached scan, idle', a))
    console.log(row(`cached scan, under API load`, b))
    console.log(row('bare Bun.serve 307, idle', c))
    console.log(row('bare Bun.serve 307, under load', d))
    console.log(
      `ratio under load / idle: p50 ${(b.p50 / a.p50).toFixed(2)}x, p99 ${(b.p99 / a.p99).toFixed(2)}x; ` +
        `scan / bare under load: p99 ${(b.p99 / d.p99).toFixed(2)}x`,
    )
    console.log(
      `API load (${CONNECTIONS} connections, Retry-After ${RETRY === 'honour' ? 'honoured' : 'ignored'}): ${JSON.stringify(report)}`,
    )
    const pass = b.p99 <= TARGET_P99_MS
    console.log(
      `${pass ? 'PASS' : 'FAIL'}: cached-scan p99 under load ${b.p99.toFixed(2)} ms (target <= ${TARGET_P99_MS} ms)`,
    )
    return pass
  } finally {
    bare.kill()
  }
}

async function main(): Promise<number> {
  const adminUrl = process.env.DATABASE_URL?.trim()
  const scratch = adminUrl ? await createScratchDatabase(adminUrl, 'iso') : null
  const dir = scratch === null ? mkdtempSync(join(tmpdir(), 'scan-isolation-')) : null
  const dataDir = join(dir ?? '', 'pglite')
  let instance: Instance | null = null
  try {
    const basic = await prepareLoadDatabase(scratch ? { url: scratch.url } : { dataDir })
    const env: Record<string, string> = scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: dataDir }
    for (const name of SERVICE_SETTINGS) {
      const value = process.env[name]
      if (value !== undefined) env[name] = value
    }
    instance = await startInstance({ env, logs: 'discard', readyTimeoutMs: 120_000 })
    const settings = SERVICE_SETTINGS.filter((n) => n in env).map((n) => `${n}=${env[n]}`)
    console.log(
      `cached scans at ${SCANS_PER_SECOND}/s for ${SECONDS} s per phase, on ` +
        `${scratch ? 'Postgres (a scratch database)' : 'embedded PGlite'}` +
        (settings.length > 0 ? `, ${settings.join(' ')}` : ''),
    )
    return (await measure(instance, basic)) ? 0 : 1
  } finally {
    await instance?.stop()
    await scratch?.drop()
    if (dir !== null) rmSync(dir, { recursive: true, force: true })
  }
}

const [role, ...args] = process.argv.slice(2)
if (role === '--load') await loadProcess(args[0] ?? '', args[1] ?? '', Number(args[2]), args[3] ?? 'honour')
else if (role === '--bare') bareProcess()
else process.exit(await main())
