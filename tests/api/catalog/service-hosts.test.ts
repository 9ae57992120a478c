import { describe, expect, test } from 'bun:test'
import { serviceHosts } from '../../../src/security/service-hosts.ts'
import { PRODUCT, useCatalogApi } from './harness.ts'

const HOSTS = serviceHosts({
  resolverUrl: 'https://id.example.com',
  shortUrl: 'https://s.example.com',
  apiUrl: 'https://api.example.com',
  dashboardUrl: 'https://app.example.com',
})
const api = useCatalogApi(undefined, { serviceHosts: HOSTS })

describe('the catalog API refuses the service’s own hosts as custom domains', () => {
  test('PUT /brands/{slug} with the resolver’s host is 422 Catalog.Domain naming RESOLVER_URL, and nothing is stored', async () => {
    const r = await api().call('PUT', '/brands/acme-oats', 'writer', {
      name: 'Acme Oats',
      customDomain: 'id.example.com',
    })
    expect(r.status).toBe(422)
    const { errors } = await r.json()
    expect(errors).toEqual([
      { code: 'Catalog.Domain', path: 'customDomain', message: expect.stringContaining('RESOLVER_URL') },
    ])
    const brands = await (await api().call('GET', '/brands', 'reader')).json()
    expect(
      brands.brands.find((b: { slug: string }) => b.slug === 'acme-oats').customDomain ?? null,
    ).toBeNull()
  })

  test('an import naming the dashboard’s host is refused with the file’s other errors', async () => {
    const file = {
      brands: [
        { slug: 'acme-oats', name: 'Acme Oats', organization: 'acme', customDomain: 'app.example.com' },
      ],
      products: [{ ...PRODUCT, gtin: '4100000000005' }],
    }
    const r = await api().call('POST', '/catalog/import?dryRun=true', 'writer', file)
    expect(r.status).toBe(422)
    const { errors } = await r.json()
    expect(errors.map((e: { code: string; path: string }) => [e.code, e.path])).toContainEqual([
      'Catalog.Domain',
      'brands[0].customDomain',
    ])
  })

  test('a custom domain of the brand’s own stays allowed', async () => {
    const r = await api().call('PUT', '/brands/acme-oats', 'writer', {
      name: 'Acme Oats',
      customDomain: 'oats.example',
    })
    expect(r.status).toBe(200)
  })
})
