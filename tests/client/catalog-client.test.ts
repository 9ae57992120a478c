/** The typed client on the catalog endpoints: brands, a product with its ETag, the list, the import's dry run. */
import { describe, expect, test } from 'bun:test'
import { createCodeApiClient } from '../../src/client/index.ts'
import { CLI_ACTOR } from '../../src/services/audit.ts'
import { createClient } from '../../src/services/clients/api-clients.ts'
import { useCodeApi } from '../api/codes/harness.ts'

const api = useCodeApi()

async function catalogClient() {
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
    fetch: (request) => Promise.resolve(a.app.handle(request)),
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
})
