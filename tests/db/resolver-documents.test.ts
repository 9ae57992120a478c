import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { asc } from 'drizzle-orm'
import demoCatalog from '../../src/catalog/demo-catalog.json' with { type: 'json' }
import { products } from '../../src/db/schema.ts'
import { importCatalog } from '../../src/services/catalog/import.ts'
import { productLookups } from '../../src/services/catalog/lookup.ts'
import { productOf, smallCatalog } from '../catalog/fixtures.ts'
import { useTestDatabase } from '../support/db.ts'

const database = useTestDatabase()
/** The small catalog's product under a GTIN the demo catalog does not hold (an import moves no GTIN between organizations). */
const GTIN = '09506000134406'

/** The migration's statement that computes every product's resolver columns from the normalized tables. */
const BACKFILL = readFileSync(new URL('../../drizzle/0002_resolver_documents.sql', import.meta.url), 'utf8')
  .split('--> statement-breakpoint')
  .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
  .find((statement) => statement.startsWith('UPDATE')) as string

/** Every product's resolver columns, names in language order (the import keeps catalog order, the SQL sorts). */
async function resolverColumns() {
  const rows = await database()
    .db.select({ gtin: products.gtin, names: products.resolverNames, pages: products.resolverPages })
    .from(products)
    .orderBy(asc(products.gtin))
  return rows.map((r) => ({ ...r, names: [...r.names].sort(([a], [b]) => a.localeCompare(b)) }))
}

/**
 * The demo catalog as rows written before links to anything (migration 0007) held it: no lot pages, no external
 * pages. Those rows are what the backfill computed for; newer rows carry `lot` and `extras` it never saw.
 */
function olderDemo(): unknown {
  const copy = structuredClone(demoCatalog) as { products: Record<string, unknown>[] }
  for (const product of copy.products) {
    delete product.lots
    product.pages = (product.pages as { href?: unknown }[]).filter((page) => page.href === undefined)
  }
  return copy
}

async function imported(file: unknown) {
  const result = await importCatalog(database().db, file)
  if (!result.ok) throw new Error(JSON.stringify(result.errors))
}

describe("products' resolver columns", () => {
  test('hold what the names, pages and titles tables hold, as the migration computes it for older rows', async () => {
    await imported(olderDemo())
    await imported(smallCatalog({ gtin: GTIN }))
    const written = await resolverColumns()
    expect(written.length).toBeGreaterThan(2)
    expect(
      written.some((p) => p.pages.some((page) => page.titles.some(([, , content]) => content !== null))),
    ).toBe(true)
    await database().db.execute(BACKFILL)
    expect(await resolverColumns()).toEqual(written)
  })

  test('follow a re-import that renames the product, drops a page and retitles another', async () => {
    const changed = smallCatalog({ gtin: GTIN, names: { en: 'Long rice', fr: 'Riz long' } })
    productOf(changed).pages.pop()
    const first = productOf(changed).pages[0]
    if (first) first.titles = { en: 'All about it', fr: 'Tout sur lui' }
    await imported(changed)
    const product = await productLookups(database()).byGtin(GTIN)
    expect(product?.names).toEqual({ en: 'Long rice', fr: 'Riz long' })
    expect(product?.pages.map((p) => [p.name, p.titles, p.isDefault])).toEqual([
      ['product', { en: 'All about it', fr: 'Tout sur lui' }, true],
    ])
    const written = await resolverColumns()
    await database().db.execute(BACKFILL)
    expect(await resolverColumns()).toEqual(written)
  })
})
