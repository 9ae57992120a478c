/** PUT and GET /products/{gtin} with external pages, a validity window and a lot's page (DESIGN §11). */
import { describe, expect, test } from 'bun:test'
import { PRODUCT, useCatalogApi, type Who } from './harness.ts'

const api = useCatalogApi()
const call = (method: string, path: string, who: Who, body?: unknown) => api().call(method, path, who, body)

const LINKED = {
  ...PRODUCT,
  pages: [
    {
      name: 'info',
      linkType: 'gs1:pip',
      default: true,
      titles: { en: 'Information', de: 'Informationen' },
      href: { en: 'https://oats.example/en/{gtin}', de: 'https://oats.example/de/{gtin}' },
      type: 'text/html',
    },
    {
      name: 'spring',
      linkType: 'gs1:promotion',
      titles: { en: 'Spring' },
      href: 'https://oats.example/spring?lot={lot}',
      validFrom: '2027-03-01T00:00:00+01:00',
      validUntil: '2027-04-01T00:00:00+02:00',
    },
  ],
  lots: {
    L1: {
      pages: [
        {
          name: 'recall',
          linkType: 'gs1:recallStatus',
          titles: { en: 'Recall' },
          content: { en: 'Lot **L1** is recalled.' },
        },
      ],
    },
  },
}

describe('a product linking anywhere, over the catalog API', () => {
  test('is stored as sent and read back exactly, with its ETag', async () => {
    const put = await call('PUT', '/products/9506000134352', 'writer', LINKED)
    expect(put.status).toBe(201)
    const got = await call('GET', '/products/9506000134352', 'reader')
    expect(got.status).toBe(200)
    expect(got.headers.get('etag')).toBe(put.headers.get('etag'))
    expect(await got.json()).toEqual({ gtin: '09506000134352', ...LINKED, published: true })
  })

  test('a script URL, a window ending before it starts and a lot longer than AI (10) allows: 422 at their paths', async () => {
    const bad = {
      ...LINKED,
      pages: [
        { ...LINKED.pages[0], href: 'javascript:alert(1)' },
        { ...LINKED.pages[1], validUntil: '2027-02-01T00:00:00Z' },
      ],
      lots: { [`L${'1'.repeat(20)}`]: LINKED.lots.L1 },
    }
    const res = await call('PUT', '/products/9506000134352', 'writer', bad)
    expect(res.status).toBe(422)
    const { errors } = (await res.json()) as { errors: { code: string; path: string }[] }
    expect(errors.map((e) => [e.code, e.path])).toEqual([
      ['Catalog.Link', 'pages[0].href'],
      ['Catalog.Window', 'pages[1].validUntil'],
      ['Catalog.Lot', 'lots["L11111111111111111111"]'],
    ])
  })
})
