/** API clients of an organization: list with last use; owners create (the secret shown once), block, unblock, delete. */

import { createClient, deleteClient, listClients, setBlocked } from '../../services/clients/api-clients.ts'
import { type Access, type OrgContext, orgPath, userActor } from '../context.ts'
import { pageAnswer, redirectAnswer } from '../http.ts'
import type { RouteDefinition } from '../router.ts'
import { clientCreatedPage, clientsPage, deleteClientPage } from '../views/clients.ts'
import { ERRORS, errorBody } from '../views/errors.ts'

const owner = { access: 'org', role: 'owner', section: 'clients' } as const

export const CLIENT_ROUTES: readonly RouteDefinition<Access>[] = [
  {
    method: 'GET',
    pattern: '/orgs/:org/clients',
    handler: { access: 'org', role: 'viewer', section: 'clients', handle: list },
  },
  {
    method: 'POST',
    pattern: '/orgs/:org/clients',
    handler: {
      ...owner,
      shownOnce:
        'If you did not store the new client’s secret, delete the client and create a new one: the secret cannot be shown again.',
      handle: create,
    },
  },
  {
    method: 'POST',
    pattern: '/orgs/:org/clients/:client/block',
    handler: { ...owner, handle: (c: OrgContext) => block(c, true) },
  },
  {
    method: 'POST',
    pattern: '/orgs/:org/clients/:client/unblock',
    handler: { ...owner, handle: (c: OrgContext) => block(c, false) },
  },
  {
    method: 'GET',
    pattern: '/orgs/:org/clients/:client/delete',
    handler: { ...owner, handle: confirmDelete },
  },
  { method: 'POST', pattern: '/orgs/:org/clients/:client/delete', handler: { ...owner, handle: remove } },
]

const DONE: Readonly<Record<string, string>> = {
  blocked: 'The client is blocked: it can no longer obtain tokens, and its tokens stop working.',
  unblocked: 'The client is unblocked: it can obtain tokens again.',
  deleted: 'The client is deleted: its tokens are revoked.',
}

const CREATE_REFUSALS: Readonly<Record<string, string>> = {
  invalid_scope: 'Choose at least one scope.',
  subscription: 'No client was created: this subscription does not include API clients.',
}

/** The signed-in person as the audit log names them. */
async function clientsOf(ctx: OrgContext) {
  const result = await listClients(ctx.deps.database.db, ctx.membership.organization.slug)
  return result.ok ? result.clients : []
}

async function list(ctx: OrgContext): Promise<Response> {
  const done = DONE[ctx.query.get('done') ?? ''] ?? null
  return pageAnswer(ctx.https, clientsPage(ctx, { clients: await clientsOf(ctx), done }))
}

async function create(ctx: OrgContext): Promise<Response> {
  const name = ctx.form.get('name') ?? ''
  const scopes = ctx.form.getAll('scope')
  const result = await createClient(ctx.deps.database.db, {
    organizationSlug: ctx.membership.organization.slug,
    name,
    scopes,
    clock: () => ctx.now,
    actor: userActor(ctx),
  })
  if (!result.ok) {
    const error = CREATE_REFUSALS[result.reason] ?? sentence(result.message)
    const page = clientsPage(ctx, { clients: await clientsOf(ctx), error, form: { name, scopes } })
    return pageAnswer(ctx.https, page, { status: 422 })
  }
  // Shown on this answer and never again: no redirect, so the secret never sits in a URL or in history.
  return pageAnswer(ctx.https, clientCreatedPage(ctx, result))
}

async function block(ctx: OrgContext, blocked: boolean): Promise<Response> {
  const found = await setBlocked(ctx.deps.database.db, ctx.params.client ?? '', blocked, {
    actor: userActor(ctx),
    organizationId: ctx.membership.organization.id,
  })
  if (!found) return notFound(ctx)
  return redirectAnswer(
    ctx.https,
    orgPath(ctx.membership.organization.slug, `/clients?done=${blocked ? 'blocked' : 'unblocked'}`),
  )
}

async function confirmDelete(ctx: OrgContext): Promise<Response> {
  const client = (await clientsOf(ctx)).find((c) => c.clientId === ctx.params.client)
  if (client === undefined) return notFound(ctx)
  return pageAnswer(ctx.https, deleteClientPage(ctx, client))
}

async function remove(ctx: OrgContext): Promise<Response> {
  const found = await deleteClient(ctx.deps.database.db, ctx.params.client ?? '', {
    actor: userActor(ctx),
    organizationId: ctx.membership.organization.id,
  })
  if (!found) return notFound(ctx)
  return redirectAnswer(ctx.https, orgPath(ctx.membership.organization.slug, '/clients?done=deleted'))
}

function notFound(ctx: OrgContext): Response {
  return pageAnswer(ctx.https, errorBody(ERRORS.notFound), { status: 404 })
}

/** A storage refusal as a sentence for the page. */
function sentence(message: string): string {
  return `${message.charAt(0).toUpperCase()}${message.slice(1)}.`
}
