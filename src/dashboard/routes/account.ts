/** The signed-in person's own pages: their organizations, their account and password, accepting an invitation. */

import { sourceAddress } from '../../security/client-address.ts'
import {
  acceptedInvitationOrganization,
  acceptInvitation,
  findInvitation,
} from '../../services/people/invitations.ts'
import { membershipIn } from '../../services/people/memberships.ts'
import { createSession, SESSION_ABSOLUTE_MS } from '../../services/people/sessions.ts'
import { changePassword } from '../../services/people/users.ts'
import { type Access, csrfMatches, orgPath, type RequestContext, type SignedInContext } from '../context.ts'
import { sessionCookie } from '../cookies.ts'
import { pageAnswer, redirectAnswer } from '../http.ts'
import type { RouteDefinition } from '../router.ts'
import { acceptInvitationPage, accountPage, organizationsPage } from '../views/account.ts'
import { invalidLinkPage, usedLinkPage } from '../views/auth.ts'
import { ERRORS, errorBody } from '../views/errors.ts'

export const ACCOUNT_ROUTES: readonly RouteDefinition<Access>[] = [
  { method: 'GET', pattern: '/orgs', handler: { access: 'user', handle: organizations } },
  { method: 'GET', pattern: '/account', handler: { access: 'user', handle: account } },
  { method: 'POST', pattern: '/account/password', handler: { access: 'user', handle: newPassword } },
  { method: 'GET', pattern: '/invitations/accept', handler: { access: 'public', handle: showInvitation } },
  { method: 'POST', pattern: '/invitations/accept', handler: { access: 'public', handle: accept } },
]

const DONE: Readonly<Record<string, string>> = {
  'password-set': 'Your password is set. Welcome!',
  password: 'Your password is changed. Your other sessions have ended.',
}

function organizations(ctx: SignedInContext): Response {
  const done = DONE[ctx.query.get('done') ?? '']
  const [only] = ctx.memberships
  if (ctx.memberships.length === 1 && only !== undefined && done === undefined) {
    return redirectAnswer(ctx.https, orgPath(only.organization.slug))
  }
  return pageAnswer(ctx.https, organizationsPage(ctx, done ?? null))
}

function account(ctx: SignedInContext): Response {
  return pageAnswer(ctx.https, accountPage(ctx, { done: DONE[ctx.query.get('done') ?? ''] ?? null }))
}

/**
 * A new password, once the current one is given. A wrong current password is a guess at it, so it is charged to the
 * sign-in limiter under the account's sign-in key and the source address (DESIGN §7): a session left open cannot be
 * used to guess the password faster than the sign-in form allows, and both forms share one budget per account.
 */
async function newPassword(ctx: SignedInContext): Promise<Response> {
  const address = sourceAddress(ctx.request, ctx.deps.config.security?.trustedProxyHops ?? 0)
  const attempt = ctx.deps.signInLimiter.attempt(ctx.session.user.email.toLowerCase(), address)
  if (!attempt.allowed) {
    const minutes = Math.max(1, Math.ceil(attempt.retryAfterSeconds / 60))
    const message = `Too many wrong passwords. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
    const page = accountPage(ctx, { error: { ok: false, reason: 'wrong_password', message } })
    const headers = { 'retry-after': String(attempt.retryAfterSeconds) }
    return pageAnswer(ctx.https, page, { status: 429, headers })
  }
  let result: Awaited<ReturnType<typeof changePassword>>
  try {
    result = await changePassword(ctx.deps.database.db, {
      userId: ctx.session.user.id,
      current: ctx.form.get('current') ?? '',
      password: ctx.form.get('password') ?? '',
      confirmation: ctx.form.get('confirmation') ?? '',
    })
  } catch (error) {
    attempt.settle('aborted')
    throw error
  }
  // A new password refused as too weak came with the right current one.
  attempt.settle(!result.ok && result.reason === 'wrong_password' ? 'rejected' : 'authenticated')
  if (!result.ok) return pageAnswer(ctx.https, accountPage(ctx, { error: result }), { status: 422 })
  // Every session ended with the change (DESIGN §7); this browser gets a new one.
  const token = await createSession(ctx.deps.database.db, ctx.session.user.id, ctx.now)
  return redirectAnswer(ctx.https, '/account?done=password', {
    cookies: [sessionCookie(ctx.cookies, token, SESSION_ABSOLUTE_MS / 1000)],
  })
}

async function showInvitation(ctx: RequestContext): Promise<Response> {
  const token = ctx.query.get('token') ?? ''
  const invitation = await findInvitation(ctx.deps.database.db, token, ctx.now)
  if (invitation === null) return deadInvitation(ctx, token)
  return pageAnswer(ctx.https, acceptInvitationPage(ctx, { token, invitation }))
}

async function accept(ctx: RequestContext): Promise<Response> {
  // Accepting as the signed-in user acts on the session: the form must carry its CSRF token.
  if (ctx.session !== null && !csrfMatches(ctx.form, ctx.session)) {
    return pageAnswer(ctx.https, errorBody(ERRORS.badOrigin), { status: 403 })
  }
  const token = ctx.form.get('token') ?? ''
  const db = ctx.deps.database.db
  const newUser =
    ctx.session === null
      ? {
          name: ctx.form.get('name') ?? '',
          password: ctx.form.get('password') ?? '',
          confirmation: ctx.form.get('confirmation') ?? '',
        }
      : undefined
  const result = await acceptInvitation(db, {
    token,
    now: ctx.now,
    ...(ctx.session === null ? {} : { user: ctx.session.user }),
    ...(newUser === undefined ? {} : { newUser }),
  })
  if (result.ok) {
    const target = orgPath(result.organization.slug, '?done=joined')
    if (ctx.session !== null) return redirectAnswer(ctx.https, target)
    const session = await createSession(db, result.user.id, ctx.now)
    return redirectAnswer(ctx.https, target, {
      cookies: [sessionCookie(ctx.cookies, session, SESSION_ABSOLUTE_MS / 1000)],
    })
  }
  const invitation = await findInvitation(db, token, ctx.now)
  if (invitation === null) return deadInvitation(ctx, token)
  const page = acceptInvitationPage(ctx, { token, invitation, error: result.message, name: newUser?.name })
  return pageAnswer(ctx.https, page, { status: 422 })
}

/**
 * An invitation link that no longer invites: used already (a second click) leads a member into the organization and
 * says so to anyone else (`410`); an unknown, expired, withdrawn or replaced one is `404`.
 */
async function deadInvitation(ctx: RequestContext, token: string): Promise<Response> {
  const db = ctx.deps.database.db
  const joined = await acceptedInvitationOrganization(db, token)
  if (joined === null) return pageAnswer(ctx.https, invalidLinkPage('invitation'), { status: 404 })
  const home = orgPath(joined.slug)
  if (ctx.session !== null && (await membershipIn(db, ctx.session.user.id, joined.slug)) !== null)
    return redirectAnswer(ctx.https, home)
  const way =
    ctx.session === null
      ? { href: `/sign-in?next=${encodeURIComponent(home)}`, label: 'Sign in' }
      : { href: '/', label: 'Go to the dashboard' }
  return pageAnswer(ctx.https, usedLinkPage(`It has been used to join ${joined.name} already.`, way), {
    status: 410,
  })
}
