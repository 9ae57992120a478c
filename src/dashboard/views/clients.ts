/** The API clients pages: the list, the one-time secret, the delete confirmation. */
import { SCOPE_DESCRIPTIONS, SCOPES } from '../../auth/scopes.ts'
import type { ClientSummary } from '../../services/clients/api-clients.ts'
import { coversApiClients } from '../../services/people/organizations.ts'
import { type OrgContext, orgPath } from '../context.ts'
import { html, type SafeHtml } from '../html.ts'
import { dateTime, planName, statusName } from './format.ts'
import { actionButton, field, formGuard, notice } from './forms.ts'
import { orgPage } from './layout.ts'
import { scrollingTable } from './table.ts'

export function clientsPage(
  ctx: OrgContext,
  o: {
    readonly clients: readonly ClientSummary[]
    readonly done?: string | null
    readonly error?: string
    readonly form?: { readonly name: string; readonly scopes: readonly string[] }
  },
): SafeHtml {
  const org = ctx.membership.organization
  const isOwner = ctx.membership.role === 'owner'
  return orgPage(
    ctx,
    'clients',
    'API clients',
    html`<h1>API clients</h1>
<p>An API client lets one of your systems (an ERP, a label printer) call the code API with the OAuth 2.0 client credentials grant.</p>
${o.done ? notice('ok', o.done) : null}${o.error ? notice('bad', o.error) : null}${planNotice(org.plan, org.subscriptionStatus)}
${clientTable(ctx, o.clients, isOwner)}
${isOwner ? createForm(ctx, o.form) : html`<p class="muted">Only owners can create, block or delete API clients.</p>`}`,
  )
}

/** Why clients cannot be created (or used) on this subscription, with what would change it. */
function planNotice(plan: string, status: string): SafeHtml | null {
  if (coversApiClients(plan, status)) return null
  const why =
    status === 'active'
      ? `Your organization is on the ${planName(plan)} plan, which does not include API clients.`
      : `Your ${planName(plan)} subscription is ${statusName(status)}.`
  return notice(
    'warn',
    html`<p><strong>${why}</strong></p><p>API clients need an active Starter, Pro or Enterprise subscription: until then no client can be created, and existing clients cannot obtain tokens. Ask your operator to change the plan.</p>`,
  )
}

function clientTable(ctx: OrgContext, clients: readonly ClientSummary[], isOwner: boolean): SafeHtml {
  if (clients.length === 0) return html`<p>No API clients yet.</p>`
  const slug = ctx.membership.organization.slug
  return scrollingTable(
    'API clients',
    html`<table><caption class="visually-hidden">API clients</caption><thead><tr><th scope="col">Name</th><th scope="col">Client ID</th><th scope="col">Scopes</th><th scope="col">Status</th><th scope="col">Created</th><th scope="col">Last used</th>${
      isOwner ? html`<th scope="col"><span class="visually-hidden">Actions</span></th>` : null
    }</tr></thead><tbody>${clients.map(
      (c) =>
        html`<tr><td>${c.name}</td><td><code>${c.clientId}</code></td><td>${c.scopes.join(', ')}</td><td>${
          c.blocked
            ? html`<span class="badge bad">blocked</span>`
            : html`<span class="badge ok">active</span>`
        }</td><td>${dateTime(c.createdAt)}</td><td>${c.lastUsedAt === null ? 'never' : dateTime(c.lastUsedAt)}</td>${
          isOwner
            ? html`<td><div class="actions">${actionButton({
                action: orgPath(
                  slug,
                  `/clients/${encodeURIComponent(c.clientId)}/${c.blocked ? 'unblock' : 'block'}`,
                ),
                csrf: ctx.csrf,
                label: c.blocked ? 'Unblock' : 'Block',
                style: 'secondary',
                accessibleLabel: `${c.blocked ? 'Unblock' : 'Block'} ${c.name}`,
              })}<a class="button secondary" href="${orgPath(slug, `/clients/${encodeURIComponent(c.clientId)}/delete`)}" aria-label="Delete ${c.name}">Delete</a></div></td>`
            : null
        }</tr>`,
    )}</tbody></table>`,
  )
}

function createForm(ctx: OrgContext, form?: { name: string; scopes: readonly string[] }): SafeHtml | null {
  const org = ctx.membership.organization
  if (!coversApiClients(org.plan, org.subscriptionStatus)) return null
  const chosen = form?.scopes ?? ['write:codes']
  return html`<h2>Create a client</h2>
<form method="post" action="${orgPath(org.slug, '/clients')}" class="stack">${formGuard(ctx.csrf)}
${field({ name: 'name', label: 'Name', required: true, value: form?.name ?? '', hint: 'What the client is for, e.g. "ERP labels".' })}
<fieldset><legend>Scopes</legend>${SCOPES.map(
    (s) =>
      html`<label class="check"><input type="checkbox" name="scope" value="${s}"${chosen.includes(s) ? html` checked` : null}> <span><code>${s}</code> <span class="hint">${SCOPE_DESCRIPTIONS[s]}</span></span></label>`,
  )}</fieldset>
<div><button type="submit">Create client</button></div></form>`
}

export function clientCreatedPage(
  ctx: OrgContext,
  created: {
    readonly clientId: string
    readonly clientSecret: string
    readonly name: string
    readonly scopes: readonly string[]
  },
): SafeHtml {
  const slug = ctx.membership.organization.slug
  return orgPage(
    ctx,
    'clients',
    'API client created',
    html`<h1>API client “${created.name}” created</h1>
${notice('warn', html`<p><strong>Copy the client secret now.</strong> It is shown only once and cannot be retrieved later. If it is lost, delete the client and create a new one.</p>`)}
<dl class="facts"><dt>Client ID</dt><dd><div class="secret"><code id="client-id">${created.clientId}</code><button type="button" class="secondary" data-copy="client-id" hidden>Copy</button></div></dd>
<dt>Client secret</dt><dd><div class="secret"><code id="client-secret">${created.clientSecret}</code><button type="button" class="secondary" data-copy="client-secret" hidden>Copy</button></div></dd>
<dt>Scopes</dt><dd>${created.scopes.join(', ')}</dd></dl>
${apiAddresses(ctx.deps.config.apiUrl)}
<p><a class="button" href="${orgPath(slug, '/clients')}">I have stored the secret</a></p>`,
  )
}

/** Where the client's system calls: the API runs on an origin of its own, not the dashboard's. */
function apiAddresses(apiUrl: string): SafeHtml {
  return html`<p>Your system exchanges them for an access token (HTTP Basic, <code>grant_type=client_credentials</code>) at:</p>
<dl class="facts"><dt>Token URL</dt><dd><code>POST ${apiUrl}/oauth/token</code></dd>
<dt>API base URL</dt><dd><code>${apiUrl}</code></dd>
<dt>API reference</dt><dd><a href="${apiUrl}/docs">${apiUrl}/docs</a></dd></dl>`
}

export function deleteClientPage(ctx: OrgContext, client: ClientSummary): SafeHtml {
  const slug = ctx.membership.organization.slug
  return orgPage(
    ctx,
    'clients',
    'Delete API client',
    html`<h1>Delete “${client.name}”?</h1><p>The client <code>${client.clientId}</code> can then no longer obtain tokens, and the tokens it holds stop working at once. This cannot be undone.</p>
<form method="post" action="${orgPath(slug, `/clients/${encodeURIComponent(client.clientId)}/delete`)}" class="actions">${formGuard(ctx.csrf)}<button type="submit" class="danger">Delete client</button><a href="${orgPath(slug, '/clients')}">Cancel</a></form>`,
  )
}
