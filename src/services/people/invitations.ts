/** Invitations to join an organization: a one-time link (mailed when mail is set up), accepted by a new or an existing user. */
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm'
import { hashOpaqueToken, isOpaqueToken, newOpaqueToken } from '../../auth/opaque-tokens.ts'
import { hashPassword, passwordProblem } from '../../auth/passwords.ts'
import type { Db, Tx } from '../../db/database.ts'
import { invitations, memberships, organizations, type Role, users } from '../../db/schema.ts'
import { type Actor, recordAudit } from '../audit.ts'
import { normaliseEmail, normaliseName, type Refusal, type UserRef } from './users.ts'

/** An invitation link lives 7 days, like a set-password link. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000

export interface PendingInvitation {
  readonly id: string
  readonly email: string
  readonly role: Role
  readonly expiresAt: string
}

export type InviteResult =
  | { ok: true; invitation: PendingInvitation; token: string; replacedEarlier: boolean }
  | Refusal<'invalid_email' | 'member'>

/** Invites an email address with a role; a pending invitation for the same address is replaced. */
export async function createInvitation(
  db: Db,
  input: {
    organizationId: string
    email: string
    role: Role
    invitedBy: Actor & { kind: 'user' }
    now: number
  },
): Promise<InviteResult> {
  const email = normaliseEmail(input.email)
  if (email === null) return { ok: false, reason: 'invalid_email', message: 'Enter an email address.' }
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ userId: memberships.userId })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.organizationId, input.organizationId), sameEmail(email)))
    if (member !== undefined) {
      return { ok: false, reason: 'member', message: `${email} is a member already.` } as const
    }
    // One open invitation per address: a new one replaces the earlier link, which then no longer works.
    const replaced = await tx
      .delete(invitations)
      .where(
        and(
          eq(invitations.organizationId, input.organizationId),
          eq(sql`lower(${invitations.email})`, email.toLowerCase()),
          isNull(invitations.acceptedAt),
        ),
      )
      .returning({ id: invitations.id })
    const { token, hash } = newOpaqueToken()
    const expiresAt = new Date(input.now + INVITATION_TTL_MS)
    const [row] = await tx
      .insert(invitations)
      .values({
        tokenHash: hash,
        organizationId: input.organizationId,
        email,
        role: input.role,
        invitedBy: input.invitedBy.id,
        expiresAt,
      })
      .returning({ id: invitations.id })
    await recordAudit(tx, {
      organizationId: input.organizationId,
      actor: input.invitedBy,
      action: 'invitation.create',
      target: { kind: 'invitation', id: row?.id ?? null },
      summary: {
        email,
        role: input.role,
        ...(replaced.length > 0 ? { replaced: 'the earlier invitation' } : {}),
      },
    })
    const invitation = { id: row?.id ?? '', email, role: input.role, expiresAt: expiresAt.toISOString() }
    return { ok: true, invitation, token, replacedEarlier: replaced.length > 0 } as const
  })
}

/** Pending (unaccepted, unexpired) invitations of an organization. */
export async function listInvitations(
  db: Db,
  organizationId: string,
  now: number,
): Promise<PendingInvitation[]> {
  const rows = await db
    .select({
      id: invitations.id,
      email: invitations.email,
      role: invitations.role,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .where(pending(organizationId, now))
    .orderBy(asc(invitations.email))
  return rows.map((r) => ({ ...r, expiresAt: r.expiresAt.toISOString() }))
}

/** Withdraws a pending invitation of this organization; false when there is none with that ID. */
export async function revokeInvitation(
  db: Db,
  input: { organizationId: string; id: string; actor: Actor; now: number },
): Promise<boolean> {
  if (!isUuid(input.id)) return false
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(invitations)
      .where(and(eq(invitations.id, input.id), pending(input.organizationId, input.now)))
      .returning({ email: invitations.email, role: invitations.role })
    if (gone === undefined) return false
    await recordAudit(tx, {
      organizationId: input.organizationId,
      actor: input.actor,
      action: 'invitation.revoke',
      target: { kind: 'invitation', id: input.id },
      summary: gone,
    })
    return true
  })
}

export interface OpenInvitation {
  readonly id: string
  readonly organization: { readonly id: string; readonly slug: string; readonly name: string }
  readonly email: string
  readonly role: Role
  /** The user with the invited email, if there is one (then they sign in to accept). */
  readonly existingUser: UserRef | null
}

/** The invitation a link token opens, while it is pending. */
export async function findInvitation(
  db: Db | Tx,
  token: string,
  now: number,
): Promise<OpenInvitation | null> {
  if (!isOpaqueToken(token)) return null
  const [row] = await db
    .select({
      id: invitations.id,
      email: invitations.email,
      role: invitations.role,
      organization: { id: organizations.id, slug: organizations.slug, name: organizations.name },
    })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .where(
      and(
        eq(invitations.tokenHash, hashOpaqueToken(token)),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, new Date(now)),
      ),
    )
  if (row === undefined) return null
  const [user] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(sameEmail(row.email))
  return { ...row, existingUser: user ?? null }
}

export type AcceptResult =
  | { ok: true; user: UserRef; organization: { slug: string; name: string } }
  | Refusal<'invalid_link' | 'wrong_user' | 'invalid' | 'weak'>

/** The organization an invitation link was used to join, or null when it is unknown, open, expired or withdrawn. */
export async function acceptedInvitationOrganization(
  db: Db,
  token: string,
): Promise<{ readonly slug: string; readonly name: string } | null> {
  if (!isOpaqueToken(token)) return null
  const [row] = await db
    .select({ slug: organizations.slug, name: organizations.name, acceptedAt: invitations.acceptedAt })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .where(eq(invitations.tokenHash, hashOpaqueToken(token)))
  return row?.acceptedAt == null ? null : { slug: row.slug, name: row.name }
}

/**
 * Accepts an invitation. An existing user must be the signed-in `user` with the invited email; a new user gives a
 * name and a password and is created with that email. Someone who became a member meanwhile keeps their role.
 */
export async function acceptInvitation(
  db: Db,
  input: {
    token: string
    now: number
    user?: UserRef
    newUser?: { name: string; password: string; confirmation: string }
  },
): Promise<AcceptResult> {
  const fresh = input.newUser
  let passwordHash: string | null = null
  if (fresh !== undefined) {
    const problem = passwordProblem(fresh.password, fresh.confirmation)
    if (problem !== null) return { ok: false, reason: 'weak', message: problem }
    if (normaliseName(fresh.name) === null)
      return { ok: false, reason: 'invalid', message: 'Enter your name.' }
    passwordHash = await hashPassword(fresh.password)
  }
  return db.transaction(async (tx) => {
    const invitation = await findInvitation(tx, input.token, input.now)
    if (invitation === null) {
      const message = 'This invitation has expired, has been used or was withdrawn. Ask for a new one.'
      return { ok: false, reason: 'invalid_link', message } as const
    }
    const user = await acceptingUser(tx, invitation, input.user, fresh, passwordHash)
    if (!('id' in user)) return user
    await tx
      .insert(memberships)
      .values({ userId: user.id, organizationId: invitation.organization.id, role: invitation.role })
      .onConflictDoNothing()
    await tx
      .update(invitations)
      .set({ acceptedAt: new Date(input.now) })
      .where(eq(invitations.id, invitation.id))
    await recordAudit(tx, {
      organizationId: invitation.organization.id,
      actor: { kind: 'user', id: user.id, label: user.email },
      action: 'invitation.accept',
      target: { kind: 'user', id: user.id },
      summary: { email: user.email, role: invitation.role },
    })
    return { ok: true, user, organization: invitation.organization } as const
  })
}

async function acceptingUser(
  tx: Tx,
  invitation: OpenInvitation,
  signedIn: UserRef | undefined,
  fresh: { name: string } | undefined,
  passwordHash: string | null,
): Promise<UserRef | Refusal<'wrong_user' | 'invalid'>> {
  const existing = invitation.existingUser
  if (existing !== null) {
    if (signedIn?.id === existing.id) return existing
    const message = `This invitation is for ${invitation.email}: sign in with that account to accept it.`
    return { ok: false, reason: 'wrong_user', message }
  }
  if (signedIn !== undefined) {
    const message = `This invitation is for ${invitation.email}, not for ${signedIn.email}: sign out to accept it.`
    return { ok: false, reason: 'wrong_user', message }
  }
  const name = fresh === undefined ? null : normaliseName(fresh.name)
  if (name === null || passwordHash === null)
    return { ok: false, reason: 'invalid', message: 'Enter your name.' }
  const [user] = await tx
    .insert(users)
    .values({ email: invitation.email, name, passwordHash })
    .returning({ id: users.id, email: users.email, name: users.name })
  return user as UserRef
}

function pending(organizationId: string, now: number) {
  return and(
    eq(invitations.organizationId, organizationId),
    isNull(invitations.acceptedAt),
    gt(invitations.expiresAt, new Date(now)),
  )
}

function sameEmail(email: string) {
  return eq(sql`lower(${users.email})`, email.toLowerCase())
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** True for a UUID in canonical lower-case form (an ID from a URL is checked before it reaches a uuid column). */
export function isUuid(value: string): boolean {
  return UUID.test(value)
}
