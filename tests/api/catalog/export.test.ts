import { describe, expect, test } from 'bun:test'
import { VND_JSON } from '../../../src/api/media.ts'
import type { CatalogFile } from '../../../src/catalog/schema.ts'
import { EXPORT_BATCH, exportCatalog } from '../../../src/services/catalog/export.ts'
import { generatedCatalog } from '../../catalog/fixtures.ts'
import { useCatalogApi } from './harness.ts'

const COUNT = 3000
/** Acme's brand `acme-foods` with 3,000 products; `SEED` adds brand `acme-oats`, without products. */
const catalog = generatedCatalog(COUNT)
catalog.organizations = [{ slug: 'acme', name: 'Acme', plan: 'starter', subscriptionStatus: 'active' }]
const api = useCatalogApi(catalog)

const decoder = new TextDecoder()

async function nextPart(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<string | null> {
  const part = await reader.read()
  return part.done ? null : decoder.decode(part.value)
}

describe('GET /catalog/export', () => {
  test('answers 200 with the whole catalog file, the same bytes as the builder’s, in the negotiated type', async () => {
    const whole = JSON.stringify(await exportCatalog(api().database.db, 'acme'))
    const res = await api().call('GET', '/catalog/export', 'reader')
    expect([res.status, res.headers.get('content-type'), res.headers.get('vary')]).toEqual([
      200,
      'application/json',
      'Accept',
    ])
    // Streamed: no length is known before the last batch is read.
    expect(res.headers.get('content-length')).toBeNull()
    expect(await res.text()).toBe(whole)
    const vnd = await api().call('GET', '/catalog/export', 'reader', undefined, { accept: VND_JSON })
    expect([vnd.status, vnd.headers.get('content-type')]).toEqual([200, VND_JSON])
    expect(await vnd.text()).toBe(whole)
  }, 30_000)

  test('sends the head before any product is read, then a batch at a time while other requests are served', async () => {
    const res = await api().call('GET', '/catalog/export', 'reader')
    const reader = (res.body as ReadableStream<Uint8Array>).getReader()
    const head = await nextPart(reader)
    expect(head).toStartWith('{"organizations":[{"slug":"acme","name":"Acme"')
    expect(head).toEndWith('"products":[')
    const batch = (await nextPart(reader)) ?? ''
    expect(JSON.parse(`[${batch}]`)).toHaveLength(EXPORT_BATCH)
    // With the export under way, another client's request is answered, and the product it deletes (the last by
    // GTIN, in a batch not read yet) is missing from the rest of the file.
    const last = catalog.products?.at(-1)?.gtin ?? ''
    expect((await api().call('DELETE', `/products/${last}`, 'writer')).status).toBe(204)
    const rest: string[] = []
    for (let part = await nextPart(reader); part !== null; part = await nextPart(reader)) rest.push(part)
    // The other five batches and the close.
    expect(rest).toHaveLength(COUNT / EXPORT_BATCH - 1 + 1)
    const file = JSON.parse([head, batch, ...rest].join('')) as CatalogFile
    expect(file.products).toHaveLength(COUNT - 1)
    expect(file.products?.some((p) => p.gtin === last)).toBe(false)
  }, 30_000)
})
