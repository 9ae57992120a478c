/** Shared pieces of the reliability tests: catalog files, API clients, tokens and scans against real instances. */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import postgres from 'postgres'
import type { CatalogFile, CatalogProductEntry } from '../../src/catalog/schema.ts'
import { openDatabase } from '../../src/db/database.ts'
import { gs1CheckDigit } from '../../src/gs1/check-digit.ts'
import { importCatalog } from '../../src/services/catalog/import.ts'
import { runCli, runCliJson } from '../support/processes.ts'
import { makeTempDir, removeTempDir } from '../support/temp.ts'

/** The organization (on the Starter plan, so it may have API clients) and brand every file here uses. */
export const ORG = 'northwind'
export const BRAND = 'northwind'

/** A 13-digit GTIN with a valid check digit, one per `n`. */
export function gtin(n: number): string {
  const body = `40123451${String(n).padStart(4, '0')}`
  return body + gs1CheckDigit(body)
}

/** A published one-page product of the brand; `page` is the default page's URL name. */
export function product(
  n: number,
  options: { published?: boolean; page?: string } = {},
): CatalogProductEntry {
  return {
    gtin: gtin(n),
    brand: BRAND,
    slug: `p-${n}`,
    published: options.published ?? true,
    defaultLanguage: 'en',
    languages: ['en'],
    names: { en: `Product ${n}` },
    pages: [{ name: options.page ?? 'about', linkType: 'gs1:pip', default: true, titles: { en: 'About' } }],
  }
}

/** The `Location` a scan of `product(n, { page })` redirects to on the resolver host. */
export function locationOf(n: number, page = 'about'): string {
  return `/en/${BRAND}/p-${n}/${page}`
}

/** An import file: the organization, its brand (no custom domain) and `products`. */
export function catalogFile(products: CatalogProductEntry[]): CatalogFile {
  return {
    organizations: [{ slug: ORG, name: 'Northwind Traders', plan: 'starter', subscriptionStatus: 'active' }],
    brands: [
      { slug: BRAND, name: 'Northwind', organization: ORG, customDomain: null, customDomainActive: false },
    ],
    products,
  }
}

/** A temporary directory for import files, made on the first file; `remove()` it in `afterAll`. */
export function scratchDir(): { file(name: string, content: unknown): string; remove(): void } {
  let dir: string | null = null
  return {
    file(name, content) {
      dir ??= makeTempDir('reliability')
      const path = join(dir, name)
      writeFileSync(path, JSON.stringify(content))
      return path
    },
    remove() {
      if (dir !== null) removeTempDir(dir)
      dir = null
    },
  }
}

/** Imports `file` through the CLI; throws with its stderr when it fails. */
export async function importFile(path: string, env: Record<string, string>): Promise<void> {
  const r = await runCli(['catalog', 'import', path], env)
  if (r.code !== 0) throw new Error(`catalog import exited ${r.code}: ${r.stderr.trim()}`)
}

export interface Client {
  clientId: string
  clientSecret: string
}

/** Creates an API client (with `write:codes` unless scopes are named) through the CLI. */
export function createClient(
  env: Record<string, string>,
  name = 'reliability',
  scopes: readonly string[] = ['write:codes'],
): Promise<Client> {
  const flags = scopes.flatMap((s) => ['--scope', s])
  return runCliJson<Client>(['client', 'create', '--org', ORG, '--name', name, ...flags], env)
}

/** `POST /oauth/token` with the client's credentials. */
export function requestToken(api: string, client: Client): Promise<Response> {
  return fetch(`${api}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${btoa(`${client.clientId}:${client.clientSecret}`)}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
    signal: AbortSignal.timeout(10_000),
  })
}

/** A fresh access token, or an error naming the status. */
export async function tokenFor(api: string, client: Client): Promise<string> {
  const r = await requestToken(api, client)
  if (r.status !== 200) throw new Error(`token request answered ${r.status}`)
  return ((await r.json()) as { access_token: string }).access_token
}

/** `POST /code` with a bearer token and a valid element-string definition. */
export function postCode(api: string, token: string): Promise<Response> {
  return fetch(`${api}/code`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ primaryKey: { key: '01', value: '09506000134352' } }),
    signal: AbortSignal.timeout(10_000),
  })
}

/** A scan of `/01/{gtin}` on the resolver host, without following the redirect; JSON errors. */
export function scan(resolver: string, n: number, accept = 'application/json'): Promise<Response> {
  return fetch(`${resolver}/01/${gtin(n)}`, {
    redirect: 'manual',
    headers: { accept },
    signal: AbortSignal.timeout(10_000),
  })
}

/** Status and `Location` of a scan, as one comparable value. */
export async function scanResult(
  resolver: string,
  n: number,
): Promise<{ status: number; location: string | null }> {
  const r = await scan(resolver, n)
  await r.arrayBuffer()
  return { status: r.status, location: r.headers.get('location') }
}

/**
 * Scans `n` twice and gives the second result: the catalog keeps a product, or its absence, from its second
 * lookup on (src/lib/doorkeeper.ts), as it does for the products people scan.
 */
export async function scanKept(
  resolver: string,
  n: number,
): Promise<{ status: number; location: string | null }> {
  await scanResult(resolver, n)
  return scanResult(resolver, n)
}

/** Row counts of every catalog table (organizations, brands, products and their names, pages and titles). */
export async function catalogCounts(url: string): Promise<Record<string, number>> {
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    const tables = ['organizations', 'brands', 'products', 'product_names', 'pages', 'page_titles']
    const counts: Record<string, number> = {}
    for (const table of tables) {
      const [row] = await sql.unsafe(`select count(*)::int as n from ${table}`)
      counts[table] = (row?.n as number | undefined) ?? -1
    }
    return counts
  } finally {
    await sql.end({ timeout: 5 })
  }
}

/** The CLI's `catalog export` of an organization, parsed. */
export async function exportCatalog(env: Record<string, string>, org: string): Promise<unknown> {
  const r = await runCli(['catalog', 'export', '--org', org], env)
  if (r.code !== 0) throw new Error(`catalog export exited ${r.code}: ${r.stderr.trim()}`)
  return JSON.parse(r.stdout)
}

/** Imports a file the way the CLI does, from this process (faster than starting one). */
export async function importInProcess(url: string, file: unknown): Promise<void> {
  const database = await openDatabase({ url })
  try {
    const result = await importCatalog(database.db, file)
    if (!result.ok) throw new Error(`import refused: ${result.errors[0]?.message}`)
  } finally {
    await database.close()
  }
}
