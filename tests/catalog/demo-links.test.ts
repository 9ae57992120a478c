/** The demo catalog shows links to anything (DESIGN §11): one external page and one lot's page, as a brand would use them. */
import { describe, expect, test } from 'bun:test'
import demo from '../../src/catalog/demo-catalog.json' with { type: 'json' }
import { validateCatalog } from '../../src/catalog/validate.ts'
import { catalogWarnings } from '../../src/catalog/warnings.ts'
import { createPagesHandler } from '../../src/pages/index.ts'
import { createResolver } from '../../src/resolver/index.ts'
import { createMemoryCatalog } from '../../src/resolver/memory-catalog.ts'
import { publishedProducts } from '../../src/resolver/published-products.ts'

const RESOLVER = 'http://localhost:3001'
/** The olive oil's brand, Dal Giardino, answers on its custom domain. */
const DOMAIN = 'https://id.dalgiardino.example'
const config = {
  resolverUrl: RESOLVER,
  shortUrl: 'http://127.0.0.1:3001',
  customDomainScheme: 'https' as const,
}

function catalog() {
  const valid = validateCatalog(demo)
  if (!valid.ok) throw new Error(JSON.stringify(valid.errors))
  return { valid: valid.catalog, memory: createMemoryCatalog(publishedProducts(valid.catalog)) }
}

describe('the demo catalog', () => {
  test('is valid and has no page that would show only a notice', () => {
    expect(catalogWarnings(catalog().valid.products)).toEqual([])
  })

  test('the olive oil’s FAQ page leads to GS1’s own page about Digital Link', async () => {
    const resolver = createResolver({ catalog: catalog().memory, config })
    const res = await resolver(new Request(`${DOMAIN}/01/09506000134376?linkType=gs1:faqs`))
    expect(res.status).toBe(307)
    expect(res.headers.get('location')).toBe(
      'https://www.gs1.org/standards/gs1-digital-link?linkType=gs1:faqs',
    )
  })

  test('lot L2026-07 of the olive oil has a recall notice, shown with the lot; other lots have none', async () => {
    const { memory } = catalog()
    const resolver = createResolver({ catalog: memory, config })
    const recall = await resolver(
      new Request(`${DOMAIN}/01/09506000134376/10/L2026-07?linkType=gs1:recallStatus`),
    )
    expect(recall.status).toBe(307)
    const location = recall.headers.get('location') ?? ''
    expect(location).toBe('/en/dal-giardino/olive-oil/recall?linkType=gs1:recallStatus&10=L2026-07')
    const pages = createPagesHandler({ catalog: memory, config })
    const page = await pages(new Request(DOMAIN + location))
    expect(page?.status).toBe(200)
    expect(await page?.text()).toContain('Bottles of lot <strong>L2026-07</strong> are being recalled')
    const other = await resolver(
      new Request(`${DOMAIN}/01/09506000134376/10/L2026-08?linkType=gs1:recallStatus`),
    )
    expect(other.status).toBe(404)
  })
})
