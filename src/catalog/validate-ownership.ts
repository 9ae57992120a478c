/**
 * Ownership across organizations: an import never moves a stored brand to another organization, nor a stored
 * product (its GTIN) to a brand of another organization (`Catalog.Ownership`). Within one organization a product
 * may move between brands.
 */
import { type Issue, issue } from '../gs1/issue.ts'
import { COMPANY_PREFIX_DIGITS, companyPart, outsidePrefixes, withinPrefixes } from './company-prefix.ts'
import { describeEntry, isRuleEntry, keyOfEntry, ruleMembers } from './entry-id.ts'
import { effectivePrefixes, type PrefixOwners, prefixOwnersAfter } from './validate-company-prefixes.ts'
import { entryIdPath, type KnownSlugs, type ValidCatalog } from './validate-types.ts'

export function checkOwnership(catalog: ValidCatalog, known: KnownSlugs): Issue[] {
  const errors: Issue[] = []
  catalog.brands.forEach((b, i) => {
    const owner = known.brandOrganizations?.get(b.slug)
    if (owner !== undefined && owner !== b.organization) {
      errors.push(
        issue(
          'Catalog.Ownership',
          `brands[${i}].organization`,
          known.scopedTo === undefined
            ? `brand '${b.slug}' belongs to organization '${owner}'; an import cannot move it to '${b.organization}'`
            : `brand '${b.slug}' belongs to another organization; choose another slug`,
        ),
      )
    }
  })
  // The organization each brand the file names ends up in: the file's word for a brand it lists, else the stored one.
  const brandOrganization = new Map(known.brandOrganizations)
  for (const b of catalog.brands)
    if (!brandOrganization.has(b.slug)) brandOrganization.set(b.slug, b.organization)
  // Checked against the prefixes every organization holds once the file's lists are written.
  const held = effectivePrefixes(catalog, known)
  const owners = prefixOwnersAfter(catalog, known)
  catalog.products.forEach((p, i) => {
    const organization = brandOrganization.get(p.brand)
    const prefixes = organization === undefined ? undefined : held.get(organization)
    if (prefixes !== undefined && organization !== undefined && !withinOwnPrefixes(p.gtin, prefixes))
      errors.push(outsidePrefixes(entryIdPath(catalog, i), describeEntry(p.gtin), organization, prefixes))
    else if (organization !== undefined) {
      const other = othersPrefix(p.gtin, organization, owners)
      if (other !== null) errors.push(insideOthers(entryIdPath(catalog, i), p.gtin, other, known))
    }
    const stored = known.productOwners?.get(p.gtin)
    if (stored === undefined || organization === undefined || stored.organization === organization) return
    errors.push(
      issue(
        'Catalog.Ownership',
        entryIdPath(catalog, i),
        known.scopedTo === undefined
          ? `${describeEntry(p.gtin)} belongs to brand '${stored.brand}' of organization '${stored.organization}'; ` +
              `an import cannot move it to brand '${p.brand}' of organization '${organization}'`
          : `${describeEntry(p.gtin)} belongs to another organization`,
      ),
    )
  })
  return errors
}

/** Another organization's prefix that the entry lies within, or that a rule's values reach into; null when none. */
function othersPrefix(id: string, organization: string, owners: PrefixOwners) {
  const { key, value } = keyOfEntry(id)
  const rule = isRuleEntry(id)
  const part = companyPart(key, rule ? ruleMembers(id).prefix : value)
  if (key === '01' && part.startsWith('00000')) return null
  // A rule's prefix shorter than any company prefix is refused as such (`prefixProblem`), not once per prefix it covers.
  if (rule && part.length < COMPANY_PREFIX_DIGITS.min) return null
  return owners.other(part, organization, rule)
}

function insideOthers(path: string, id: string, other: { prefix: string; owner: string }, known: KnownSlugs) {
  const whose =
    known.scopedTo === undefined
      ? `GS1 Company Prefix ${other.prefix} of organization '${other.owner}'`
      : 'a GS1 Company Prefix of another organization'
  const what = isRuleEntry(id)
    ? `the values of ${describeEntry(id)} reach into`
    : `${describeEntry(id)} lies within`
  return issue('Catalog.Ownership', path, `${what} ${whose}`)
}

/**
 * Whether an entry (or a rule's prefix) lies within its organization's prefixes. A GTIN-8 (six leading zeros in 14
 * digits) carries a GS1-8 Prefix, not a company prefix: not checked.
 */
function withinOwnPrefixes(id: string, prefixes: readonly string[]): boolean {
  const { key, value } = keyOfEntry(id)
  if (key === '01' && companyPart(key, value).startsWith('00000')) return true
  return withinPrefixes(key, isRuleEntry(id) ? ruleMembers(id).prefix : value, prefixes)
}
