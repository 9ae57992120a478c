/** Scan counts in the database: one upsert per flush that adds to the day's counts, reads grouped by a dimension, pruning. */
import { and, desc, eq, gte, lt, lte, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db/database.ts'
import { scanCounts } from '../../db/schema.ts'

/** One counted row: the dimensions and how many scans (and how many of them carried each flag). */
export interface ScanCountRow {
  readonly day: string
  readonly organizationId: string
  readonly gtin: string
  readonly hostKind: string
  readonly outcome: string
  readonly linkType: string
  readonly language: string
  readonly device: string
  readonly count: number
  readonly withLot: number
  readonly withSerial: number
  readonly withExpiry: number
  readonly compressed: number
}

/** Adds the rows to the stored counts in one statement (`count = count + excluded.count`). */
export async function addScanCounts(db: Db, rows: readonly ScanCountRow[]): Promise<void> {
  if (rows.length === 0) return
  const batch = JSON.stringify(rows)
  await db.execute(sql`
    insert into scan_counts (day, organization_id, gtin, host_kind, outcome, link_type, language, device,
      count, with_lot, with_serial, with_expiry, compressed)
    select r."day", r."organizationId", r."gtin", r."hostKind", r."outcome", r."linkType", r."language", r."device",
      r."count", r."withLot", r."withSerial", r."withExpiry", r."compressed"
    from jsonb_to_recordset(${batch}::jsonb) as r("day" text, "organizationId" uuid, "gtin" text, "hostKind" text,
      "outcome" text, "linkType" text, "language" text, "device" text, "count" bigint, "withLot" bigint,
      "withSerial" bigint, "withExpiry" bigint, "compressed" bigint)
    -- A scan of a product whose organization was deleted meanwhile is dropped, not an error for the whole batch.
    where exists (select 1 from organizations o where o.id = r."organizationId")
    on conflict (organization_id, day, gtin, host_kind, outcome, link_type, language, device) do update set
      count = scan_counts.count + excluded.count,
      with_lot = scan_counts.with_lot + excluded.with_lot,
      with_serial = scan_counts.with_serial + excluded.with_serial,
      with_expiry = scan_counts.with_expiry + excluded.with_expiry,
      compressed = scan_counts.compressed + excluded.compressed`)
}

/** The dimensions a report may group by (`GET /scans?groupBy=`). */
export const SCAN_GROUPS = {
  day: scanCounts.day,
  gtin: scanCounts.gtin,
  linkType: scanCounts.linkType,
  language: scanCounts.language,
  host: scanCounts.hostKind,
  device: scanCounts.device,
  outcome: scanCounts.outcome,
  /** The GS1 key scanned (`01` for products; an item's or rule's key, DESIGN §12), from the entry's identity. */
  key: sql<string>`case when ${scanCounts.gtin} like '%/%' then split_part(${scanCounts.gtin}, '/', 1) else '01' end`,
} as const

export type ScanGroup = keyof typeof SCAN_GROUPS

export interface ScanQuery {
  readonly organizationId: string
  /** Inclusive UTC days, `YYYY-MM-DD`. */
  readonly from: string
  readonly to: string
  readonly groupBy: ScanGroup
  readonly gtin?: string
  /** Leaves out the scans that got this answer (`outcome`). */
  readonly exceptOutcome?: string
  /** Most groups returned (by count, then key); default all. */
  readonly limit?: number
}

export interface ScanGroupCount {
  /** The group's value: a day, a GTIN, a link type…; '' for "none" (a linkset has no link type). */
  readonly key: string
  readonly count: number
}

/** The organization's scans in the range, summed per group: by day in day order, otherwise the largest first. */
export async function scanReport(db: Db, q: ScanQuery): Promise<ScanGroupCount[]> {
  const column = SCAN_GROUPS[q.groupBy]
  const conditions = [
    eq(scanCounts.organizationId, q.organizationId),
    gte(scanCounts.day, q.from),
    lte(scanCounts.day, q.to),
  ]
  if (q.gtin !== undefined) conditions.push(eq(scanCounts.gtin, q.gtin))
  if (q.exceptOutcome !== undefined) conditions.push(ne(scanCounts.outcome, q.exceptOutcome))
  const total = sql<number>`sum(${scanCounts.count})::bigint`.mapWith(Number)
  const query = db
    .select({ key: column, count: total })
    .from(scanCounts)
    .where(and(...conditions))
    .groupBy(column)
    .orderBy(...(q.groupBy === 'day' ? [column] : [desc(total), column]))
  return q.limit === undefined ? query : query.limit(q.limit)
}

/**
 * Deletes the counts of days before the retention, one day per statement (oldest first), and returns how many rows
 * went. An instance that had not pruned for long may find many days to delete: each statement stays within the
 * service's statement timeout, and every day deleted stays deleted should a later one fail.
 */
export async function pruneScanCounts(db: Db, now: number, retentionDays: number): Promise<number> {
  const cutoff = new Date(now - retentionDays * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
  const days = await db
    .selectDistinct({ day: scanCounts.day })
    .from(scanCounts)
    .where(lt(scanCounts.day, cutoff))
    .orderBy(scanCounts.day)
  let rows = 0
  for (const { day } of days) {
    const gone = await db.delete(scanCounts).where(eq(scanCounts.day, day)).returning({ day: scanCounts.day })
    rows += gone.length
  }
  return rows
}
