/** TypeBox schemas of the catalog endpoints (DESIGN §8); the OpenAPI document is built from them. */
import { type TObject, Type } from '@sinclair/typebox'
import { CatalogFile, CatalogItemEntry, CatalogProductEntry, CatalogRuleEntry } from '../../catalog/schema.ts'

/** Most products (items, rules) per page of `GET /products` (`/items`, `/rules`). */
export const MAX_PAGE_LIMIT = 500
export const DEFAULT_PAGE_LIMIT = 100
/** Longest search of `GET /products` and `GET /items`, in characters. */
export const MAX_SEARCH_CHARS = 200

export { CatalogFile }

/** A product in the import format; in `PUT /products/{gtin}` the path names the GTIN, so `gtin` may be left out. */
export const ProductBody = Type.Composite(
  [Type.Omit(CatalogProductEntry, ['gtin']), Type.Object({ gtin: Type.Optional(Type.String()) })],
  { additionalProperties: false, description: 'A product as in the catalog import file.' },
)

export const Product = Type.Composite([CatalogProductEntry], {
  description: 'A stored product, every member explicit; `gtin` has 14 digits.',
})

/** What a list says of every entry besides the members naming it. */
const SUMMARY = {
  brand: Type.String(),
  slug: Type.String(),
  published: Type.Boolean(),
  defaultLanguage: Type.String(),
  languages: Type.Array(Type.String()),
  name: Type.Union([Type.String(), Type.Null()], { description: 'The name in the default language.' }),
  updatedAt: Type.String({ format: 'date-time' }),
}

const NEXT_CURSOR = Type.Union([Type.String(), Type.Null()], {
  description: 'Pass as `cursor` for the next page; null on the last page.',
})

export const ProductSummary = Type.Object(
  { gtin: Type.String({ pattern: '^[0-9]{14}$' }), ...SUMMARY },
  { additionalProperties: false },
)

export const ProductPage = Type.Object(
  { products: Type.Array(Type.Ref('#/components/schemas/ProductSummary')), nextCursor: NEXT_CURSOR },
  { additionalProperties: false },
)

const KEY_IN_PATH = Type.String({
  pattern: '^[0-9]{2,4}$',
  description: 'The path’s key, or left out.',
})

/**
 * An entry as in the import file, where `PUT /items/{key}/{value}` or `PUT /rules/{key}/{prefix}` lets the path name
 * it: `key` and `member` may be left out.
 */
function pathNamedBody(entry: TObject, member: 'value' | 'prefix', description: string) {
  return Type.Composite(
    [
      Type.Omit(entry, ['key', member]),
      Type.Object({
        key: Type.Optional(KEY_IN_PATH),
        [member]: Type.Optional(Type.String({ description: `The path’s ${member}, or left out.` })),
      }),
    ],
    { additionalProperties: false, description },
  )
}

/** An item (an entry of another GS1 key than the GTIN) as in the import file's `items`. */
export const ItemBody = pathNamedBody(
  CatalogItemEntry,
  'value',
  'An item as in the catalog import file’s `items`.',
)

export const Item = Type.Composite([CatalogItemEntry], {
  description: 'A stored item, every member explicit.',
})

/** A prefix rule as in the import file's `rules`. */
export const RuleBody = pathNamedBody(
  CatalogRuleEntry,
  'prefix',
  'A prefix rule as in the catalog import file’s `rules`.',
)

export const Rule = Type.Composite([CatalogRuleEntry], {
  description: 'A stored prefix rule, every member explicit.',
})

export const ItemSummary = Type.Object(
  { key: Type.String(), value: Type.String(), ...SUMMARY },
  { additionalProperties: false },
)

export const ItemPage = Type.Object(
  { items: Type.Array(Type.Ref('#/components/schemas/ItemSummary')), nextCursor: NEXT_CURSOR },
  { additionalProperties: false },
)

export const RuleSummary = Type.Object(
  { key: Type.String(), prefix: Type.String(), ...SUMMARY },
  { additionalProperties: false },
)

export const RulePage = Type.Object(
  { rules: Type.Array(Type.Ref('#/components/schemas/RuleSummary')), nextCursor: NEXT_CURSOR },
  { additionalProperties: false },
)

export const Brand = Type.Object(
  {
    slug: Type.String(),
    name: Type.String(),
    customDomain: Type.Union([Type.String(), Type.Null()]),
    customDomainActive: Type.Boolean({
      description: 'Set by an operator once the DNS points at the resolver.',
    }),
    products: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
)

export const BrandList = Type.Object(
  { brands: Type.Array(Type.Ref('#/components/schemas/Brand')) },
  { additionalProperties: false },
)

export const BrandBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    customDomain: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description:
          'Requests a custom domain (inactive until an operator activates it); null gives it up; absent keeps it.',
      }),
    ),
  },
  { additionalProperties: false },
)

const Counts = Type.Object({
  created: Type.Integer({ minimum: 0 }),
  updated: Type.Integer({ minimum: 0 }),
  unchanged: Type.Integer({ minimum: 0 }),
})

export const ImportReport = Type.Object(
  {
    dryRun: Type.Boolean({ description: 'True when nothing was written.' }),
    organizations: Counts,
    brands: Counts,
    products: Type.Composite([Counts], { description: 'Entries of GTINs (the file’s `products`).' }),
    items: Type.Composite([Counts], { description: 'Entries of the other keys (the file’s `items`).' }),
    rules: Type.Composite([Counts], { description: 'Prefix rules (the file’s `rules`).' }),
    changes: Type.Integer({ minimum: 0, description: 'Created plus updated, over every kind.' }),
    warnings: Type.Array(
      Type.Object(
        { code: Type.String(), path: Type.Union([Type.String(), Type.Null()]), message: Type.String() },
        { additionalProperties: false },
      ),
      {
        description:
          'Imported all the same, but visitors would find it wanting: `Catalog.NoText`, a hosted page with a title in a language but neither text nor image there (visitors see only a notice); `Catalog.NoName`, a published entry without a name in its default language (scanners’ pages and the linkset show none). At most 100.',
      },
    ),
  },
  { additionalProperties: false },
)

export const ScanReport = Type.Object(
  {
    from: Type.String({ format: 'date' }),
    to: Type.String({ format: 'date' }),
    groupBy: Type.String(),
    total: Type.Integer({ minimum: 0 }),
    groups: Type.Array(
      Type.Object(
        {
          key: Type.String({
            description: 'The day, GTIN, link type…; an empty string for none (a linkset has no link type).',
          }),
          count: Type.Integer({ minimum: 0 }),
        },
        { additionalProperties: false },
      ),
      { description: 'By day in day order; otherwise the largest count first.' },
    ),
  },
  { additionalProperties: false },
)
