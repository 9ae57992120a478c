/** Validation of the catalog's brands: organization references and custom domains (who holds which). */
import { type Issue, issue } from '../gs1/issue.ts'
import { duplicates, storedHolderKeeps } from './duplicates.ts'
import type { CatalogBrand } from './schema.ts'
import type { KnownSlugs, ValidCatalog } from './validate-types.ts'

// A host name: dot-separated labels, the last one not all digits (an IPv4 address is no host name).
const HOST =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(\.(?![0-9]+$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)$/

/** True for a lower-case host name a brand may use as its custom domain (no IP address, no port). */
export function isCustomDomain(domain: string): boolean {
  return HOST.test(domain)
}

/** Duplicate brand slugs and domains, unknown organizations, and custom-domain rules (a domain held by another brand). */
export function checkBrands(catalog: ValidCatalog, known: KnownSlugs): Issue[] {
  const orgs = new Set(catalog.organizations.map((o) => o.slug))
  const errors = duplicates(
    catalog.brands,
    (b) => b.slug,
    (i) => `brands[${i}].slug`,
    'brand',
  )
  const withDomain = catalog.brands.filter((b) => typeof b.customDomain === 'string')
  errors.push(
    ...duplicates(
      withDomain,
      (b) => b.customDomain ?? '',
      (i) => `brands[${catalog.brands.indexOf(withDomain[i] as CatalogBrand)}].customDomain`,
      'custom domain',
    ),
  )
  // What the file gives each of its brands: a stored holder the file gives another domain (or none) releases its own.
  const fileDomains = new Map(catalog.brands.map((b) => [b.slug, b.customDomain]))
  // A scoped import is told only that a brand of another organization is out of its scope (`Catalog.Scope`),
  // never whether that organization exists.
  const outOfScope = (b: CatalogBrand) => known.scopedTo !== undefined && b.organization !== known.scopedTo
  catalog.brands.forEach((b, i) => {
    if (!orgs.has(b.organization) && !known.organizations.has(b.organization) && !outOfScope(b)) {
      errors.push(
        issue(
          'Catalog.Reference',
          `brands[${i}].organization`,
          `organization '${b.organization}' does not exist in the file or the database`,
        ),
      )
    }
    errors.push(
      ...checkDomain(b, `brands[${i}]`, known, fileDomains),
      ...serviceHostIssues(b, `brands[${i}]`, known),
    )
  })
  return errors
}

/**
 * A host of the service itself as the brand's custom domain: given in the file, or kept from storage and activated by
 * it. (A stored one left inactive harms nothing, and a file that only names the brand may still change it.)
 */
function serviceHostIssues(brand: CatalogBrand, path: string, known: KnownSlugs): Issue[] {
  const given = brand.customDomain
  const domain =
    given === undefined && brand.customDomainActive === true ? known.brandDomains?.get(brand.slug) : given
  const variable = typeof domain === 'string' ? known.serviceHosts?.get(domain) : undefined
  if (variable === undefined) return []
  const at = given === undefined ? `${path}.customDomainActive` : `${path}.customDomain`
  const message = `custom domain '${domain}' is a host of this service itself (${variable}), not the brand's own: scans of it would be redirected to themselves`
  return [issue('Catalog.Domain', at, message)]
}

function checkDomain(
  brand: CatalogBrand,
  path: string,
  known: KnownSlugs,
  fileDomains: ReadonlyMap<string, string | null | undefined>,
): Issue[] {
  const domain = brand.customDomain
  if (domain === undefined || domain === null) {
    // An omitted domain keeps the stored one (as the import does), which the flag may then activate.
    const kept = domain === undefined && known.brandDomains?.has(brand.slug) === true
    return brand.customDomainActive && !kept
      ? [issue('Catalog.Domain', `${path}.customDomainActive`, 'an active custom domain needs customDomain')]
      : []
  }
  if (!isCustomDomain(domain)) {
    return [
      issue(
        'Catalog.Domain',
        `${path}.customDomain`,
        'expected a lower-case host name without scheme, port or path, e.g. id.brand.example',
      ),
    ]
  }
  const holder = known.domains.get(domain)
  return storedHolderKeeps(holder, brand.slug, domain, fileDomains)
    ? [
        issue(
          'Catalog.Duplicate',
          `${path}.customDomain`,
          known.scopedTo === undefined
            ? `custom domain '${domain}' already belongs to brand '${holder}'`
            : `custom domain '${domain}' is already in use`,
        ),
      ]
    : []
}
