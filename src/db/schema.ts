/** Drizzle schema: organizations, API clients, signing keys, and the catalog (brands, products, pages). */
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

export const PLANS = ['free', 'starter', 'pro', 'enterprise'] as const
export type Plan = (typeof PLANS)[number]
export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled'] as const
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    plan: text('plan').$type<Plan>().notNull().default('free'),
    subscriptionStatus: text('subscription_status').$type<SubscriptionStatus>().notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('organizations_plan_check', sql`${t.plan} in ('free', 'starter', 'pro', 'enterprise')`),
    check('organizations_status_check', sql`${t.subscriptionStatus} in ('active', 'past_due', 'canceled')`),
  ],
)

export const apiClients = pgTable(
  'api_clients',
  {
    /** `svc_client_…`, safe to log. */
    id: text('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    /** Password hash of the secret (never the secret itself). */
    secretHash: text('secret_hash').notNull(),
    blocked: boolean('blocked').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    check('api_clients_id_check', sql`${t.id} like 'svc\\_client\\_%'`),
    index('api_clients_organization_idx').on(t.organizationId),
  ],
)

export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  algorithm: text('algorithm').notNull(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
  /** Set when a newer key takes over signing; the key still verifies until its tokens expire. */
  retiredAt: timestamp('retired_at', { withTimezone: true }),
})

export const brands = pgTable(
  'brands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    customDomain: text('custom_domain').unique(),
    customDomainActive: boolean('custom_domain_active').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('brands_organization_idx').on(t.organizationId)],
)

/** `[language, name]` of a product, in `resolver_names`. */
export type ResolverName = [language: string, name: string]

/** A page in `resolver_pages`, in position order: `titles` as `[language, title, content]` in catalog order. */
export interface ResolverPage {
  id: string
  name: string
  linkType: string
  titles: [language: string, title: string, content: string | null][]
}

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    gtin: text('gtin').notNull().unique(),
    slug: text('slug').notNull(),
    published: boolean('published').notNull().default(true),
    defaultLanguage: text('default_language').notNull(),
    /** Languages the product is published in, in catalog order; includes the default language. */
    languages: jsonb('languages').$type<string[]>().notNull(),
    /**
     * The default page. A deferred composite foreign key to `pages (product_id, id)` (custom migration) makes
     * "exactly one default page, of this product" a structural fact rather than a trigger's check.
     */
    defaultPageId: uuid('default_page_id').notNull(),
    /**
     * The product's names and pages (with titles) as the resolver reads them, written with the product by the
     * catalog import: an uncached scan then reads one row, not five tables (docs/design.md, "Storage").
     * `product_names`, `pages` and `page_titles` stay the source of the export and the constraints.
     */
    resolverNames: json('resolver_names').$type<ResolverName[]>().notNull(),
    resolverPages: json('resolver_pages').$type<ResolverPage[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_brand_slug_idx').on(t.brandId, t.slug),
    check('products_gtin_check', sql`${t.gtin} ~ '^[0-9]{14}$'`),
  ],
)

export const productNames = pgTable(
  'product_names',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.language] })],
)

export const pages = pgTable(
  'pages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** URL name of the page. */
    name: text('name').notNull(),
    /** GS1 link type as a CURIE (`gs1:pip`). */
    linkType: text('link_type').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('pages_product_name_idx').on(t.productId, t.name),
    // Target of the products' default-page foreign key.
    unique('pages_product_id_id_unique').on(t.productId, t.id),
  ],
)

export const pageTitles = pgTable(
  'page_titles',
  {
    pageId: uuid('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    /** Position of the language in the page's published list, to keep catalog order. */
    position: integer('position').notNull(),
    title: text('title').notNull(),
    content: text('content'),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.language] })],
)
