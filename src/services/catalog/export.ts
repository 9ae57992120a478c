/**
 * Exports one organization's catalog in the import file's shape, every member explicit, in a stable order: whole
 * (`exportCatalog`), or streamed a batch of products at a time (`exportCatalogText`, `exportCatalogStream`), which
 * writes the same bytes as `JSON.stringify` of the whole.
 */
import { and, asc, eq, gt, inArray, type SQL } from 'drizzle-orm'
import { isGtinEntry, isRuleEntry, keyOfEntry, ruleMembers } from '../../catalog/entry-id.ts'
import type { CatalogFile, CatalogItemEntry, CatalogRuleEntry } from '../../catalog/schema.ts'
import type { Db } from '../../db/database.ts'
import { brands, organizations, products } from '../../db/schema.ts'
import { listCompanyPrefixes } from './company-prefixes.ts'
import { type CanonicalProduct, ITEM_ROWS, loadProducts, PRODUCT_ROWS, RULE_ROWS } from './rows.ts'

/** The organization's catalog, or null when no organization has that slug. */
export async function exportCatalog(db: Db, organizationSlug: string): Promise<CatalogFile | null> {
  const head = await readHead(db, organizationSlug)
  if (head === null) return null
  const stored =
    head.brandIds.length === 0 ? [] : await loadProducts(db, inArray(products.brandId, head.brandIds))
  const entries = stored.map((p) => p.entry)
  const items = entries.filter((e) => !isGtinEntry(e.gtin) && !isRuleEntry(e.gtin)).map(toItem)
  const rules = entries.filter((e) => isRuleEntry(e.gtin)).map(toRule)
  return {
    ...head.file,
    products: entries.filter((e) => isGtinEntry(e.gtin)),
    ...(items.length === 0 ? {} : { items }),
    ...(rules.length === 0 ? {} : { rules }),
  }
}

/** A prefix rule in the file's shape: `key` and `prefix` where a product has `gtin`. */
function toRule(entry: CanonicalProduct): CatalogRuleEntry {
  const { gtin, ...rest } = entry
  return { ...ruleMembers(gtin), ...rest }
}

/** An entry of another key than the GTIN in the file's shape: `key` and `value` where a product has `gtin`. */
function toItem(entry: CanonicalProduct): CatalogItemEntry {
  const { gtin, ...rest } = entry
  const { key, value } = keyOfEntry(gtin)
  return { key, value, ...rest }
}

/** The two lists of the file: products by GTIN, then the entries of other keys (absent from the file when none). */
const LISTS = [
  {
    name: 'products',
    where: PRODUCT_ROWS,
    entry: (e: CanonicalProduct): unknown => e,
  },
  { name: 'items', where: ITEM_ROWS, entry: toItem },
  { name: 'rules', where: RULE_ROWS, entry: toRule },
] as const

/** How a streamed export is written. */
export interface ExportTextOptions {
  /**
   * As a file is written (CLI, dashboard): `JSON.stringify(catalog, null, 2)` and a line end. Otherwise compact,
   * as the API answers: `JSON.stringify(catalog)`.
   */
  readonly pretty?: boolean
  /** Products read per batch; each batch is one short read-only transaction. */
  readonly batchSize?: number
}

/**
 * Products per batch: a batch is four short queries and a few milliseconds of JSON at this size, so other requests
 * wait no longer than that for the event loop however large the catalog.
 */
export const EXPORT_BATCH = 500

/**
 * The organization's catalog as text in parts, or null when no organization has that slug: first the
 * organization and its brands (read at once, so the file names every brand its products use), then the products
 * by GTIN, one part per batch, read only as the parts are asked for (keyset paging on the GTIN). Joined, the parts
 * are exactly the text of {@link exportCatalog}'s file.
 *
 * The file is not one snapshot: each batch is consistent in itself (one repeatable-read transaction), and a
 * product changed during the export appears as it was when its batch was read; one created meanwhile in a brand
 * the head does not list, or with a GTIN below those already read, is not in the file.
 */
export async function exportCatalogText(
  db: Db,
  organizationSlug: string,
  options: ExportTextOptions = {},
): Promise<AsyncGenerator<string, void, undefined> | null> {
  const head = await readHead(db, organizationSlug)
  if (head === null) return null
  return catalogParts(db, head, options.pretty === true, options.batchSize ?? EXPORT_BATCH)
}

export interface ExportStreamOptions extends ExportTextOptions {
  /** Hears a failure to read a batch, after which the stream errors (an HTTP answer is then cut short). */
  readonly onError?: (error: unknown) => void
}

/**
 * {@link exportCatalogText} as a stream of UTF-8 bytes for a `Response`. It pulls: a batch is read when the reader
 * asks for more (a slow client holds no products in memory), and cancelling the stream stops the reading.
 */
export async function exportCatalogStream(
  db: Db,
  organizationSlug: string,
  options: ExportStreamOptions = {},
): Promise<ReadableStream<Uint8Array> | null> {
  const parts = await exportCatalogText(db, organizationSlug, options)
  if (parts === null) return null
  const encoder = new TextEncoder()
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let next: IteratorResult<string, void>
        try {
          next = await parts.next()
        } catch (error) {
          options.onError?.(error)
          throw error
        }
        if (next.done === true) controller.close()
        else controller.enqueue(encoder.encode(next.value))
      },
      async cancel() {
        await parts.return()
      },
    },
    { highWaterMark: 0 },
  )
}

interface Head {
  /** The file without products. */
  readonly file: Required<Omit<CatalogFile, 'products' | 'items' | 'rules'>>
  readonly brandIds: string[]
}

async function readHead(db: Db, organizationSlug: string): Promise<Head | null> {
  const [org] = await db.select().from(organizations).where(eq(organizations.slug, organizationSlug))
  if (org === undefined) return null
  const prefixes = (await listCompanyPrefixes(db, org.slug)) ?? []
  const brandRows = await db
    .select()
    .from(brands)
    .where(eq(brands.organizationId, org.id))
    .orderBy(asc(brands.slug))
  return {
    file: {
      organizations: [
        {
          slug: org.slug,
          name: org.name,
          plan: org.plan,
          subscriptionStatus: org.subscriptionStatus,
          // Left out when none are recorded: such a file reads as it did before prefixes were recorded.
          ...(prefixes.length > 0 ? { companyPrefixes: prefixes } : {}),
        },
      ],
      brands: brandRows.map((b) => ({
        slug: b.slug,
        name: b.name,
        organization: org.slug,
        customDomain: b.customDomain,
        customDomainActive: b.customDomainActive,
      })),
    },
    brandIds: brandRows.map((b) => b.id),
  }
}

/**
 * The parts of the file. `JSON.stringify` of the file without products ends in the empty list (`[]}`, or `[]` and a
 * line end and `}` when indented): the opening part is everything up to its `[`, each product is written as
 * `JSON.stringify` writes an element of that list, and the close is what follows the list.
 */
async function* catalogParts(
  db: Db,
  head: Head,
  pretty: boolean,
  batchSize: number,
): AsyncGenerator<string, void, undefined> {
  const empty = JSON.stringify({ ...head.file, products: [] }, null, pretty ? 2 : undefined)
  yield empty.slice(0, empty.lastIndexOf('[') + 1)
  const element = pretty
    ? (p: unknown) => `\n    ${JSON.stringify(p, null, 2).replaceAll('\n', '\n    ')}`
    : (p: unknown) => JSON.stringify(p)
  /** Whether the list being written has an element yet; null before the items' list is opened. */
  let written: boolean | null = false
  /** The close of the products' list, written with what follows it (one part fewer, as the test of parts counts). */
  let close = ''
  for (const list of LISTS) {
    let after: string | null = null
    while (head.brandIds.length > 0) {
      const batch = await readBatch(
        db,
        and(inArray(products.brandId, head.brandIds), list.where),
        after,
        batchSize,
      )
      if (batch.length === 0) break
      // The items' list is written only when there is an item, as the whole file has it.
      const open =
        written === null ? `${close}${pretty ? `,\n  "${list.name}": [` : `,"${list.name}":[`}` : ''
      if (written === null) close = ''
      yield open + (written === true ? ',' : '') + batch.map((e) => element(list.entry(e))).join(',')
      written = true
      after = batch[batch.length - 1]?.gtin ?? null
      if (batch.length < batchSize) break
      // Let other requests in before the next batch, whatever the driver's promises do meanwhile.
      await new Promise((resolve) => setImmediate(resolve))
    }
    if (written !== null) close = pretty ? `${written ? '\n  ' : ''}]` : ']'
    written = null
  }
  yield close + (pretty ? '\n}\n' : '}')
}

/** The next `size` products after GTIN `after`, read in one snapshot: a product's rows are never half-changed. */
function readBatch(
  db: Db,
  of: SQL | undefined,
  after: string | null,
  size: number,
): Promise<CanonicalProduct[]> {
  const where = and(of, after === null ? undefined : gt(products.gtin, after))
  return db.transaction(async (tx) => (await loadProducts(tx, where, size)).map((p) => p.entry), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  })
}
