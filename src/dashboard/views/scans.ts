/** The Scans page: range, scans per day, top products, breakdowns, CSV downloads. */
import { describeEntry, isGtinEntry } from '../../catalog/entry-id.ts'
import type { Issue } from '../../gs1/issue.ts'
import { linkTypeTitle } from '../../gs1/link-type-titles.ts'
import { languageName } from '../../html/languages.ts'
import { type OrgContext, orgPath } from '../context.ts'
import { html, type SafeHtml } from '../html.ts'
import { pathOfEntry } from './editor-subject.ts'
import { field, notice } from './forms.ts'
import { orgPage } from './layout.ts'
import { dayChart, everyDay, forwardedScans } from './scan-chart.ts'
import { scrollingTable } from './table.ts'

export interface Breakdown {
  readonly groupBy: string
  readonly groups: readonly { key: string; count: number }[]
}

const TITLES: Readonly<Record<string, string>> = {
  language: 'By language served',
  device: 'By device',
  host: 'By host scanned',
  outcome: 'By answer',
  linkType: 'By link type',
}

const COLUMNS: Readonly<Record<string, string>> = {
  language: 'Language',
  device: 'Device',
  host: 'Host',
  outcome: 'Answer',
  linkType: 'Link type',
}

const KEYS: Readonly<Record<string, string>> = {
  resolver: 'resolver host',
  short: 'short host',
  custom: 'custom domain',
  redirect: 'redirect to a page',
  domain_redirect: 'redirect to the custom domain',
  linkset: 'linkset',
  not_found: 'not found',
  invalid: 'invalid link',
  mobile: 'phone or tablet',
  desktop: 'computer',
  bot: 'bot',
  other: 'other',
}

export function scansPage(
  ctx: OrgContext,
  o: {
    readonly params: { from?: string | undefined; to?: string | undefined; gtin?: string | undefined }
    readonly errors?: readonly Issue[]
    readonly report?: {
      from: string
      to: string
      total: number
      groups: readonly { key: string; count: number }[]
    }
    readonly top?: readonly { key: string; count: number; name: string | null }[]
    readonly breakdowns?: readonly Breakdown[]
  },
): SafeHtml {
  const slug = ctx.membership.organization.slug
  const r = o.report
  const range =
    r === undefined
      ? ''
      : `from=${r.from}&to=${r.to}${o.params.gtin ? `&gtin=${encodeURIComponent(o.params.gtin)}` : ''}`
  return orgPage(
    ctx,
    'scans',
    'Scans',
    html`<h1>Scans</h1><p class="muted">Every scan of your products on the resolver, counted per UTC day (written every few seconds). No address, device identifier, lot or serial is kept.</p>
<form method="get" action="${orgPath(slug, '/scans')}" class="filters">${field({ name: 'from', label: 'From', type: 'date', value: r?.from ?? o.params.from ?? '' })}${field({ name: 'to', label: 'To', type: 'date', value: r?.to ?? o.params.to ?? '' })}${field({ name: 'gtin', label: 'Only GTIN', value: o.params.gtin ?? '' })}<div><button type="submit" class="secondary">Show</button></div></form>
${o.errors ? notice('bad', html`<ul>${o.errors.map((e) => html`<li>${e.message}</li>`)}</ul>`) : null}
${
  r === undefined
    ? null
    : html`${dayChart({ days: everyDay(r.from, r.to, r.groups), forwarded: forwardedOf(o.breakdowns ?? []) }, 'Scans per day')}
<p class="actions"><a class="button secondary" href="${orgPath(slug, `/scans.csv?${range}&groupBy=day`)}">Download CSV (per day)</a><a class="button secondary" href="${orgPath(slug, `/scans.csv?${range}&groupBy=gtin`)}">Download CSV (per product)</a></p>
<h2>Top products</h2>${topTable(ctx, o.top ?? [], r.total)}
${(o.breakdowns ?? []).map((b) => breakdownTable(b))}`
}`,
  )
}

/** The scans forwarded to a custom domain first, from the breakdown by answer. */
function forwardedOf(breakdowns: readonly Breakdown[]): number {
  return forwardedScans(breakdowns.find((b) => b.groupBy === 'outcome')?.groups ?? [])
}

function topTable(
  ctx: OrgContext,
  top: readonly { key: string; count: number; name: string | null }[],
  total: number,
): SafeHtml {
  if (top.length === 0) return html`<p>No scans in this range.</p>`
  // A product by its GTIN; an item or a prefix rule (DESIGN §12) as messages name it: `(414) 9506000000008`.
  const named = (key: string) => (isGtinEntry(key) ? key : describeEntry(key))
  return scrollingTable(
    'Top products',
    html`<table><thead><tr><th scope="col">Product</th><th scope="col" class="num">Scans</th><th scope="col">Share</th></tr></thead><tbody>${top.map(
      (t) =>
        html`<tr><td>${
          t.name === null
            ? html`<code>${named(t.key)}</code><br><span class="hint">no longer in the catalog</span>`
            : html`<a href="${pathOfEntry(ctx.membership.organization.slug, t.key)}">${t.name}</a><br><span class="hint"><code>${named(t.key)}</code></span>`
        }</td><td class="num">${t.count.toLocaleString('en-GB')}</td><td>${share(t.count, total)}</td></tr>`,
    )}</tbody></table>`,
  )
}

/** One breakdown with each group's share of it: every scan counted, the hops to a custom domain included. */
function breakdownTable(b: Breakdown): SafeHtml {
  const total = b.groups.reduce((n, g) => n + g.count, 0)
  return html`<h2>${TITLES[b.groupBy] ?? b.groupBy}</h2>${
    b.groups.length === 0
      ? html`<p>None.</p>`
      : scrollingTable(
          TITLES[b.groupBy] ?? b.groupBy,
          html`<table><thead><tr><th scope="col">${COLUMNS[b.groupBy] ?? b.groupBy}</th><th scope="col" class="num">Scans</th><th scope="col">Share</th></tr></thead><tbody>${b.groups.map(
            (g) =>
              html`<tr><td>${g.key === '' ? html`<span class="muted">none</span>` : keyLabel(b.groupBy, g.key)}</td><td class="num">${g.count.toLocaleString('en-GB')}</td><td>${share(g.count, total)}</td></tr>`,
          )}</tbody></table>`,
        )
  }`
}

/** A breakdown's key as people read it: a language or link type by its name, with the code kept beside it. */
function keyLabel(groupBy: string, key: string): string {
  if (groupBy === 'language') return named(languageName(key, 'en'), key)
  if (groupBy === 'linkType') return named(linkTypeTitle(key.replace(/^gs1:/, '')), key)
  return KEYS[key] ?? key
}

function named(name: string | undefined, code: string): string {
  return name === undefined || name === code ? code : `${name} (${code})`
}

function share(count: number, total: number): SafeHtml {
  const percent = total === 0 ? 0 : Math.round((count / total) * 100)
  return html`<meter min="0" max="100" value="${percent}" aria-label="${percent}%"></meter> ${percent}%`
}
