/** Runs the mixed load against an instance in closed loops and measures statuses, drops, latency, RSS and CPU. */
import { readFileSync } from 'node:fs'
import demoCatalog from '../../src/catalog/demo-catalog.json' with { type: 'json' }
import { type DatabaseTarget, openDatabase } from '../../src/db/database.ts'
import { CLI_ACTOR } from '../../src/services/audit.ts'
import { importCatalog } from '../../src/services/catalog/import.ts'
import { createClient } from '../../src/services/clients/api-clients.ts'
import type { Instance } from '../support/processes.ts'
import { apiKinds, firstToken, type Kind, resolverKinds } from './load-mix.ts'

export interface LoadOptions {
  readonly seconds: number
  /** Concurrent requests in flight: two for tokens, a fifth for codes, the rest for the resolver. */
  readonly connections: number
  /** RSS growth is measured from the first sample after this. */
  readonly warmupSeconds: number
}

export interface KindResult {
  name: string
  requests: number
  fivexx: number
  dropped: number
  unexpected: number
  statuses: Record<string, number>
  p50Ms: number
  p99Ms: number
  maxMs: number
}

export interface LoadResult {
  seconds: number
  requests: number
  fivexx: number
  dropped: number
  unexpected: number
  /** False when requests were still open 15 s after the load stopped. */
  settled: boolean
  kinds: KindResult[]
  /** Server RSS in bytes: at start, after the warm-up, at the end and the highest after the warm-up. */
  rss: { start: number; baseline: number; final: number; peak: number } | null
  /** CPU seconds per second of the server process and of this (load-generating) process. */
  cpu: { server: number | null; generator: number }
}

interface Tally {
  requests: number
  fivexx: number
  dropped: number
  unexpected: number
  statuses: Map<number, number>
  ms: number[]
}

const TOKEN_CONNECTIONS = 2

/**
 * The service's settings for a load run: its one API client stands for many, so the per-client budget of code
 * work (SECURITY.md §3a), which would answer most of its requests 429, is off.
 */
export const LOAD_SERVICE_ENV: Readonly<Record<string, string>> = {
  CODE_RATE_CLIENT_CONCURRENT: '0',
  CODE_RATE_CLIENT_BURST: '0',
}

/** Imports the demo catalog and creates a client of its Starter organization; returns its Basic credentials. */
export async function prepareLoadDatabase(target: DatabaseTarget): Promise<string> {
  const database = await openDatabase(target)
  try {
    const imported = await importCatalog(database.db, demoCatalog)
    if (!imported.ok) throw new Error('the demo catalog does not import')
    const client = await createClient(database.db, {
      actor: CLI_ACTOR,
      organizationSlug: 'dalgiardino',
      name: 'load',
      scopes: ['write:codes'],
      clock: Date.now,
    })
    if (!client.ok) throw new Error(client.message)
    return `Basic ${btoa(`${client.clientId}:${client.clientSecret}`)}`
  } finally {
    await database.close()
  }
}

/** One request at a time, chosen by weight among `kinds`, until `stopped()`. */
async function loop(kinds: Kind[], tallies: Map<string, Tally>, stopped: () => boolean, seed: number) {
  // Each kind `weight` times, so a step through it picks kinds in proportion to their weights.
  const schedule = kinds.flatMap((k) => Array.from({ length: k.weight }, () => k))
  let n = seed
  while (!stopped()) {
    n++
    const kind = schedule[(n * 7919) % schedule.length] as Kind
    const variant = kind.variants[n % kind.variants.length] as Kind['variants'][number]
    const tally = tallies.get(kind.name) as Tally
    const start = performance.now()
    tally.requests++
    try {
      const response = await fetch(variant.url, variant.init)
      await response.arrayBuffer()
      tally.ms.push(performance.now() - start)
      tally.statuses.set(response.status, (tally.statuses.get(response.status) ?? 0) + 1)
      if (response.status >= 500) tally.fivexx++
      else if (response.status !== kind.expect) tally.unexpected++
    } catch {
      tally.dropped++
    }
  }
}

/** RSS in bytes and CPU seconds (user + system) of a process from Linux `/proc`, or null elsewhere. */
function usageOf(pid: number): { rss: number; cpu: number } | null {
  try {
    const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    // Fields 14 and 15 of /proc/PID/stat, counted after the parenthesised command name; 100 ticks a second.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
    const ticks = Number(stat[11]) + Number(stat[12])
    return rss ? { rss: Number(rss[1]) * 1024, cpu: ticks / 100 } : null
  } catch {
    return null
  }
}

/** Runs the load for `options.seconds` and returns what it measured. */
export async function runMixedLoad(
  instance: Instance,
  basic: string,
  options: LoadOptions,
): Promise<LoadResult> {
  const token = await firstToken(instance.api, basic)
  const kinds = [...resolverKinds(instance.resolver), ...apiKinds(instance.api, basic, token)]
  const tallies = new Map<string, Tally>(
    kinds.map((k) => [
      k.name,
      { requests: 0, fivexx: 0, dropped: 0, unexpected: 0, statuses: new Map(), ms: [] },
    ]),
  )
  const lane = (name: Kind['lane']) => kinds.filter((k) => k.lane === name)
  const apiLoops = Math.max(1, Math.round(options.connections / 5))
  const resolverLoops = Math.max(1, options.connections - apiLoops - TOKEN_CONNECTIONS)
  const samples: { at: number; rss: number }[] = []
  const started = performance.now()
  const first = usageOf(instance.pid)
  const cpuBefore = process.cpuUsage()
  const sampler = setInterval(() => {
    const usage = usageOf(instance.pid)
    if (usage !== null) samples.push({ at: (performance.now() - started) / 1000, rss: usage.rss })
  }, 1000)
  let stopping = false
  const stopped = () => stopping
  const loops = [
    ...Array.from({ length: resolverLoops }, (_, i) => loop(lane('resolver'), tallies, stopped, i * 13)),
    ...Array.from({ length: apiLoops }, (_, i) => loop(lane('api'), tallies, stopped, i * 17)),
    ...Array.from({ length: TOKEN_CONNECTIONS }, (_, i) => loop(lane('token'), tallies, stopped, i)),
  ]
  await Bun.sleep(options.seconds * 1000)
  stopping = true
  const settled = await Promise.race([
    Promise.all(loops).then(() => true),
    Bun.sleep(15_000).then(() => false),
  ])
  clearInterval(sampler)
  const seconds = (performance.now() - started) / 1000
  const last = usageOf(instance.pid)
  const generator = process.cpuUsage(cpuBefore)
  const kindResults = [...tallies.entries()].map(([name, t]) => summarize(name, t))
  const sum = (f: (k: KindResult) => number) => kindResults.reduce((n, k) => n + f(k), 0)
  const afterWarmup = samples.filter((s) => s.at >= options.warmupSeconds)
  const baseline = afterWarmup[0]
  const final = afterWarmup.at(-1)
  return {
    seconds,
    requests: sum((k) => k.requests),
    fivexx: sum((k) => k.fivexx),
    dropped: sum((k) => k.dropped),
    unexpected: sum((k) => k.unexpected),
    settled,
    kinds: kindResults,
    rss:
      first && baseline && final
        ? {
            start: first.rss,
            baseline: baseline.rss,
            final: final.rss,
            peak: Math.max(...afterWarmup.map((s) => s.rss)),
          }
        : null,
    cpu: {
      server: first && last ? (last.cpu - first.cpu) / seconds : null,
      generator: (generator.user + generator.system) / 1e6 / seconds,
    },
  }
}

function summarize(name: string, t: Tally): KindResult {
  const sorted = t.ms.sort((a, b) => a - b)
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0
  return {
    name,
    requests: t.requests,
    fivexx: t.fivexx,
    dropped: t.dropped,
    unexpected: t.unexpected,
    statuses: Object.fromEntries(t.statuses),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: sorted.at(-1) ?? 0,
  }
}

/** RSS growth from the end of the warm-up to the end of the run, as a fraction; null when not measured. */
export function rssGrowth(result: LoadResult): number | null {
  return result.rss === null ? null : (result.rss.final - result.rss.baseline) / result.rss.baseline
}
