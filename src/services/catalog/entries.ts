/**
 * An organization's catalog entries one at a time, whatever their key (DESIGN §8, §12): products by GTIN, items of
 * other keys by key and value, prefix rules by key and prefix. All are rows of one table told apart by their identity
 * (`src/catalog/entry-id.ts`), so one implementation reads them with an ETag, creates or replaces them (`If-Match`,
 * `If-None-Match: *`), deletes and lists them; a kind says only how its identity is spelled, checked and searched.
 * Writes go through the catalog import, so an entry has one set of rules however it comes.
 */
import { createHash } from 'node:crypto'
import { and, asc, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm'
import {
  candidateIds,
  describeEntry,
  entryId,
  GTIN_KEY,
  isRuleEntry,
  keyOfEntry,
  ruleId,
  ruleMembers,
} from '../../catalog/entry-id.ts'
import { prefixProblem, wrongCheckDigit } from '../../catalog/validate-products.ts'
import type { CatalogScope } from '../../catalog/validate-scope.ts'
import { CATALOG_CHANNEL } from '../../db/channels.ts'
import type { Db, Tx } from '../../db/database.ts'
import { brands, productNames, products } from '../../db/schema.ts'
import type { AiInfo } from '../../gs1/ai-notation.ts'
import { aiInfo, isDlPrimaryKey } from '../../gs1/ai-table.ts'
import { checkAiValue } from '../../gs1/ai-value.ts'
import { normaliseGtin, parseGtin } from '../../gs1/gtin.ts'
import { type Issue, issue, quote } from '../../gs1/issue.ts'
import { type Actor, recordAudit } from '../audit.ts'
import { importInTransaction, lockCatalog } from './import.ts'
import {
  type CanonicalProduct,
  ITEM_ROWS,
  loadProducts,
  MOST_SPECIFIC,
  PRODUCT_ROWS,
  RULE_ROWS,
} from './rows.ts'

/** The organization a request is for: its ID (for the queries) and its stored values (for the import's scope). */
export interface OrganizationScope extends CatalogScope {
  readonly id: string
}

/** The members that name an entry in the file and the API: `{gtin}`, `{key, value}` or `{key, prefix}`. */
export type Identity = Readonly<Record<string, string>>

/** What a path names: an entry's identity, a value its key refuses (400), or nothing any entry can be (null: 404). */
export type PathIdentity = { readonly id: string } | { readonly problem: Issue } | null

/** What tells one kind of entry from the others: how its identity is spelled, checked and searched. */
export interface EntryKind<I extends Identity = Identity> {
  /** What messages, the audit log's targets and `NOTIFY` call one entry. */
  readonly noun: 'product' | 'item' | 'rule'
  /** Its list in the catalog file. */
  readonly list: 'products' | 'items' | 'rules'
  /** Its rows among the products table's. */
  readonly rows: SQL
  /** The member naming what only one entry may hold, where a 409 `Catalog.Ownership` points. */
  readonly idMember: string
  /** The members that spell identity `id`, in the file's order. */
  members(id: string): I
  /** The identity a path's parameters name. */
  identify(path: Identity): PathIdentity
  /** True when `id` is an identity of this kind (the last one of a page, come back in a cursor). */
  isIdentity(id: string): boolean
  /** Members of a body that name another entry than `id` (`Catalog.Mismatch`); one left out names none. */
  mismatches(body: Readonly<Record<string, unknown>>, id: string): Issue[]
  /** What a search term matches besides the URL name and the names: the identity from its start. */
  matching(q: string): SQL
}

/** A stored entry as the file and the API show it: its identity's members, then what every entry has. */
export type EntryOf<I extends Identity> = I & Omit<CanonicalProduct, 'gtin'>

export interface StoredEntryView<I extends Identity = Identity> {
  readonly entry: EntryOf<I>
  /** A strong ETag of the entry's representation (RFC 9110 §8.8.3). */
  readonly etag: string
}

/** `"…"`: the first 128 bits of the SHA-256 of the entry's canonical JSON. */
export function entryEtag(entry: unknown): string {
  return `"${createHash('sha256').update(JSON.stringify(entry)).digest('hex').slice(0, 32)}"`
}

/** A search term for SQL `like`, its wildcards escaped. */
function likeText(q: string): string {
  return q.replace(/[\\%_]/g, (c) => `\\${c}`)
}

function searchTextHas(q: string): SQL {
  return sql`${products.searchText} like ${`%${likeText(q.toLowerCase())}%`}`
}

/** Products by GTIN: a path's GTIN in 8, 12, 13 or 14 digits; a wrong check digit is a typing slip (400). */
export const PRODUCTS: EntryKind<{ gtin: string }> = {
  noun: 'product',
  list: 'products',
  rows: PRODUCT_ROWS,
  idMember: 'gtin',
  members: (gtin) => ({ gtin }),
  identify(path) {
    const gtin = path.gtin ?? ''
    const parsed = parseGtin(gtin)
    if (parsed.ok) return { id: parsed.gtin }
    if (parsed.reason !== 'checkDigit') return null
    return { problem: issue('Validation.CheckDigit.gtin', 'gtin', wrongCheckDigit(gtin)) }
  },
  isIdentity: (id) => /^\d{14}$/.test(id),
  mismatches(body, gtin) {
    if (body.gtin === undefined || (typeof body.gtin === 'string' && normaliseGtin(body.gtin) === gtin))
      return []
    return [issue('Catalog.Mismatch', 'gtin', `gtin must be the path's GTIN ${gtin} (or be left out)`)]
  },
  matching(q) {
    const tests: SQL[] = [searchTextHas(q)]
    if (/^\d{1,14}$/.test(q)) {
      // A GTIN-13 (the digits under an EAN barcode) is stored with a leading zero; a whole GTIN of any length matches.
      tests.push(sql`${products.gtin} like ${`${q}%`}`, sql`${products.gtin} like ${`0${q}%`}`)
      const whole = normaliseGtin(q)
      if (whole !== null) tests.push(eq(products.gtin, whole))
    }
    return or(...tests) as SQL
  },
}

/**
 * The Syntax Dictionary's entry of a key an item or rule may have: a Digital Link primary key, for an item any but
 * the GTIN's (products carry GTINs); a rule may cover GTINs too.
 */
function entryKeyInfo(key: string | undefined, noun: 'item' | 'rule'): AiInfo | null {
  if (key === undefined || !isDlPrimaryKey(key) || (key === GTIN_KEY && noun === 'item')) return null
  return aiInfo(key) ?? null
}

/** True when entries of this kind may have this key (see `entryKeyInfo`). */
export function isEntryKey(key: string, noun: 'item' | 'rule'): boolean {
  return entryKeyInfo(key, noun) !== null
}

/** The path's members that differ from the identity's: the body may leave each out, or must say the same. */
function differing(body: Readonly<Record<string, unknown>>, members: Identity): Issue[] {
  return Object.entries(members).flatMap(([name, value]) =>
    body[name] === undefined || body[name] === value
      ? []
      : [
          issue(
            'Catalog.Mismatch',
            name,
            `${name} must be the path's ${name} ${quote(value)} (or be left out)`,
          ),
        ],
  )
}

/** The value (of an item) or prefix (of a rule) from its start, after the key and its `/`. */
function valueStarts(q: string): SQL {
  return sql`substr(${products.gtin}, strpos(${products.gtin}, '/') + 1) like ${`${likeText(q)}%`}`
}

/** Items of every other key, by key and value (`414/9506000000008`): the value as the Syntax Dictionary says. */
export const ITEMS: EntryKind<{ key: string; value: string }> = {
  noun: 'item',
  list: 'items',
  rows: ITEM_ROWS,
  idMember: 'value',
  members(id) {
    const { key, value } = keyOfEntry(id)
    return { key, value }
  },
  identify(path) {
    const info = entryKeyInfo(path.key, 'item')
    const value = path.value ?? ''
    if (info === null) return null
    const problem = checkAiValue(info, value)
    if (problem === null) return { id: entryId(info.ai, value) }
    return { problem: issue(`Validation.${problem.reason}.value`, 'value', problem.message) }
  },
  isIdentity: (id) => /^\d{2,4}\/.+$/.test(id) && !isRuleEntry(id),
  mismatches: (body, id) => differing(body, ITEMS.members(id)),
  matching: (q) => or(searchTextHas(q), valueStarts(q)) as SQL,
}

/** Prefix rules, by key and prefix (`00/0950600~`): a prefix some value of the key can start with. */
export const RULES: EntryKind<{ key: string; prefix: string }> = {
  noun: 'rule',
  list: 'rules',
  rows: RULE_ROWS,
  idMember: 'prefix',
  members: ruleMembers,
  identify(path) {
    const info = entryKeyInfo(path.key, 'rule')
    const prefix = path.prefix ?? ''
    if (info === null) return null
    const problem = prefixProblem(info, prefix)
    if (problem === null) return { id: ruleId(info.ai, prefix) }
    return { problem: issue(`Validation.${problem.reason}.prefix`, 'prefix', problem.message) }
  },
  isIdentity: (id) => /^\d{2,4}\/.+$/.test(id) && isRuleEntry(id),
  mismatches: (body, id) => differing(body, RULES.members(id)),
  matching: (q) => or(searchTextHas(q), valueStarts(q)) as SQL,
}

/** The organization's entry of this kind with identity `id`, or null (none, or another organization's). */
export async function getEntry<I extends Identity>(
  db: Db | Tx,
  kind: EntryKind<I>,
  organizationId: string,
  id: string,
): Promise<StoredEntryView<I> | null> {
  const [stored] = await loadProducts(
    db as Db,
    and(eq(products.gtin, id), kind.rows, inOrganization(organizationId)),
  )
  if (stored === undefined) return null
  const { gtin, ...rest } = stored.entry
  const entry = { ...kind.members(gtin), ...rest } as EntryOf<I>
  return { entry, etag: entryEtag(entry) }
}

export type PutEntryResult<I extends Identity = Identity> =
  | { ok: true; status: 'created' | 'updated' | 'unchanged'; view: StoredEntryView<I> }
  | { ok: false; reason: 'precondition' | 'conflict'; message: string }
  | { ok: false; reason: 'invalid'; errors: Issue[] }

/** Why a conditional change was refused (412), as the answer says it. */
export function preconditionMessage(noun: string, why: 'changed' | 'exists' | 'excluded'): string {
  if (why === 'changed') return `the ${noun} changed since it was read (If-Match)`
  if (why === 'exists') return `the ${noun} exists already (If-None-Match: *)`
  return `the ${noun} exists in a version If-None-Match excludes`
}

/**
 * Creates or replaces the entry `id` with the body (the import format's entry; the members naming it may be left
 * out). `ifMatch` (an `If-Match` value) must match the stored ETag, `*` any stored entry; a stale one changes nothing.
 */
export async function putEntry<I extends Identity>(
  db: Db,
  kind: EntryKind<I>,
  input: {
    scope: OrganizationScope
    id: string
    body: unknown
    ifMatch: string | null
    /** `If-None-Match: *`: create only; an existing entry is a failed precondition. */
    ifNoneMatch?: string | null
    actor: Actor
  },
): Promise<PutEntryResult<I>> {
  const { body, id } = input
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    const errors = [issue('Catalog.Schema', null, `the ${kind.noun} must be a JSON object`)]
    return { ok: false, reason: 'invalid', errors }
  }
  const sent = body as Record<string, unknown>
  const mismatches = kind.mismatches(sent, id)
  if (mismatches.length > 0) return { ok: false, reason: 'invalid', errors: mismatches }
  return db.transaction(async (tx): Promise<PutEntryResult<I>> => {
    await lockCatalog(tx)
    const before = await getEntry(tx, kind, input.scope.id, id)
    if (before === null && (await ownedElsewhere(tx, id)))
      return {
        ok: false,
        reason: 'conflict',
        message: `${describeEntry(id)} belongs to another organization`,
      }
    const exists = input.ifNoneMatch?.trim() === '*' && before !== null
    if (exists || !preconditionHolds(input.ifMatch, before?.etag ?? null)) {
      const message = preconditionMessage(kind.noun, exists ? 'exists' : 'changed')
      return { ok: false, reason: 'precondition', message }
    }
    const file = { [kind.list]: [{ ...sent, ...kind.members(id) }] }
    const imported = await importInTransaction(tx, file, {
      actor: input.actor,
      scope: input.scope,
      audit: 'none',
    })
    if (!imported.ok)
      return { ok: false, reason: 'invalid', errors: imported.errors.map(relativeToEntry(kind.list)) }
    const after = await getEntry(tx, kind, input.scope.id, id)
    if (after === null) throw new Error(`the ${kind.noun} was written but cannot be read back`)
    const status = before === null ? 'created' : before.etag === after.etag ? 'unchanged' : 'updated'
    if (status !== 'unchanged') {
      await recordAudit(tx, {
        organizationId: input.scope.id,
        actor: input.actor,
        action: status === 'created' ? 'product.create' : 'product.update',
        target: { kind: kind.noun, id },
        summary: changeSummary(before?.entry ?? null, after.entry),
      })
    }
    return { ok: true, status, view: after }
  })
}

export type DeleteEntryResult = 'deleted' | 'not_found' | { readonly precondition: string }

/** Deletes the organization's entry `id`; its links answer 404 (or fall to a rule) on every resolver from then on. */
export async function deleteEntry<I extends Identity>(
  db: Db,
  kind: EntryKind<I>,
  input: {
    organizationId: string
    id: string
    ifMatch: string | null
    ifNoneMatch?: string | null
    actor: Actor
  },
): Promise<DeleteEntryResult> {
  return db.transaction(async (tx) => {
    await lockCatalog(tx)
    const before = await getEntry(tx, kind, input.organizationId, input.id)
    if (before === null) return 'not_found'
    if (!preconditionHolds(input.ifMatch, before.etag))
      return { precondition: preconditionMessage(kind.noun, 'changed') }
    if (!noneMatchHolds(input.ifNoneMatch ?? null, before.etag))
      return { precondition: preconditionMessage(kind.noun, 'excluded') }
    await tx.delete(products).where(eq(products.gtin, input.id))
    await tx.execute(sql`select pg_notify(${CATALOG_CHANNEL}, ${kind.noun})`)
    await recordAudit(tx, {
      organizationId: input.organizationId,
      actor: input.actor,
      action: 'product.delete',
      target: { kind: kind.noun, id: input.id },
      summary: changeSummary(before.entry, null),
    })
    return 'deleted'
  })
}

/** A line of a list: the identity's members, then what every entry has. */
export type EntrySummary<I extends Identity> = I & {
  readonly brand: string
  readonly slug: string
  readonly published: boolean
  readonly defaultLanguage: string
  readonly languages: readonly string[]
  /** The name in the default language, or null when the entry has none. */
  readonly name: string | null
  readonly updatedAt: string
}

export interface EntryFilter {
  /** Items and rules of this key only. */
  readonly key?: string
  readonly brand?: string
  readonly published?: boolean
  /** Matches the identity from its start, or part of the slug or of a name, in any letter case. */
  readonly q?: string
  /** The last identity of the previous page. */
  readonly after?: string
  readonly limit: number
}

/** One page of the organization's entries of a kind, by identity; `next` is the cursor of the page after it, or null. */
export async function listEntries<I extends Identity>(
  db: Db,
  kind: EntryKind<I>,
  organizationId: string,
  filter: EntryFilter,
): Promise<{ items: EntrySummary<I>[]; next: string | null }> {
  const conditions: SQL[] = [eq(brands.organizationId, organizationId), kind.rows]
  if (filter.key !== undefined)
    conditions.push(sql`left(${products.gtin}, ${filter.key.length + 1}) = ${`${filter.key}/`}`)
  if (filter.brand !== undefined) conditions.push(eq(brands.slug, filter.brand))
  if (filter.published !== undefined) conditions.push(eq(products.published, filter.published))
  if (filter.after !== undefined) conditions.push(gt(products.gtin, filter.after))
  const q = filter.q?.trim()
  if (q !== undefined && q !== '') conditions.push(kind.matching(q))
  const rows = await db
    .select({
      id: products.gtin,
      brand: brands.slug,
      slug: products.slug,
      published: products.published,
      defaultLanguage: products.defaultLanguage,
      languages: products.languages,
      name: sql<string | null>`(select ${productNames.name} from ${productNames}
        where ${productNames.productId} = ${products.id} and ${productNames.language} = ${products.defaultLanguage})`,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(and(...conditions))
    .orderBy(asc(products.gtin))
    .limit(filter.limit + 1)
  const page = rows.slice(0, filter.limit)
  const items = page.map(({ id, updatedAt, ...r }) => ({
    ...kind.members(id),
    ...r,
    updatedAt: updatedAt.toISOString(),
  }))
  return { items, next: rows.length > filter.limit ? (page.at(-1)?.id ?? null) : null }
}

/**
 * The identity of the organization's entry that answers scans of `key` with `value` as the resolver finds it (DESIGN
 * §12), published or not: the exact entry (a product for a GTIN-14), else the rule of the longest prefix. One query.
 */
export async function answeringId(
  db: Db,
  organizationId: string,
  key: string,
  value: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: products.gtin })
    .from(products)
    .where(and(inArray(products.gtin, candidateIds(key, value)), inOrganization(organizationId)))
    .orderBy(...MOST_SPECIFIC)
    .limit(1)
  return row?.id ?? null
}

export function inOrganization(organizationId: string): SQL {
  return sql`${products.brandId} in (select ${brands.id} from ${brands} where ${brands.organizationId} = ${organizationId})`
}

async function ownedElsewhere(tx: Tx, id: string): Promise<boolean> {
  const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.gtin, id))
  return row !== undefined
}

/** True when a list of entity tags (`*`, or `"a", W/"b"`) names `etag`; `weak` compares without the `W/` mark. */
function namesTag(list: string, etag: string, weak: boolean): boolean {
  return list.split(',').some((candidate) => {
    const tag = weak ? candidate.trim().replace(/^W\//, '') : candidate.trim()
    return tag === '*' || tag === etag
  })
}

/** RFC 9110 §13.1.2: false when `*` is sent and the entry exists, or one of the listed tags is its ETag. */
export function noneMatchHolds(ifNoneMatch: string | null, etag: string): boolean {
  return ifNoneMatch === null || !namesTag(ifNoneMatch, etag, true)
}

/** RFC 9110 §13.1.1: `*` matches any current representation; otherwise one of the listed strong ETags. */
export function preconditionHolds(ifMatch: string | null, etag: string | null): boolean {
  if (ifMatch === null) return true
  return etag !== null && namesTag(ifMatch, etag, false)
}

/** The import errors of a one-entry file, with their paths relative to the entry's body (`items[0].pages` → `pages`). */
export function relativeToEntry(list: string): (error: Issue) => Issue {
  const head = `${list}[0]`
  return (error) => {
    const path = error.path?.startsWith(head) ? error.path.slice(head.length).replace(/^\./, '') : error.path
    return { ...error, path: path === '' ? null : (path ?? null) }
  }
}

type Described = Omit<CanonicalProduct, 'gtin'>

/** What the audit log keeps of a change: the entry's brand, slug and publishing, or what differs. */
function changeSummary(before: Described | null, after: Described | null): Record<string, unknown> {
  const fields = ['brand', 'slug', 'published', 'defaultLanguage', 'languages', 'names', 'pages'] as const
  if (before === null || after === null) {
    const p = (after ?? before) as Described
    return { brand: p.brand, slug: p.slug, published: p.published }
  }
  const changed = fields.filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]))
  const summary: Record<string, unknown> = { changed: changed.join(', ') }
  if (before.published !== after.published) {
    summary.before = before.published ? 'published' : 'unpublished'
    summary.after = after.published ? 'published' : 'unpublished'
  }
  return summary
}
