/** Database faults on a throwaway Postgres cluster: an outage and the return, and a database that stops answering. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import postgres from 'postgres'
import { type PgCluster, pgClusterUnavailable, startPgCluster } from '../support/pg-cluster.ts'
import {
  type Instance,
  runCliJson,
  startInstance,
  stopAllInstances,
  waitUntil,
} from '../support/processes.ts'
import { createScratchDatabase } from '../support/scratch-db.ts'
import {
  type Client,
  catalogFile,
  createClient,
  importFile,
  importInProcess,
  locationOf,
  ORG,
  product,
  requestToken,
  scan,
  scanKept,
  scanResult,
  scratchDir,
} from './harness.ts'

const unavailable = pgClusterUnavailable()
if (unavailable !== null) console.warn(`skipping the database fault tests: ${unavailable}`)

/** A request that needs the missing database must fail within this. */
const FAST_FAILURE_MS = 2000
/** Everything works again within this after the database is back. */
const RECOVERY_MS = 5000
/** The token endpoint's flat answer to a fault (SPEC Errors 3). */
const TOKEN_500 = { error: 'server_error', error_description: 'Internal server error; safe to retry' }

describe.skipIf(unavailable !== null)('database faults', () => {
  const files = scratchDir()
  let cluster: PgCluster | undefined

  /** A new database on the throwaway cluster (deleted with it). */
  async function freshDatabase(): Promise<{ url: string; env: Record<string, string> }> {
    const database = await createScratchDatabase((cluster as PgCluster).url(), 'fault')
    return { url: database.url, env: { DATABASE_URL: database.url } }
  }

  beforeAll(async () => {
    cluster = await startPgCluster()
  }, 60_000)

  afterAll(async () => {
    await stopAllInstances()
    await cluster?.destroy()
    files.remove()
  }, 60_000)

  test('through an outage the resolver serves cached products and fails the rest fast; all recovers within 5 s, with no restart', async () => {
    const { url, env } = await freshDatabase()
    await importFile(files.file('outage.json', catalogFile([product(1), product(2), product(3)])), env)
    const client = await createClient(env)
    const instance = await startInstance({ env })
    expect(await scanKept(instance.resolver, 1)).toEqual({ status: 307, location: locationOf(1) })
    expect(await scanKept(instance.resolver, 3)).toEqual({ status: 307, location: locationOf(3) })
    expect((await requestToken(instance.api, client)).status).toBe(200)

    await (cluster as PgCluster).stop('fast')
    let slowest = 0
    for (let round = 0; round < 3; round++) {
      expect(await scanResult(instance.resolver, 1)).toEqual({ status: 307, location: locationOf(1) })
      const failures = await outageAnswers(instance, client)
      expect(failures.map((f) => [f.status, f.body])).toEqual([
        [500, { status: 500, error: 'INTERNAL_ERROR' }],
        [500, TOKEN_500],
        [503, { errors: [{ code: 'Unavailable', path: null, message: 'The database does not answer' }] }],
      ])
      slowest = Math.max(slowest, ...failures.map((f) => f.ms))
      await Bun.sleep(1000)
    }
    expect(slowest).toBeLessThan(FAST_FAILURE_MS)

    await (cluster as PgCluster).start()
    const back = performance.now()
    // Changed the moment the database is back, before any instance can have subscribed again: a notification
    // missed while disconnected must not leave a stale product for the rest of the cache's minute.
    await importInProcess(url, catalogFile([product(1, { published: false })]))
    const state = async () => ({
      unpublished: (await scanResult(instance.resolver, 1)).status,
      uncached: (await scanResult(instance.resolver, 2)).location,
      token: (await requestToken(instance.api, client)).status,
      ready: (await fetch(`${instance.api}/readyz`)).status,
    })
    const recovered = { unpublished: 404, uncached: locationOf(2), token: 200, ready: 200 }
    await waitUntil(
      async () => Bun.deepEquals(await state(), recovered),
      RECOVERY_MS - (performance.now() - back),
    )
    const took = performance.now() - back
    expect(await state()).toEqual(recovered)
    expect(took).toBeLessThanOrEqual(RECOVERY_MS)

    // Notifications flow again: a change to a cached product shows within the scale-out bound.
    await importFile(files.file('after.json', catalogFile([product(3, { page: 'story' })])), env)
    const seen = await waitUntil(
      async () => (await scanResult(instance.resolver, 3)).location === locationOf(3, 'story'),
      1000,
    )
    expect(seen ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(1000)
    expect(await instance.stop()).toBe(0)
    // The one sign an idle instance gives of a lost and regained database: one line when its change listener lost
    // the connection and one when it came back, however many reconnection attempts the outage took.
    const listenerLines = instance.stdout
      .map((line) => /"event":"(database\.listener_\w+)"/.exec(line)?.[1])
      .filter((event) => event !== undefined)
    expect(listenerLines).toEqual(['database.listener_lost', 'database.listener_renewed'])
    // The last-used time gathered while the database was back was written at shutdown, not lost.
    const [listed] = await runCliJson<{ lastUsedAt: string | null }[]>(['client', 'list', '--org', ORG], env)
    expect(listed?.lastUsedAt).not.toBeNull()
  }, 90_000)

  test('a table locked for long fails its scans fast, the server ends their statements, and tokens still work', async () => {
    const { url, env } = await freshDatabase()
    const products = Array.from({ length: 12 }, (_, i) => product(i + 1))
    await importFile(files.file('locked.json', catalogFile(products)), env)
    const client = await createClient(env)
    const instance = await startInstance({ env })
    // One connection holds the lock, the other looks at who waits for it.
    const admin = postgres(url, { max: 2, onnotice: () => {} })
    const { promise: held, resolve: release } = Promise.withResolvers<void>()
    const { promise: locked, resolve: lockTaken } = Promise.withResolvers<void>()
    // A migration or a manual DDL: an exclusive lock on products, held until the test releases it.
    const lock = admin.begin(async (tx) => {
      await tx`lock table products in access exclusive mode`
      lockTaken()
      await held
    })
    try {
      await locked
      const waiting = async () => {
        const [row] = await admin`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`
        return row?.n as number
      }
      // More uncached scans than the resolver thread's pool has connections: each waits on the lock, then gives up
      // at its deadline.
      const scans = Promise.all(products.map((_, i) => scanResult(instance.resolver, i + 1)))
      // Meanwhile every connection of the resolver thread's pool (5) waits on the lock; the API's pool is its own,
      // so tokens are still issued now.
      expect(await waitUntil(async () => (await waiting()) === 5, 1_400)).not.toBeNull()
      expect((await requestToken(instance.api, client)).status).toBe(200)
      expect(new Set((await scans).map((a) => a.status))).toEqual(new Set([500]))
      const named = await admin`select application_name as name, count(*)::int as n from pg_stat_activity
        where datname = current_database() and application_name like 'gs1-dl %' group by 1 order by 1`
      expect(named.map((row) => row.name)).toEqual(['gs1-dl resolver', 'gs1-dl service'])
      // The statement timeout (3 s) ends the waits on the server: the pool's connections are free again, after a round
      // of 3 s for each pool's worth (5) of the 12 lookups that queued.
      expect(await waitUntil(async () => (await waiting()) === 0, 10_000)).not.toBeNull()
      expect((await requestToken(instance.api, client)).status).toBe(200)
    } finally {
      release()
      await lock
      await admin.end({ timeout: 5 })
    }
    expect(await scanResult(instance.resolver, 1)).toEqual({ status: 307, location: locationOf(1) })
    expect(await instance.stop()).toBe(0)
  }, 60_000)

  test('a database that stops answering (hung, not down) fails uncached scans and tokens within 2 s, and recovers', async () => {
    const { env } = await freshDatabase()
    await importFile(files.file('hung.json', catalogFile([product(1), product(2)])), env)
    const client = await createClient(env)
    const instance = await startInstance({ env })
    expect(await scanKept(instance.resolver, 1)).toEqual({ status: 307, location: locationOf(1) })
    const c = cluster as PgCluster
    c.freeze()
    let failures: Awaited<ReturnType<typeof outageAnswers>> = []
    try {
      expect(await scanResult(instance.resolver, 1)).toEqual({ status: 307, location: locationOf(1) })
      failures = (await outageAnswers(instance, client)).slice(0, 2)
    } finally {
      c.thaw()
    }
    expect(failures.map((f) => [f.status, f.body])).toEqual([
      [500, { status: 500, error: 'INTERNAL_ERROR' }],
      [500, TOKEN_500],
    ])
    expect(Math.max(...failures.map((f) => f.ms))).toBeLessThan(FAST_FAILURE_MS)
    const recovered = await waitUntil(
      async () =>
        (await scanResult(instance.resolver, 2)).location === locationOf(2) &&
        (await requestToken(instance.api, client)).status === 200,
      RECOVERY_MS,
    )
    expect(recovered ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(RECOVERY_MS)
    expect(await instance.stop()).toBe(0)
  }, 90_000)

  test('SIGTERM while the database is hung ends the process within the stop timeout, exit 1, saying why', async () => {
    const { env } = await freshDatabase()
    await importFile(files.file('stop.json', catalogFile([product(1)])), env)
    const client = await createClient(env)
    const instance = await startInstance({ env })
    expect((await requestToken(instance.api, client)).status).toBe(200)
    const c = cluster as PgCluster
    c.freeze()
    try {
      // Without a bound on closing, only the SIGKILL after this grace period would end it (no exit code).
      expect(await instance.stop(9_000)).toBe(1)
    } finally {
      c.thaw()
    }
    const events = instance.stdout.flatMap((line) => (line.startsWith('{') ? [JSON.parse(line).event] : []))
    // A request's log line may land between the two: the resolver's thread writes its own lines.
    const lifecycle = events.filter((e) => e.startsWith('shutdown'))
    expect({ last: events.at(-1), lifecycle: lifecycle.slice(-2) }).toEqual({
      last: 'shutdown.incomplete',
      lifecycle: ['shutdown', 'shutdown.incomplete'],
    })
  }, 60_000)

  test('a second signal while shutdown waits for a hung database exits at once, exit 1', async () => {
    const { env } = await freshDatabase()
    const instance = await startInstance({ env })
    const c = cluster as PgCluster
    c.freeze()
    try {
      process.kill(instance.pid, 'SIGTERM')
      const logged = async () => instance.stdout.some((line) => line.includes('"event":"shutdown"'))
      expect(await waitUntil(logged, 3_000)).not.toBeNull()
      // The same signal within a second of the first is the first one again (a process group's, passed on).
      await Bun.sleep(1_100)
      // stop() sends the second SIGTERM while the first one waits (up to 5 s) for the database.
      expect(await instance.stop(4_000)).toBe(1)
    } finally {
      c.thaw()
    }
    const events = instance.stdout.flatMap((line) => (line.startsWith('{') ? [JSON.parse(line).event] : []))
    expect(events.slice(-2)).toEqual(['shutdown', 'shutdown.forced'])
  }, 60_000)
})

/** The three answers that need the database, with their times: uncached scan, token request, readiness. */
async function outageAnswers(instance: Instance, client: Client) {
  // A request the harness gave up on (after 10 s) shows as status 0 with the error's name.
  const timed = async (request: () => Promise<Response>) => {
    const start = performance.now()
    const answer = await request().then(
      async (response) => ({ status: response.status, body: (await response.json()) as unknown }),
      (error: unknown) => ({ status: 0, body: error instanceof Error ? error.name : String(error) }),
    )
    return { ...answer, ms: performance.now() - start }
  }
  return [
    await timed(() => scan(instance.resolver, 2)),
    await timed(() => requestToken(instance.api, client)),
    await timed(() => fetch(`${instance.api}/readyz`, { signal: AbortSignal.timeout(10_000) })),
  ]
}
