/** The catalog import file as a TypeBox schema: the same rules as `catalog.schema.json`, one source of truth here. */
import { type Static, Type } from '@sinclair/typebox'

const SLUG = '^[a-z0-9][a-z0-9-]{0,62}$'
const PRODUCT_SLUG = '^[a-z0-9][a-z0-9-]{0,99}$'
export const LANGUAGE_PATTERN = '^[a-z]{2}(-[a-z]{2})?$'

/**
 * Longest name (organization, brand, product) or page title, in characters (code points, as JSON Schema counts
 * them): GS1's own trade item description takes 200. Titles travel in every linkset and page of the product.
 */
export const MAX_NAME_CHARS = 200
/** Longest body text of a product page in one language, in characters. */
export const MAX_CONTENT_CHARS = 20_000
/**
 * Published as JSON Schema says lengths (in characters); TypeBox would count UTF-16 units, so validation checks
 * these lengths itself (`src/catalog/validate.ts`): 200 emoji are 200 characters but 400 units.
 */
const Name = Type.String({ minLength: 1, maxLength: MAX_NAME_CHARS })
const Content = Type.String({ maxLength: MAX_CONTENT_CHARS })

const Language = Type.String({ pattern: LANGUAGE_PATTERN })
const PerLanguage = (value: ReturnType<typeof Type.String>, options = {}) =>
  Type.Record(Type.String({ pattern: LANGUAGE_PATTERN }), value, { additionalProperties: false, ...options })

export const CatalogOrganization = Type.Object(
  {
    slug: Type.String({ pattern: SLUG }),
    name: Name,
    plan: Type.Optional(
      Type.Union([
        Type.Literal('free'),
        Type.Literal('starter'),
        Type.Literal('pro'),
        Type.Literal('enterprise'),
      ]),
    ),
    subscriptionStatus: Type.Optional(
      Type.Union([Type.Literal('active'), Type.Literal('past_due'), Type.Literal('canceled')]),
    ),
  },
  { additionalProperties: false },
)

export const CatalogBrand = Type.Object(
  {
    slug: Type.String({ pattern: SLUG }),
    name: Name,
    organization: Type.String(),
    customDomain: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    customDomainActive: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)

export const CatalogPageEntry = Type.Object(
  {
    name: Type.String({ pattern: SLUG }),
    linkType: Type.String(),
    default: Type.Optional(Type.Boolean()),
    titles: PerLanguage(Name, { minProperties: 1 }),
    content: Type.Optional(PerLanguage(Content)),
  },
  { additionalProperties: false },
)

export const CatalogProductEntry = Type.Object(
  {
    gtin: Type.String({ pattern: '^([0-9]{8}|[0-9]{12,14})$' }),
    brand: Type.String(),
    slug: Type.String({ pattern: PRODUCT_SLUG }),
    published: Type.Optional(Type.Boolean()),
    defaultLanguage: Language,
    languages: Type.Array(Language, { minItems: 1, uniqueItems: true }),
    names: Type.Optional(PerLanguage(Name)),
    pages: Type.Array(CatalogPageEntry, { minItems: 1 }),
  },
  { additionalProperties: false },
)

export const CatalogFile = Type.Object(
  {
    organizations: Type.Optional(Type.Array(CatalogOrganization)),
    brands: Type.Optional(Type.Array(CatalogBrand)),
    products: Type.Optional(Type.Array(CatalogProductEntry)),
  },
  { additionalProperties: false },
)

export type CatalogFile = Static<typeof CatalogFile>
export type CatalogOrganization = Static<typeof CatalogOrganization>
export type CatalogBrand = Static<typeof CatalogBrand>
export type CatalogProductEntry = Static<typeof CatalogProductEntry>
export type CatalogPageEntry = Static<typeof CatalogPageEntry>
