/**
 * The GS1 Company Prefixes a file gives its organizations (DESIGN §12). A list given replaces the recorded one (left
 * out, the recorded one stays), so the prefixes each organization ends up with are checked as the CLI checks one
 * prefix: none held twice in a list (`Catalog.Duplicate`), none overlapping another organization's, in the file or
 * recorded (`Catalog.Ownership`). A scoped import may not change them (`validate-scope.ts`).
 */
import { type Issue, issue } from '../gs1/issue.ts'
import { overlaps } from './company-prefix.ts'
import { duplicates } from './duplicates.ts'
import type { KnownSlugs, ValidCatalog } from './validate-types.ts'

/** Organization slug → the prefixes it holds once the file is written: the file's list, else the recorded one. */
export function effectivePrefixes(catalog: ValidCatalog, known: KnownSlugs): Map<string, readonly string[]> {
  const prefixes = new Map<string, readonly string[]>(known.companyPrefixes)
  for (const o of catalog.organizations) {
    if (o.companyPrefixes === undefined) continue
    if (o.companyPrefixes.length === 0) prefixes.delete(o.slug)
    else prefixes.set(o.slug, o.companyPrefixes)
  }
  return prefixes
}

export function checkCompanyPrefixes(catalog: ValidCatalog, known: KnownSlugs): Issue[] {
  const errors: Issue[] = []
  const path = (i: number, j: number) => `organizations[${i}].companyPrefixes[${j}]`
  catalog.organizations.forEach((o, i) => {
    const list = o.companyPrefixes ?? []
    errors.push(
      ...duplicates(
        list,
        (p) => p,
        (j) => path(i, j),
        'GS1 Company Prefix',
      ),
    )
    list.forEach((prefix, j) => {
      const other = overlapping(prefix, o.slug, catalog, i, known)
      if (other === null) return
      const whose =
        known.scopedTo === undefined
          ? `${other.prefix} of organization '${other.slug}'`
          : 'a prefix of another organization'
      errors.push(issue('Catalog.Ownership', path(i, j), `${prefix} overlaps ${whose}: one of them must go`))
    })
  })
  return errors
}

/**
 * Another organization's prefix that overlaps `prefix` once the file is written: one an earlier organization of the
 * file gives (the later one is reported), else one recorded that its organization keeps.
 */
function overlapping(
  prefix: string,
  slug: string,
  catalog: ValidCatalog,
  index: number,
  known: KnownSlugs,
): { prefix: string; slug: string } | null {
  for (const o of catalog.organizations.slice(0, index)) {
    const hit = o.slug === slug ? undefined : o.companyPrefixes?.find((p) => overlaps(p, prefix))
    if (hit !== undefined) return { prefix: hit, slug: o.slug }
  }
  for (const [recorded, owner] of known.prefixOwners ?? []) {
    if (owner === slug || !overlaps(recorded, prefix)) continue
    const given = catalog.organizations.some((o) => o.slug === owner && o.companyPrefixes !== undefined)
    // An organization the file gives a list is checked through its list above, or gives the prefix up.
    if (!given) return { prefix: recorded, slug: owner }
  }
  return null
}
