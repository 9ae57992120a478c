/**
 * Cached scans under heavy work on the API and the dashboard, one load a phase, beside the same scans idle and a
 * bare 307.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Instance, startInstance } from '../tests/support/processes.ts'
import { createScratchDatabase } from '../tests/support/scratch-db.ts'
import {
  anchorRequest,
  cacheAnchor,
  LOAD_LABELS,
  LOAD_NAMES,
  type LoadName,
  type LoadOptions,
  type LoadReport,
  type LoadTargets,
  loadProcess,
  PRODUCT_TTL_MS,
  prepareIsolationDatabase,
} from './isolation-loads.ts'

// Usage: npx bun bench/scan-isolation.ts
//   env: BENCH_LOADS, the loads to run, one phase each (default a,b,c,d,e,f):
//     a. BENCH_CONNECTIONS (default 32) closed loops from one write:codes client: half /render (every symbol new),
//        half /codes with 1000 items;
//     b. 4 loops of POST /code with a 1 MiB body of '[' characters (write:codes client);
//     c. 4 loops of POST /catalog/import?dryRun=true with a valid catalog just under the API's 1 MiB body limit
//        (about 3,100 products; write:catalog client);
//     d. 4 loops of a dashboard viewer's GET /orgs/{org}/codes/svg, a QR with ecc=H and 16 attributes, new each time;
//     e. 2 loops of a dashboard editor opening the catalog import page and sending its form with an 8 MiB catalog
//        file (about 25,000 products), Check (dry run);
//     f. 4 loops of POST /render/batch of 1000 PNGs at 0.5 mm, every symbol new, each ZIP read to its end;
//   BENCH_ALIGN=0: run the phases back to back. By default each phase (idle too) is placed so that the scanned
//   product's cache entry (60 s) goes stale in its middle, as it does once a minute in service: the product is
//   cached anew just before the load starts (a change of another product drops the resolver's cache), and the load
//   runs until then, so that a phase takes about a minute; the scan after that moment looks the product up again.
//   BENCH_SECONDS per phase (default 15); BENCH_SCANS_PER_SECOND (default 200, each sent at its time whether or
//   not the earlier ones were answered; BENCH_ARRIVAL=lanes: paced over 4 closed loops instead); BENCH_RETRY=honour
//   (default: wait Retry-After on 429/503, as the typed client does) or ignore (ask again at once); DATABASE_URL: a
//   Postgres server to create a scratch database on (dropped after), else embedded PGlite in a temporary directory.
//   WORKER_THREADS and CODE_RATE_CLIENT_* are passed on to the service (WORKER_THREADS=0
//   CODE_RATE_CLIENT_CONCURRENT=0 CODE_RATE_CLIENT_BURST=0: the service as it was before issue #17).
// Every load runs in a process of its own, so its event loop never delays the measured scans. Exit code 1 when the
// cached-scan p99 under any load is over the target, or a load never got the answer it is meant to get.
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
const SCANS_PER_SECOND = Number(process.env.BENCH_SCANS_PER_SECOND ?? 200)
const RETRY = process.env.BENCH_RETRY === 'ignore' ? 'ignore' : 'honour'
const LANES = 4
const TARGET_P99_MS = 25
const WARMUP_MS = 2000
/** Scans a second of other URLs while a phase waits: enough to keep the lanes' connections open. */
const KEEP_WARM_PER_SECOND = 20
const ALIGN = process.env.BENCH_ALIGN !== '0'
const ARRIVAL = process.env.BENCH_ARRIVAL === 'lanes' ? 'lanes' : 'open'
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

/** The loads of BENCH_LOADS, in the order a to e; throws on a name that is not one. */
function chosenLoads(): LoadName[] {
  const names = (process.env.BENCH_LOADS ?? LOAD_NAMES.join(','))
    .split(',')
    .map((n) => n.trim().toLowerCase())
    .filter((n) => n !== '')
  const unknown = names.find((n) => !(LOAD_NAMES as readonly string[]).includes(n))
  if (unknown !== undefined || names.length === 0)
    throw new Error(`BENCH_LOADS takes some of ${LOAD_NAMES.join(',')}; got '${process.env.BENCH_LOADS}'`)
  return LOAD_NAMES.filter((n) => names.includes(n))
}

/** One scan; its latency from send to the body's end goes to `result` when it is a 307. */
async function scan(target: string | Request, result: Latencies): Promise<void> {
  const start = performance.now()
  try {
    const response = await fetch(typeof target === 'string' ? target : target.clone(), { redirect: 'manual' })
    await response.arrayBuffer()
    if (response.status === 307) result.ms.push(performance.now() - start)
    else result.failed++
  } catch {
    result.failed++
  }
}

/**
 * Scans of each target, `perSecond` of each, until `until`. Open arrivals (the default): each scan is sent at its
 * time whether or not earlier ones were answered, as independent scanners do, so that a stall delays every scan
 * it holds up. Lanes (BENCH_ARRIVAL=lanes, as this bench measured until 2026-11-26): LANES closed loops, each
 * waiting for its scan before the next; a stall then holds up one scan per lane, and the scans it would have
 * held up are never sent.
 */
async function pacedScans(
  targets: readonly (string | Request)[],
  until: number,
  perSecond = SCANS_PER_SECOND,
): Promise<Latencies[]> {
  const results = targets.map(() => ({ ms: [] as number[], failed: 0 }))
  if (ARRIVAL === 'open') {
    const intervalMs = 1000 / perSecond
    const sent: Promise<void>[] = []
    const first = performance.now()
    for (let k = 0; first + k * intervalMs < until; k++) {
      const wait = first + k * intervalMs - performance.now()
      if (wait > 0) await Bun.sleep(wait)
      for (const [i, target] of targets.entries()) sent.push(scan(target, results[i] as Latencies))
    }
    await Promise.all(sent)
    return results
  }
  const intervalMs = (LANES * 1000) / perSecond
  const lane = async (offset: number) => {
    let next = performance.now() + offset
    while (performance.now() < until) {
      for (const [i, target] of targets.entries()) await scan(target, results[i] as Latencies)
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

type Summary = ReturnType<typeof summary>

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

/** The lines of a child's stdout, one at a time; `rest()` is everything after the lines read. */
function lineReader(stream: ReadableStream<Uint8Array>) {
  const reader = stream.getReader()
  const decoder = new TextDecoder()
  let text = ''
  let done = false
  return {
    async line(): Promise<string | null> {
      while (!text.includes('\n') && !done) {
        const chunk = await reader.read()
        if (chunk.done) done = true
        else text += decoder.decode(chunk.value, { stream: true })
      }
      const end = text.indexOf('\n')
      if (end === -1) {
        const last = text
        text = ''
        return last === '' ? null : last
      }
      const line = text.slice(0, end)
      text = text.slice(end + 1)
      return line
    },
    async rest(): Promise<string> {
      while (!done) {
        const chunk = await reader.read()
        if (chunk.done) done = true
        else text += decoder.decode(chunk.value, { stream: true })
      }
      const all = text
      text = ''
      return all
    },
  }
}

interface Phase {
  readonly name: string
  readonly scan: Summary
  readonly bare: Summary
  readonly load?: LoadName
  readonly report?: LoadReport | null
  /** Seconds into the phase at which the scanned product's cache entry went stale; null when not placed. */
  readonly staleAt: number | null
}

const number = (value: number, width: number, digits = 2) => value.toFixed(digits).padStart(width)

const row = (p: Phase) =>
  `${p.name.padEnd(32)}${number(p.scan.p50, 8)}${number(p.scan.p99, 9)}${number(p.scan.max, 9, 1)}` +
  `${String(p.scan.n).padStart(7)}${String(p.scan.failed).padStart(6)}${number(p.bare.p99, 9)}${number(p.bare.max, 9, 1)}` +
  `${p.report ? String(p.report.perSecond).padStart(8) : ''.padStart(8)}` +
  `${p.staleAt === null ? '' : `${p.staleAt.toFixed(1).padStart(8)} s`}`

/** Starts one load in its own process; resolves once its bodies are built and its loops are running. */
async function startLoad(load: LoadName, targets: LoadTargets) {
  const options: LoadOptions = { connections: CONNECTIONS, retry: RETRY }
  const child = spawnSelf(['--load', load, JSON.stringify(targets), JSON.stringify(options)])
  const out = lineReader(child.stdout)
  const ready = await out.line()
  if (ready !== 'ready') {
    child.kill()
    throw new Error(`load ${load} did not start (${await child.exited})`)
  }
  return {
    /** Stops the loops; resolves to the load's report once its requests under way are answered. */
    async stop(): Promise<LoadReport | null> {
      child.stdin.end()
      const text = (await out.rest()).trim()
      await child.exited
      return text === '' ? null : (JSON.parse(text) as LoadReport)
    },
    kill: () => child.kill(),
  }
}

async function measure(
  instance: Instance,
  targets: LoadTargets,
  loads: readonly LoadName[],
): Promise<boolean> {
  const bare = spawnSelf(['--bare'])
  try {
    const barePort = Number(await lineReader(bare.stdout).line())
    const scanUrl = `${instance.resolver}${SCAN_PATH}`
    const bareUrl = `http://127.0.0.1:${barePort}${SCAN_PATH}`
    const anchorScan = anchorRequest(instance.resolver)
    const anchor = cacheAnchor(instance.api, instance.resolver, targets.catalog)
    await pacedScans([scanUrl, bareUrl], performance.now() + WARMUP_MS)
    const phases: Phase[] = []
    for (const load of [null, ...loads]) {
      const name = load === null ? 'idle' : LOAD_LABELS[load]
      const began = performance.now()
      // Idle, before the load starts: the scanned product is cached anew, and goes stale TTL later.
      const cachedAt = ALIGN ? await anchor(scanUrl) : null
      const running = load === null ? null : await startLoad(load, targets)
      try {
        const ready = performance.now() + WARMUP_MS
        const start =
          cachedAt === null ? ready : Math.max(ready, cachedAt + PRODUCT_TTL_MS - (SECONDS * 1000) / 2)
        // The load warms up (and, aligned, runs until the product goes stale mid-phase) while only other URLs are
        // scanned, slowly, to keep the connections open.
        await pacedScans([anchorScan, bareUrl], start, KEEP_WARM_PER_SECOND)
        const windowStart = performance.now()
        const [scan, bareScan] = (await pacedScans([scanUrl, bareUrl], windowStart + SECONDS * 1000)) as [
          Latencies,
          Latencies,
        ]
        const report = running === null ? null : await running.stop()
        phases.push({
          name,
          scan: summary(scan),
          bare: summary(bareScan),
          ...(load === null ? {} : { load, report }),
          staleAt: cachedAt === null ? null : (cachedAt + PRODUCT_TTL_MS - windowStart) / 1000,
        })
      } finally {
        running?.kill()
      }
      console.error(`${name}: done in ${((performance.now() - began) / 1000).toFixed(1)} s`)
      // The service finishes what the load left (answers no one reads) before the next phase.
      await Bun.sleep(1000)
    }
    console.log(
      `${'cached scan'.padEnd(32)}  p50 ms   p99 ms   max ms  scans other 307 p99  307 max  load/s  stale at`,
    )
    for (const phase of phases) console.log(row(phase))
    console.log(
      '(307: a bare Bun.serve 307 scanned in the same phase; load/s: requests answered as meant; stale at: the second ' +
        `of the phase at which the scanned product's cache entry went stale, ${ALIGN ? 'placed mid-phase' : 'not placed: BENCH_ALIGN=0'})`,
    )
    let pass = true
    for (const phase of phases) {
      if (phase.load === undefined) continue
      const report = phase.report
      console.log(
        `${phase.load}. ${report?.about ?? 'no report'}, Retry-After ${RETRY === 'honour' ? 'honoured' : 'ignored'}: ` +
          `${JSON.stringify(report?.counts ?? {})}` +
          (phase.load === 'a' ? `, ${report?.itemsPerSecond ?? 0} codes/s` : '') +
          (report?.settled === false ? ', requests still open 60 s after the phase' : ''),
      )
    }
    for (const phase of phases) {
      if (phase.load === undefined) continue
      const applied = (phase.report?.expected ?? 0) > 0
      const ok = applied && phase.scan.p99 <= TARGET_P99_MS && phase.scan.failed === 0
      pass &&= ok
      console.log(
        `${ok ? 'PASS' : 'FAIL'} ${phase.load}: cached-scan p99 ${phase.scan.p99.toFixed(2)} ms under ` +
          `${phase.name.slice(3)} (target <= ${TARGET_P99_MS} ms; idle ${phases[0]?.scan.p99.toFixed(2)} ms, ` +
          `bare 307 ${phase.bare.p99.toFixed(2)} ms)` +
          (applied ? '' : `; the load never got its ${phase.report?.expect ?? 'expected'} answer`) +
          (phase.scan.failed > 0 ? `; ${phase.scan.failed} scans not answered 307` : ''),
      )
    }
    return pass
  } finally {
    bare.kill()
  }
}

async function main(): Promise<number> {
  const loads = chosenLoads()
  const adminUrl = process.env.DATABASE_URL?.trim()
  const scratch = adminUrl ? await createScratchDatabase(adminUrl, 'iso') : null
  const dir = scratch === null ? mkdtempSync(join(tmpdir(), 'scan-isolation-')) : null
  const dataDir = join(dir ?? '', 'pglite')
  let instance: Instance | null = null
  try {
    const credentials = await prepareIsolationDatabase(scratch ? { url: scratch.url } : { dataDir })
    const env: Record<string, string> = scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: dataDir }
    for (const name of SERVICE_SETTINGS) {
      const value = process.env[name]
      if (value !== undefined) env[name] = value
    }
    instance = await startInstance({ env, logs: 'discard', readyTimeoutMs: 120_000 })
    const settings = SERVICE_SETTINGS.filter((n) => n in env).map((n) => `${n}=${env[n]}`)
    console.log(
      `cached scans at ${SCANS_PER_SECOND}/s (${ARRIVAL === 'open' ? 'open arrivals' : `${LANES} closed lanes`}) ` +
        `for ${SECONDS} s per phase, on ` +
        `${scratch ? 'Postgres (a scratch database)' : 'embedded PGlite'}` +
        (settings.length > 0 ? `, ${settings.join(' ')}` : ''),
    )
    // The service's DASHBOARD_URL is left to its default, http://localhost:PORT: the Origin of its forms.
    const targets: LoadTargets = {
      ...credentials,
      api: instance.api,
      dashboard: instance.dashboard,
      dashboardOrigin: `http://localhost:${new URL(instance.dashboard).port}`,
    }
    return (await measure(instance, targets, loads)) ? 0 : 1
  } finally {
    await instance?.stop()
    await scratch?.drop()
    if (dir !== null) rmSync(dir, { recursive: true, force: true })
  }
}

const [role, ...args] = process.argv.slice(2)
if (role === '--load')
  await loadProcess(
    args[0] as LoadName,
    JSON.parse(args[1] ?? '{}') as LoadTargets,
    JSON.parse(args[2] ?? '{}') as LoadOptions,
  )
else if (role === '--bare') bareProcess()
else if (process.env.BUN_CONFIG_MAX_HTTP_REQUESTS === undefined) {
  // A stall holds up to a second or more of open arrivals at once: beyond fetch's 256 requests in flight, the
  // others (the bare 307's too) would wait in the client, not in the service. Read once, at start: hence a child.
  const child = Bun.spawn([process.execPath, import.meta.path], {
    env: { ...process.env, BUN_CONFIG_MAX_HTTP_REQUESTS: '4096' },
    stdio: ['inherit', 'inherit', 'inherit'],
  })
  process.exit(await child.exited)
} else process.exit(await main())
