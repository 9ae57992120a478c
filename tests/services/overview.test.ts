import { describe, expect, test } from 'bun:test'
import { importCatalog } from '../../src/services/catalog/import.ts'
import { organizationCounts } from '../../src/services/overview.ts'
import { smallCatalog } from '../catalog/fixtures.ts'
import { useTestDatabase } from '../support/db.ts'

const database = useTestDatabase()

describe('organizationCounts', () => {
  test('counts products by GTIN, not the items and prefix rules beside them; published ones apart', async () => {
    const entry = (extra: Record<string, string>, slug: string) => ({
      ...extra,
      brand: 'acme-foods',
      slug,
      published: false,
      defaultLanguage: 'en',
      languages: ['en'],
      pages: [{ name: 'p', linkType: 'gs1:pip', default: true, titles: { en: 'P' }, content: { en: 'x' } }],
    })
    const result = await importCatalog(database().db, {
      ...smallCatalog(),
      items: [entry({ key: '414', value: '9506000000008' }, 'depot')],
      rules: [entry({ key: '00', prefix: '0950600' }, 'pallets')],
    })
    if (!result.ok) throw new Error(JSON.stringify(result.errors))
    const [org] = await database().db.query.organizations.findMany({
      where: (o, { eq }) => eq(o.slug, 'acme'),
    })
    expect(await organizationCounts(database().db, org?.id ?? '')).toEqual({
      brands: 1,
      products: 1,
      publishedProducts: 1,
      activeClients: 0,
      blockedClients: 0,
      members: 0,
    })
  })
})
