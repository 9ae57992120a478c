import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { CATALOG_CHANNEL } from '../../../src/db/channels.ts'
import type { Database } from '../../../src/db/database.ts'
import { organizations } from '../../../src/db/schema.ts'
import { type Actor, listAudit } from '../../../src/services/audit.ts'
import { listBrands } from '../../../src/services/catalog/brands.ts'
import {
  deleteEntry,
  getEntry,
  ITEMS,
  listEntries,
  PRODUCTS,
  putEntry,
  RULES,
} from '../../../src/services/catalog/entries.ts'
import { importCatalog } from '../../../src/services/catalog/import.ts'
import {
  deleteProduct,
  getProduct,
  listProducts,
  type OrganizationScope,
  preconditionHolds,
  putProduct,
} from '../../../src/services/catalog/products.ts'
import { oatDrinkBody } from '../../catalog/fixtures.ts'
import { DATABASE_HOOK_TIMEOUT_MS, openTestDatabase } from '../../support/db.ts'

let database: Database
let acme: OrganizationScope
let globex: OrganizationScope
const client: Actor = { kind: 'api_client', id: 'svc_client_00000000000000000000000000000001' }

/** A product body in the import format, without its GTIN (the path names it): a fresh oat drink of `acme-foods`. */
function body(overrides: Record<string, unknown> = {}) {
  return { ...structuredClone(oatDrinkBody), brand: 'acme-foods', ...overrides }
}

beforeAll(async () => {
  database = await openTestDatabase()
  const imported = await importCatalog(database.db, {
    organizations: [
      { slug: 'acme', name: 'Acme', plan: 'starter' },
      { slug: 'globex', name: 'Globex', plan: 'pro' },
    ],
    brands: [
      { slug: 'acme-foods', name: 'Acme Foods', organization: 'acme' },
      { slug: 'acme-drinks', name: 'Acme Drinks', organization: 'acme' },
      { slug: 'globex-tools', name: 'Globex Tools', organization: 'globex' },
    ],
    products: [
      {
        gtin: '4000000000006',
        brand: 'globex-tools',
        slug: 'hammer',
        defaultLanguage: 'en',
        languages: ['en'],
        names: { en: 'Hammer' },
        pages: [{ name: 'info', linkType: 'gs1:pip', default: true, titles: { en: 'Info' } }],
      },
    ],
  })
  if (!imported.ok) throw new Error(JSON.stringify(imported.errors))
  const rows = await database.db.select().from(organizations)
  const scopeOf = (slug: string): OrganizationScope => {
    const o = rows.find((r) => r.slug === slug)
    if (o === undefined) throw new Error(slug)
    return { id: o.id, slug: o.slug, name: o.name, plan: o.plan, subscriptionStatus: o.subscriptionStatus }
  }
  acme = scopeOf('acme')
  globex = scopeOf('globex')
}, DATABASE_HOOK_TIMEOUT_MS)
afterAll(async () => {
  await database?.close()
}, DATABASE_HOOK_TIMEOUT_MS)

const put = (gtin: string, b: unknown, ifMatch: string | null = null, scope = acme) =>
  putProduct(database.db, { scope, gtin, body: b, ifMatch, actor: client })

describe('putProduct', () => {
  test('creates with a GTIN-13 path, then answers unchanged for the same body and updated for another; each change audited', async () => {
    const created = await put('9506000134352', body())
    expect(created).toMatchObject({ ok: true, status: 'created' })
    if (!created.ok) return
    expect(created.view.product.gtin).toBe('09506000134352')
    expect(created.view.etag).toMatch(/^"[0-9a-f]{32}"$/)
    const same = await put('09506000134352', body())
    expect(same).toMatchObject({ ok: true, status: 'unchanged', view: { etag: created.view.etag } })
    const changed = await put('09506000134352', body({ published: false }))
    expect(changed).toMatchObject({ ok: true, status: 'updated' })
    if (!changed.ok) return
    expect(changed.view.etag).not.toBe(created.view.etag)
    const events = (await listAudit(database.db, acme.id, { limit: 10 })).filter((e) =>
      e.action.startsWith('product.'),
    )
    expect(events.map((e) => [e.action, e.actorKind, e.targetId, e.summary])).toEqual([
      [
        'product.update',
        'api_client',
        '09506000134352',
        { changed: 'published', before: 'published', after: 'unpublished' },
      ],
      [
        'product.create',
        'api_client',
        '09506000134352',
        { brand: 'acme-foods', slug: 'oat-drink', published: true },
      ],
    ])
  })

  test('If-Match: a stale ETag is refused and changes nothing; the current one and * pass', async () => {
    const current = await getProduct(database.db, acme.id, '09506000134352')
    if (current === null) throw new Error('missing')
    const stale = await put('09506000134352', body({ slug: 'stale' }), '"00000000000000000000000000000000"')
    expect(stale).toMatchObject({ ok: false, reason: 'precondition' })
    expect((await getProduct(database.db, acme.id, '09506000134352'))?.etag).toBe(current.etag)
    expect(await put('09506000134352', body({ slug: 'fresh' }), current.etag)).toMatchObject({
      ok: true,
      status: 'updated',
    })
    expect(await put('09506000134352', body({ slug: 'oat-drink' }), '*')).toMatchObject({ ok: true })
    expect(await put('09506000134369', body({ slug: 'new' }), '*')).toMatchObject({
      ok: false,
      reason: 'precondition',
    })
  })

  test('validation errors carry Catalog codes with paths relative to the body; nothing is written', async () => {
    const bad = await put('09506000134376', body({ slug: 'Bad Slug', pages: [] }))
    expect(bad.ok).toBe(false)
    if (bad.ok || bad.reason !== 'invalid') throw new Error('expected invalid')
    expect(bad.errors.map((e) => [e.code, e.path])).toEqual([
      ['Catalog.Schema', 'slug'],
      ['Catalog.Schema', 'pages'],
    ])
    const noDefault = await put(
      '09506000134376',
      body({ pages: [{ name: 'info', linkType: 'gs1:pip', titles: { en: 'x' } }] }),
    )
    if (noDefault.ok || noDefault.reason !== 'invalid') throw new Error('expected invalid')
    expect(noDefault.errors[0]?.code).toBe('Catalog.DefaultPage')
    expect(await getProduct(database.db, acme.id, '09506000134376')).toBeNull()
    const mismatch = await put('09506000134376', { ...body(), gtin: '09506000134352' })
    if (mismatch.ok || mismatch.reason !== 'invalid') throw new Error('expected invalid')
    expect(mismatch.errors).toEqual([
      {
        code: 'Catalog.Mismatch',
        path: 'gtin',
        message: "gtin must be the path's GTIN 09506000134376 (or be left out)",
      },
    ])
    expect(await put('12345', body())).toMatchObject({ ok: false, reason: 'invalid_gtin' })
    expect(await put('09506000134352', 'not an object')).toMatchObject({ ok: false, reason: 'invalid' })
  })

  test("another organization's GTIN or brand is refused: 409 for a GTIN, Catalog.Scope for a brand", async () => {
    expect(await put('4000000000006', body())).toMatchObject({ ok: false, reason: 'conflict' })
    const foreignBrand = await put('09506000134383', body({ brand: 'globex-tools', slug: 'sneaky' }))
    if (foreignBrand.ok || foreignBrand.reason !== 'invalid') throw new Error('expected invalid')
    expect(foreignBrand.errors).toEqual([
      {
        code: 'Catalog.Scope',
        path: 'brand',
        message: "brand 'globex-tools' is not a brand of organization 'acme'",
      },
    ])
    expect((await getProduct(database.db, globex.id, '4000000000006'))?.product.brand).toBe('globex-tools')
  })

  test('a product may move between brands of its organization', async () => {
    expect(await put('09506000134352', body({ brand: 'acme-drinks' }))).toMatchObject({
      ok: true,
      status: 'updated',
    })
    expect((await getProduct(database.db, acme.id, '09506000134352'))?.product.brand).toBe('acme-drinks')
  })
})

describe('getProduct and deleteProduct', () => {
  test("another organization's product is not found; its GTIN in any length reads the same product", async () => {
    expect(await getProduct(database.db, acme.id, '4000000000006')).toBeNull()
    expect((await getProduct(database.db, globex.id, '04000000000006'))?.product.slug).toBe('hammer')
    expect(await getProduct(database.db, acme.id, 'not a gtin')).toBeNull()
  })

  test('delete: If-Match checked, another organization cannot, every resolver is told, the change is audited', async () => {
    await put('09506000134390', body({ slug: 'to-delete' }))
    expect(
      await deleteProduct(database.db, {
        organizationId: globex.id,
        gtin: '09506000134390',
        ifMatch: null,
        actor: client,
      }),
    ).toBe('not_found')
    expect(
      await deleteProduct(database.db, {
        organizationId: acme.id,
        gtin: '09506000134390',
        ifMatch: '"x"',
        actor: client,
      }),
    ).toEqual({ precondition: 'the product changed since it was read (If-Match)' })
    const seen: string[] = []
    const stop = await database.listen(CATALOG_CHANNEL, (p) => seen.push(p))
    expect(
      await deleteProduct(database.db, {
        organizationId: acme.id,
        gtin: '9506000134390',
        ifMatch: null,
        actor: client,
      }),
    ).toBe('deleted')
    await Bun.sleep(50)
    await stop()
    expect(seen).toEqual(['product'])
    expect(await getProduct(database.db, acme.id, '09506000134390')).toBeNull()
    expect(
      await deleteProduct(database.db, {
        organizationId: acme.id,
        gtin: '09506000134390',
        ifMatch: null,
        actor: client,
      }),
    ).toBe('not_found')
    const [event] = await listAudit(database.db, acme.id, { limit: 1 })
    expect(event).toMatchObject({ action: 'product.delete', targetId: '09506000134390' })
  })
})

describe('listProducts', () => {
  test('pages by GTIN with a cursor, filters by brand, published and a search term, only in the organization', async () => {
    for (let i = 0; i < 5; i++) {
      const digits = `950600014${i}00`
      const check =
        (10 - ([...digits].reduce((s, d, j) => s + Number(d) * (j % 2 === 0 ? 1 : 3), 0) % 10)) % 10
      await put(
        `${digits}${check}`,
        body({ slug: `item-${i}`, names: { en: `Item ${i}`, de: `Artikel ${i}` }, published: i % 2 === 0 }),
      )
    }
    const all: string[] = []
    let after: string | undefined
    for (;;) {
      const page = await listProducts(database.db, acme.id, { limit: 2, ...(after ? { after } : {}) })
      all.push(...page.items.map((p) => p.gtin))
      if (page.next === null) break
      after = page.next
    }
    expect(all).toEqual([...all].sort())
    expect(all).not.toContain('04000000000006')
    expect(all.length).toBe(6)
    const published = await listProducts(database.db, acme.id, { limit: 50, published: false })
    expect(published.items.every((p) => !p.published)).toBe(true)
    const byName = await listProducts(database.db, acme.id, { limit: 50, q: 'artikel 3' })
    expect(byName.items.map((p) => p.slug)).toEqual(['item-3'])
    expect(byName.items[0]?.name).toBe('Item 3')
    const bySlug = await listProducts(database.db, acme.id, { limit: 50, q: 'OAT' })
    expect(bySlug.items.map((p) => p.slug)).toEqual(['oat-drink'])
    const byGtin13 = await listProducts(database.db, acme.id, { limit: 50, q: '9506000134352' })
    expect(byGtin13.items.map((p) => p.gtin)).toEqual(['09506000134352'])
    const wildcard = await listProducts(database.db, acme.id, { limit: 50, q: '%' })
    expect(wildcard.items).toEqual([])
    const brand = await listProducts(database.db, acme.id, { limit: 50, brand: 'acme-drinks' })
    expect(brand.items.map((p) => p.slug)).toEqual(['oat-drink'])
    expect((await listProducts(database.db, acme.id, { limit: 50, brand: 'globex-tools' })).items).toEqual([])
  })

  test('preconditionHolds follows RFC 9110: none is no condition, * needs a representation, lists are read', () => {
    expect(preconditionHolds(null, null)).toBe(true)
    expect(preconditionHolds('*', null)).toBe(false)
    expect(preconditionHolds('*', '"a"')).toBe(true)
    expect(preconditionHolds('"b", "a"', '"a"')).toBe(true)
    expect(preconditionHolds('W/"a"', '"a"')).toBe(false)
  })
})

describe('scoped imports', () => {
  const scoped = (file: unknown, dryRun = false) =>
    importCatalog(database.db, file, { actor: client, scope: acme, dryRun })

  test("a scoped import may not touch another organization, the organization's plan, or activate a domain", async () => {
    const result = await scoped({
      organizations: [
        { slug: 'acme', name: 'Acme', plan: 'enterprise' },
        { slug: 'globex', name: 'Globex' },
      ],
      brands: [
        {
          slug: 'acme-new',
          name: 'New',
          organization: 'acme',
          customDomain: 'new.example',
          customDomainActive: true,
        },
        { slug: 'elsewhere', name: 'Elsewhere', organization: 'globex' },
      ],
    })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.errors.map((e) => [e.code, e.path])).toEqual([
      ['Catalog.Scope', 'organizations[0]'],
      ['Catalog.Scope', 'organizations[1].slug'],
      ['Catalog.Scope', 'brands[0].customDomainActive'],
      ['Catalog.Scope', 'brands[1].organization'],
    ])
  })

  test('a scoped import reports what is out of its scope together with every other error, at once', async () => {
    const result = await scoped({
      organizations: [{ slug: 'acme', name: 'Acme', plan: 'enterprise' }],
      brands: [
        { slug: 'elsewhere', name: 'Elsewhere', organization: 'globex' },
        { slug: 'nowhere', name: 'Nowhere', organization: 'initech' },
      ],
      products: [
        { ...body(), gtin: '09506000134353' },
        { ...body({ brand: 'globex-tools', slug: 'saw' }), gtin: '09506000134369' },
      ],
    })
    expect(result).toEqual({
      ok: false,
      errors: [
        {
          code: 'Catalog.CheckDigit',
          path: 'products[0].gtin',
          message: 'GTIN 09506000134353 has a wrong check digit: it ends in 3, expected 2',
        },
        {
          code: 'Catalog.Scope',
          path: 'organizations[0]',
          message:
            "the organization's name, plan, subscription and GS1 Company Prefixes are managed by the operator; leave them as exported",
        },
        {
          code: 'Catalog.Scope',
          path: 'brands[0].organization',
          message: "this import may change only organization 'acme'",
        },
        // Out of scope, whether organization initech exists or not (no Catalog.Reference tells).
        {
          code: 'Catalog.Scope',
          path: 'brands[1].organization',
          message: "this import may change only organization 'acme'",
        },
        {
          code: 'Catalog.Scope',
          path: 'products[1].brand',
          message: "brand 'globex-tools' is not a brand of organization 'acme'",
        },
      ],
    })
  })

  test('a dry run reports what would change and writes nothing; the real run then writes it and is audited', async () => {
    const file = {
      organizations: [{ slug: 'acme', name: 'Acme' }],
      brands: [
        { slug: 'acme-snacks', name: 'Acme Snacks', organization: 'acme', customDomain: 'snacks.example' },
      ],
    }
    const dry = await scoped(file, true)
    expect(dry).toMatchObject({ ok: true, report: { brands: { created: 1 }, changes: 1 } })
    const before = (await listAudit(database.db, acme.id, { limit: 100 })).length
    expect((await listBrands(database.db, acme.id)).map((b) => b.slug)).not.toContain('acme-snacks')
    const real = await scoped(file)
    expect(real).toMatchObject({ ok: true, report: { brands: { created: 1 } } })
    expect((await listBrands(database.db, acme.id)).map((b) => b.slug)).toContain('acme-snacks')
    const events = await listAudit(database.db, acme.id, { limit: 100 })
    expect(events.length).toBe(before + 1)
    expect(events[0]).toMatchObject({
      action: 'catalog.import',
      actorKind: 'api_client',
      summary: { 'brands changed': 1, 'products changed': 0 },
    })
  })
})

describe('one service for products, items and rules, by their identity', () => {
  test('an item is put, read, listed and deleted as a product is, under its key and value', async () => {
    const item = await putEntry(database.db, ITEMS, {
      scope: acme,
      id: '414/9506000000008',
      body: body({ slug: 'warehouse', key: '414' }),
      ifMatch: null,
      actor: client,
    })
    expect(item).toMatchObject({
      ok: true,
      status: 'created',
      view: { entry: { key: '414', value: '9506000000008' } },
    })
    if (!item.ok) return
    expect(Object.keys(item.view.entry).slice(0, 3)).toEqual(['key', 'value', 'brand'])
    expect((await getEntry(database.db, ITEMS, acme.id, '414/9506000000008'))?.etag).toBe(item.view.etag)
    // Each kind sees its own rows only, and another organization none.
    expect(await getEntry(database.db, PRODUCTS, acme.id, '414/9506000000008')).toBeNull()
    expect(await getEntry(database.db, ITEMS, globex.id, '414/9506000000008')).toBeNull()
    expect((await listProducts(database.db, acme.id, { limit: 50 })).items.map((p) => p.slug)).not.toContain(
      'warehouse',
    )
    const listed = await listEntries(database.db, ITEMS, acme.id, { limit: 50, key: '414' })
    expect(listed.items.map((i) => [i.key, i.value, i.name])).toEqual([['414', '9506000000008', 'Oat drink']])
    expect((await listEntries(database.db, ITEMS, acme.id, { limit: 50, key: '8003' })).items).toEqual([])
    const mismatch = await putEntry(database.db, ITEMS, {
      scope: acme,
      id: '414/9506000000008',
      body: body({ key: '414', value: '9506000000015' }),
      ifMatch: null,
      actor: client,
    })
    expect(mismatch).toMatchObject({
      ok: false,
      reason: 'invalid',
      errors: [{ code: 'Catalog.Mismatch', path: 'value' }],
    })
    expect(
      await deleteEntry(database.db, ITEMS, {
        organizationId: acme.id,
        id: '414/9506000000008',
        ifMatch: '*',
        actor: client,
      }),
    ).toBe('deleted')
    const [event] = await listAudit(database.db, acme.id, { limit: 1 })
    expect(event).toMatchObject({
      action: 'product.delete',
      targetKind: 'item',
      targetId: '414/9506000000008',
    })
  })

  test('a rule is named by its key and prefix; its import errors point into the rule body', async () => {
    const bad = await putEntry(database.db, RULES, {
      scope: acme,
      id: '00/0950600~',
      body: body({ slug: 'pallets', pages: [] }),
      ifMatch: null,
      actor: client,
    })
    expect(bad).toMatchObject({
      ok: false,
      reason: 'invalid',
      errors: [{ code: 'Catalog.Schema', path: 'pages' }],
    })
    const rule = await putEntry(database.db, RULES, {
      scope: acme,
      id: '00/0950600~',
      body: body({ slug: 'pallets', prefix: '0950600' }),
      ifMatch: null,
      ifNoneMatch: '*',
      actor: client,
    })
    expect(rule).toMatchObject({
      ok: true,
      status: 'created',
      view: { entry: { key: '00', prefix: '0950600' } },
    })
    const again = await putEntry(database.db, RULES, {
      scope: acme,
      id: '00/0950600~',
      body: body({ slug: 'pallets' }),
      ifMatch: null,
      ifNoneMatch: '*',
      actor: client,
    })
    expect(again).toEqual({
      ok: false,
      reason: 'precondition',
      message: 'the rule exists already (If-None-Match: *)',
    })
    const rules = await listEntries(database.db, RULES, acme.id, { limit: 50 })
    expect(rules.items.map((r) => [r.key, r.prefix])).toEqual([['00', '0950600']])
    expect((await listEntries(database.db, ITEMS, acme.id, { limit: 50 })).items).toEqual([])
  })

  test('what a path names: an identity, a value its key refuses, or nothing any entry of the kind can be', () => {
    expect(PRODUCTS.identify({ gtin: '9506000134352' })).toEqual({ id: '09506000134352' })
    expect(PRODUCTS.identify({ gtin: 'abc' })).toBeNull()
    expect(ITEMS.identify({ key: '8003', value: '09506000134376A/B' })).toEqual({
      id: '8003/09506000134376A/B',
    })
    expect(ITEMS.identify({ key: '414', value: '9506000000009' })).toMatchObject({
      problem: { code: 'Validation.CheckDigit.value', path: 'value' },
    })
    for (const key of ['01', '10', '9999', 'x']) expect(ITEMS.identify({ key, value: '1' })).toBeNull()
    // A `*` may end a GIAI (GS1 character set 82): it is an item's value like any other.
    expect(ITEMS.identify({ key: '8004', value: '9506000AB*' })).toEqual({ id: '8004/9506000AB*' })
    expect(RULES.identify({ key: '00', prefix: '0950600' })).toEqual({ id: '00/0950600~' })
    expect(RULES.identify({ key: '00', prefix: '09A' })).toMatchObject({
      problem: { code: 'Validation.Charset.prefix', path: 'prefix' },
    })
  })
})
