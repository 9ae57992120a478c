/** `GET /scans` (DESIGN §9): an organization's scan counts over a range of UTC days, summed per one dimension. */
import type { Db } from '../../db/database.ts'
import type { SCAN_OUTCOMES } from '../../db/schema.ts'
import { parseGtin } from '../../gs1/gtin.ts'
import { issue } from '../../gs1/issue.ts'
import { SCAN_GROUPS, type ScanGroup, scanReport } from './counts.ts'

/** The longest range a report covers, in days: the retention's default. */
export const MAX_RANGE_DAYS = 400
/** The range without `from`/`to`: the last 30 days, today included. */
export const DEFAULT_RANGE_DAYS = 30

const DAY = /^\d{4}-\d{2}-\d{2}$/

export interface ScanQueryParams {
  readonly from?: string | undefined
  readonly to?: string | undefined
  readonly groupBy?: string | undefined
  readonly gtin?: string | undefined
  /**
   * Only the scans of one catalog entry, by its stored identity (`src/catalog/entry-id.ts`): a product's GTIN-14, an
   * item's `{key}/{value}`, a prefix rule's `{key}/{prefix}~`. For callers that hold a stored entry (the dashboard's
   * pages of an entry); `GET /scans` takes no such parameter. Replaces `gtin`.
   */
  readonly entry?: string | undefined
  /**
   * Only the scans the service answered with a page, a linkset or an error: the hop from the resolver's or the short
   * host to a brand's custom domain (`domain_redirect`), which the phone follows to be answered there, left out. For
   * the dashboard's figures; `GET /scans` takes no such parameter.
   */
  readonly answered?: boolean | undefined
}

/** The answer of a scan only forwarded to a brand's custom domain, answered again there. */
export const FORWARDED_OUTCOME: (typeof SCAN_OUTCOMES)[number] = 'domain_redirect'

export type ScansOutcome =
  | {
      ok: true
      body: {
        from: string
        to: string
        groupBy: ScanGroup
        total: number
        groups: { key: string; count: number }[]
      }
    }
  | { ok: false; errors: ReturnType<typeof issue>[] }

/** A real calendar day (`2026-02-30` is none), as its UTC midnight in ms, or null. */
function dayTime(text: string): number | null {
  if (!DAY.test(text)) return null
  const t = Date.parse(`${text}T00:00:00Z`)
  return Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== text ? null : t
}

const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10)

export async function scans(
  db: Db,
  organizationId: string,
  params: ScanQueryParams,
  now: number,
): Promise<ScansOutcome> {
  const errors: ReturnType<typeof issue>[] = []
  const groupBy = (params.groupBy ?? 'day') as ScanGroup
  if (!Object.hasOwn(SCAN_GROUPS, groupBy)) {
    errors.push(
      issue(
        'Validation.Invalid.groupBy',
        'groupBy',
        `groupBy must be one of ${Object.keys(SCAN_GROUPS).join(', ')}`,
      ),
    )
  }
  const today = Date.parse(`${isoDay(now)}T00:00:00Z`)
  const to = params.to === undefined ? today : dayTime(params.to)
  const from =
    params.from !== undefined
      ? dayTime(params.from)
      : to === null
        ? null
        : to - (DEFAULT_RANGE_DAYS - 1) * 86_400_000
  if (to === null) errors.push(issue('Validation.Invalid.to', 'to', 'to must be a day as YYYY-MM-DD'))
  // A from left out is counted back from to: only a from that was sent can be wrong.
  if (from === null && params.from !== undefined)
    errors.push(issue('Validation.Invalid.from', 'from', 'from must be a day as YYYY-MM-DD'))
  if (from !== null && to !== null && from > to)
    errors.push(issue('Validation.Range.from', 'from', 'from must not be after to'))
  if (from !== null && to !== null && to - from >= MAX_RANGE_DAYS * 86_400_000) {
    errors.push(issue('Validation.Range.to', 'to', `a report covers at most ${MAX_RANGE_DAYS} days`))
  }
  const parsed = params.gtin === undefined || params.entry !== undefined ? undefined : parseGtin(params.gtin)
  if (parsed?.ok === false) {
    const message =
      parsed.reason === 'checkDigit'
        ? 'gtin has a wrong check digit'
        : 'gtin must be a GTIN of 8, 12, 13 or 14 digits'
    errors.push(issue('Validation.Invalid.gtin', 'gtin', message))
  }
  if (errors.length > 0 || from === null || to === null) return { ok: false, errors }
  const only = params.entry ?? (parsed?.ok ? parsed.gtin : undefined)
  const groups = await scanReport(db, {
    organizationId,
    from: isoDay(from),
    to: isoDay(to),
    groupBy,
    ...(only === undefined ? {} : { gtin: only }),
    ...(params.answered === true ? { exceptOutcome: FORWARDED_OUTCOME } : {}),
  })
  const total = groups.reduce((n, g) => n + g.count, 0)
  return { ok: true, body: { from: isoDay(from), to: isoDay(to), groupBy, total, groups } }
}
