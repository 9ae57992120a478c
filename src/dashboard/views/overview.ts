/** The Overview page. */

import type { OrganizationCounts } from '../../services/overview.ts'
import { coversApiClients } from '../../services/people/organizations.ts'
import { type OrgContext, orgPath } from '../context.ts'
import { html, type SafeHtml } from '../html.ts'
import { planName, statusName } from './format.ts'
import { notice } from './forms.ts'
import { orgPage } from './layout.ts'
import { dayChart, type ScanDays } from './scan-chart.ts'

export function overviewPage(
  ctx: OrgContext,
  o: {
    readonly counts: OrganizationCounts | null
    readonly joined: boolean
    readonly scanDays: ScanDays | null
    /** The organization's GS1 Company Prefixes, as an operator recorded them. */
    readonly prefixes: readonly string[]
  },
): SafeHtml {
  const org = ctx.membership.organization
  const c = o.counts
  const covered = coversApiClients(org.plan, org.subscriptionStatus)
  const card = (label: string, value: number | string, href?: string) =>
    html`<li><span class="hint">${label}</span><span class="value">${
      href === undefined ? value : html`<a href="${href}">${value}</a>`
    }</span></li>`
  return orgPage(
    ctx,
    'overview',
    'Overview',
    html`<h1>${org.name}</h1>${o.joined ? notice('ok', `Welcome to ${org.name}.`) : null}
<dl class="facts"><dt>Plan</dt><dd>${planName(org.plan)} <span class="badge ${org.subscriptionStatus === 'active' ? 'ok' : 'bad'}">${statusName(org.subscriptionStatus)}</span></dd>
<dt>Your role</dt><dd>${ctx.membership.role}</dd></dl>
${covered ? null : notice('warn', 'This plan does not cover API clients: they cannot obtain tokens. API clients need an active Starter, Pro or Enterprise subscription.')}
${
  c === null
    ? null
    : html`<h2>At a glance</h2><ul class="cards">
${card('Brands', c.brands, orgPath(org.slug, '/brands'))}
${card('Products', c.products)}
${card('Published products', c.publishedProducts)}
${card('Active API clients', c.activeClients, orgPath(org.slug, '/clients'))}
${card('Blocked API clients', c.blockedClients, orgPath(org.slug, '/clients'))}
${card('Members', c.members, orgPath(org.slug, '/members'))}
</ul>`
}
${companyPrefixes(o.prefixes)}
${o.scanDays ? html`<h2>Scans of the last 30 days</h2>${dayChart(o.scanDays, 'Scans per day')}<p><a href="${orgPath(org.slug, '/scans')}">All about scans</a></p>` : null}`,
  )
}

/** The GS1 Company Prefixes (DESIGN §12), read only: an operator records them. */
function companyPrefixes(prefixes: readonly string[]): SafeHtml {
  if (prefixes.length === 0)
    return html`<h2>GS1 Company Prefixes</h2><p>None recorded, so the GTINs, items and prefix rules of this organization are not checked against any. Once an operator records the prefixes GS1 licensed it, a product, item or rule outside them is refused.</p>`
  return html`<h2>GS1 Company Prefixes</h2><p>The prefixes GS1 licensed this organization, as an operator recorded them. A product, item or prefix rule outside them is refused on import and on save; ask an operator to record another.</p><ul class="prefixes">${prefixes.map(
    (p) => html`<li><code>${p}</code></li>`,
  )}</ul>`
}
