/** API clients in the database: create (secret returned once, stored hashed), list, block, delete, auth look-ups. */
import { and, asc, eq, sql } from 'drizzle-orm'
import { isKnownScope, SCOPES } from '../../auth/scopes.ts'
import { hashSecret, newClientId, newClientSecret } from '../../auth/secrets.ts'
import { CLIENTS_CHANNEL } from '../../db/channels.ts'
import type { Db, Tx } from '../../db/database.ts'
import { apiClients, organizations, type Plan, type SubscriptionStatus } from '../../db/schema.ts'
import { type Actor, recordAudit } from '../audit.ts'
import { coversApiClients } from '../people/organizations.ts'

export type CreateClientResult =
  | { ok: true; clientId: string; clientSecret: string; name: string; scopes: string[] }
  | {
      ok: false
      reason: 'unknown_organization' | 'subscription' | 'invalid_scope' | 'invalid_name'
      message: string
    }

export interface ClientSummary {
  clientId: string
  name: string
  scopes: string[]
  blocked: boolean
  createdAt: string
  lastUsedAt: string | null
}

export type ListClientsResult =
  | { ok: true; clients: ClientSummary[] }
  | { ok: false; reason: 'unknown_organization'; message: string }

/** Longest client name accepted. */
export const MAX_CLIENT_NAME = 200

/**
 * Creates a client for an organization whose subscription covers API clients (DESIGN §6). The
 * secret is returned here and only here; the database keeps its scrypt hash.
 */
export async function createClient(
  db: Db,
  input: {
    organizationSlug: string
    name: string
    scopes: readonly string[]
    clock: () => number
    actor: Actor
  },
): Promise<CreateClientResult> {
  const name = input.name.trim()
  if (name === '' || [...name].length > MAX_CLIENT_NAME) {
    return {
      ok: false,
      reason: 'invalid_name',
      message: `client name must be 1 to ${MAX_CLIENT_NAME} characters`,
    }
  }
  const scopes = [...new Set(input.scopes)]
  const unknown = scopes.find((s) => !isKnownScope(s))
  if (scopes.length === 0 || unknown !== undefined) {
    const known = SCOPES.join(', ')
    const message =
      unknown === undefined
        ? `at least one scope is required (${known})`
        : `unknown scope '${unknown}' (${known})`
    return { ok: false, reason: 'invalid_scope', message }
  }
  const clientSecret = newClientSecret()
  const secretHash = await hashSecret(clientSecret)
  return db.transaction(async (tx) => {
    // FOR SHARE: a concurrent plan change waits for this insert, so no client slips past a downgrade.
    const [org] = await tx
      .select({ id: organizations.id, plan: organizations.plan, status: organizations.subscriptionStatus })
      .from(organizations)
      .where(eq(organizations.slug, input.organizationSlug))
      .for('share')
    if (!org) return unknownOrganization(input.organizationSlug)
    if (!coversApiClients(org.plan, org.status)) {
      const message = subscriptionRefusal(input.organizationSlug, org.plan, org.status)
      return { ok: false, reason: 'subscription', message } as const
    }
    const clientId = newClientId()
    await tx.insert(apiClients).values({
      id: clientId,
      organizationId: org.id,
      name,
      scopes,
      secretHash,
      createdAt: new Date(input.clock()),
    })
    await recordAudit(tx, {
      organizationId: org.id,
      actor: input.actor,
      action: 'api_client.create',
      target: { kind: 'api_client', id: clientId },
      summary: { name, scopes },
    })
    return { ok: true, clientId, clientSecret, name, scopes } as const
  })
}

/** The organization's clients, oldest first, without secrets or hashes. */
export async function listClients(db: Db, organizationSlug: string): Promise<ListClientsResult> {
  const [org] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.slug, organizationSlug))
  if (!org) return unknownOrganization(organizationSlug)
  const rows = await db
    .select({
      clientId: apiClients.id,
      name: apiClients.name,
      scopes: apiClients.scopes,
      blocked: apiClients.blocked,
      createdAt: apiClients.createdAt,
      lastUsedAt: apiClients.lastUsedAt,
    })
    .from(apiClients)
    .where(eq(apiClients.organizationId, org.id))
    .orderBy(asc(apiClients.createdAt), asc(apiClients.id))
  const clients = rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  }))
  return { ok: true, clients }
}

/** Who changes a client, and (from the dashboard) the organization it must belong to: another's is unknown. */
export interface ClientChange {
  readonly actor: Actor
  readonly organizationId?: string
}

/** Blocks or unblocks a client; false when no such client. Notifies every instance in the same transaction. */
export async function setBlocked(
  db: Db,
  clientId: string,
  blocked: boolean,
  change: ClientChange,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(apiClients)
      .set({ blocked })
      .where(ownClient(clientId, change))
      .returning({ organizationId: apiClients.organizationId, name: apiClients.name })
    const [row] = rows
    if (row === undefined) return false
    await notify(tx, `${blocked ? 'block' : 'unblock'}:${clientId}`)
    await recordAudit(tx, {
      organizationId: row.organizationId,
      actor: change.actor,
      action: blocked ? 'api_client.block' : 'api_client.unblock',
      target: { kind: 'api_client', id: clientId },
      summary: { name: row.name },
    })
    return true
  })
}

/** Deletes a client, which revokes its tokens (DESIGN §4); false when no such client. */
export async function deleteClient(db: Db, clientId: string, change: ClientChange): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(apiClients)
      .where(ownClient(clientId, change))
      .returning({ organizationId: apiClients.organizationId, name: apiClients.name })
    const [row] = rows
    if (row === undefined) return false
    await notify(tx, `delete:${clientId}`)
    await recordAudit(tx, {
      organizationId: row.organizationId,
      actor: change.actor,
      action: 'api_client.delete',
      target: { kind: 'api_client', id: clientId },
      summary: { name: row.name },
    })
    return true
  })
}

function ownClient(clientId: string, change: ClientChange) {
  const id = eq(apiClients.id, clientId)
  return change.organizationId === undefined
    ? id
    : and(id, eq(apiClients.organizationId, change.organizationId))
}

/** What the token endpoint needs to authenticate a client, in one round trip. */
export interface ClientCredentialsRow {
  clientId: string
  organizationId: string
  scopes: string[]
  secretHash: string
  blocked: boolean
  plan: Plan
  subscriptionStatus: SubscriptionStatus
}

export async function findClientCredentials(db: Db, clientId: string): Promise<ClientCredentialsRow | null> {
  const [row] = await db
    .select({
      clientId: apiClients.id,
      organizationId: apiClients.organizationId,
      scopes: apiClients.scopes,
      secretHash: apiClients.secretHash,
      blocked: apiClients.blocked,
      plan: organizations.plan,
      subscriptionStatus: organizations.subscriptionStatus,
    })
    .from(apiClients)
    .innerJoin(organizations, eq(organizations.id, apiClients.organizationId))
    .where(eq(apiClients.id, clientId))
  return row ?? null
}

/** An organization's plan and subscription status, or null when it no longer exists. */
export async function findOrganizationPlan(
  db: Db,
  organizationId: string,
): Promise<{ plan: Plan; subscriptionStatus: SubscriptionStatus } | null> {
  const [row] = await db
    .select({ plan: organizations.plan, subscriptionStatus: organizations.subscriptionStatus })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
  return row ?? null
}

/** Writes a batch of last-used times in one statement, never moving a time backwards. */
export async function recordLastUsed(db: Db, entries: ReadonlyMap<string, number>): Promise<void> {
  if (entries.size === 0) return
  const batch = JSON.stringify([...entries].map(([id, at]) => ({ id, at: new Date(at).toISOString() })))
  await db.execute(sql`
    update ${apiClients} set last_used_at = greatest(${apiClients.lastUsedAt}, u.at)
    from jsonb_to_recordset(${batch}::jsonb) as u(id text, at timestamptz)
    where ${apiClients.id} = u.id`)
}

async function notify(tx: Tx, payload: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${CLIENTS_CHANNEL}, ${payload})`)
}

/** The one-line refusal when the subscription does not cover API clients (DESIGN §6). */
function subscriptionRefusal(slug: string, plan: Plan, status: SubscriptionStatus): string {
  const needed = 'API clients need an active starter, pro or enterprise subscription'
  if (status === 'active') return `organization '${slug}' is on the ${plan} plan; ${needed}`
  return `organization '${slug}' has a ${status} ${plan} subscription; ${needed}`
}

function unknownOrganization(slug: string) {
  return { ok: false, reason: 'unknown_organization', message: `unknown organization '${slug}'` } as const
}
