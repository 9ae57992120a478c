/** People of the dashboard: create (with a one-time set-password link), list, disable, sign-in checks, passwords. */
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm'
import { hashOpaqueToken, isOpaqueToken, newOpaqueToken } from '../../auth/opaque-tokens.ts'
import { hashPassword, passwordProblem, verifyPassword } from '../../auth/passwords.ts'
import type { Db, Tx } from '../../db/database.ts'
import { memberships, organizations, passwordTokens, ROLES, type Role, users } from '../../db/schema.ts'
import { type Actor, recordAudit } from '../audit.ts'
import { endUserSessions } from './sessions.ts'

/** A set-password link lives 7 days (DESIGN §7). */
export const SET_PASSWORD_TTL_MS = 7 * 24 * 60 * 60 * 1000
export const MAX_NAME_LENGTH = 200
const MAX_EMAIL_LENGTH = 254
// Deliberately loose (one @, a dot in the domain, no spaces): the mail server is the real judge.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/

export interface UserRef {
  readonly id: string
  readonly email: string
  readonly name: string
}

export type Refusal<R extends string> = { ok: false; reason: R; message: string }

/** The email as typed, trimmed, or null when it is not an email address. */
export function normaliseEmail(raw: string): string | null {
  const email = raw.trim()
  return email.length <= MAX_EMAIL_LENGTH && EMAIL.test(email) ? email : null
}

/** A display name, trimmed, or null when empty or too long. */
export function normaliseName(raw: string): string | null {
  const name = raw.trim()
  return name === '' || [...name].length > MAX_NAME_LENGTH ? null : name
}

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value)
}

export type CreateUserResult =
  | { ok: true; user: UserRef; setPasswordToken: string }
  | Refusal<'invalid' | 'unknown_organization' | 'exists'>

/** Creates a user as a member of an organization, with a one-time set-password link (the CLI's `user create`). */
export async function createUser(
  db: Db,
  input: {
    email: string
    name: string
    organizationSlug: string
    role: string
    actor: Actor
    clock: () => number
  },
): Promise<CreateUserResult> {
  const email = normaliseEmail(input.email)
  const name = normaliseName(input.name)
  if (email === null) return invalid(`'${input.email}' is not an email address`)
  if (name === null) return invalid(`the name must have 1 to ${MAX_NAME_LENGTH} characters`)
  if (!isRole(input.role)) return invalid(`unknown role '${input.role}' (${ROLES.join(', ')})`)
  const role = input.role
  return db.transaction(async (tx) => {
    const [org] = await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.slug, input.organizationSlug))
    if (org === undefined) {
      const message = `organization '${input.organizationSlug}' does not exist`
      return { ok: false, reason: 'unknown_organization', message } as const
    }
    const [user] = await tx
      .insert(users)
      .values({ email, name })
      .onConflictDoNothing()
      .returning({ id: users.id, email: users.email, name: users.name })
    if (user === undefined) {
      const message = `a user with the email '${email}' exists already (user reset-password gives a new link)`
      return { ok: false, reason: 'exists', message } as const
    }
    await tx.insert(memberships).values({ userId: user.id, organizationId: org.id, role })
    await recordAudit(tx, {
      organizationId: org.id,
      actor: input.actor,
      action: 'member.add',
      target: { kind: 'user', id: user.id },
      summary: { email, role },
    })
    const setPasswordToken = await issuePasswordToken(tx, user.id, input.clock())
    return { ok: true, user, setPasswordToken } as const
  })
}

/** Stores a new one-time set-password token for the user and returns it. */
export async function issuePasswordToken(db: Db | Tx, userId: string, now: number): Promise<string> {
  const { token, hash } = newOpaqueToken()
  await db
    .insert(passwordTokens)
    .values({ tokenHash: hash, userId, expiresAt: new Date(now + SET_PASSWORD_TTL_MS) })
  return token
}

export type ResetResult = { ok: true; user: UserRef; setPasswordToken: string } | Refusal<'unknown'>

/** A new one-time set-password link for a user (the CLI's `user reset-password`); earlier links stop working. */
export async function resetPassword(db: Db, email: string, clock: () => number): Promise<ResetResult> {
  return db.transaction(async (tx) => {
    const user = await findByEmail(tx, email)
    if (user === null) return unknownUser(email)
    await tx.delete(passwordTokens).where(eq(passwordTokens.userId, user.id))
    return { ok: true, user, setPasswordToken: await issuePasswordToken(tx, user.id, clock()) } as const
  })
}

export interface SetPasswordLink {
  readonly user: UserRef
}

/** The user a set-password token is for, while it is unused and unexpired. */
export async function findPasswordToken(db: Db, token: string, now: number): Promise<SetPasswordLink | null> {
  if (!isOpaqueToken(token)) return null
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(passwordTokens)
    .innerJoin(users, eq(users.id, passwordTokens.userId))
    .where(
      and(
        eq(passwordTokens.tokenHash, hashOpaqueToken(token)),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, new Date(now)),
        isNull(users.disabledAt),
      ),
    )
  return row === undefined ? null : { user: row }
}

/** True when a set-password link was used (rather than unknown or expired): the password it set is in place. */
export async function passwordLinkUsed(db: Db, token: string): Promise<boolean> {
  if (!isOpaqueToken(token)) return false
  const [row] = await db
    .select({ usedAt: passwordTokens.usedAt })
    .from(passwordTokens)
    .where(eq(passwordTokens.tokenHash, hashOpaqueToken(token)))
  return row?.usedAt != null
}

export type SetPasswordResult = { ok: true; user: UserRef } | Refusal<'invalid_link' | 'weak'>

/**
 * Sets the password through a one-time link: the link is used up, every other link of the user too, and the
 * user's sessions end (DESIGN §7: a password change ends them).
 */
export async function setPasswordWithToken(
  db: Db,
  input: { token: string; password: string; confirmation: string; now: number },
): Promise<SetPasswordResult> {
  const problem = passwordProblem(input.password, input.confirmation)
  if (problem !== null) return { ok: false, reason: 'weak', message: problem }
  const link = await findPasswordToken(db, input.token, input.now)
  if (link === null) return invalidLink()
  const hash = await hashPassword(input.password)
  return db.transaction(async (tx) => {
    const used = await tx
      .update(passwordTokens)
      .set({ usedAt: new Date(input.now) })
      .where(and(eq(passwordTokens.tokenHash, hashOpaqueToken(input.token)), isNull(passwordTokens.usedAt)))
      .returning({ userId: passwordTokens.userId })
    // Two submissions of one link at once: the second finds it used.
    if (used.length === 0) return invalidLink()
    // The user's other links go; this one stays, used, so that opening it again can say what it did.
    await tx
      .delete(passwordTokens)
      .where(and(eq(passwordTokens.userId, link.user.id), isNull(passwordTokens.usedAt)))
    await storePassword(tx, link.user.id, hash)
    return { ok: true, user: link.user } as const
  })
}

export type ChangePasswordResult = { ok: true } | Refusal<'wrong_password' | 'weak'>

/** Changes a signed-in user's password after checking the current one; every session of the user ends. */
export async function changePassword(
  db: Db,
  input: { userId: string; current: string; password: string; confirmation: string },
): Promise<ChangePasswordResult> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, input.userId))
  if (!(await verifyPassword(input.current, row?.hash ?? null))) {
    return { ok: false, reason: 'wrong_password', message: 'The current password is not right.' }
  }
  const problem = passwordProblem(input.password, input.confirmation)
  if (problem !== null) return { ok: false, reason: 'weak', message: problem }
  const hash = await hashPassword(input.password)
  await db.transaction((tx) => storePassword(tx, input.userId, hash))
  return { ok: true }
}

async function storePassword(tx: Tx, userId: string, hash: string): Promise<void> {
  await tx.update(users).set({ passwordHash: hash, updatedAt: sql`now()` }).where(eq(users.id, userId))
  await endUserSessions(tx, userId)
}

/**
 * The user with this email and password, or null: unknown, disabled, without a password, or a wrong password all
 * answer alike and take about as long (a hash is verified either way).
 */
export async function authenticate(db: Db, email: string, password: string): Promise<UserRef | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      hash: users.passwordHash,
      disabledAt: users.disabledAt,
    })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
  const matches = await verifyPassword(password, row?.hash ?? null)
  if (row === undefined || !matches || row.disabledAt !== null) return null
  return { id: row.id, email: row.email, name: row.name }
}

export async function findByEmail(db: Db | Tx, email: string): Promise<UserRef | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
  return row ?? null
}

export interface UserListing extends UserRef {
  readonly disabled: boolean
  readonly hasPassword: boolean
  readonly memberships: { organization: string; role: Role }[]
}

/** Every user (or an organization's members), with their memberships, by email. */
export async function listUsers(db: Db, organizationSlug?: string): Promise<UserListing[]> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      disabledAt: users.disabledAt,
      hash: users.passwordHash,
      organization: organizations.slug,
      role: memberships.role,
    })
    .from(users)
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .leftJoin(organizations, eq(organizations.id, memberships.organizationId))
    .orderBy(asc(sql`lower(${users.email})`), asc(organizations.slug))
  const byId = new Map<string, UserListing>()
  for (const r of rows) {
    let user = byId.get(r.id)
    if (user === undefined) {
      user = {
        id: r.id,
        email: r.email,
        name: r.name,
        disabled: r.disabledAt !== null,
        hasPassword: r.hash !== null,
        memberships: [],
      }
      byId.set(r.id, user)
    }
    if (r.organization !== null && r.role !== null)
      user.memberships.push({ organization: r.organization, role: r.role })
  }
  const all = [...byId.values()]
  return organizationSlug === undefined
    ? all
    : all.filter((u) => u.memberships.some((m) => m.organization === organizationSlug))
}

export type DisableResult = { ok: true; user: UserRef } | Refusal<'unknown'>

/** Disables a user: sign-in is refused, sessions and set-password links end; memberships stay (for the record). */
export async function disableUser(db: Db, email: string, actor: Actor): Promise<DisableResult> {
  return db.transaction(async (tx) => {
    const user = await findByEmail(tx, email)
    if (user === null) return unknownUser(email)
    await tx.update(users).set({ disabledAt: sql`now()`, updatedAt: sql`now()` }).where(eq(users.id, user.id))
    await endUserSessions(tx, user.id)
    await tx.delete(passwordTokens).where(eq(passwordTokens.userId, user.id))
    const orgs = await tx
      .select({ id: memberships.organizationId })
      .from(memberships)
      .where(eq(memberships.userId, user.id))
    for (const org of orgs) {
      await recordAudit(tx, {
        organizationId: org.id,
        actor,
        action: 'user.disable',
        target: { kind: 'user', id: user.id },
        summary: { email: user.email },
      })
    }
    return { ok: true, user } as const
  })
}

function invalid(message: string) {
  return { ok: false, reason: 'invalid', message } as const
}

function unknownUser(email: string) {
  return { ok: false, reason: 'unknown', message: `no user has the email '${email}'` } as const
}

function invalidLink() {
  const message = 'This link has expired or has been used. Ask for a new one.'
  return { ok: false, reason: 'invalid_link', message } as const
}
