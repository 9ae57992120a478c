/** Runs the service (`bun src/main.ts`) and the admin CLI as real processes, on loopback, always cleaned up. */
import { join } from 'node:path'
import { recordLogLines } from '../security/log-audit.ts'

/** The project root (where `src/main.ts` lives). */
export const ROOT = join(import.meta.dir, '..', '..')

/**
 * Public origins shared by every instance, as behind one load balancer: the JWT issuer is the same
 * everywhere, and an origin without a port matches the host on whatever port an instance listens on.
 */
export const PUBLIC_ORIGINS = {
  API_URL: 'http://api.test',
  RESOLVER_URL: 'http://127.0.0.1',
  SHORT_URL: 'http://localhost',
} as const

/** A port the OS reports free on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1)
  return port as number
}

/** `count` distinct free ports: all are held at once, so none is handed out twice. */
export async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () =>
    Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() }),
  )
  const ports = servers.map((server) => server.port as number)
  await Promise.all(servers.map((server) => server.stop(true)))
  return ports
}

/** The environment of a child: only what it needs, never the test runner's own DATABASE_URL. */
function childEnv(env: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NO_COLOR: '1', ...env }
}

/** Keeps the last `max` lines of a stream, reading it to the end so the child never blocks on a full pipe. */
function drain(stream: ReadableStream<Uint8Array>, max = 5000): { lines: string[]; done: Promise<void> } {
  const lines: string[] = []
  const done = (async () => {
    const decoder = new TextDecoder()
    let partial = ''
    const reader = stream.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      const parts = (partial + decoder.decode(value, { stream: true })).split('\n')
      partial = parts.pop() ?? ''
      lines.push(...parts)
      if (lines.length > max) lines.splice(0, lines.length - max)
    }
    if (partial !== '') lines.push(partial)
  })().catch(() => {})
  return { lines, done }
}

export interface Instance {
  readonly pid: number
  /** `http://127.0.0.1:port` of the code API. */
  readonly api: string
  /** `http://127.0.0.1:port` of the resolver (the configured resolver host). */
  readonly resolver: string
  /** `http://127.0.0.1:port` of the dashboard. */
  readonly dashboard: string
  /** The last stdout lines (JSON log lines and the banner); empty when started with `logs: 'discard'`. */
  readonly stdout: string[]
  readonly stderr: string[]
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`; resolves to the exit code. */
  stop(graceMs?: number): Promise<number>
}

export interface InstanceOptions {
  /** DATABASE_URL or DATA_DIR, plus any other variable. */
  readonly env: Record<string, string>
  /** `discard` sends stdout to /dev/null (load runs, where every request writes a log line). */
  readonly logs?: 'keep' | 'discard'
  readonly readyTimeoutMs?: number
}

const running = new Set<Instance>()
const children = new Set<{ kill(signal?: number | NodeJS.Signals): void }>()
// A test run that ends without stopping its instances (a crash, a timeout) must not leave servers behind.
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL')
})

/**
 * Starts `bun src/main.ts` on three free ports and waits until `/readyz` answers 200 on the API and the resolver. A
 * port found free can be taken by another process before the child binds it; such a start is tried again on new ports.
 */
export async function startInstance(options: InstanceOptions): Promise<Instance> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options)
    } catch (error) {
      if (attempt === 3 || !(error instanceof Error) || !error.message.includes('cannot serve the'))
        throw error
    }
  }
}

async function startOnce(options: InstanceOptions): Promise<Instance> {
  const [apiPort, resolverPort, dashboardPort] = (await freePorts(3)) as [number, number, number]
  const child = Bun.spawn([process.execPath, 'src/main.ts'], {
    cwd: ROOT,
    env: childEnv({
      ...PUBLIC_ORIGINS,
      API_PORT: String(apiPort),
      RESOLVER_PORT: String(resolverPort),
      DASHBOARD_PORT: String(dashboardPort),
      ...options.env,
    }),
    stdout: options.logs === 'discard' ? 'ignore' : 'pipe',
    stderr: 'pipe',
  })
  children.add(child)
  void child.exited.then(() => children.delete(child))
  const out =
    child.stdout instanceof ReadableStream ? drain(child.stdout) : { lines: [], done: Promise.resolve() }
  const err = drain(child.stderr)
  const instance: Instance = {
    pid: child.pid,
    api: `http://127.0.0.1:${apiPort}`,
    resolver: `http://127.0.0.1:${resolverPort}`,
    dashboard: `http://127.0.0.1:${dashboardPort}`,
    stdout: out.lines,
    stderr: err.lines,
    async stop(graceMs = 10_000) {
      running.delete(instance)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
      const code = await child.exited
      clearTimeout(timer)
      await Promise.all([out.done, err.done])
      recordLogLines(out.lines.filter((line) => line.startsWith('{')))
      return code
    },
  }
  running.add(instance)
  const exited = child.exited.then(() => {
    throw new Error(
      `src/main.ts exited early (${child.exitCode ?? child.signalCode}): ${err.lines.join('\n').slice(-800)}`,
    )
  })
  try {
    await Promise.race([
      Promise.all([
        waitForOk(`${instance.api}/readyz`, options.readyTimeoutMs ?? 30_000),
        waitForOk(`${instance.resolver}/readyz`, options.readyTimeoutMs ?? 30_000),
      ]),
      exited,
    ])
  } catch (error) {
    await instance.stop(1000)
    throw error
  }
  // An instance that dies while a test still uses it says why, so a CI log shows more than refused connections.
  exited.catch((error: Error) => {
    if (running.has(instance)) console.error(`instance ${instance.pid} died: ${error.message}`)
  })
  return instance
}

/** Stops every instance still running (for `afterAll`, after a failed assertion skipped a `stop()`). */
export async function stopAllInstances(): Promise<void> {
  await Promise.all([...running].map((i) => i.stop()))
}

/**
 * Polls `url` until it answers 2xx and resolves to that response (each attempt waits at most 2 s for an
 * answer; its body stays readable after); throws once `ms` have passed.
 */
export async function waitForOk(url: string, ms: number): Promise<Response> {
  const until = Date.now() + ms
  while (Date.now() < until) {
    const attempt = new AbortController()
    const timer = setTimeout(() => attempt.abort(), 2000)
    const res = await fetch(url, { signal: attempt.signal }).catch(() => null)
    clearTimeout(timer)
    if (res?.ok) return res
    await Bun.sleep(50)
  }
  throw new Error(`${url} did not answer 200 within ${ms} ms`)
}

export interface CliResult {
  code: number
  stdout: string
  stderr: string
}

/** Runs `bun src/cli/main.ts …args` to completion (killed after `timeoutMs`). */
export async function runCli(
  args: string[],
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<CliResult> {
  const child = spawnCli(args, env)
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
  try {
    const [code, stdout, stderr] = await Promise.all([
      child.exited,
      new Response(child.stdout).text(),
      new Response(child.stderr).text(),
    ])
    return { code, stdout, stderr }
  } finally {
    clearTimeout(timer)
  }
}

/** Starts the CLI without waiting for it (the caller must kill it or await `exited`). */
export function spawnCli(args: string[], env: Record<string, string>) {
  return Bun.spawn([process.execPath, 'src/cli/main.ts', ...args], {
    cwd: ROOT,
    env: childEnv({ ...PUBLIC_ORIGINS, ...env }),
    stdout: 'pipe',
    stderr: 'pipe',
  })
}

/** Runs the CLI and parses its `--json` output; throws with its stderr when it fails. */
export async function runCliJson<T>(args: string[], env: Record<string, string>): Promise<T> {
  const r = await runCli([...args, '--json'], env)
  if (r.code !== 0) throw new Error(`cli ${args.slice(0, 2).join(' ')} exited ${r.code}: ${r.stderr.trim()}`)
  return JSON.parse(r.stdout) as T
}

/**
 * Polls `check` every `everyMs` until it is true; resolves to the milliseconds it took, or to null when
 * `withinMs` passed first (the caller asserts on it, so a miss reports the bound it broke).
 */
export async function waitUntil(
  check: () => Promise<boolean>,
  withinMs: number,
  everyMs = 25,
): Promise<number | null> {
  const start = performance.now()
  for (;;) {
    if (await check().catch(() => false)) return Math.round(performance.now() - start)
    if (performance.now() - start > withinMs) return null
    await Bun.sleep(everyMs)
  }
}
