/** Members of organizations and their roles; an organization always keeps one owner (DESIGN §7). */
import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/database.ts'
import {
  memberships,
  organizations,
  type Plan,
  type Role,
  type SubscriptionStatus,
  users,
} from '../../db/schema.ts'
import { type Actor, recordAudit } from '../audit.ts'
import type { Refusal } from './users.ts'

/** The values a surface offers and checks, as the schema defines them. */
export { ROLES } from '../../db/schema.ts'

export interface OrganizationRef {
  readonly id: string
  readonly slug: string
  readonly name: string
  readonly plan: Plan
  readonly subscriptionStatus: SubscriptionStatus
}

export interface Membership {
  readonly organization: OrganizationRef
  readonly role: Role
}

export interface Member {
  readonly userId: string
  readonly email: string
  readonly name: string
  readonly role: Role
  readonly since: string
  readonly disabled: boolean
}

const ORGANIZATION = {
  id: organizations.id,
  slug: organizations.slug,
  name: organizations.name,
  plan: organizations.plan,
  subscriptionStatus: organizations.subscriptionStatus,
}

/** The organizations a user belongs to, by name. */
export async function membershipsOf(db: Db, userId: string): Promise<Membership[]> {
  const rows = await db
    .select({ organization: ORGANIZATION, role: memberships.role })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(organizations.name), asc(organizations.slug))
  return rows
}

/** The user's membership of the organization with this slug, or null (not a member, or no such organization). */
export async function membershipIn(db: Db, userId: string, slug: string): Promise<Membership | null> {
  const [row] = await db
    .select({ organization: ORGANIZATION, role: memberships.role })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.userId, userId), eq(organizations.slug, slug)))
  return row ?? null
}

export async function listMembers(db: Db, organizationId: string): Promise<Member[]> {
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      role: memberships.role,
      since: memberships.createdAt,
      disabledAt: users.disabledAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, organizationId))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.email))
  return rows.map(({ since, disabledAt, ...m }) => ({
    ...m,
    since: since.toISOString(),
    disabled: disabledAt !== null,
  }))
}

export type MemberChangeResult =
  | { ok: true; member: { email: string; role: Role } }
  | Refusal<'unknown' | 'last_owner'>

/** Gives a member another role; the last owner keeps theirs. */
export function changeRole(
  db: Db,
  input: { organizationId: string; userId: string; role: Role; actor: Actor },
): Promise<MemberChangeResult> {
  return withOwnersLocked(db, input.organizationId, input.userId, async (tx, member, owners) => {
    if (member.role === 'owner' && input.role !== 'owner' && owners === 1) return lastOwner()
    await tx
      .update(memberships)
      .set({ role: input.role })
      .where(and(eq(memberships.organizationId, input.organizationId), eq(memberships.userId, input.userId)))
    if (member.role !== input.role) {
      await recordAudit(tx, {
        organizationId: input.organizationId,
        actor: input.actor,
        action: 'member.role',
        target: { kind: 'user', id: input.userId },
        summary: { email: member.email, before: member.role, after: input.role },
      })
    }
    return { ok: true, member: { email: member.email, role: input.role } } as const
  })
}

/** Removes a member from the organization; the last owner cannot be removed. */
export function removeMember(
  db: Db,
  input: { organizationId: string; userId: string; actor: Actor },
): Promise<MemberChangeResult> {
  return withOwnersLocked(db, input.organizationId, input.userId, async (tx, member, owners) => {
    if (member.role === 'owner' && owners === 1) return lastOwner()
    await tx
      .delete(memberships)
      .where(and(eq(memberships.organizationId, input.organizationId), eq(memberships.userId, input.userId)))
    await recordAudit(tx, {
      organizationId: input.organizationId,
      actor: input.actor,
      action: 'member.remove',
      target: { kind: 'user', id: input.userId },
      summary: { email: member.email, role: member.role },
    })
    return { ok: true, member: { email: member.email, role: member.role } } as const
  })
}

/**
 * Runs a membership change with the organization's row locked, so two owners demoting each other at once cannot
 * both succeed and leave none; `owners` is the number of owners before the change.
 */
async function withOwnersLocked(
  db: Db,
  organizationId: string,
  userId: string,
  change: (tx: Tx, member: { email: string; role: Role }, owners: number) => Promise<MemberChangeResult>,
): Promise<MemberChangeResult> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for('update')
    const rows = await tx
      .select({ userId: memberships.userId, role: memberships.role, email: users.email })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.organizationId, organizationId))
    const member = rows.find((r) => r.userId === userId)
    if (member === undefined) return { ok: false, reason: 'unknown', message: 'No such member.' } as const
    return change(tx, member, rows.filter((r) => r.role === 'owner').length)
  })
}

function lastOwner() {
  const message = 'An organization keeps at least one owner: make another member owner first.'
  return { ok: false, reason: 'last_owner', message } as const
}
