/** The resolver's storage port: what it needs to know about published products, nothing more. */

/** Language tags are lower case everywhere in the catalog (`en`, `fr-ca`). */
export type LanguageTag = string

/** One page of a product, in the languages it is published in. */
export interface CatalogPage {
  /** URL name, used in `/{locale}/{brand}/{product}/{page}` and accepted as a `linkType` value. */
  readonly name: string
  /** GS1 link type as a CURIE, e.g. `gs1:pip`. */
  readonly linkType: string
  readonly isDefault: boolean
  /** Title per language; the page is published in exactly these languages (insertion order kept). */
  readonly titles: Readonly<Record<LanguageTag, string>>
  /** Optional body text per language (the Markdown subset of docs/catalog.md), shown on a hosted page. */
  readonly content: Readonly<Record<LanguageTag, string>>
  /** A hosted page's image, with its alternative text per language; none when absent. */
  readonly image?: PageImage | null
  /**
   * An external page's URL or RFC 6570 template, one for all languages or one per language; absent or null for a
   * page hosted here.
   */
  readonly href?: string | Readonly<Record<LanguageTag, string>> | null
  /** An external page's media type (`text/html` when absent). */
  readonly mediaType?: string | null
  /** An external page's linkset `context`. */
  readonly context?: string | null
  /** The page exists from this instant (epoch milliseconds) on; always when absent. */
  readonly validFrom?: number | null
  /** The page exists until this instant (epoch milliseconds), exclusive; always when absent. */
  readonly validUntil?: number | null
}

export interface PageImage {
  /** An `https` URL. */
  readonly src: string
  readonly alt: Readonly<Record<LanguageTag, string>>
}

/** A published product as the resolver and the product pages see it. */
export interface CatalogProduct {
  /** GTIN-14. */
  readonly gtin: string
  readonly brandSlug: string
  readonly brandName: string
  readonly productSlug: string
  /** The brand's custom domain host (lower case, no port) when it is active, else null. */
  readonly customDomain: string | null
  readonly defaultLanguage: LanguageTag
  /** Languages the product is published in; includes the default language. */
  readonly languages: readonly LanguageTag[]
  /** Product name per language (may be empty). */
  readonly names: Readonly<Record<LanguageTag, string>>
  /** Exactly one page has `isDefault`. */
  readonly pages: readonly CatalogPage[]
  /**
   * Pages per lot (AI 10 value, exact): a scan of that lot sees them first; one with a product page's `name`
   * replaces that page (and is the default when it replaces the default), the others are added.
   */
  readonly lots?: Readonly<Record<string, readonly CatalogPage[]>>
  /** The owning organization, for scan analytics; absent where a catalog has no organizations (a catalog file). */
  readonly organizationId?: string
}

/** Read access to the published catalog. Implementations cache; every method may reject on storage failure. */
export interface Catalog {
  /** The published product with this GTIN-14, or null. */
  findByGtin(gtin: string): Promise<CatalogProduct | null>
  /**
   * The same answer when it is known without I/O (a fresh cache entry, an in-memory catalog): the product,
   * null when known to be absent, undefined when only `findByGtin` can tell. Lets a cached scan skip the
   * promise hops of a lookup; optional.
   */
  peekByGtin?(gtin: string): CatalogProduct | null | undefined
  /** The published product with this brand and product slug, or null (used by the product pages). */
  findBySlug(brandSlug: string, productSlug: string): Promise<CatalogProduct | null>
  /** Like `peekByGtin`, for `findBySlug`; optional. */
  peekBySlug?(brandSlug: string, productSlug: string): CatalogProduct | null | undefined
  /**
   * The published entry of another GS1 key (`00` SSCC, `414` GLN, …) with this value, as a product-shaped entry
   * (its `gtin` holds the key's value), or null. Optional: a catalog without it answers every other key 404.
   */
  findByKey?(key: string, value: string): Promise<CatalogProduct | null>
  /** Like `peekByGtin`, for `findByKey`; optional. */
  peekByKey?(key: string, value: string): CatalogProduct | null | undefined
  /** True when `host` (lower case, no port) is a brand's active custom domain. */
  isActiveCustomDomain(host: string): Promise<boolean>
}
