/**
 * The rules of an import made for one organization (through the API or the dashboard, DESIGN §8): it changes only
 * that organization's brands and products, never its name, plan or subscription, and never turns a custom domain
 * on, which is an operator's act (`Catalog.Scope`).
 */
import { type Issue, issue } from '../gs1/issue.ts'
import { type CatalogScope, entryPath, type KnownSlugs, type ValidCatalog } from './validate-types.ts'

export type { CatalogScope } from './validate-types.ts'

export function checkScope(catalog: ValidCatalog, scope: CatalogScope, known: KnownSlugs): Issue[] {
  const errors: Issue[] = []
  catalog.organizations.forEach((o, i) => {
    if (o.slug !== scope.slug) {
      errors.push(
        issue(
          'Catalog.Scope',
          `organizations[${i}].slug`,
          `this import may change only organization '${scope.slug}'`,
        ),
      )
      return
    }
    const changed =
      o.name !== scope.name ||
      (o.plan !== undefined && o.plan !== scope.plan) ||
      (o.subscriptionStatus !== undefined && o.subscriptionStatus !== scope.subscriptionStatus) ||
      (o.companyPrefixes !== undefined &&
        !sameSet(o.companyPrefixes, known.companyPrefixes?.get(o.slug) ?? []))
    if (changed) {
      errors.push(
        issue(
          'Catalog.Scope',
          `organizations[${i}]`,
          "the organization's name, plan, subscription and GS1 Company Prefixes are managed by the operator; leave them as exported",
        ),
      )
    }
  })
  catalog.brands.forEach((b, i) => {
    if (b.organization !== scope.slug) {
      errors.push(
        issue(
          'Catalog.Scope',
          `brands[${i}].organization`,
          `this import may change only organization '${scope.slug}'`,
        ),
      )
    }
    const stored = known.brandDomains?.get(b.slug) ?? null
    const domain = b.customDomain === undefined ? stored : b.customDomain
    const storedActive = known.activeBrandDomains?.has(b.slug) === true && stored === domain
    if (b.customDomainActive === true && !storedActive) {
      errors.push(
        issue(
          'Catalog.Scope',
          `brands[${i}].customDomainActive`,
          'an operator activates custom domains once their DNS points at the resolver; request the domain with customDomainActive false',
        ),
      )
    }
  })
  const fileBrands = new Map(catalog.brands.map((b) => [b.slug, b.organization]))
  catalog.products.forEach((p, i) => {
    const organization = fileBrands.get(p.brand) ?? known.brandOrganizations?.get(p.brand)
    if (organization !== undefined && organization !== scope.slug) {
      errors.push(
        issue(
          'Catalog.Scope',
          `${entryPath(catalog, i)}.brand`,
          `brand '${p.brand}' is not a brand of organization '${scope.slug}'`,
        ),
      )
    }
  })
  return errors
}

/**
 * What a scoped import writes for its brands' activation: a domain keeps its stored state only while it stays the
 * same; a new or changed domain is inactive until an operator activates it.
 */
export function scopedActivation(catalog: ValidCatalog, known: KnownSlugs): ValidCatalog {
  return {
    ...catalog,
    brands: catalog.brands.map((b) => {
      const stored = known.brandDomains?.get(b.slug) ?? null
      const domain = b.customDomain === undefined ? stored : b.customDomain
      const active = domain !== null && domain === stored && known.activeBrandDomains?.has(b.slug) === true
      return { ...b, customDomainActive: active }
    }),
  }
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const x = new Set(a)
  const y = new Set(b)
  return x.size === y.size && [...x].every((v) => y.has(v))
}
