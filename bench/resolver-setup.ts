/**
 * Shared set-up of the resolver benchmarks over Postgres: the seeded catalog's frame, the server under test in a
 * process of its own, and wrk.
 */
import postgres from 'postgres'

/**
 * Seeds a catalog in one transaction on `target`: `pg_temp.cd(body)` (a GS1 check digit in SQL), the organization
 * and brand `bench`, then `fill` writes the rows under that brand; `analyze` after.
 */
export async function seedBenchCatalog(
  target: string,
  fill: (tx: postgres.TransactionSql, brandId: string) => Promise<void>,
) {
  const sql = postgres(target, { max: 1, onnotice: () => {} })
  await sql.begin(async (tx) => {
    await tx.unsafe(`create function pg_temp.cd(body text) returns text language sql immutable as $$
      select ((10 - sum(substr(body, length(body) - i, 1)::int * (case when i % 2 = 0 then 3 else 1 end)) % 10) % 10)::text
      from generate_series(0, length(body) - 1) i $$`)
    const [org] =
      await tx`insert into organizations (slug, name, plan) values ('bench', 'Bench', 'pro') returning id`
    const [brand] =
      await tx`insert into brands (organization_id, slug, name) values (${org?.id}, 'bench', 'Bench') returning id`
    await fill(tx, brand?.id)
  })
  await sql`analyze`
  await sql.end()
}

/**
 * Spawns a server under test (`command`, with `env`) and talks to it over IPC: it sends `{port}` when listening,
 * answers `'stats'` with its handler times since the last call (`stats()`), and exits on `'stop'` (`stop()`).
 */
export async function startServerProcess<Stats>(command: string[], env: Record<string, string | undefined>) {
  let onMessage: (message: unknown) => void = () => {}
  const child = Bun.spawn(command, {
    env,
    stdout: 'inherit',
    stderr: 'inherit',
    ipc: (message) => onMessage(message),
  })
  const next = <T>() => new Promise<T>((resolve) => (onMessage = (m) => resolve(m as T)))
  const { port } = await next<{ port: number }>()
  return {
    origin: `http://127.0.0.1:${port}`,
    stats() {
      const answer = next<Stats>()
      child.send('stats')
      return answer
    },
    async stop() {
      child.send('stop')
      await child.exited
    },
  }
}

/** One wrk run (1 thread, `--latency`, `script` if given): requests a second, p50 and p99 in ms, non-3xx answers. */
export async function runWrk(target: string, connections: number, seconds: number, script?: string) {
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
  return { rps, p50: ms('50'), p99: ms('99'), errors }
}
