/** The Scans page: scans per day, the top products, breakdowns, and a CSV of any grouping (DESIGN §9). */

import { productNamesOf } from '../../services/catalog/products.ts'
import { scans } from '../../services/scans/report.ts'
import type { Access, OrgContext } from '../context.ts'
import { pageAnswer } from '../http.ts'
import type { RouteDefinition } from '../router.ts'
import { type Breakdown, scansPage } from '../views/scans.ts'

const viewer = { access: 'org', role: 'viewer', section: 'scans' } as const

export const SCAN_ROUTES: readonly RouteDefinition<Access>[] = [
  { method: 'GET', pattern: '/orgs/:org/scans', handler: { ...viewer, handle: page } },
  { method: 'GET', pattern: '/orgs/:org/scans.csv', handler: { ...viewer, handle: csv } },
]

const BREAKDOWNS = ['language', 'device', 'host', 'outcome', 'linkType'] as const

function params(ctx: OrgContext) {
  const value = (name: string) => {
    const v = ctx.query.get(name)
    return v === null || v === '' ? undefined : v
  }
  return { from: value('from'), to: value('to'), gtin: value('gtin') }
}

async function page(ctx: OrgContext): Promise<Response> {
  const db = ctx.deps.database.db
  const org = ctx.membership.organization.id
  const p = params(ctx)
  // Figures of answered scans: a hop to a custom domain is answered again there (the breakdowns list it apart).
  const days = await scans(db, org, { ...p, groupBy: 'day', answered: true }, ctx.now)
  if (!days.ok)
    return pageAnswer(ctx.https, scansPage(ctx, { params: p, errors: days.errors }), { status: 400 })
  const range = { from: days.body.from, to: days.body.to, gtin: p.gtin }
  const top = await scans(db, org, { ...range, groupBy: 'gtin', answered: true }, ctx.now)
  const topGroups = top.ok ? top.body.groups.slice(0, 10) : []
  const names = await productNamesOf(
    db,
    org,
    topGroups.map((g) => g.key),
  )
  const breakdowns: Breakdown[] = []
  for (const groupBy of BREAKDOWNS) {
    const r = await scans(db, org, { ...range, groupBy }, ctx.now)
    if (r.ok) breakdowns.push({ groupBy, groups: r.body.groups })
  }
  return pageAnswer(
    ctx.https,
    scansPage(ctx, {
      params: p,
      report: days.body,
      top: topGroups.map((g) => ({ ...g, name: names.get(g.key) ?? null })),
      breakdowns,
    }),
  )
}

/** The report as CSV (`group,scans`), for a spreadsheet. */
async function csv(ctx: OrgContext): Promise<Response> {
  const groupBy = ctx.query.get('groupBy') ?? 'day'
  const result = await scans(
    ctx.deps.database.db,
    ctx.membership.organization.id,
    { ...params(ctx), groupBy },
    ctx.now,
  )
  if (!result.ok) {
    return new Response(`${result.errors.map((e) => e.message).join('\n')}\n`, {
      status: 400,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' },
    })
  }
  const { from, to } = result.body
  const lines = [
    `${result.body.groupBy},scans`,
    ...result.body.groups.map((g) => `${csvCell(g.key)},${g.count}`),
  ]
  const slug = ctx.membership.organization.slug
  return new Response(`${lines.join('\r\n')}\r\n`, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${slug}-scans-${result.body.groupBy}-${from}-${to}.csv"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  })
}

/** RFC 4180 quoting, and no leading formula characters (a cell a spreadsheet would run). */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}
