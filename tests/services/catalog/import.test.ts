import { describe, expect, test } from 'bun:test'
import { eq, sql } from 'drizzle-orm'
import { CLIENTS_CHANNEL } from '../../../src/db/channels.ts'
import { pages, products } from '../../../src/db/schema.ts'
import { exportCatalog } from '../../../src/services/catalog/export.ts'
import { importCatalog } from '../../../src/services/catalog/import.ts'
import { generatedCatalog, productOf, smallCatalog } from '../../catalog/fixtures.ts'
import { useTestDatabase } from '../../support/db.ts'

const database = useTestDatabase()

async function count(table: typeof products | typeof pages): Promise<number> {
  const [row] = await database().db.select({ n: sql<number>`count(*)::int` }).from(table)
  return row?.n ?? -1
}

describe('catalog import', () => {
  test('writes nothing when the file has an error, and reports every error with its path', async () => {
    const bad = generatedCatalog(3)
    productOf(bad, 2).gtin = '09506000000001'
    const result = await importCatalog(database().db, bad)
    expect(result).toEqual({
      ok: false,
      errors: [
        {
          code: 'Catalog.CheckDigit',
          path: 'products[2].gtin',
          message: 'GTIN 09506000000001 has a wrong check digit: it ends in 1, expected 8',
        },
      ],
    })
    expect(await count(products)).toBe(0)
  })

  test('creates everything, then a second import reports 0 changes', async () => {
    const first = await importCatalog(database().db, smallCatalog())
    expect(first.ok && first.report).toEqual({
      organizations: { created: 1, updated: 0, unchanged: 0 },
      brands: { created: 1, updated: 0, unchanged: 0 },
      products: { created: 1, updated: 0, unchanged: 0 },
      items: { created: 0, updated: 0, unchanged: 0 },
      rules: { created: 0, updated: 0, unchanged: 0 },
      changes: 3,
      // The small catalog's default page has titles but no text: imported, with a warning per language.
      warnings: ['en', 'fr'].map((lang) => ({
        code: 'Catalog.NoText',
        path: `products[0].pages[0].content.${lang}`,
        message: `the page has a title in '${lang}' but no text: visitors would see only a notice`,
      })),
    })
    const second = await importCatalog(database().db, smallCatalog())
    expect(second.ok && second.report.changes).toBe(0)
    expect(second.ok && second.report.products).toEqual({ created: 0, updated: 0, unchanged: 1 })
  })

  test('updates only what changed and replaces the pages of a changed product', async () => {
    const changed = smallCatalog({ names: { en: 'Rice', fr: 'Riz rond' } })
    productOf(changed).pages.pop()
    const result = await importCatalog(database().db, changed)
    expect(result.ok && result.report.products).toEqual({ created: 0, updated: 1, unchanged: 0 })
    expect(result.ok && result.report.changes).toBe(1)
    expect(await count(pages)).toBe(1)
  })

  test('export then import then export gives the identical file', async () => {
    const first = await exportCatalog(database().db, 'acme')
    const reimport = await importCatalog(database().db, first)
    expect(reimport.ok && reimport.report.changes).toBe(0)
    expect(JSON.stringify(await exportCatalog(database().db, 'acme'))).toBe(JSON.stringify(first))
    expect(first?.products?.[0]?.gtin).toBe('09506000134352')
  })

  test('export of an unknown organization is null', async () => {
    expect(await exportCatalog(database().db, 'nobody')).toBeNull()
  })

  test('a file may refer to an organization and brand that already exist in the database', async () => {
    const file = { products: generatedCatalog(1).products }
    const result = await importCatalog(database().db, file)
    expect(result.ok && result.report.products.created).toBe(1)
  })

  test('a brand whose domain the file removes is no longer active, so its export imports again', async () => {
    await importCatalog(database().db, smallCatalog())
    const removal = {
      brands: [{ slug: 'acme-foods', name: 'Acme Foods', organization: 'acme', customDomain: null }],
    }
    expect((await importCatalog(database().db, removal)).ok).toBe(true)
    const exported = await exportCatalog(database().db, 'acme')
    expect(exported?.brands?.[0]).toMatchObject({ customDomain: null, customDomainActive: false })
    const again = await importCatalog(database().db, exported)
    expect(again.ok && again.report.changes).toBe(0)
  })

  test('a brand entry without customDomain may activate the stored one; a brand without any may not', async () => {
    const acme = { slug: 'acme-foods', name: 'Acme Foods', organization: 'acme' }
    await importCatalog(database().db, { brands: [{ ...acme, customDomain: 'id.acme.example' }] })
    const activate = await importCatalog(database().db, { brands: [{ ...acme, customDomainActive: true }] })
    expect(activate.ok ? [] : activate.errors).toEqual([])
    expect((await exportCatalog(database().db, 'acme'))?.brands?.[0]).toMatchObject({
      customDomain: 'id.acme.example',
      customDomainActive: true,
    })
    const bare = { slug: 'acme-bare', name: 'Bare', organization: 'acme', customDomainActive: true }
    const refused = await importCatalog(database().db, { brands: [bare] })
    expect(refused.ok ? [] : refused.errors.map((e) => `${e.code} ${e.path}`)).toEqual([
      'Catalog.Domain brands[0].customDomainActive',
    ])
  })

  test('moves custom domains between brands within one file: a hand-over and a swap', async () => {
    const brand = (slug: string, customDomain: string | null) => ({
      slug,
      name: slug,
      organization: 'acme',
      customDomain,
      customDomainActive: customDomain !== null,
    })
    await importCatalog(database().db, smallCatalog())
    const handOver = { brands: [brand('acme-foods', null), brand('acme-drinks', 'id.acme.example')] }
    const moved = await importCatalog(database().db, handOver)
    expect(moved.ok ? [] : moved.errors).toEqual([])
    const swap = { brands: [brand('acme-foods', 'id.acme.example'), brand('acme-drinks', 'b.acme.example')] }
    expect((await importCatalog(database().db, swap)).ok).toBe(true)
    const back = { brands: [brand('acme-foods', 'b.acme.example'), brand('acme-drinks', 'id.acme.example')] }
    const swapped = await importCatalog(database().db, back)
    expect(swapped.ok ? [] : swapped.errors).toEqual([])
    const exported = await exportCatalog(database().db, 'acme')
    expect(exported?.brands?.map((b) => [b.slug, b.customDomain])).toEqual([
      ['acme-drinks', 'id.acme.example'],
      ['acme-foods', 'b.acme.example'],
    ])
    // Back as the other tests of this file expect it.
    const restore = { brands: [brand('acme-drinks', null), brand('acme-foods', 'id.acme.example')] }
    expect((await importCatalog(database().db, restore)).ok).toBe(true)
  })

  test('keeps a stored plan when the file omits it', async () => {
    await importCatalog(database().db, { organizations: [{ slug: 'acme', name: 'Acme' }] })
    const exported = await exportCatalog(database().db, 'acme')
    expect(exported?.organizations?.[0]).toEqual({
      slug: 'acme',
      name: 'Acme',
      plan: 'starter',
      subscriptionStatus: 'active',
    })
  })

  test('a changed plan tells the instances’ API-client caches at once; an unchanged one does not', async () => {
    const heard: string[] = []
    const unlisten = await database().listen(CLIENTS_CHANNEL, (payload) => heard.push(payload))
    try {
      const org = (plan: string) => ({ organizations: [{ slug: 'acme', name: 'Acme', plan }] })
      await importCatalog(database().db, org('starter'))
      await importCatalog(database().db, org('free'))
      await importCatalog(database().db, org('starter'))
      for (let i = 0; i < 50 && heard.length < 2; i++) await Bun.sleep(20)
      expect(heard).toEqual(['import', 'import'])
    } finally {
      await unlisten()
    }
  })

  test('rolls back the whole file when the database refuses a row', async () => {
    const before = await count(products)
    const file = generatedCatalog(5)
    // A constraint of this test alone makes the database refuse the last product's name, after the others.
    productOf(file, 4).names = { en: 'Refused' }
    await database().db.execute(
      sql`alter table product_names add constraint test_refuse check (name <> 'Refused')`,
    )
    try {
      const error = await importCatalog(database().db, file).then(
        () => null,
        (e: unknown) => e,
      )
      // The ORM wraps the driver's error; the constraint is named by the innermost cause.
      let cause = error as { message?: string; cause?: unknown } | null
      while (cause?.cause) cause = cause.cause as typeof cause
      expect(cause?.message).toContain('"test_refuse"')
    } finally {
      await database().db.execute(sql`alter table product_names drop constraint test_refuse`)
    }
    expect(await count(products)).toBe(before)
  })

  test('refuses a product slug a stored product of the brand holds, with its path, before writing', async () => {
    const before = await count(products)
    const file = generatedCatalog(5)
    productOf(file, 4).slug = 'rice'
    const result = await importCatalog(database().db, file)
    expect(result.ok).toBe(false)
    expect(result.ok ? [] : result.errors).toEqual([
      {
        code: 'Catalog.Duplicate',
        path: 'products[4].slug',
        message:
          "product slug 'rice' of brand 'acme-foods' already belongs to the stored GTIN 09506000134352; " +
          'give it another slug in this file or an earlier import',
      },
    ])
    expect(await count(products)).toBe(before)
  })

  test('moves product slugs between products within one file: a hand-over and a swap', async () => {
    const slugs = async () =>
      Object.fromEntries(
        (await exportCatalog(database().db, 'acme'))?.products
          ?.filter((p) => p.slug.startsWith('p-'))
          .map((p) => [p.gtin.slice(-2), p.slug]) ?? [],
      )
    const three = generatedCatalog(3)
    expect((await importCatalog(database().db, { products: three.products?.slice(0, 2) })).ok).toBe(true)
    // The new product comes first in the file: the stored holder of its slug is renamed only later.
    const [first, second, third] = three.products ?? []
    if (!first || !second || !third) throw new Error('fixture needs three products')
    const handOver = { products: [{ ...third, slug: 'p-0' }, { ...first, slug: 'p-0-old' }, second] }
    const handed = await importCatalog(database().db, handOver)
    expect(handed.ok ? [] : handed.errors).toEqual([])
    expect(await slugs()).toEqual({ '08': 'p-0-old', '15': 'p-1', '22': 'p-0' })
    const swap = {
      products: [
        { ...first, slug: 'p-1' },
        { ...second, slug: 'p-0-old' },
      ],
    }
    const swapped = await importCatalog(database().db, swap)
    expect(swapped.ok ? [] : swapped.errors).toEqual([])
    expect(await slugs()).toEqual({ '08': 'p-1', '15': 'p-0-old', '22': 'p-0' })
    // Back to the generated slugs: three products change hands in one file.
    const restored = await importCatalog(database().db, three)
    expect(restored.ok && restored.report.products).toEqual({ created: 0, updated: 3, unchanged: 0 })
    expect(await slugs()).toEqual({ '08': 'p-0', '15': 'p-1', '22': 'p-2' })
  })

  test('still refuses a slug whose stored holder the file keeps, or gives the same slug again', async () => {
    const file = generatedCatalog(2)
    const [first, second] = file.products ?? []
    if (!first || !second) throw new Error('fixture needs two products')
    const result = await importCatalog(database().db, { products: [{ ...second, slug: 'p-0' }, first] })
    expect(result.ok ? [] : result.errors).toEqual([
      {
        code: 'Catalog.Duplicate',
        path: 'products[1].slug',
        message: "product slug 'acme-foods/p-0' is already defined at products[0].slug",
      },
      {
        code: 'Catalog.Duplicate',
        path: 'products[0].slug',
        message:
          "product slug 'p-0' of brand 'acme-foods' already belongs to the stored GTIN 09506000000008; " +
          'give it another slug in this file or an earlier import',
      },
    ])
  })

  test('looks up a file naming one brand 70,000 times within the 65,535 query parameters', async () => {
    const many = Array.from({ length: 70_000 }, (_, i) => ({ brand: 'acme-foods', slug: `p-${i}` }))
    const result = await importCatalog(database().db, { products: many })
    expect(result.ok).toBe(false)
    expect(result.ok ? null : result.errors[0]?.path).toBe('products[0].gtin')
  })

  test('the database refuses a product whose default page is missing or belongs to another product', async () => {
    const rows = await database()
      .db.select({ id: products.id, page: products.defaultPageId })
      .from(products)
      .limit(2)
    const [a, b] = rows
    if (!a || !b) throw new Error('fixture needs two products')
    const setDefault = (productId: string, pageId: string) =>
      database().db.transaction(async (tx) => {
        await tx.update(products).set({ defaultPageId: pageId }).where(eq(products.id, productId))
      })
    const refused = /violates foreign key constraint "products_default_page_fk"/
    await expect(setDefault(a.id, b.page)).rejects.toThrow(refused)
    await expect(setDefault(a.id, crypto.randomUUID())).rejects.toThrow(refused)
    await expect(
      database().db.transaction(async (tx) => {
        await tx.delete(pages).where(eq(pages.id, a.page))
      }),
    ).rejects.toThrow(refused)
  })
})

describe('catalog import: ownership across organizations', () => {
  const RICE = '09506000134352'
  const globex = { slug: 'globex', name: 'Globex', plan: 'starter', subscriptionStatus: 'active' } as const
  const riceOwner = async () =>
    (await exportCatalog(database().db, 'acme'))?.products?.find((p) => p.gtin === RICE)?.brand ?? null

  test("refuses to move a stored product to another organization's brand, and writes nothing", async () => {
    await importCatalog(database().db, smallCatalog())
    const file = smallCatalog({ brand: 'globex-goods', slug: 'rice-g' })
    file.organizations = [globex]
    file.brands = [{ slug: 'globex-goods', name: 'Globex Goods', organization: 'globex' }]
    expect(await importCatalog(database().db, file)).toEqual({
      ok: false,
      errors: [
        {
          code: 'Catalog.Ownership',
          path: 'products[0].gtin',
          message:
            "GTIN 09506000134352 belongs to brand 'acme-foods' of organization 'acme'; an import cannot move it " +
            "to brand 'globex-goods' of organization 'globex'",
        },
      ],
    })
    expect(await riceOwner()).toBe('acme-foods')
    expect(await exportCatalog(database().db, 'globex')).toBeNull()
  })

  test('refuses the move also when the file writes the GTIN in its 13-digit form', async () => {
    await importCatalog(database().db, smallCatalog())
    const file = smallCatalog({ gtin: RICE.slice(1), brand: 'globex-goods', slug: 'rice-g' })
    file.organizations = [globex]
    file.brands = [{ slug: 'globex-goods', name: 'Globex Goods', organization: 'globex' }]
    const result = await importCatalog(database().db, file)
    expect(result.ok ? [] : result.errors.map((e) => [e.code, e.path])).toEqual([
      ['Catalog.Ownership', 'products[0].gtin'],
    ])
    expect(await riceOwner()).toBe('acme-foods')
  })

  test('two imports at once claiming one new GTIN for two organizations: the second one is refused', async () => {
    const gtin = '09506000134413'
    const claim = (org: 'acme' | 'globex', brand: string) => {
      const file = smallCatalog({ gtin, brand, slug: `claimed-by-${org}` })
      file.organizations = org === 'acme' ? smallCatalog().organizations : [globex]
      file.brands = [{ slug: brand, name: brand, organization: org }]
      return importCatalog(database().db, file)
    }
    const results = await Promise.all([claim('acme', 'acme-foods'), claim('globex', 'globex-goods')])
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    const refused = results.find((r) => !r.ok)
    expect(refused?.ok === false && refused.errors.map((e) => e.code)).toEqual(['Catalog.Ownership'])
  })

  test('refuses to move a stored brand to another organization', async () => {
    await importCatalog(database().db, smallCatalog())
    const file = smallCatalog()
    file.organizations = [globex]
    file.brands = [{ slug: 'acme-foods', name: 'Acme Foods', organization: 'globex' }]
    const result = await importCatalog(database().db, file)
    expect(result.ok ? [] : result.errors).toEqual([
      {
        code: 'Catalog.Ownership',
        path: 'brands[0].organization',
        message: "brand 'acme-foods' belongs to organization 'acme'; an import cannot move it to 'globex'",
      },
    ])
    expect(await riceOwner()).toBe('acme-foods')
  })

  test('moves a product between two brands of one organization, and back', async () => {
    const bakery = { slug: 'acme-bakery', name: 'Acme Bakery', organization: 'acme' }
    const moved = smallCatalog({ brand: 'acme-bakery' })
    moved.brands = [bakery]
    const result = await importCatalog(database().db, moved)
    expect(result.ok && result.report.products).toEqual({ created: 0, updated: 1, unchanged: 0 })
    expect(await riceOwner()).toBe('acme-bakery')
    expect((await importCatalog(database().db, smallCatalog())).ok).toBe(true)
    expect(await riceOwner()).toBe('acme-foods')
  })

  test("a large import refreshes the planner's statistics at once, a small one leaves them to autovacuum", async () => {
    const estimate = async () => {
      const rows = await database().db.execute<{ n: number }>(
        sql`select reltuples::int as n from pg_class where relname = 'products'`,
      )
      return (Array.isArray(rows) ? rows : (rows as { rows: { n: number }[] }).rows)[0]?.n
    }
    expect((await importCatalog(database().db, generatedCatalog(10))).ok).toBe(true)
    expect(await estimate()).not.toBe(await count(products))
    expect((await importCatalog(database().db, generatedCatalog(1200))).ok).toBe(true)
    expect(await estimate()).toBe(await count(products))
  })
})
