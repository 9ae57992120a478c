/** The Audit log: every change to the organization, newest first, a page at a time. */
import { listAudit } from '../../services/audit.ts'
import type { Access, OrgContext } from '../context.ts'
import { pageAnswer } from '../http.ts'
import type { RouteDefinition } from '../router.ts'
import { auditPage } from '../views/audit.ts'

export const AUDIT_PAGE_SIZE = 50

export const AUDIT_ROUTES: readonly RouteDefinition<Access>[] = [
  {
    method: 'GET',
    pattern: '/orgs/:org/audit',
    handler: { access: 'org', role: 'viewer', section: 'audit', handle: list },
  },
]

async function list(ctx: OrgContext): Promise<Response> {
  const raw = ctx.query.get('before')
  const before = raw !== null && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : undefined
  const events = await listAudit(ctx.deps.database.db, ctx.membership.organization.id, {
    limit: AUDIT_PAGE_SIZE + 1,
    ...(before === undefined ? {} : { before }),
  })
  const more = events.length > AUDIT_PAGE_SIZE
  return pageAnswer(
    ctx.https,
    auditPage(ctx, { events: events.slice(0, AUDIT_PAGE_SIZE), more, paged: before !== undefined }),
  )
}
