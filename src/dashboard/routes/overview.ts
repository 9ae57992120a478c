/** The Overview of an organization: plan and status, what it holds, its GS1 Company Prefixes, who is in it. */

import { listCompanyPrefixes } from '../../services/catalog/company-prefixes.ts'
import { organizationCounts } from '../../services/overview.ts'
import type { Access, OrgContext } from '../context.ts'
import { pageAnswer } from '../http.ts'
import { recentScanDays } from '../recent-scans.ts'
import type { RouteDefinition } from '../router.ts'
import { overviewPage } from '../views/overview.ts'

export const OVERVIEW_ROUTES: readonly RouteDefinition<Access>[] = [
  {
    method: 'GET',
    pattern: '/orgs/:org',
    handler: { access: 'org', role: 'viewer', section: 'overview', handle: overview },
  },
]

async function overview(ctx: OrgContext): Promise<Response> {
  const db = ctx.deps.database.db
  const counts = await organizationCounts(db, ctx.membership.organization.id)
  const prefixes = (await listCompanyPrefixes(db, ctx.membership.organization.slug)) ?? []
  const joined = ctx.query.get('done') === 'joined'
  const scanDays = await recentScanDays(ctx, null)
  return pageAnswer(ctx.https, overviewPage(ctx, { counts, joined, scanDays, prefixes }))
}
