/**
 * The catalog at 100,000 products (DESIGN §8), each operation beside its floor in the same run:
 * `PUT /products/{gtin}` (one product changed through the API: lock, If-Match, validation, rewrite, audit, NOTIFY)
 * against a bare one-row update with its NOTIFY; `GET /products` pages and the dashboard's product list against
 * the bare SQL of one page. p50/p99 over sequential requests; `DATABASE_URL` for Postgres, else PGlite.
 */
import { sql } from 'drizzle-orm'
import { createApp } from '../src/api/app.ts'
import { authFeature } from '../src/api/auth/index.ts'
import { catalogFeature } from '../src/api/catalog/index.ts'
import { createRateLimiter } from '../src/auth/rate-limit.ts'
import { createDashboard } from '../src/dashboard/index.ts'
import { silentLogger } from '../src/lib/log.ts'
import { DEFAULT_SECURITY_CONFIG } from '../src/security/config.ts'
import { CLI_ACTOR } from '../src/services/audit.ts'
import { importCatalog } from '../src/services/catalog/import.ts'
import { createClient } from '../src/services/clients/api-clients.ts'
import { createSession } from '../src/services/people/sessions.ts'
import { createUser } from '../src/services/people/users.ts'
import { fetchToken } from '../tests/api/codes/harness.ts'
import { generatedCatalog } from '../tests/catalog/fixtures.ts'
import { openBenchAuth } from './api-setup.ts'

const COUNT = Number(process.env.BENCH_PRODUCTS ?? 100_000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300)

const setup = await openBenchAuth()
const { database, slug } = setup
const db = database.db
const file = generatedCatalog(COUNT)
const catalog = {
  brands: (file.brands ?? []).map((b) => ({
    ...b,
    organization: slug,
    customDomain: null,
    customDomainActive: false,
  })),
  products: file.products,
}
const start = performance.now()
const imported = await importCatalog(db, catalog)
if (!imported.ok) throw new Error(JSON.stringify(imported.errors.slice(0, 3)))
console.log(
  `${database.kind}: imported ${COUNT} products in ${((performance.now() - start) / 1000).toFixed(1)} s`,
)

const app = createApp(setup.deps, [
  authFeature({ ...setup.deps, auth: setup.auth }),
  catalogFeature({ auth: setup.auth, database }),
])
const client = await createClient(db, {
  organizationSlug: slug,
  name: 'pim',
  scopes: ['read:catalog', 'write:catalog'],
  clock: Date.now,
  actor: CLI_ACTOR,
})
if (!client.ok) throw new Error(client.message)
const token = await fetchToken(app, client.clientId, client.clientSecret)
const auth = { authorization: `Bearer ${token}` }

/** Milliseconds of each of `rounds` sequential runs of `fn`, after 20 warm-up runs. */
async function sample(fn: (i: number) => Promise<void>, rounds = ROUNDS): Promise<number[]> {
  for (let i = 0; i < 20; i++) await fn(i)
  const times: number[] = []
  for (let i = 0; i < rounds; i++) {
    const t = performance.now()
    await fn(i)
    times.push(performance.now() - t)
  }
  return times.sort((a, b) => a - b)
}
const pct = (times: number[], p: number) =>
  times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0
function report(label: string, times: number[], floor?: number[]) {
  const ratio = floor === undefined ? '' : `  ${(pct(times, 99) / pct(floor, 99)).toFixed(2)}x floor p99`
  console.log(
    `${label.padEnd(44)} p50 ${pct(times, 50).toFixed(2).padStart(7)} ms  p99 ${pct(times, 99).toFixed(2).padStart(7)} ms${ratio}`,
  )
}

// One product changed through the API, alternating two versions so that every PUT is a real change.
const target = file.products?.[COUNT >> 1]
if (target === undefined) throw new Error('no product')
const floorPut = await sample(async (i) => {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`update products set published = ${i % 2 === 0}, updated_at = now() where gtin = ${target.gtin}`,
    )
    await tx.execute(sql`select pg_notify('catalog_changed', 'bench')`)
  })
})
const put = await sample(async (i) => {
  const r = await app.handle(
    new Request(`http://api.bench/products/${target.gtin}`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ ...target, published: i % 2 === 0 }),
    }),
  )
  if (r.status !== 200) throw new Error(`PUT answered ${r.status}`)
  await r.arrayBuffer()
})
report('floor: one-row update + NOTIFY', floorPut)
report('PUT /products/{gtin}', put, floorPut)

// A page of 100 in the middle of the catalog, by cursor.
const middle = file.products?.[COUNT >> 1]?.gtin ?? ''
const cursor = Buffer.from(`g:${middle}`).toString('base64url')
const floorPage = await sample(async () => {
  await db.execute(sql`select p.gtin, b.slug, p.slug, p.published, p.default_language, p.languages, p.updated_at,
    (select n.name from product_names n where n.product_id = p.id and n.language = p.default_language)
    from products p join brands b on b.id = p.brand_id where b.organization_id = (select id from organizations where slug = ${slug})
    and p.gtin > ${middle} order by p.gtin limit 101`)
})
const page = await sample(async () => {
  const r = await app.handle(
    new Request(`http://api.bench/products?limit=100&cursor=${cursor}`, { headers: auth }),
  )
  if (r.status !== 200) throw new Error(`GET answered ${r.status}`)
  await r.arrayBuffer()
})
const search = await sample(async () => {
  const r = await app.handle(new Request('http://api.bench/products?limit=100&q=p-4242', { headers: auth }))
  await r.arrayBuffer()
}, 50)
report('floor: SQL of one page of 100', floorPage)
report('GET /products (page of 100, by cursor)', page, floorPage)
report('GET /products?q= (name or slug search)', search, floorPage)

// The dashboard's product list, signed in, at the same size: the first page and a search.
const dashboard = createDashboard({
  database,
  config: {
    dashboardUrl: 'http://dashboard.bench',
    security: DEFAULT_SECURITY_CONFIG,
    resolverUrl: 'http://r.bench',
    shortUrl: 'http://s.bench',
    apiUrl: 'http://api.bench',
    customDomainScheme: 'https',
  },
  clock: Date.now,
  logger: silentLogger,
  mailer: null,
  signInLimiter: createRateLimiter(
    { client: { burst: 1, perMinute: 1 }, address: { burst: 1, perMinute: 1 } },
    Date.now,
  ),
})
const person = await createUser(db, {
  email: 'bench@example.com',
  name: 'Bench',
  organizationSlug: slug,
  role: 'viewer',
  actor: CLI_ACTOR,
  clock: Date.now,
})
if (!person.ok) throw new Error(person.message)
const cookie = { cookie: `session=${await createSession(db, person.user.id, Date.now())}` }
const listPage = await sample(async () => {
  const r = await dashboard(new Request(`http://dashboard.bench/orgs/${slug}/products`, { headers: cookie }))
  if (r.status !== 200) throw new Error(`dashboard answered ${r.status}`)
  await r.arrayBuffer()
})
const listSearch = await sample(async () => {
  const r = await dashboard(
    new Request(`http://dashboard.bench/orgs/${slug}/products?q=p-4242`, { headers: cookie }),
  )
  await r.arrayBuffer()
}, 50)
report('dashboard product list (50 rows)', listPage, floorPage)
report('dashboard product search', listSearch, floorPage)
await setup.close()
