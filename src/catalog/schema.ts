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

/** Longest external link (or link template), in characters: what browsers and scanners reliably follow. */
export const MAX_HREF_CHARS = 2048
/** Longest `context` of an external link, in characters. */
export const MAX_CONTEXT_CHARS = 200
/** An RFC 3339 date-time with its offset (`Z` or `±hh:mm`); validation also checks it is a real instant. */
export const DATE_TIME_PATTERN =
  '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]{1,9})?)?(Z|[+-][0-9]{2}:[0-9]{2})$'
/** A media type without parameters (RFC 6838 §4.2). */
export const MEDIA_TYPE_PATTERN =
  '^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$'
const Href = Type.String({ minLength: 1, maxLength: MAX_HREF_CHARS })
const DateTime = Type.String({ pattern: DATE_TIME_PATTERN })

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
    companyPrefixes: Type.Optional(
      Type.Array(Type.String({ pattern: '^[0-9]{4,12}$' }), {
        maxItems: 1000,
        description:
          'The GS1 Company Prefixes the organization is licensed (DESIGN §12): given, they replace the recorded ones; ' +
          'left out, the recorded ones stay. An operator’s to change.',
      }),
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
    /** Hosted pages: the text per language, in the Markdown subset of docs/catalog.md. */
    content: Type.Optional(PerLanguage(Content)),
    /** Hosted pages: an image shown above the text, with its alternative text per language. */
    image: Type.Optional(
      Type.Object(
        { src: Href, alt: PerLanguage(Name, { minProperties: 1 }) },
        { additionalProperties: false },
      ),
    ),
    /** External pages: one URL (or RFC 6570 template) for every language, or one per language. */
    href: Type.Optional(Type.Union([Href, PerLanguage(Href, { minProperties: 1 })])),
    /** External pages: the media type of what `href` leads to (default `text/html`). */
    type: Type.Optional(Type.String({ pattern: MEDIA_TYPE_PATTERN })),
    /** External pages: the linkset's `context` of the link. */
    context: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_CONTEXT_CHARS })),
    /** The page exists from this instant on (never on the default page). */
    validFrom: Type.Optional(DateTime),
    /** The page exists until this instant, exclusive (never on the default page). */
    validUntil: Type.Optional(DateTime),
  },
  { additionalProperties: false },
)

/** The pages a scan of one lot sees first: one with a product page's name replaces it, the others are added. */
export const CatalogLotEntry = Type.Object(
  { pages: Type.Array(CatalogPageEntry, { minItems: 1 }) },
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
    /** Pages per lot (AI 10 value, exact and case-sensitive). */
    lots: Type.Optional(Type.Record(Type.String(), CatalogLotEntry)),
  },
  { additionalProperties: false },
)

/** The Digital Link primary key's AI of an item or a rule. */
const ENTRY_KEY = Type.String({ pattern: '^[0-9]{2,4}$', description: 'The Digital Link primary key’s AI.' })

/** An item's value or a rule's prefix. */
const entryValue = (description: string) => Type.String({ minLength: 1, maxLength: 90, description })

/** What an item or a rule holds besides the members naming it: a product's, but the GTIN. */
const ENTRY_MEMBERS = Type.Omit(CatalogProductEntry, ['gtin'])

/**
 * An entry of another GS1 key than the GTIN (DESIGN §12): a location's GLN (`414`), an asset type's GRAI (`8003`), a
 * document type's GDTI (`253`), a CPID (`8010`), … with names, pages and publishing like a product.
 */
export const CatalogItemEntry = Type.Composite(
  [
    Type.Object({ key: ENTRY_KEY, value: entryValue('The key’s value, as in its Digital Link.') }),
    ENTRY_MEMBERS,
  ],
  { additionalProperties: false },
)

/**
 * A prefix rule (DESIGN §12): pages for every value of a key that starts with `prefix` and has no entry of its own
 * (the longest matching prefix wins); its pages are usually external templates over `value` and the qualifiers.
 */
export const CatalogRuleEntry = Type.Composite(
  [
    Type.Object({ key: ENTRY_KEY, prefix: entryValue('The values it answers start with this.') }),
    ENTRY_MEMBERS,
  ],
  { additionalProperties: false },
)

export const CatalogFile = Type.Object(
  {
    organizations: Type.Optional(Type.Array(CatalogOrganization)),
    brands: Type.Optional(Type.Array(CatalogBrand)),
    products: Type.Optional(Type.Array(CatalogProductEntry)),
    items: Type.Optional(Type.Array(CatalogItemEntry)),
    rules: Type.Optional(Type.Array(CatalogRuleEntry)),
  },
  { additionalProperties: false },
)

export type CatalogFile = Static<typeof CatalogFile>
export type CatalogOrganization = Static<typeof CatalogOrganization>
export type CatalogBrand = Static<typeof CatalogBrand>
export type CatalogProductEntry = Static<typeof CatalogProductEntry>
export type CatalogPageEntry = Static<typeof CatalogPageEntry>
export type CatalogLotEntry = Static<typeof CatalogLotEntry>
export type CatalogItemEntry = Static<typeof CatalogItemEntry>
export type CatalogRuleEntry = Static<typeof CatalogRuleEntry>
