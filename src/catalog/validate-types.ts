/** The types of catalog validation, in a file of their own so that the checks import them without a cycle. */
import type { Issue } from '../gs1/issue.ts'
import type { CatalogFile } from './schema.ts'

/** What the database already holds that the file may refer to. */
export interface KnownSlugs {
  readonly organizations: ReadonlySet<string>
  readonly brands: ReadonlySet<string>
  /** Custom domain → slug of the brand holding it. */
  readonly domains: ReadonlyMap<string, string>
  /** `brand/product` slug pair → GTIN-14 of the stored product holding it (pairs the file uses). */
  readonly productSlugs?: ReadonlyMap<string, string>
  /** Brand slug → the custom domain stored for it (brands the file names that have one). */
  readonly brandDomains?: ReadonlyMap<string, string>
  /** Slugs of the brands (the file names) whose stored custom domain is active. */
  readonly activeBrandDomains?: ReadonlySet<string>
  /** Brand slug → slug of the organization that owns the stored brand (brands the file names). */
  readonly brandOrganizations?: ReadonlyMap<string, string>
  /** GTIN-14 → the stored product's brand and that brand's organization (GTINs the file names). */
  readonly productOwners?: ReadonlyMap<string, { readonly brand: string; readonly organization: string }>
  /** Organization slug → its GS1 Company Prefixes (organizations without any are absent: not checked). */
  readonly companyPrefixes?: ReadonlyMap<string, readonly string[]>
  /** Every recorded GS1 Company Prefix → slug of its organization. */
  readonly prefixOwners?: ReadonlyMap<string, string>
  /**
   * The one organization an import is scoped to (API, dashboard): its errors then name nothing of another
   * organization's, which its author may not see. Absent for an operator's import, whose errors name the owners.
   */
  readonly scopedTo?: string
  /**
   * The service's own hosts (host name → the variable naming it, e.g. `RESOLVER_URL`), from the caller's
   * configuration: no brand may claim one as its custom domain, since scans of it would be redirected to themselves.
   */
  readonly serviceHosts?: ReadonlyMap<string, string>
}

/**
 * A product, or an entry of another key (DESIGN §12) in the same shape: its `gtin` is then the entry's identity
 * (`src/catalog/entry-id.ts`) and `key` its key.
 */
export type CatalogEntry = NonNullable<CatalogFile['products']>[number] & { readonly key?: string }

export type ValidCatalog = {
  organizations: NonNullable<CatalogFile['organizations']>
  brands: NonNullable<CatalogFile['brands']>
  /** Products with `gtin` normalised to 14 digits, then the file's items (from `itemsFrom` on). */
  products: CatalogEntry[]
  /** The index in `products` of the file's first item; absent (or `products.length`) when it has none. */
  itemsFrom?: number
  /** The index in `products` of the file's first prefix rule (after the items); absent when it has none. */
  rulesFrom?: number
}

/** The JSON path of entry `i` in the file: `products[i]`, or `items[j]` for an item. */
export function entryPath(catalog: Pick<ValidCatalog, 'itemsFrom' | 'rulesFrom'>, i: number): string {
  const { list, at } = listOf(catalog, i)
  return `${list}[${at}]`
}

/** The JSON path of entry `i`'s identity: its `gtin`, an item's `value`, or a rule's `prefix`. */
export function entryIdPath(catalog: Pick<ValidCatalog, 'itemsFrom' | 'rulesFrom'>, i: number): string {
  const { list } = listOf(catalog, i)
  return `${entryPath(catalog, i)}.${list === 'products' ? 'gtin' : list === 'items' ? 'value' : 'prefix'}`
}

function listOf(catalog: Pick<ValidCatalog, 'itemsFrom' | 'rulesFrom'>, i: number) {
  const items = catalog.itemsFrom ?? Number.POSITIVE_INFINITY
  const rules = catalog.rulesFrom ?? Number.POSITIVE_INFINITY
  if (i >= rules) return { list: 'rules', at: i - rules } as const
  if (i >= items) return { list: 'items', at: i - items } as const
  return { list: 'products', at: i } as const
}

export type CatalogValidation = { ok: true; catalog: ValidCatalog } | { ok: false; errors: Issue[] }

/** The organization a scoped import is for (API, dashboard), as stored. */
export interface CatalogScope {
  readonly slug: string
  readonly name: string
  readonly plan: string
  readonly subscriptionStatus: string
}
