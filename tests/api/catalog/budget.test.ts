import { describe, expect, test } from 'bun:test'
import { importCatalog } from '../../../src/services/catalog/import.ts'
import { PRODUCT, useCatalogApi } from './harness.ts'

/** 48 KiB at once, refilled at 1 KiB a second (the test clock stands still); one file at a time. */
const api = useCatalogApi(undefined, { budget: { concurrent: 1, burst: 48, perSecond: 1 } })

/** A dry-run import of `count` products of Acme's brand: about 20 KiB for 100. */
function importBody(count: number) {
  const products = Array.from({ length: count }, (_, i) => {
    const body = `41000${String(i).padStart(7, '0')}`
    return { ...PRODUCT, gtin: `${body}${checkDigit(body)}`, slug: `oat-drink-${i}` }
  })
  return { products }
}

function checkDigit(digits: string): number {
  let sum = 0
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 3 : 1)
  return (10 - (sum % 10)) % 10
}

describe("each client's budget of catalog files", () => {
  test('imports are charged what they send: past the budget 429 with Retry-After, in the error envelope', async () => {
    const body = importBody(100)
    const kib = Math.ceil(JSON.stringify(body).length / 1024)
    expect(kib).toBeGreaterThan(16)
    let answered = 0
    let refused: Response | null = null
    for (let i = 0; i < 10 && refused === null; i++) {
      const r = await api().call('POST', '/catalog/import?dryRun=true', 'writer', body)
      if (r.status === 429) refused = r
      else {
        expect({ status: r.status, body: await r.json() }).toMatchObject({ status: 200 })
        answered++
      }
    }
    // 48 KiB at once: the third file of about 20 KiB finds the budget spent.
    expect(answered).toBe(Math.ceil(48 / kib))
    expect(refused?.headers.get('retry-after')).toMatch(/^[1-9]\d*$/)
    expect(refused?.headers.get('content-type')).toBe('application/json')
    const envelope = refused === null ? null : await refused.json()
    expect(envelope?.errors[0]).toMatchObject({ code: 'TooManyRequests', path: null })
  })

  test('an item’s or a rule’s PUT is a file like a product’s: refused once the budget is spent; reads still answered', async () => {
    // The writer spent its budget on the imports above, and the test clock stands still.
    const item = { ...PRODUCT, slug: 'depot' }
    for (const path of ['/products/9506000134352', '/items/414/9506000000008', '/rules/00/0950600']) {
      const r = await api().call('PUT', path, 'writer', item)
      expect({ path, status: r.status, retry: r.headers.get('retry-after') }).toEqual({
        path,
        status: 429,
        retry: expect.stringMatching(/^[1-9]\d*$/),
      })
    }
    for (const path of ['/items', '/rules', '/items/414/9506000000008'])
      expect((await api().call('GET', path, 'writer')).status).not.toBe(429)
  })

  test('reads that are no file are not charged, and another client has its own budget', async () => {
    expect((await api().call('GET', '/products', 'writer')).status).toBe(200)
    const exported = await api().call('GET', '/catalog/export', 'reader')
    expect(exported.status).toBe(200)
    await exported.arrayBuffer()
  })

  test('an export still being read holds the client’s one file at a time', async () => {
    const first = await api().call('GET', '/catalog/export', 'reader')
    expect(first.status).toBe(200)
    expect((await api().call('GET', '/catalog/export', 'reader')).status).toBe(429)
    await first.arrayBuffer()
  })

  test('an export is charged what it wrote, once it ends', async () => {
    const imported = await importCatalog(api().database.db, importBody(100))
    expect(imported.ok).toBe(true)
    const sizes: number[] = []
    let status = 200
    for (let i = 0; i < 60 && status === 200; i++) {
      const r = await api().call('GET', '/catalog/export', 'reader')
      status = r.status
      if (status === 200) sizes.push((await r.arrayBuffer()).byteLength)
    }
    expect(status).toBe(429)
    const kib = Math.ceil((sizes[0] ?? 0) / 1024)
    expect(kib).toBeGreaterThan(16)
    // The reader spent a KiB or two on the earlier tests' exports; each of these costs what it wrote.
    expect(sizes.length).toBe(Math.ceil((48 - 1) / kib))
  })
})
