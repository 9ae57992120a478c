/** The audit log (DESIGN §7): every change is one row, written in the transaction that makes the change. */
import { and, desc, eq, lt, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/database.ts'
import { type ActorKind, auditEvents } from '../db/schema.ts'

/** Who made a change: a signed-in person, an API client, or an operator at the CLI. */
export type Actor =
  | { readonly kind: 'user'; readonly id: string; readonly label: string }
  | { readonly kind: 'api_client'; readonly id: string }
  | { readonly kind: 'cli' }

/** The CLI's actor: operators are not identified beyond the machine they work on. */
export const CLI_ACTOR: Actor = { kind: 'cli' }

export interface AuditInput {
  readonly organizationId: string | null
  readonly actor: Actor
  /** `<target kind>.<verb>`, e.g. `api_client.create`. */
  readonly action: string
  readonly target: { readonly kind: string; readonly id?: string | null }
  /** A small before/after summary; never a secret. */
  readonly summary?: Record<string, unknown>
}

export interface AuditEvent {
  readonly id: number
  readonly occurredAt: string
  readonly actorKind: ActorKind
  readonly actorLabel: string
  readonly action: string
  readonly targetKind: string
  readonly targetId: string | null
  readonly summary: Record<string, unknown>
}

/** How long events are kept (DESIGN §7). */
export const AUDIT_RETENTION_DAYS = 400

/** Records one change; call it with the transaction that makes the change, so both land or neither. */
export async function recordAudit(db: Db | Tx, input: AuditInput): Promise<void> {
  const { actor } = input
  await db.insert(auditEvents).values({
    organizationId: input.organizationId,
    actorKind: actor.kind,
    actorId: actor.kind === 'cli' ? null : actor.id,
    actorLabel: actor.kind === 'user' ? actor.label : actor.kind === 'api_client' ? actor.id : 'cli',
    action: input.action,
    targetKind: input.target.kind,
    targetId: input.target.id ?? null,
    summary: input.summary ?? {},
  })
}

/** One page of an organization's events, newest first; `before` is the last ID of the previous page. */
export async function listAudit(
  db: Db,
  organizationId: string,
  page: { readonly before?: number; readonly limit: number },
): Promise<AuditEvent[]> {
  const scope = eq(auditEvents.organizationId, organizationId)
  const rows = await db
    .select()
    .from(auditEvents)
    .where(page.before === undefined ? scope : and(scope, lt(auditEvents.id, page.before)))
    .orderBy(desc(auditEvents.id))
    .limit(page.limit)
  return rows.map((r) => ({
    id: r.id,
    occurredAt: r.occurredAt.toISOString(),
    actorKind: r.actorKind,
    actorLabel: r.actorLabel,
    action: r.action,
    targetKind: r.targetKind,
    targetId: r.targetId,
    summary: r.summary,
  }))
}

/** Deletes the events older than the retention; returns how many went. */
export async function pruneAudit(db: Db, now: number, days = AUDIT_RETENTION_DAYS): Promise<number> {
  const cutoff = new Date(now - days * 24 * 60 * 60 * 1000)
  const gone = await db
    .delete(auditEvents)
    .where(lt(auditEvents.occurredAt, sql`${cutoff.toISOString()}::timestamptz`))
    .returning({ id: auditEvents.id })
  return gone.length
}
