import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { runCatalogCommand } from '../../src/cli/catalog.ts'
import { runDomainCommand } from '../../src/cli/domains.ts'
import { runCli } from '../../src/cli/main.ts'
import type { Database } from '../../src/db/database.ts'
import { listCustomDomains } from '../../src/services/catalog/brands.ts'
import { importCatalog } from '../../src/services/catalog/import.ts'
import { TEST_CONFIG } from '../support/app.ts'
import { cliContext, runCommand } from '../support/cli.ts'
import { DATABASE_HOOK_TIMEOUT_MS, openTestDatabase } from '../support/db.ts'
import { makeTempDir } from '../support/temp.ts'

let database: Database
const domain = (...args: string[]) => runCommand(runDomainCommand, database, args)
const RESOLVER_HOST = new URL(TEST_CONFIG.resolverUrl).hostname

beforeAll(async () => {
  database = await openTestDatabase()
  const imported = await importCatalog(database.db, {
    organizations: [
      { slug: 'acme', name: 'Acme', plan: 'starter' },
      { slug: 'globex', name: 'Globex', plan: 'pro' },
    ],
    brands: [
      {
        slug: 'acme-oats',
        name: 'Acme Oats',
        organization: 'acme',
        customDomain: 'oats.example',
        customDomainActive: true,
      },
      { slug: 'acme-bars', name: 'Acme Bars', organization: 'acme', customDomain: 'bars.example' },
      { slug: 'acme-plain', name: 'Acme Plain', organization: 'acme' },
      // Requested before the service's own hosts were refused: it must never be activated.
      { slug: 'globex-tools', name: 'Globex Tools', organization: 'globex', customDomain: RESOLVER_HOST },
    ],
    products: [],
  })
  if (!imported.ok) throw new Error(JSON.stringify(imported.errors))
}, DATABASE_HOOK_TIMEOUT_MS)
afterAll(async () => {
  await database?.close()
}, DATABASE_HOOK_TIMEOUT_MS)

describe('domain list', () => {
  test('lists every custom domain with its brand, organization and status, one per line', async () => {
    expect(await domain('list')).toEqual({
      code: 0,
      out: [
        'bars.example\tacme-bars\tacme\trequested',
        'oats.example\tacme-oats\tacme\tactive',
        `${RESOLVER_HOST}\tglobex-tools\tglobex\trequested`,
      ],
      err: [],
    })
  })

  test('--pending lists only the requested ones; --json gives an array', async () => {
    const pending = await domain('list', '--pending', '--json')
    expect(pending.code).toBe(0)
    expect(JSON.parse(pending.out[0] ?? '')).toEqual([
      { domain: 'bars.example', brand: 'acme-bars', organization: 'acme', status: 'requested' },
      { domain: RESOLVER_HOST, brand: 'globex-tools', organization: 'globex', status: 'requested' },
    ])
    expect(JSON.parse((await domain('list', '--json')).out[0] ?? '')).toHaveLength(3)
  })

  test('with none to list it says so, in words; --json gives an empty list', async () => {
    const empty = await openTestDatabase()
    try {
      const list = (...args: string[]) => runCommand(runDomainCommand, empty, ['list', ...args])
      expect((await list()).out).toEqual(['no brand has a custom domain'])
      expect((await list('--pending')).out).toEqual(['no custom domain is waiting for activation'])
      expect((await list('--pending', '--json')).out).toEqual(['[]'])
    } finally {
      await empty.close()
    }
  })

  test('usage errors exit 2: a positional, or --pending where it does not belong', async () => {
    expect(await runCli(['domain', 'list', 'extra'], cliContext(database))).toBe(2)
    expect(await runCli(['domain', 'activate', 'bars.example', '--pending'], cliContext(database))).toBe(2)
  })
})

describe('domain activate refuses the service’s own hosts', () => {
  test('a brand’s request for the resolver’s host is never activated, with a clear error (exit 1)', async () => {
    const refused = await domain('activate', RESOLVER_HOST)
    expect(refused.code).toBe(1)
    expect(refused.out).toEqual([])
    expect(refused.err).toEqual([
      `error: ${RESOLVER_HOST} is a host of this service itself (RESOLVER_URL), not a brand's own: scans of it would be redirected to themselves. A custom domain is a host name of the brand's, whose DNS points at the resolver.`,
    ])
    const stored = await listCustomDomains(database.db)
    expect(stored.find((d) => d.domain === RESOLVER_HOST)?.active).toBe(false)
  })

  test('every configured origin counts, however the host is written; deactivating one stays possible', async () => {
    for (const [typed, variable] of [
      [`${new URL(TEST_CONFIG.shortUrl).hostname.toUpperCase()}.`, 'SHORT_URL'],
      [new URL(TEST_CONFIG.apiUrl).hostname, 'API_URL'],
      [new URL(TEST_CONFIG.dashboardUrl).hostname, 'DASHBOARD_URL'],
    ]) {
      const refused = await domain('activate', typed as string)
      expect(refused.code).toBe(1)
      expect(refused.err[0]).toContain(`(${variable})`)
    }
    expect((await domain('deactivate', RESOLVER_HOST)).code).toBe(0)
  })

  test('a brand’s own domain is activated as before', async () => {
    expect((await domain('activate', 'bars.example')).code).toBe(0)
    expect((await domain('list', '--pending')).out).toEqual([
      `${RESOLVER_HOST}\tglobex-tools\tglobex\trequested`,
    ])
  })
})

describe('the operator’s catalog import refuses the service’s own hosts too', () => {
  test('a file that gives a brand the short host (active) is refused with Catalog.Domain, and nothing is written', async () => {
    const dir = makeTempDir('domains')
    const file = join(dir, 'catalog.json')
    const shortHost = new URL(TEST_CONFIG.shortUrl).hostname
    const brand = { slug: 'acme-plain', name: 'Acme Plain', organization: 'acme', customDomain: shortHost }
    await writeFile(file, JSON.stringify({ brands: [{ ...brand, customDomainActive: true }] }))
    const run = await runCommand(runCatalogCommand, database, ['import', file])
    expect(run.code).toBe(1)
    expect(run.err).toContain(
      `  Catalog.Domain at brands[0].customDomain: custom domain '${shortHost}' is a host of this service itself (SHORT_URL), not the brand's own: scans of it would be redirected to themselves`,
    )
    expect((await listCustomDomains(database.db)).map((d) => d.domain)).not.toContain(shortHost)
  })
})
