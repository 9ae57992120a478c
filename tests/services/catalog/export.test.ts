import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import demo from '../../../src/catalog/demo-catalog.json' with { type: 'json' }
import type { CatalogFile } from '../../../src/catalog/schema.ts'
import { products } from '../../../src/db/schema.ts'
import {
  EXPORT_BATCH,
  exportCatalog,
  exportCatalogStream,
  exportCatalogText,
} from '../../../src/services/catalog/export.ts'
import { importCatalog } from '../../../src/services/catalog/import.ts'
import { generatedCatalog } from '../../catalog/fixtures.ts'
import { useTestDatabase } from '../../support/db.ts'

const database = useTestDatabase()

/** `generatedCatalog(count)` as organization `gen`'s, under brand `gen-goods`. */
function generated(count: number): CatalogFile {
  const file = generatedCatalog(count)
  return {
    organizations: [{ slug: 'gen', name: 'Generated', plan: 'pro', subscriptionStatus: 'active' }],
    brands: [{ slug: 'gen-goods', name: 'Goods', organization: 'gen' }],
    products: (file.products ?? []).map((p) => ({ ...p, brand: 'gen-goods' })),
  }
}

async function seed(file: unknown): Promise<void> {
  const imported = await importCatalog(database().db, file)
  if (!imported.ok) throw new Error(JSON.stringify(imported.errors))
}

/** What the builder's file is written as: compact (the API), or indented with a line end (a file). */
async function built(org: string, pretty: boolean): Promise<string> {
  const file = await exportCatalog(database().db, org)
  return pretty ? `${JSON.stringify(file, null, 2)}\n` : JSON.stringify(file)
}

async function streamed(org: string, pretty: boolean, batchSize?: number): Promise<string[]> {
  const parts = await exportCatalogText(database().db, org, { pretty, ...(batchSize ? { batchSize } : {}) })
  if (parts === null) throw new Error(`no organization ${org}`)
  return Array.fromAsync(parts)
}

describe('streamed catalog export', () => {
  test('writes the builder’s bytes for the demo catalog, compact and indented, in any batch size', async () => {
    await seed(demo)
    for (const org of ['dalgiardino', 'northwind'])
      for (const pretty of [false, true])
        for (const batchSize of [1, 2, EXPORT_BATCH]) {
          const text = (await streamed(org, pretty, batchSize)).join('')
          expect({ org, pretty, batchSize, same: text === (await built(org, pretty)) }).toEqual({
            org,
            pretty,
            batchSize,
            same: true,
          })
        }
  })

  test('writes the builder’s bytes for 1,234 generated products, a part per batch', async () => {
    await seed(generated(1234))
    for (const pretty of [false, true]) {
      const parts = await streamed('gen', pretty)
      expect(parts.join('')).toBe(await built('gen', pretty))
      // The head, three batches (500, 500, 234), the close.
      expect(parts.length).toBe(5)
      expect(JSON.parse(`[${parts[1]}]`)).toHaveLength(EXPORT_BATCH)
    }
    const compact = await streamed('gen', false, 1000)
    expect(compact.map((p) => p.length > 0)).toEqual([true, true, true, true])
  }, 30_000)

  test('an organization without brands or without products, and an unknown one', async () => {
    await seed({
      organizations: [{ slug: 'bare', name: 'Bare' }],
      brands: [
        { slug: 'empty-org-brand', name: 'Nothing yet', organization: 'bare', customDomain: 'x.example' },
      ],
    })
    await seed({ organizations: [{ slug: 'none', name: 'None', plan: 'free' }] })
    for (const org of ['bare', 'none'])
      for (const pretty of [false, true])
        expect((await streamed(org, pretty)).join('')).toBe(await built(org, pretty))
    expect(await exportCatalogText(database().db, 'nobody')).toBeNull()
    expect(await exportCatalogStream(database().db, 'nobody')).toBeNull()
  })

  test('reads a batch only when the reader asks for it: the first bytes leave before the catalog is read', async () => {
    const stream = await exportCatalogStream(database().db, 'gen', { batchSize: 100 })
    if (stream === null) throw new Error('no stream')
    const reader = stream.getReader()
    const decoder = new TextDecoder()
    const head = decoder.decode((await reader.read()).value)
    expect(head).toStartWith('{"organizations":[{"slug":"gen"')
    expect(head).toEndWith('"products":[')
    const first = decoder.decode((await reader.read()).value)
    expect(JSON.parse(`[${first}]`)).toHaveLength(100)
    // Removed now, after two parts were delivered: the batch holding it is read only later.
    const last = (await exportCatalog(database().db, 'gen'))?.products?.at(-1)?.gtin ?? ''
    await database().db.delete(products).where(eq(products.gtin, last))
    let rest = ''
    for (let part = await reader.read(); !part.done; part = await reader.read())
      rest += decoder.decode(part.value)
    const file = JSON.parse(head + first + rest) as CatalogFile
    expect(file.products).toHaveLength(1233)
    expect(file.products?.some((p) => p.gtin === last)).toBe(false)
  })
})
