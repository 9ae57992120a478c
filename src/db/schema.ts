/** Drizzle schema: organizations, API clients, signing keys, the catalog (brands, products, pages), the dashboard's people and sessions, and the audit log. */
import { sql } from 'drizzle-orm'
import {
  bigint,
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

/**
 * The GS1 Company Prefixes an organization is licensed (DESIGN §12): its entries and prefix rules must lie within
 * them. None recorded: not checked. Two organizations never hold overlapping prefixes (the service checks it under
 * the table's lock).
 */
export const companyPrefixes = pgTable(
  'company_prefixes',
  {
    prefix: text('prefix').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('company_prefixes_organization_idx').on(t.organizationId),
    check('company_prefixes_prefix_check', sql`${t.prefix} ~ '^[0-9]{4,12}$'`),
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

/**
 * What a page adds beyond its name, type and titles (DESIGN §11), in the catalog file's member order: read and
 * written whole with the page, never queried by member, so one JSON value (null when it adds nothing).
 */
export interface PageExtras {
  image?: { src: string; alt: Record<string, string> }
  href?: string | Record<string, string>
  type?: string
  context?: string
  /** RFC 3339 text as imported, so that an export gives back what was written. */
  validFrom?: string
  validUntil?: string
}

/**
 * A page in `resolver_pages`, in position order: `titles` as `[language, title, content]` in catalog order; `lot`
 * for a lot's page; its extras when it has any.
 */
export interface ResolverPage {
  id: string
  name: string
  linkType: string
  titles: [language: string, title: string, content: string | null][]
  lot?: string
  extras?: PageExtras
}

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    /** A GTIN-14; for an entry of another key (DESIGN §12) its `{key}/{value}` (src/catalog/entry-id.ts). */
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
    /** Lower-case slug and names, one scan of short text for the catalog search (`productSearchText`). */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_brand_slug_idx').on(t.brandId, t.slug),
    // A brand's products in GTIN order (the catalog list's pages), and slugs across brands (the import's checks).
    index('products_brand_gtin_idx').on(t.brandId, t.gtin),
    index('products_slug_idx').on(t.slug),
    // Prefix rules of GTINs (`01/{prefix}~`): whether any exists decides the query of a GTIN's scan (lookup.ts).
    index('products_gtin_rules_idx').on(t.gtin).where(sql`${t.gtin} like '01/%'`),
    // A product's GTIN-14, or an entry of another key as `{key}/{value}` (src/catalog/entry-id.ts).
    check('products_gtin_check', sql`${t.gtin} ~ '^[0-9]{14}$' or ${t.gtin} ~ '^[0-9]{2,4}/.'`),
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
    /** Order within the product: its own pages first, then each lot's, lot by lot. */
    position: integer('position').notNull(),
    /** The lot (AI 10 value) whose scans see this page first; '' for the product's own pages. */
    lot: text('lot').notNull().default(''),
    /** External link, image, window (PageExtras); null for a plain hosted page. */
    extras: jsonb('extras').$type<PageExtras>(),
  },
  (t) => [
    uniqueIndex('pages_product_name_idx').on(t.productId, t.lot, t.name),
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

/** Roles of a member in an organization (DESIGN §7): owner does everything, editor the catalog, viewer reads. */
export const ROLES = ['owner', 'editor', 'viewer'] as const
export type Role = (typeof ROLES)[number]

/** People who sign in to the dashboard. The email is unique case-insensitively; only an argon2id hash is kept. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** PHC string of `Bun.password` (argon2id); null until the user sets a password. */
    passwordHash: text('password_hash'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
)

export const memberships = pgTable(
  'memberships',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    role: text('role').$type<Role>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.organizationId] }),
    index('memberships_organization_idx').on(t.organizationId),
    check('memberships_role_check', sql`${t.role} in ('owner', 'editor', 'viewer')`),
  ],
)

/** Dashboard sessions: the cookie holds a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The absolute end; the idle end is `last_seen_at` plus the idle timeout. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/**
 * Forms already sent in a session, by the one-time id each form carries: a reload of the page that answered a form,
 * or a second click, does not make the change twice. Rows end with their session.
 */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    sessionHash: text('session_hash')
      .notNull()
      .references(() => sessions.tokenHash, { onDelete: 'cascade' }),
    formId: text('form_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.sessionHash, t.formId] })],
)

/** One-time set-password links (from the CLI's `user create` and `user reset-password`): only their SHA-256. */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_tokens_user_idx').on(t.userId)],
)

/** Invitations to join an organization with a role, by link (or mail); only the link token's SHA-256 is kept. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').$type<Role>().notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [
    index('invitations_organization_idx').on(t.organizationId),
    check('invitations_role_check', sql`${t.role} in ('owner', 'editor', 'viewer')`),
  ],
)

export const ACTOR_KINDS = ['user', 'api_client', 'cli'] as const
export type ActorKind = (typeof ACTOR_KINDS)[number]

/** What changed, who changed it and when (DESIGN §7 "Audit"); kept 400 days. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The organization the change belongs to; null for operator changes outside any (a signing key, say). */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    actorKind: text('actor_kind').$type<ActorKind>().notNull(),
    /** User ID or client ID; null for the CLI. */
    actorId: text('actor_id'),
    /** What the log shows for the actor: an email, a client ID, `cli`. */
    actorLabel: text('actor_label').notNull(),
    /** `api_client.create`, `member.role`, `brand.domain_request`, … */
    action: text('action').notNull(),
    targetKind: text('target_kind').notNull(),
    targetId: text('target_id'),
    /** Before/after summary: small, never a secret. */
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_events_organization_idx').on(t.organizationId, t.id),
    index('audit_events_occurred_idx').on(t.occurredAt),
    check('audit_events_actor_check', sql`${t.actorKind} in ('user', 'api_client', 'cli')`),
  ],
)

export const HOST_KINDS = ['resolver', 'short', 'custom'] as const
export const SCAN_OUTCOMES = ['redirect', 'linkset', 'not_found', 'invalid', 'domain_redirect'] as const
export const DEVICE_CLASSES = ['mobile', 'desktop', 'bot', 'other'] as const

/**
 * Scans counted per UTC day, organization, GTIN and answer (DESIGN §9): never a client address, a User-Agent, a lot
 * or a serial. `link_type` and `language` are '' when the answer had none. The flag columns count how many of the
 * scans carried a lot, a serial, an expiry date, or came compressed.
 */
export const scanCounts = pgTable(
  'scan_counts',
  {
    day: text('day').notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    gtin: text('gtin').notNull(),
    hostKind: text('host_kind').notNull(),
    outcome: text('outcome').notNull(),
    linkType: text('link_type').notNull(),
    language: text('language').notNull(),
    device: text('device').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
    withLot: bigint('with_lot', { mode: 'number' }).notNull().default(0),
    withSerial: bigint('with_serial', { mode: 'number' }).notNull().default(0),
    withExpiry: bigint('with_expiry', { mode: 'number' }).notNull().default(0),
    compressed: bigint('compressed', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({
      columns: [t.organizationId, t.day, t.gtin, t.hostKind, t.outcome, t.linkType, t.language, t.device],
    }),
    index('scan_counts_day_idx').on(t.day),
    check('scan_counts_day_check', sql`${t.day} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
  ],
)
