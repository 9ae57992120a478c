/** Organizations and their subscription: create, change plan, list. Plan changes notify every instance. */
import { asc, eq, sql } from 'drizzle-orm'
import { CLIENTS_CHANNEL } from '../../db/channels.ts'
import type { Db } from '../../db/database.ts'
import {
  organizations,
  PLANS,
  type Plan,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
} from '../../db/schema.ts'
import { CLI_ACTOR, recordAudit } from '../audit.ts'

/** The values a surface offers and checks, as the schema defines them. */
export { PLANS, SUBSCRIPTION_STATUSES } from '../../db/schema.ts'

export interface OrganizationView {
  slug: string
  name: string
  plan: Plan
  subscriptionStatus: SubscriptionStatus
}

export type OrganizationResult =
  | { ok: true; organization: OrganizationView }
  | { ok: false; reason: 'exists' | 'unknown' | 'invalid'; message: string }

const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/

/** True when the subscription lets the organization have API clients (DESIGN §6). */
export function coversApiClients(plan: string, status: string): boolean {
  return plan !== 'free' && (PLANS as readonly string[]).includes(plan) && status === 'active'
}

export function isPlan(value: string): value is Plan {
  return (PLANS as readonly string[]).includes(value)
}

export function isSubscriptionStatus(value: string): value is SubscriptionStatus {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(value)
}

/** Creates an organization (an operator's act: audited as the CLI); refuses an invalid or taken slug. */
export async function createOrganization(db: Db, input: OrganizationView): Promise<OrganizationResult> {
  if (!SLUG.test(input.slug)) {
    return { ok: false, reason: 'invalid', message: `slug '${input.slug}' must match ${SLUG.source}` }
  }
  if (input.name.trim() === '' || input.name.length > 200) {
    return { ok: false, reason: 'invalid', message: 'name must have 1 to 200 characters' }
  }
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(organizations)
      .values(input)
      .onConflictDoNothing()
      .returning({ id: organizations.id })
    if (inserted === undefined) {
      return { ok: false, reason: 'exists', message: `organization '${input.slug}' already exists` } as const
    }
    await recordAudit(tx, {
      organizationId: inserted.id,
      actor: CLI_ACTOR,
      action: 'organization.create',
      target: { kind: 'organization', id: input.slug },
      summary: { plan: input.plan, status: input.subscriptionStatus },
    })
    return { ok: true, organization: input } as const
  })
}

/**
 * Changes the plan (and optionally the status); API-client caches everywhere are told in the same transaction.
 * Plans are an operator's business (the CLI), and audited as such.
 */
export async function setPlan(
  db: Db,
  slug: string,
  plan: Plan,
  status?: SubscriptionStatus,
): Promise<OrganizationResult> {
  return db.transaction(async (tx) => {
    const changes = status === undefined ? { plan } : { plan, subscriptionStatus: status }
    const [before] = await tx
      .select({ plan: organizations.plan, status: organizations.subscriptionStatus })
      .from(organizations)
      .where(eq(organizations.slug, slug))
      .for('update')
    const [row] = await tx
      .update(organizations)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(organizations.slug, slug))
      .returning()
    if (row === undefined || before === undefined)
      return { ok: false, reason: 'unknown', message: `organization '${slug}' does not exist` }
    await tx.execute(`select pg_notify('${CLIENTS_CHANNEL}', 'org:${row.id}')`)
    await recordAudit(tx, {
      organizationId: row.id,
      actor: CLI_ACTOR,
      action: 'organization.plan',
      target: { kind: 'organization', id: slug },
      summary: {
        before: `${before.plan} (${before.status})`,
        after: `${row.plan} (${row.subscriptionStatus})`,
      },
    })
    return { ok: true, organization: view(row) }
  })
}

export async function listOrganizations(db: Db): Promise<OrganizationView[]> {
  return (await db.select().from(organizations).orderBy(asc(organizations.slug))).map(view)
}

function view(row: typeof organizations.$inferSelect): OrganizationView {
  return { slug: row.slug, name: row.name, plan: row.plan, subscriptionStatus: row.subscriptionStatus }
}
