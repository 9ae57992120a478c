import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { CATALOG_CHANNEL } from '../../../src/db/channels.ts'
import type { Database } from '../../../src/db/database.ts'
import { organizations } from '../../../src/db/schema.ts'
import { type Actor, CLI_ACTOR, listAudit } from '../../../src/services/audit.ts'
import {
  brandOfOrganization,
  listBrands,
  requestCustomDomain,
  setDomainActive,
} from '../../../src/services/catalog/brands.ts'
import { importCatalog } from '../../../src/services/catalog/import.ts'
import { DATABASE_HOOK_TIMEOUT_MS, openTestDatabase } from '../../support/db.ts'

let database: Database
const orgId: Record<string, string> = {}
const editor: Actor = { kind: 'user', id: '00000000-0000-4000-8000-000000000001', label: 'ed@example.com' }

beforeAll(async () => {
  database = await openTestDatabase()
  const file = {
    organizations: [
      { slug: 'acme', name: 'Acme', plan: 'starter' },
      { slug: 'other', name: 'Other', plan: 'free' },
    ],
    brands: [
      { slug: 'acme-foods', name: 'Acme Foods', organization: 'acme' },
      {
        slug: 'acme-drinks',
        name: 'Acme Drinks',
        organization: 'acme',
        customDomain: 'drinks.example',
        customDomainActive: true,
      },
      { slug: 'others', name: 'Others', organization: 'other', customDomain: 'others.example' },
    ],
    products: [],
  }
  const result = await importCatalog(database.db, file)
  if (!result.ok) throw new Error(JSON.stringify(result.errors))
  for (const o of await database.db.select().from(organizations)) orgId[o.slug] = o.id
}, DATABASE_HOOK_TIMEOUT_MS)
afterAll(async () => {
  await database?.close()
}, DATABASE_HOOK_TIMEOUT_MS)

/** The catalog notifications sent while `fn` runs. */
async function notified(fn: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = []
  const stop = await database.listen(CATALOG_CHANNEL, (p) => seen.push(p))
  await fn()
  await Bun.sleep(50)
  await stop()
  return seen
}

describe('brands and custom domains', () => {
  test('lists only the organization’s brands with their domain state', async () => {
    expect(await listBrands(database.db, orgId.acme ?? '')).toEqual([
      {
        slug: 'acme-drinks',
        name: 'Acme Drinks',
        customDomain: 'drinks.example',
        customDomainActive: true,
        products: 0,
      },
      { slug: 'acme-foods', name: 'Acme Foods', customDomain: null, customDomainActive: false, products: 0 },
    ])
  })

  test('a requested domain is stored lower case and inactive, and audited; no resolver needs telling', async () => {
    const seen = await notified(async () => {
      const result = await requestCustomDomain(database.db, {
        organizationId: orgId.acme ?? '',
        brandSlug: 'acme-foods',
        domain: 'Foods.Example.',
        actor: editor,
      })
      expect(result).toEqual({ ok: true })
    })
    expect(seen).toEqual([])
    const foods = (await listBrands(database.db, orgId.acme ?? '')).find((b) => b.slug === 'acme-foods')
    expect(foods).toMatchObject({ customDomain: 'foods.example', customDomainActive: false })
    const [event] = await listAudit(database.db, orgId.acme ?? '', { limit: 1 })
    expect(event).toMatchObject({
      action: 'brand.domain_request',
      actorLabel: 'ed@example.com',
      targetId: 'acme-foods',
      summary: { before: null, after: 'foods.example' },
    })
  })

  test('refuses an invalid host, a domain another brand holds, and another organization’s brand', async () => {
    const base = { organizationId: orgId.acme ?? '', brandSlug: 'acme-foods', actor: editor }
    for (const domain of ['not a host', '192.0.2.1', 'x.example:8080', 'https://x.example']) {
      expect(await requestCustomDomain(database.db, { ...base, domain })).toMatchObject({
        ok: false,
        reason: 'invalid',
      })
    }
    expect(await requestCustomDomain(database.db, { ...base, domain: 'others.example' })).toMatchObject({
      ok: false,
      reason: 'taken',
    })
    const foreign = { ...base, brandSlug: 'others', domain: 'mine.example' }
    expect(await requestCustomDomain(database.db, foreign)).toMatchObject({ ok: false, reason: 'unknown' })
  })

  test('an operator activates and deactivates a domain; every resolver is told', async () => {
    const seen = await notified(async () => {
      const on = await setDomainActive(database.db, {
        domain: 'FOODS.example',
        active: true,
        actor: CLI_ACTOR,
      })
      expect(on).toEqual({ ok: true, brand: 'acme-foods', organization: 'acme', changed: true })
      const again = await setDomainActive(database.db, {
        domain: 'foods.example',
        active: true,
        actor: CLI_ACTOR,
      })
      expect(again).toMatchObject({ ok: true, changed: false })
    })
    expect(seen).toEqual(['brand'])
    expect(
      await setDomainActive(database.db, { domain: 'nobody.example', active: true, actor: CLI_ACTOR }),
    ).toMatchObject({
      ok: false,
      reason: 'unknown',
    })
  })

  test('giving up an active domain deactivates it at once on every resolver', async () => {
    const seen = await notified(async () => {
      const result = await requestCustomDomain(database.db, {
        organizationId: orgId.acme ?? '',
        brandSlug: 'acme-drinks',
        domain: null,
        actor: editor,
      })
      expect(result).toEqual({ ok: true })
    })
    expect(seen).toEqual(['brand'])
    const drinks = (await listBrands(database.db, orgId.acme ?? '')).find((b) => b.slug === 'acme-drinks')
    expect(drinks).toMatchObject({ customDomain: null, customDomainActive: false })
  })
})

describe('brandOfOrganization', () => {
  test('finds a brand of the organization; says which is missing otherwise, another organization’s brand included', async () => {
    expect(await brandOfOrganization(database.db, 'acme', 'acme-foods')).toBe('ok')
    expect(await brandOfOrganization(database.db, 'acme', 'others')).toBe('no_brand')
    expect(await brandOfOrganization(database.db, 'acme', 'nope')).toBe('no_brand')
    expect(await brandOfOrganization(database.db, 'nope', 'acme-foods')).toBe('no_organization')
  })
})
