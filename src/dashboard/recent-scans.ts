/**
 * Scans of the last 30 days, per day, for a page's chart (DESIGN §9): the organization's on the Overview, one entry's
 * on its page (a product's, an item's or a prefix rule's: scans count under the entry that answered them, §12).
 */
import { scans } from '../services/scans/report.ts'
import type { OrgContext } from './context.ts'
import { type DayCount, everyDay } from './views/scan-chart.ts'

/** Every day of the last 30 with its scans, of the entry with identity `id` (`src/catalog/entry-id.ts`), or all. */
export async function recentScanDays(ctx: OrgContext, id: string | null): Promise<DayCount[] | null> {
  const organization = ctx.membership.organization.id
  const recent = await scans(ctx.deps.database.db, organization, id === null ? {} : { entry: id }, ctx.now)
  return recent.ok ? everyDay(recent.body.from, recent.body.to, recent.body.groups) : null
}
