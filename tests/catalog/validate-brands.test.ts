import { describe, expect, test } from 'bun:test'
import { NO_KNOWN_SLUGS, validateCatalog } from '../../src/catalog/validate.ts'
import type { KnownSlugs } from '../../src/catalog/validate-types.ts'

const SERVICE_HOSTS = new Map([
  ['id.example.com', 'RESOLVER_URL'],
  ['api.example.com', 'API_URL'],
])

const file = (brand: Record<string, unknown>) => ({
  organizations: [{ slug: 'acme', name: 'Acme' }],
  brands: [{ slug: 'acme-oats', name: 'Acme Oats', organization: 'acme', ...brand }],
})

function issuesOf(input: unknown, known: KnownSlugs) {
  const result = validateCatalog(input, known)
  return result.ok ? [] : result.errors.map((e) => `${e.code} ${e.path}: ${e.message}`)
}

describe('custom domains and the service’s own hosts', () => {
  const known: KnownSlugs = { ...NO_KNOWN_SLUGS, serviceHosts: SERVICE_HOSTS }

  test('a host of the service itself is Catalog.Domain, naming the variable, active or not', () => {
    for (const active of [false, true]) {
      expect(issuesOf(file({ customDomain: 'id.example.com', customDomainActive: active }), known)).toEqual([
        "Catalog.Domain brands[0].customDomain: custom domain 'id.example.com' is a host of this service itself (RESOLVER_URL), not the brand's own: scans of it would be redirected to themselves",
      ])
    }
  })

  test('a stored one the file activates without naming it is refused at the flag; left inactive, it is no error', () => {
    const stored: KnownSlugs = { ...known, brandDomains: new Map([['acme-oats', 'api.example.com']]) }
    expect(issuesOf(file({ customDomainActive: true }), stored)).toEqual([
      "Catalog.Domain brands[0].customDomainActive: custom domain 'api.example.com' is a host of this service itself (API_URL), not the brand's own: scans of it would be redirected to themselves",
    ])
    expect(issuesOf(file({ name: 'Acme Oats, renamed' }), stored)).toEqual([])
  })

  test('another host is a custom domain as before; without the hosts (a standalone catalog) nothing is checked', () => {
    expect(issuesOf(file({ customDomain: 'id.acme.example', customDomainActive: true }), known)).toEqual([])
    expect(issuesOf(file({ customDomain: 'id.example.com' }), NO_KNOWN_SLUGS)).toEqual([])
  })
})
