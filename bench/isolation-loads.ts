/**
 * The loads of bench/scan-isolation.ts, each driven from a process of its own: API renders and batches, malformed
 * 1 MiB code bodies, catalog dry runs over the API, large code SVGs drawn for a dashboard viewer, and an editor's
 * 8 MiB catalog checked through the dashboard. Also the database the bench starts the service on.
 */
import { MAX_BODY_BYTES } from '../src/api/app.ts'
import { cookieNames } from '../src/dashboard/cookies.ts'
import { type DatabaseTarget, openDatabase } from '../src/db/database.ts'
import { gs1CheckDigit } from '../src/gs1/check-digit.ts'
import { CLI_ACTOR } from '../src/services/audit.ts'
import { createClient } from '../src/services/clients/api-clients.ts'
import { createSession } from '../src/services/people/sessions.ts'
import { createUser } from '../src/services/people/users.ts'
import { prepareLoadDatabase } from '../tests/reliability/load.ts'
import { firstToken } from '../tests/reliability/load-mix.ts'

/** The demo catalog's Starter organization, its brand and a published product of it (every load acts on it). */
const ORG = 'dalgiardino'
const BRAND = 'dal-giardino'
/** The brand's active custom domain. */
const CUSTOM_DOMAIN = 'id.dalgiardino.example'
const PRODUCT = '09506000134352'

export const LOAD_NAMES = ['a', 'b', 'c', 'd', 'e', 'f'] as const
export type LoadName = (typeof LOAD_NAMES)[number]

/** What a load process needs: the service's addresses and the credentials made by {@link prepareIsolationDatabase}. */
export interface LoadTargets {
  readonly api: string
  readonly dashboard: string
  /** DASHBOARD_URL of the service: the Origin its forms must carry. */
  readonly dashboardOrigin: string
  /** HTTP Basic credentials of a `write:codes` client and of a `write:catalog` client. */
  readonly codes: string
  readonly catalog: string
  /** Session cookie tokens of a viewer and an editor of the organization. */
  readonly viewer: string
  readonly editor: string
}

export interface LoadOptions {
  /** Closed loops of load a (half renders, half batches). */
  readonly connections: number
  readonly retry: 'honour' | 'ignore'
}

/** One line of the table per load: what it is, in a few words. */
export const LOAD_LABELS: Readonly<Record<LoadName, string>> = {
  a: 'a. renders + 1000-code batches',
  b: "b. 4x 1 MiB '[' POST /code",
  c: 'c. 4x catalog dry run, API',
  d: 'd. 4x viewer code SVG, ecc=H',
  e: 'e. 2x 8 MiB dashboard import',
  f: 'f. 4x 1000-PNG ZIP, /render/batch',
}

/**
 * The database of the bench: the demo catalog and a `write:codes` client (as the mixed load's), plus a
 * `write:catalog` client, and a viewer and an editor of the organization, each with a session made here (as a
 * sign-in would make it), so that no sign-in limit or password hashing takes part in the load.
 */
export async function prepareIsolationDatabase(
  target: DatabaseTarget,
): Promise<Omit<LoadTargets, 'api' | 'dashboard' | 'dashboardOrigin'>> {
  const codes = await prepareLoadDatabase(target)
  const database = await openDatabase(target)
  try {
    const client = await createClient(database.db, {
      actor: CLI_ACTOR,
      organizationSlug: ORG,
      name: 'catalog load',
      scopes: ['write:catalog'],
      clock: Date.now,
    })
    if (!client.ok) throw new Error(client.message)
    const session = async (role: 'viewer' | 'editor') => {
      const user = await createUser(database.db, {
        email: `${role}@bench.example`,
        name: `Bench ${role}`,
        organizationSlug: ORG,
        role,
        actor: CLI_ACTOR,
        clock: Date.now,
      })
      if (!user.ok) throw new Error(user.message)
      return createSession(database.db, user.user.id, Date.now())
    }
    return {
      codes,
      catalog: `Basic ${btoa(`${client.clientId}:${client.clientSecret}`)}`,
      viewer: await session('viewer'),
      editor: await session('editor'),
    }
  } finally {
    await database.close()
  }
}

/** A valid 14-digit GTIN of the bench's own company prefix (no other organization owns it). */
function gtin(i: number): string {
  const body = `0871234${String(i).padStart(6, '0')}`
  return `${body}${gs1CheckDigit(body)}`
}

/** A product of the bench's own, outside every catalog file the loads send: changed to drop the resolver's cache. */
export const ANCHOR_GTIN = gtin(0)

/** A scan of the anchor product on its brand's custom domain (on the resolver's host, it is sent there). */
export function anchorRequest(resolver: string): Request {
  return new Request(`${resolver}/01/${ANCHOR_GTIN}`, {
    headers: { host: CUSTOM_DOMAIN },
    redirect: 'manual',
  })
}

/** How long the resolver keeps a found product (src/db/catalog.ts): a scan after that loads it again. */
export const PRODUCT_TTL_MS = 60_000

/**
 * Has the resolver cache the scanned product anew at a moment the bench knows. A catalog change (the anchor
 * product's slug, over the API) is notified to the resolver, which drops its whole cache; once the anchor's scan
 * shows the change, `scanUrl` is scanned, which loads and caches its product again. Resolves to that moment
 * (`performance.now()`): the product goes stale PRODUCT_TTL_MS later, at the first scan after which the resolver
 * looks it up in the database again.
 */
export function cacheAnchor(api: string, resolver: string, catalogBasic: string) {
  let headers: Record<string, string> | null = null
  let version = 0
  return async (scanUrl: string): Promise<number> => {
    headers ??= {
      authorization: `Bearer ${await firstToken(api, catalogBasic)}`,
      'content-type': 'application/json',
    }
    const slug = `bench-anchor-${++version}`
    const put = await fetch(`${api}/products/${ANCHOR_GTIN}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({
        brand: BRAND,
        slug,
        published: true,
        defaultLanguage: 'en',
        languages: ['en'],
        pages: [{ name: 'product', linkType: 'gs1:pip', default: true, titles: { en: 'Anchor' } }],
      }),
    })
    await put.arrayBuffer()
    if (put.status !== 200 && put.status !== 201) throw new Error(`PUT of the anchor answered ${put.status}`)
    const until = performance.now() + 10_000
    for (;;) {
      const scan = await fetch(anchorRequest(resolver))
      await scan.arrayBuffer()
      if (scan.headers.get('location')?.includes(`/${slug}/`)) break
      if (performance.now() > until)
        throw new Error('the resolver did not show the anchor change within 10 s')
      await Bun.sleep(20)
    }
    const scan = await fetch(scanUrl, { redirect: 'manual' })
    await scan.arrayBuffer()
    if (scan.status !== 307) throw new Error(`the scan after the anchor answered ${scan.status}`)
    return performance.now()
  }
}

/**
 * A valid catalog file of the organization's brand, as many products (two languages, one page) as fit in `bytes`
 * of UTF-8 JSON: about 300 bytes a product.
 */
export function catalogOfSize(bytes: number): { text: string; products: number } {
  const head = '{"products":['
  const tail = ']}\n'
  const parts: string[] = []
  let size = head.length + tail.length
  for (let i = 1; ; i++) {
    const product = JSON.stringify({
      gtin: gtin(i),
      brand: BRAND,
      slug: `bench-product-${i}`,
      published: true,
      defaultLanguage: 'en',
      languages: ['en', 'fr'],
      names: { en: `Bench product ${i}`, fr: `Produit d'essai ${i}` },
      pages: [
        {
          name: 'product',
          linkType: 'gs1:pip',
          default: true,
          titles: { en: 'Product information', fr: 'Informations produit' },
        },
      ],
    })
    const added = product.length + (parts.length > 0 ? 1 : 0)
    if (size + added > bytes) break
    parts.push(product)
    size += added
  }
  return { text: `${head}${parts.join(',')}${tail}`, products: parts.length }
}

/** AIs of a code's Digital Link query beside its lot, serial and expiry: a QR of about 1070 characters. */
const ATTRIBUTES = [
  '3103=000750',
  '11=260101',
  '15=261231',
  '7003=2612311200',
  `240=${'R'.repeat(30)}`,
  `241=${'P'.repeat(30)}`,
  '242=123456',
  ...Array.from({ length: 9 }, (_, i) => `9${i + 1}=${String.fromCharCode(65 + i).repeat(90)}`),
].join('\n')

/** The Codes page's download of a QR (ecc=H) that no earlier request drew: a new serial number each time. */
function svgQuery(n: number): string {
  return new URLSearchParams({
    gtin: PRODUCT,
    lot: `LOT${n}`.padEnd(20, 'L'),
    serial: `S${n}`.padEnd(20, 'S'),
    expiry: '271231',
    attributes: ATTRIBUTES,
    host: 'resolver',
    symbol: 'qr',
    ecc: 'H',
  }).toString()
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

/** A hidden field's value in a page's HTML, or null. */
function hiddenValue(html: string, name: string): string | null {
  return new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? null
}

/** What one request of a loop got: its kind, its status (or `error`), its Retry-After and the items it made. */
interface Outcome {
  readonly kind: string
  readonly status: string
  readonly retryAfter: number
  readonly items?: number
}

/** One request of a closed loop; `n` is new for every request of the process. */
type Step = (n: number) => Promise<Outcome>

interface Load {
  /** One step per closed loop. */
  readonly loops: Step[]
  /** The status that means the load did what it is meant to (a refusal for load b). */
  readonly expect: string
  /** What the load sends, for the report. */
  readonly about: string
}

async function answered(kind: string, response: Response, items = 0): Promise<Outcome> {
  await response.arrayBuffer()
  const status = String(response.status)
  const retryAfter = Number(response.headers.get('retry-after') ?? 0) || 0
  return { kind, status, retryAfter, items: status === '200' ? items : 0 }
}

/** The steps of a load; builds its bodies (and signs its client in) before the first step. */
async function buildLoad(name: LoadName, t: LoadTargets, options: LoadOptions): Promise<Load> {
  const bearer = async (basic: string) => ({
    authorization: `Bearer ${await firstToken(t.api, basic)}`,
    'content-type': 'application/json',
  })
  const cookie = (token: string) => `${cookieNames(t.dashboardOrigin).session}=${token}`
  switch (name) {
    case 'a': {
      const headers = await bearer(t.codes)
      const render: Step = async (n) =>
        answered(
          'render',
          await fetch(`${t.api}/render`, {
            method: 'POST',
            headers: { ...headers, accept: '*/*' },
            body: JSON.stringify(definition(n * 1000)),
          }),
          1,
        )
      const codes: Step = async (n) =>
        answered(
          'codes',
          await fetch(`${t.api}/codes`, {
            method: 'POST',
            headers: { ...headers, accept: 'application/json' },
            body: JSON.stringify({ codes: Array.from({ length: 1000 }, (_, i) => definition(n * 1000 + i)) }),
          }),
          1000,
        )
      return {
        loops: Array.from({ length: options.connections }, (_, i) => (i % 2 === 0 ? render : codes)),
        expect: '200',
        about: `${options.connections} connections: half POST /render (every symbol new), half POST /codes of 1000`,
      }
    }
    case 'f': {
      const headers = await bearer(t.codes)
      const zip: Step = async (n) =>
        answered(
          'render-batch',
          await fetch(`${t.api}/render/batch`, {
            method: 'POST',
            headers: { ...headers, accept: 'image/png' },
            body: JSON.stringify({
              codes: Array.from({ length: 1000 }, (_, i) => definition(n * 1000 + i)),
              moduleSize: 0.5,
            }),
          }),
          1000,
        )
      return {
        loops: [zip, zip, zip, zip],
        expect: '200',
        about: '4 connections: POST /render/batch of 1000 PNGs (every symbol new), the ZIP read to its end',
      }
    }
    case 'b': {
      const headers = await bearer(t.codes)
      const body = new Uint8Array(MAX_BODY_BYTES).fill('['.charCodeAt(0))
      const step: Step = async () =>
        answered('code', await fetch(`${t.api}/code`, { method: 'POST', headers, body }))
      return {
        loops: [step, step, step, step],
        expect: '400',
        about: `4 connections: POST /code with ${MAX_BODY_BYTES} bytes of '[' (the largest body taken)`,
      }
    }
    case 'c': {
      const headers = await bearer(t.catalog)
      // Just under the API's body limit, so that the request is read and imported (dry run).
      const catalog = catalogOfSize(MAX_BODY_BYTES - 1024)
      const step: Step = async () =>
        answered(
          'import',
          await fetch(`${t.api}/catalog/import?dryRun=true`, { method: 'POST', headers, body: catalog.text }),
          catalog.products,
        )
      return {
        loops: [step, step, step, step],
        expect: '200',
        about: `4 connections: POST /catalog/import?dryRun=true, ${catalog.products} new products in ${catalog.text.length} bytes`,
      }
    }
    case 'd': {
      const headers = { cookie: cookie(t.viewer) }
      const step: Step = async (n) =>
        answered('svg', await fetch(`${t.dashboard}/orgs/${ORG}/codes/svg?${svgQuery(n)}`, { headers }), 1)
      return {
        loops: [step, step, step, step],
        expect: '200',
        about: `4 connections: a viewer's GET /orgs/${ORG}/codes/svg, a new QR (ecc=H, ${ATTRIBUTES.split('\n').length} attributes) each time`,
      }
    }
    case 'e': {
      const headers = { cookie: cookie(t.editor) }
      const catalog = catalogOfSize(8 * 1024 * 1024)
      const file = new Blob([catalog.text], { type: 'application/json' })
      const page = `${t.dashboard}/orgs/${ORG}/catalog/import`
      // As a browser: open the import page, then send its form (CSRF token, one-time id) with the file, Check.
      const step: Step = async () => {
        const opened = await fetch(page, { headers })
        const html = await opened.text()
        const csrf = hiddenValue(html, 'csrf')
        const once = hiddenValue(html, 'once')
        if (opened.status !== 200 || csrf === null || once === null)
          return { kind: 'page', status: String(opened.status), retryAfter: 0 }
        const form = new FormData()
        form.set('csrf', csrf)
        form.set('once', once)
        form.set('file', file, 'catalog.json')
        form.set('action', 'check')
        return answered(
          'upload',
          await fetch(page, {
            method: 'POST',
            headers: { ...headers, origin: t.dashboardOrigin },
            body: form,
          }),
          catalog.products,
        )
      }
      return {
        loops: [step, step],
        expect: '200',
        about: `2 connections: an editor opens the import page and checks a catalog file of ${catalog.products} new products (${catalog.text.length} bytes, multipart)`,
      }
    }
  }
}

/**
 * The load process: prints `ready` once its bodies are built, runs its closed loops until stdin ends, then prints
 * a JSON report: statuses by kind of request, items made a second, and what it sent.
 */
export async function loadProcess(name: LoadName, targets: LoadTargets, options: LoadOptions): Promise<void> {
  const load = await buildLoad(name, targets, options)
  const counts: Record<string, Record<string, number>> = {}
  let items = 0
  let expected = 0
  let stopped = false
  let n = 0
  const loop = async (step: Step) => {
    while (!stopped) {
      let outcome: Outcome
      try {
        outcome = await step(++n)
      } catch {
        outcome = { kind: 'request', status: 'error', retryAfter: 0 }
        await Bun.sleep(10)
      }
      const tally = counts[outcome.kind] ?? {}
      counts[outcome.kind] = tally
      tally[outcome.status] = (tally[outcome.status] ?? 0) + 1
      if (outcome.status === load.expect) expected++
      items += outcome.items ?? 0
      if (options.retry === 'honour' && outcome.retryAfter > 0) await Bun.sleep(outcome.retryAfter * 1000)
    }
  }
  console.log('ready')
  const started = performance.now()
  const loops = load.loops.map(loop)
  for await (const _ of console) break
  stopped = true
  const seconds = (performance.now() - started) / 1000
  // The requests under way are let finish, so that none of them still loads the service in the next phase.
  let timer: Timer | undefined
  const settled = await Promise.race([
    Promise.all(loops).then(() => true),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), 60_000)
    }),
  ])
  clearTimeout(timer)
  console.log(
    JSON.stringify({
      about: load.about,
      counts,
      expected,
      expect: load.expect,
      perSecond: Math.round((expected / seconds) * 10) / 10,
      itemsPerSecond: Math.round(items / seconds),
      settled,
    }),
  )
}

export interface LoadReport {
  readonly about: string
  readonly counts: Record<string, Record<string, number>>
  /** Requests answered with the status the load is meant to get. */
  readonly expected: number
  readonly expect: string
  readonly perSecond: number
  readonly itemsPerSecond: number
  readonly settled: boolean
}
