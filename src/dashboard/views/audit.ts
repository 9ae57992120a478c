/** The Audit log page: when, who, what, and a short before/after summary of each change. */
import { describeEntry } from '../../catalog/entry-id.ts'
import type { AuditEvent } from '../../services/audit.ts'
import { type OrgContext, orgPath } from '../context.ts'
import { html, type SafeHtml } from '../html.ts'
import { dateTime } from './format.ts'
import { orgPage } from './layout.ts'
import { scrollingTable } from './table.ts'

/** The log's words for each action; an action missing here is shown as it is stored. */
/** Every action the audit log records, as the log says it (tests/dashboard/audit-labels.test.ts checks the list). */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  'api_client.create': 'created an API client',
  'api_client.block': 'blocked an API client',
  'api_client.unblock': 'unblocked an API client',
  'api_client.delete': 'deleted an API client',
  'member.add': 'added a member',
  'member.role': 'changed a role',
  'member.remove': 'removed a member',
  'invitation.create': 'invited someone',
  'invitation.revoke': 'withdrew an invitation',
  'invitation.accept': 'accepted an invitation',
  'user.disable': 'disabled a user',
  'brand.domain_request': 'requested a custom domain',
  'brand.domain_remove': 'removed a custom domain',
  'brand.domain_activate': 'activated a custom domain',
  'brand.domain_deactivate': 'deactivated a custom domain',
  'organization.create': 'created the organization',
  'organization.plan': 'changed the plan',
  'organization.prefix_add': 'recorded a GS1 Company Prefix',
  'organization.prefix_remove': 'removed a GS1 Company Prefix',
  'catalog.import': 'imported a catalog',
  'product.create': 'created a product',
  'product.update': 'changed a product',
  'product.delete': 'deleted a product',
}

/** Items and prefix rules are catalog entries as products are: their changes are recorded under the same actions. */
const ENTRY_NOUNS: Readonly<Record<string, string>> = { item: 'an item', rule: 'a prefix rule' }

/** What the log says an event did: a product action on an item or rule names what it changed. */
function actionLabel(e: AuditEvent): string {
  const label = AUDIT_ACTION_LABELS[e.action] ?? e.action
  const noun = ENTRY_NOUNS[e.targetKind]
  return noun === undefined ? label : label.replace('a product', noun)
}

/** The target as the log shows it: an item's or rule's key and value as `(414) 9506000000008`. */
function targetText(e: AuditEvent): string | null {
  if (e.targetId === null) return null
  return ENTRY_NOUNS[e.targetKind] === undefined ? e.targetId : describeEntry(e.targetId)
}

const ACTOR_KINDS: Readonly<Record<string, string>> = {
  user: 'person',
  api_client: 'API client',
  cli: 'operator (CLI)',
}

export function auditPage(
  ctx: OrgContext,
  o: { readonly events: readonly AuditEvent[]; readonly more: boolean; readonly paged: boolean },
): SafeHtml {
  const base = orgPath(ctx.membership.organization.slug, '/audit')
  const last = o.events.at(-1)
  return orgPage(
    ctx,
    'audit',
    'Audit log',
    html`<h1>Audit log</h1><p class="muted">Every change to this organization, by a person, an API client or an operator. Kept 400 days. Times are UTC.</p>
${
  o.events.length === 0
    ? html`<p>Nothing has changed yet.</p>`
    : scrollingTable(
        'Changes, newest first',
        html`<table><caption class="visually-hidden">Changes, newest first</caption><thead><tr><th scope="col">When</th><th scope="col">Who</th><th scope="col">What</th><th scope="col">Details</th></tr></thead><tbody>${o.events.map(
          (e) =>
            html`<tr><td>${dateTime(e.occurredAt)}</td><td>${e.actorLabel}<br><span class="hint">${ACTOR_KINDS[e.actorKind] ?? e.actorKind}</span></td><td>${actionLabel(e)}${
              e.targetId === null ? null : html`<br><span class="hint"><code>${targetText(e)}</code></span>`
            }</td><td>${summary(e.summary)}</td></tr>`,
        )}</tbody></table>`,
      )
}
<nav class="pager" aria-label="Pages">${o.paged ? html`<a href="${base}">Newest</a>` : null}${
      o.more && last !== undefined ? html`<a href="${base}?before=${last.id}">Older</a>` : null
    }</nav>`,
  )
}

/** The summary's fields, a before/after pair as one "change" line (the database keeps JSON keys in its own order). */
function summary(value: Readonly<Record<string, unknown>>): SafeHtml {
  const { before, after, ...rest } = value
  const entries: [string, string][] = Object.entries(rest).map(([k, v]) => [k, show(v)])
  if ('before' in value || 'after' in value) entries.push(['change', `${show(before)} → ${show(after)}`])
  if (entries.length === 0) return html`<span class="muted">—</span>`
  return html`<dl class="facts">${entries.map(([k, v]) => html`<dt>${k}</dt><dd>${v}</dd>`)}</dl>`
}

function show(value: unknown): string {
  if (value === null || value === undefined) return '—'
  if (Array.isArray(value)) return value.map(show).join(', ')
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}
