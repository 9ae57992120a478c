import { describe, expect, test } from 'bun:test'
import { listBrands } from '../../src/services/catalog/brands.ts'
import { signedIn, textOf, useHarness } from './harness.ts'

const h = useHarness()

describe('Brands: custom domains and the service’s own hosts', () => {
  test('a host of the service itself is refused with the variable that names it, and nothing is requested', async () => {
    // The harness's origins: RESOLVER_URL http://id.test, SHORT_URL http://s.test, API_URL http://api.test and
    // DASHBOARD_URL http://dashboard.test.
    const editor = await signedIn(h, 'editor')
    for (const [typed, host, variable] of [
      ['id.test', 'id.test', 'RESOLVER_URL'],
      ['S.Test.', 's.test', 'SHORT_URL'],
      ['api.test', 'api.test', 'API_URL'],
      ['dashboard.test', 'dashboard.test', 'DASHBOARD_URL'],
    ] as const) {
      const refused = await editor.post('/orgs/acme/brands/acme-oats/domain', {
        domain: typed,
        action: 'request',
      })
      expect(refused.status).toBe(422)
      const text = textOf(await refused.text())
      expect(text).toContain(`${host} is a host of this service itself (${variable}), not a brand's own`)
      expect(text).toContain('scans of it would be redirected to themselves')
    }
    const [oats] = await listBrands(h.database.db, h.orgIds.acme ?? '')
    expect(oats?.customDomain).toBeNull()
  })

  test('a host of the brand’s own is requested as before', async () => {
    const editor = await signedIn(h, 'editor')
    const ok = await editor.post('/orgs/acme/brands/acme-oats/domain', {
      domain: 'id.acme.example',
      action: 'request',
    })
    expect(ok.headers.get('location')).toBe('/orgs/acme/brands?done=requested')
  })

  test('the Brands page says what the domain’s DNS must point at: a CNAME to the resolver’s host', async () => {
    const viewer = await signedIn(h, 'viewer')
    const page = textOf(await (await viewer.get('/orgs/acme/brands')).text())
    expect(page).toContain('point its DNS at the resolver (a CNAME to id.test), and an operator activates it')
  })

  test('a catalog import that gives a brand one of those hosts is refused the same way', async () => {
    const editor = await signedIn(h, 'editor')
    const text = JSON.stringify({
      brands: [{ slug: 'acme-oats', name: 'Acme Oats', organization: 'acme', customDomain: 'id.test' }],
    })
    const checked = await editor.post('/orgs/acme/catalog/import', { text, action: 'import' })
    expect(checked.status).toBe(422)
    expect(textOf(await checked.text())).toContain(
      "custom domain 'id.test' is a host of this service itself (RESOLVER_URL), not the brand's own",
    )
  })
})
