/** Mixed load on a real instance (`src/main.ts`): redirects, linksets, compressed links, tokens, codes and batches. */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  LOAD_SERVICE_ENV,
  type LoadResult,
  prepareLoadDatabase,
  rssGrowth,
  runMixedLoad,
} from '../tests/reliability/load.ts'
import { type Instance, startInstance } from '../tests/support/processes.ts'
import { createScratchDatabase } from '../tests/support/scratch-db.ts'

// Usage: npx bun bench/load-mixed.ts
//   env: BENCH_SECONDS (default 60); BENCH_CONNECTIONS (requests in flight, default 64); BENCH_WARMUP_SECONDS
//   (default a quarter of the run, at most 15); DATABASE_URL: a Postgres server to create a scratch database on
//   (dropped after), else embedded PGlite in a temporary directory.
// Exit code 1 on any 5xx, dropped connection or unexpected status, or RSS growth of 10 % or more after the warm-up.
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64)
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? Math.min(15, SECONDS / 4))
const MAX_RSS_GROWTH = 0.1

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`
const cell = (value: string | number, width: number) => String(value).padStart(width)

function row(name: string, values: (string | number)[]): string {
  const widths = [10, 9, 8, 8, 8, 5, 8, 7]
  return name.padEnd(12) + values.map((v, i) => cell(v, widths[i] ?? 8)).join('')
}

/** Prints the table and the verdict; returns the reasons the run fails (none: it passes). */
function report(result: LoadResult): string[] {
  const rate = (n: number) => Math.round(n / result.seconds)
  console.log(row('kind', ['requests', 'req/s', 'p50 ms', 'p99 ms', 'max ms', '5xx', 'dropped', 'unexp.']))
  for (const k of result.kinds) {
    const latency = [k.p50Ms.toFixed(1), k.p99Ms.toFixed(1), Math.round(k.maxMs)]
    console.log(row(k.name, [k.requests, rate(k.requests), ...latency, k.fivexx, k.dropped, k.unexpected]))
  }
  const { requests, fivexx, dropped, unexpected } = result
  console.log(row('total', [requests, rate(requests), '', '', '', fivexx, dropped, unexpected]))
  const growth = rssGrowth(result)
  if (result.rss !== null && growth !== null) {
    const { start, baseline, final, peak } = result.rss
    console.log(
      `server RSS: ${mb(start)} at start, ${mb(baseline)} after the ${WARMUP_SECONDS} s warm-up, ` +
        `${mb(final)} at the end (${(growth * 100).toFixed(1)} %), peak ${mb(peak)}`,
    )
  } else console.log('server RSS: not measured (no /proc, or a run shorter than the warm-up)')
  const cpu = result.cpu
  console.log(
    `CPU: server ${cpu.server === null ? '?' : `${Math.round(cpu.server * 100)} %`}, ` +
      `load generator ${Math.round(cpu.generator * 100)} % (of one core)`,
  )
  return [
    fivexx > 0 ? `${fivexx} responses 5xx` : '',
    dropped > 0 ? `${dropped} dropped connections` : '',
    unexpected > 0 ? `${unexpected} unexpected statuses` : '',
    result.settled ? '' : 'requests still open 15 s after the end',
    growth !== null && growth >= MAX_RSS_GROWTH ? `RSS grew ${(growth * 100).toFixed(1)} %` : '',
  ].filter((f) => f !== '')
}

async function main(): Promise<number> {
  const adminUrl = process.env.DATABASE_URL?.trim()
  const scratch = adminUrl ? await createScratchDatabase(adminUrl, 'load') : null
  const dir = scratch === null ? mkdtempSync(join(tmpdir(), 'load-mixed-')) : null
  const dataDir = join(dir ?? '', 'pglite')
  let instance: Instance | null = null
  try {
    const basic = await prepareLoadDatabase(scratch ? { url: scratch.url } : { dataDir })
    const env: Record<string, string> = {
      ...LOAD_SERVICE_ENV,
      ...(scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: dataDir }),
    }
    instance = await startInstance({ env, logs: 'discard', readyTimeoutMs: 120_000 })
    console.log(
      `mixed load for ${SECONDS} s, ${CONNECTIONS} requests in flight, on ` +
        `${scratch ? 'Postgres (a scratch database)' : 'embedded PGlite'}`,
    )
    const result = await runMixedLoad(instance, basic, {
      seconds: SECONDS,
      connections: CONNECTIONS,
      warmupSeconds: WARMUP_SECONDS,
    })
    const failures = report(result)
    const code = await instance.stop()
    instance = null
    if (code !== 0) failures.push(`the instance exited ${code} on SIGTERM`)
    console.log(failures.length === 0 ? 'PASS' : `FAIL: ${failures.join(', ')}`)
    console.log(JSON.stringify({ ...result, rssGrowth: rssGrowth(result) }))
    return failures.length === 0 ? 0 : 1
  } finally {
    await instance?.stop()
    await scratch?.drop()
    if (dir !== null) rmSync(dir, { recursive: true, force: true })
  }
}

process.exit(await main())
