/** The typed client on the catalog endpoints: brands, a product and an item with their ETags, the lists, the import's dry run. */
import { describe, expect, test } from 'bun:test'
import { createCodeApiClient } from '../../src/client/index.ts'
import { CLI_ACTOR } from '../../src/services/audit.ts'
import { createClient } from '../../src/services/clients/api-clients.ts'
import { useCodeApi } from '../api/codes/harness.ts'

const api = useCodeApi()

/** A client of Acme's with both catalog scopes; `onRequest` sees each request it sends. */
async function catalogClient(onRequest: (request: Request) => void = () => {}) {
  const a = api()
  const created = await createClient(a.database.db, {
    organizationSlug: 'acme',
    name: 'PIM',
    scopes: ['read:catalog', 'write:catalog'],
    clock: a.clock,
    actor: CLI_ACTOR,
  })
  if (!created.ok) throw new Error(created.message)
  return createCodeApiClient({
    baseUrl: 'http://api.test',
    clientId: created.clientId,
    clientSecret: created.clientSecret,
    fetch: (request) => {
      onRequest(request)
      return Promise.resolve(a.app.handle(request))
    },
  })
}

describe('typed client on the catalog', () => {
  test('creates a brand and a product, reads it with its ETag, replaces it with If-Match, lists and dry-runs', async () => {
    const c = await catalogClient()
    const brand = await c.PUT('/brands/{slug}', {
      params: { path: { slug: 'acme-oats' } },
      body: { name: 'Acme Oats' },
    })
    expect(brand.response.status).toBe(201)
    expect(brand.data?.customDomainActive).toBe(false)
    const body = {
      brand: 'acme-oats',
      slug: 'oat-drink',
      defaultLanguage: 'en',
      languages: ['en'],
      names: { en: 'Oat drink' },
      pages: [{ name: 'info', linkType: 'gs1:pip', default: true, titles: { en: 'Information' } }],
    }
    const put = await c.PUT('/products/{gtin}', { params: { path: { gtin: '9506000134352' } }, body })
    expect(put.response.status).toBe(201)
    expect(put.data?.gtin).toBe('09506000134352')
    const read = await c.GET('/products/{gtin}', { params: { path: { gtin: '09506000134352' } } })
    const etag = read.response.headers.get('etag') ?? ''
    const replaced = await c.PUT('/products/{gtin}', {
      params: { path: { gtin: '09506000134352' }, header: { 'If-Match': etag } },
      body: { ...body, published: false },
    })
    expect(replaced.response.status).toBe(200)
    const stale = await c.PUT('/products/{gtin}', {
      params: { path: { gtin: '09506000134352' }, header: { 'If-Match': etag } },
      body,
    })
    expect(stale.response.status).toBe(412)
    expect(stale.error?.errors[0]?.code).toBe('PreconditionFailed')
    const list = await c.GET('/products', { params: { query: { published: 'false', limit: 10 } } })
    expect(list.data?.products.map((p) => p.slug)).toEqual(['oat-drink'])
    const exported = await c.GET('/catalog/export')
    const dry = await c.POST('/catalog/import', {
      params: { query: { dryRun: 'true' } },
      body: exported.data ?? {},
    })
    expect(dry.data).toMatchObject({ dryRun: true, changes: 0 })
  })

  test('creates an item whose value holds a /, reads it with its ETag, replaces it with If-Match, lists and deletes it', async () => {
    const sent: string[] = []
    const c = await catalogClient((request) => sent.push(new URL(request.url).pathname))
    await c.PUT('/brands/{slug}', {
      params: { path: { slug: 'acme-assets' } },
      body: { name: 'Acme Assets' },
    })
    const body = {
      brand: 'acme-assets',
      slug: 'crate',
      defaultLanguage: 'en',
      languages: ['en'],
      names: { en: 'Returnable crate' },
      pages: [
        {
          name: 'asset',
          linkType: 'gs1:pip',
          default: true,
          titles: { en: 'Crate' },
          href: 'https://acme.example/assets/{value}',
        },
      ],
    }
    // A GRAI with its serial: the client percent-encodes the / of the value, and the API decodes it.
    const path = { key: '8003', value: '09506000134376A/B' }
    const put = await c.PUT('/items/{key}/{value}', { params: { path }, body })
    expect(put.response.status).toBe(201)
    expect(sent.at(-1)).toBe('/items/8003/09506000134376A%2FB')
    expect(put.data).toEqual({ key: '8003', value: '09506000134376A/B', published: true, ...body })
    const read = await c.GET('/items/{key}/{value}', { params: { path } })
    const etag = read.response.headers.get('etag') ?? ''
    expect(read.data?.value).toBe('09506000134376A/B')
    const replaced = await c.PUT('/items/{key}/{value}', {
      params: { path, header: { 'If-Match': etag } },
      body: { ...body, published: false },
    })
    expect(replaced.response.status).toBe(200)
    const stale = await c.PUT('/items/{key}/{value}', {
      params: { path, header: { 'If-Match': etag } },
      body,
    })
    expect([stale.response.status, stale.error?.errors[0]?.code]).toEqual([412, 'PreconditionFailed'])
    const list = await c.GET('/items', { params: { query: { key: '8003', published: 'false' } } })
    expect(list.data?.items.map((i) => [i.key, i.value, i.name])).toEqual([
      ['8003', '09506000134376A/B', 'Returnable crate'],
    ])
    const refused = await c.GET('/items/{key}/{value}', {
      params: { path: { key: '414', value: '9506000000009' } },
    })
    expect([refused.response.status, refused.error?.errors[0]?.code]).toEqual([
      400,
      'Validation.CheckDigit.value',
    ])
    const gone = await c.DELETE('/items/{key}/{value}', {
      params: { path, header: { 'If-Match': replaced.response.headers.get('etag') ?? '' } },
    })
    expect(gone.response.status).toBe(204)
    expect((await c.GET('/items/{key}/{value}', { params: { path } })).response.status).toBe(404)
  })
})
