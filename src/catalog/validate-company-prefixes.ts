/**
 * The GS1 Company Prefixes a file gives its organizations (DESIGN §12). A list given replaces the recorded one (left
 * out, the recorded one stays), so the prefixes each organization ends up with are checked as the CLI checks one
 * prefix: none held twice in a list (`Catalog.Duplicate`), none overlapping another organization's, in the file or
 * recorded (`Catalog.Ownership`). A scoped import may not change them (`validate-scope.ts`).
 */
import { type Issue, issue } from '../gs1/issue.ts'
import { COMPANY_PREFIX_DIGITS, overlaps } from './company-prefix.ts'
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
  // Recorded prefixes an organization keeps: one the file gives a list is checked through that list below.
  const kept = new PrefixOwners(recordedKept(catalog, known))
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
      // One an earlier organization of the file gives (the later one is reported), else one recorded.
      const other = earlierInFile(prefix, o.slug, catalog, i) ?? kept.other(prefix, o.slug, true)
      if (other === null) return
      const whose =
        known.scopedTo === undefined
          ? `${other.prefix} of organization '${other.owner}'`
          : 'a prefix of another organization'
      errors.push(issue('Catalog.Ownership', path(i, j), `${prefix} overlaps ${whose}: one of them must go`))
    })
  })
  return errors
}

/** A prefix an organization of the file before `index` (and other than `slug`) gives that overlaps `prefix`, or null. */
function earlierInFile(
  prefix: string,
  slug: string,
  catalog: ValidCatalog,
  index: number,
): { prefix: string; owner: string } | null {
  for (const o of catalog.organizations.slice(0, index)) {
    const hit = o.slug === slug ? undefined : o.companyPrefixes?.find((p) => overlaps(p, prefix))
    if (hit !== undefined) return { prefix: hit, owner: o.slug }
  }
  return null
}

/** The recorded prefixes (→ organization) but those of an organization the file gives a list. */
function recordedKept(catalog: ValidCatalog, known: KnownSlugs): Map<string, string> {
  const given = new Set(
    catalog.organizations.flatMap((o) => (o.companyPrefixes === undefined ? [] : [o.slug])),
  )
  const kept = new Map<string, string>()
  for (const [prefix, owner] of known.prefixOwners ?? []) if (!given.has(owner)) kept.set(prefix, owner)
  return kept
}

/**
 * Every GS1 Company Prefix → its organization once the file is written: the recorded ones (`known.prefixOwners`)
 * but those of an organization the file gives a list, then the file's lists.
 */
export function prefixOwnersAfter(catalog: ValidCatalog, known: KnownSlugs): PrefixOwners {
  const owners = recordedKept(catalog, known)
  for (const o of catalog.organizations)
    for (const prefix of o.companyPrefixes ?? []) if (!owners.has(prefix)) owners.set(prefix, o.slug)
  return new PrefixOwners(owners)
}

/** The company prefixes of all organizations, asked which of them a value or a rule's prefix reaches into. */
export class PrefixOwners {
  private readonly sorted: readonly string[]
  constructor(private readonly owners: ReadonlyMap<string, string>) {
    this.sorted = [...owners.keys()].sort()
  }

  /**
   * A prefix of an organization other than `organization` that `part` (a value's company part) starts with, or for a
   * rule (`rule` true) one that starts with `part` too: a rule's values would reach into it. Null when none.
   */
  other(part: string, organization: string, rule: boolean): { prefix: string; owner: string } | null {
    for (let n = COMPANY_PREFIX_DIGITS.min; n <= Math.min(COMPANY_PREFIX_DIGITS.max, part.length); n++) {
      const owner = this.owners.get(part.slice(0, n))
      if (owner !== undefined && owner !== organization) return { prefix: part.slice(0, n), owner }
    }
    if (!rule) return null
    // The prefixes starting with `part` sit together in sorted order, from the first one not below it.
    let low = 0
    let high = this.sorted.length
    while (low < high) {
      const mid = (low + high) >> 1
      if ((this.sorted[mid] as string) < part) low = mid + 1
      else high = mid
    }
    for (let i = low; i < this.sorted.length && (this.sorted[i] as string).startsWith(part); i++) {
      const prefix = this.sorted[i] as string
      const owner = this.owners.get(prefix) as string
      if (owner !== organization) return { prefix, owner }
    }
    return null
  }
}
