/**
 * Scans of the last 30 days, per day, for a page's chart (DESIGN §9): the organization's on the Overview, one entry's
 * on its page (a product's, an item's or a prefix rule's: scans count under the entry that answered them, §12).
 */
import { type ScanQueryParams, scans } from '../services/scans/report.ts'
import type { OrgContext } from './context.ts'
import { everyDay, forwardedScans, type ScanDays } from './views/scan-chart.ts'

/**
 * Every day of the last 30 with its scans, of the entry with identity `id` (`src/catalog/entry-id.ts`), or all, and how
 * many of them were forwarded to a custom domain first.
 */
export async function recentScanDays(ctx: OrgContext, id: string | null): Promise<ScanDays | null> {
  const report = (params: ScanQueryParams) =>
    scans(ctx.deps.database.db, ctx.membership.organization.id, params, ctx.now)
  const only = id === null ? {} : { entry: id }
  const recent = await report({ ...only, answered: true })
  if (!recent.ok) return null
  const { from, to } = recent.body
  const outcomes = await report({ ...only, from, to, groupBy: 'outcome' })
  const forwarded = outcomes.ok ? forwardedScans(outcomes.body.groups) : 0
  return { days: everyDay(from, to, recent.body.groups), forwarded }
}
