/** A throwaway PostgreSQL cluster for fault tests (initdb + pg_ctl on a temp directory and a free port), and scratch databases. */
import { chownSync, existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { freePort } from './processes.ts'
import { makeTempDir, removeTempDir } from './temp.ts'

/** The server binaries: `PG_BIN` when set, else the newest `/usr/lib/postgresql/N/bin` with `initdb`, else null. */
export function findPgBin(): string | null {
  const fromEnv = process.env.PG_BIN?.trim()
  if (fromEnv) return existsSync(join(fromEnv, 'initdb')) ? fromEnv : null
  const base = '/usr/lib/postgresql'
  if (!existsSync(base)) return null
  const versions = readdirSync(base)
    .filter((v) => /^\d+$/.test(v) && existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] === undefined ? null : join(base, versions[0], 'bin')
}

/** Postgres refuses to run as root: as root the cluster runs as the `postgres` OS user, through `runuser`. */
interface RunAs {
  prefix: string[]
  uid: number | null
}

function runAs(): RunAs | string {
  if (process.getuid?.() !== 0) return { prefix: [], uid: null }
  const id = Bun.spawnSync(['id', '-u', 'postgres'], { stdout: 'pipe', stderr: 'ignore' })
  const uid = Number(id.stdout.toString().trim())
  if (id.exitCode !== 0 || !Number.isInteger(uid)) return 'running as root and there is no postgres OS user'
  if (Bun.which('runuser') === null) return 'running as root and runuser is not available'
  return { prefix: ['runuser', '-u', 'postgres', '--'], uid }
}

/** Why a throwaway cluster cannot be started here, or null when it can (checked without starting anything). */
export function pgClusterUnavailable(): string | null {
  if (findPgBin() === null) return 'no PostgreSQL server binaries (initdb); set PG_BIN to their directory'
  const as = runAs()
  return typeof as === 'string' ? as : null
}

export interface PgCluster {
  readonly port: number
  /** The directory of its Unix socket (`.s.PGSQL.{port}`). */
  readonly socketDir: string
  /** Connection string to `database` on this cluster (user `postgres`, trust auth, loopback only). */
  url(database?: string): string
  /** Starts the server and waits until it accepts connections. */
  start(): Promise<void>
  /** Stops the server; `fast` ends sessions cleanly, `immediate` is a crash-like stop. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>
  /**
   * Suspends every process of the server (SIGSTOP): connections stay open and new ones are accepted by the
   * kernel, but nothing answers, as with a hung server or a network partition. `thaw()` resumes them.
   */
  freeze(): void
  thaw(): void
  /** Stops the server if it runs and deletes its directory. */
  destroy(): Promise<void>
}

/** Creates (initdb) and starts a cluster; always `destroy()` it in a `finally` or `afterAll`. */
export async function startPgCluster(): Promise<PgCluster> {
  const bin = findPgBin()
  const as = runAs()
  if (bin === null || typeof as === 'string') throw new Error(pgClusterUnavailable() ?? 'unavailable')
  const dir = makeTempDir('pg-fault')
  if (as.uid !== null) chownSync(dir, as.uid, -1)
  const data = join(dir, 'data')
  const port = await freePort()
  const pgCtl = (...args: string[]) => run([...as.prefix, join(bin, 'pg_ctl'), '-D', data, ...args])
  let running = false
  let frozen: number[] = []
  // A test run that ends without `destroy()` must not leave a server behind (nor a suspended one).
  const onExit = () => {
    for (const pid of frozen) process.kill(pid, 'SIGCONT')
    if (running) Bun.spawnSync([...as.prefix, join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop'])
  }
  process.on('exit', onExit)
  const cluster: PgCluster = {
    port,
    socketDir: dir,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async start() {
      const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`
      await pgCtl('-l', join(dir, 'server.log'), '-w', '-t', '30', '-o', options, 'start')
      running = true
    },
    async stop(mode = 'fast') {
      await pgCtl('-w', '-t', '30', '-m', mode, 'stop')
      running = false
    },
    freeze() {
      const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0])
      // The postmaster first, so it forks no new backend, then its children.
      frozen = [postmaster, ...childrenOf(postmaster)]
      for (const pid of frozen) process.kill(pid, 'SIGSTOP')
    },
    thaw() {
      for (const pid of frozen.toReversed()) process.kill(pid, 'SIGCONT')
      frozen = []
    },
    async destroy() {
      try {
        cluster.thaw()
        if (running) await cluster.stop('immediate')
      } finally {
        process.off('exit', onExit)
        removeTempDir(dir)
      }
    },
  }
  try {
    await run([...as.prefix, join(bin, 'initdb'), '-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync'])
    await cluster.start()
  } catch (error) {
    await cluster.destroy()
    throw error
  }
  return cluster
}

/** The processes whose parent is `pid` (Linux `/proc`). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // Field 4 of /proc/PID/stat, counted after the parenthesised command name, is the parent's PID.
        return Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]) === pid
      } catch {
        return false
      }
    })
    .map(Number)
}

async function run(argv: string[]): Promise<void> {
  const child = Bun.spawn(argv, { stdout: 'pipe', stderr: 'pipe', env: { ...process.env, LC_ALL: 'C' } })
  const [code, out, err] = await Promise.all([
    child.exited,
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
  ])
  if (code !== 0) throw new Error(`${argv.join(' ')} exited ${code}: ${(err || out).trim().slice(-500)}`)
}
