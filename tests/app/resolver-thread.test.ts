import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Config } from '../../src/app/config.ts'
import {
  bindResolverThread,
  type ResolverThread,
  ResolverThreadError,
} from '../../src/app/resolver-thread.ts'
import demoCatalog from '../../src/catalog/demo-catalog.json' with { type: 'json' }
import { type Database, openDatabase } from '../../src/db/database.ts'
import { importCatalog } from '../../src/services/catalog/import.ts'
import { seedDemo } from '../../src/services/catalog/seed.ts'
import { TEST_CONFIG } from '../support/app.ts'
import { DATABASE_HOOK_TIMEOUT_MS, TEST_DATABASE_URL } from '../support/db.ts'
import { createScratchDatabase } from '../support/scratch-db.ts'
import { makeTempDir, removeTempDir } from '../support/temp.ts'

const GTIN = '04012345000009'
let database: Database
let config: Config
let thread: ResolverThread
let cleanUp: () => Promise<void>

/** The thread's database: the test database on Postgres, else an embedded one shared on its socket. */
beforeAll(async () => {
  if (TEST_DATABASE_URL !== null) {
    const scratch = await createScratchDatabase(TEST_DATABASE_URL, 'thread')
    database = await openDatabase({ url: scratch.url })
    config = { ...TEST_CONFIG, databaseUrl: scratch.url }
    cleanUp = () => scratch.drop()
  } else {
    const dir = makeTempDir('resolver-thread')
    database = await openDatabase({ dataDir: dir, share: true })
    config = { ...TEST_CONFIG, dataDir: dir }
    cleanUp = async () => removeTempDir(dir)
  }
  await seedDemo(database, Date.now)
  thread = await bindResolverThread(config)
}, DATABASE_HOOK_TIMEOUT_MS)

afterAll(async () => {
  await thread.stop()
  await database.close()
  await cleanUp()
}, DATABASE_HOOK_TIMEOUT_MS)

/** Scans the thread answered with a redirect, which its counts must hold once it stops. */
let redirected = 0

async function scan(path: string): Promise<Response> {
  const init = { headers: { host: 'resolver.test' }, redirect: 'manual' } as const
  const response = await fetch(`http://127.0.0.1:${thread.port}${path}`, init)
  if (response.status === 307) redirected++
  return response
}

async function redirectsCounted(): Promise<number> {
  const text = "select coalesce(sum(count), 0)::int from scan_counts where gtin = $1 and outcome = 'redirect'"
  const [row] = await database.queryRows(text, [GTIN])
  return Number(row?.[0] ?? -1)
}

describe('the resolver thread', () => {
  test('binds its port at once and answers 503 with Retry-After until it is started', async () => {
    expect(thread.port).toBeGreaterThan(0)
    const response = await scan(`/01/${GTIN}`)
    expect(response.status).toBe(503)
    expect(response.headers.get('retry-after')).toBe('1')
  })

  test(
    'once started it answers scans from its own connections',
    async () => {
      await thread.start(database, { metrics: true })
      const response = await scan(`/01/${GTIN}`)
      expect(response.status).toBe(307)
      expect(response.headers.get('location')).toBe('/en/northwind/green-tea/about')
      expect(response.headers.get('set-cookie')).toBeNull()
    },
    DATABASE_HOOK_TIMEOUT_MS,
  )

  test('a catalog change written on the main thread reaches its cache within a second', async () => {
    expect((await scan(`/01/${GTIN}`)).status).toBe(307)
    const products = demoCatalog.products.map((p) =>
      p.gtin === GTIN.slice(1) || p.gtin === GTIN ? { ...p, published: false } : p,
    )
    const imported = await importCatalog(database.db, { ...demoCatalog, products })
    expect(imported.ok).toBe(true)
    let status = 0
    for (let i = 0; i < 100 && status !== 404; i++) {
      status = (await scan(`/01/${GTIN}`)).status
      if (status !== 404) await Bun.sleep(10)
    }
    expect(status).toBe(404)
    await importCatalog(database.db, demoCatalog)
  })

  test('its metrics reach the main thread', async () => {
    const metrics = (await thread.metrics()) as {
      name: string
      values: { labels: Record<string, string> }[]
    }[]
    const requests = metrics.find((m) => m.name === 'gs1dl_http_requests_total')
    expect(requests?.values.some((v) => v.labels.surface === 'resolver')).toBe(true)
  })

  test(
    'a stop writes the scans counted so far, then frees the port',
    async () => {
      for (let i = 0; i < 3; i++) expect((await scan(`/01/${GTIN}`)).status).toBe(307)
      expect(await thread.stop()).toBe(true)
      expect(await redirectsCounted()).toBe(redirected)
      await expect(scan(`/01/${GTIN}`)).rejects.toThrow()
    },
    DATABASE_HOOK_TIMEOUT_MS,
  )

  test('a port already served is refused with its one-line reason', async () => {
    const busy = Bun.serve({ port: 0, fetch: () => new Response('taken') })
    try {
      const error = await bindResolverThread({ ...config, resolverPort: busy.port as number }).catch((e) => e)
      expect(error).toBeInstanceOf(ResolverThreadError)
      expect(String(error.message)).toContain(String(busy.port))
    } finally {
      busy.stop(true)
    }
  })

  test('a thread that dies once serving is reported once, so the process can end and be restarted', async () => {
    const reasons: string[] = []
    const crashing = new URL('../support/crashing-resolver-worker.ts', import.meta.url)
    const dying = await bindResolverThread(config, (reason) => reasons.push(reason), crashing)
    await dying.start(database, { metrics: false })
    for (let i = 0; i < 200 && reasons.length === 0; i++) await Bun.sleep(10)
    await Bun.sleep(50)
    expect(reasons.length).toBe(1)
    expect(['error', 'exited']).toContain(reasons[0] as string)
    await dying.stop()
  })
})
