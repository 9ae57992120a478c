/** Signing in and out, setting a password through a one-time link, and the start page. */

import { sourceAddress } from '../../security/client-address.ts'
import { createSession, endSession, SESSION_ABSOLUTE_MS } from '../../services/people/sessions.ts'
import {
  authenticate,
  findPasswordToken,
  passwordLinkUsed,
  setPasswordWithToken,
} from '../../services/people/users.ts'
import type { Access, RequestContext } from '../context.ts'
import { clearSessionCookie, sessionCookie } from '../cookies.ts'
import { localPath, pageAnswer, redirectAnswer } from '../http.ts'
import type { RouteDefinition } from '../router.ts'
import { invalidLinkPage, setPasswordPage, signInPage, usedLinkPage } from '../views/auth.ts'

/** The one answer to every failed sign-in (DESIGN §7): it never says whether the account exists. */
export const SIGN_IN_FAILED = 'The email or the password is not right.'

const SIGN_IN_NOTICES: Readonly<Record<string, string>> = {
  'signed-out': 'You have signed out.',
  'session-ended':
    'You were signed out (in another tab, by a password change, or after a while), so the form was not sent. Sign in, then send it again.',
}

export const AUTH_ROUTES: readonly RouteDefinition<Access>[] = [
  { method: 'GET', pattern: '/', handler: { access: 'public', handle: home } },
  { method: 'GET', pattern: '/sign-in', handler: { access: 'public', handle: showSignIn } },
  { method: 'POST', pattern: '/sign-in', handler: { access: 'public', handle: signIn } },
  { method: 'POST', pattern: '/sign-out', handler: { access: 'user', handle: signOut } },
  { method: 'GET', pattern: '/set-password', handler: { access: 'public', handle: showSetPassword } },
  { method: 'POST', pattern: '/set-password', handler: { access: 'public', handle: setPassword } },
]

function home(ctx: RequestContext): Response {
  return redirectAnswer(ctx.https, ctx.session === null ? '/sign-in' : '/orgs')
}

function showSignIn(ctx: RequestContext): Response {
  const next = localPath(ctx.query.get('next'))
  if (ctx.session !== null) return redirectAnswer(ctx.https, next ?? '/')
  const notice = SIGN_IN_NOTICES[ctx.query.get('done') ?? ''] ?? null
  return pageAnswer(ctx.https, signInPage({ next, notice }))
}

/** Session cookies for a new session (and the old one, if any, ended: no session fixation). */
async function startSession(ctx: RequestContext, userId: string): Promise<string> {
  if (ctx.session !== null) await endSession(ctx.deps.database.db, ctx.session.token)
  const token = await createSession(ctx.deps.database.db, userId, ctx.now)
  return sessionCookie(ctx.cookies, token, SESSION_ABSOLUTE_MS / 1000)
}

async function signIn(ctx: RequestContext): Promise<Response> {
  const email = (ctx.form.get('email') ?? '').trim()
  const password = ctx.form.get('password') ?? ''
  const next = localPath(ctx.form.get('next'))
  const address = sourceAddress(ctx.request, ctx.deps.config.security?.trustedProxyHops ?? 0)
  const attempt = ctx.deps.signInLimiter.attempt(email.toLowerCase(), address)
  if (!attempt.allowed) {
    const minutes = Math.max(1, Math.ceil(attempt.retryAfterSeconds / 60))
    const error = `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
    return pageAnswer(ctx.https, signInPage({ next, email, error }), {
      status: 429,
      headers: { 'retry-after': String(attempt.retryAfterSeconds) },
    })
  }
  let user: Awaited<ReturnType<typeof authenticate>>
  try {
    user = email === '' || password === '' ? null : await authenticate(ctx.deps.database.db, email, password)
  } catch (error) {
    attempt.settle('aborted')
    throw error
  }
  if (user === null) {
    attempt.settle('rejected')
    return pageAnswer(ctx.https, signInPage({ next, email, error: SIGN_IN_FAILED }), { status: 422 })
  }
  attempt.settle('authenticated')
  const cookie = await startSession(ctx, user.id)
  return redirectAnswer(ctx.https, next ?? '/', { cookies: [cookie] })
}

async function signOut(ctx: RequestContext): Promise<Response> {
  if (ctx.session !== null) await endSession(ctx.deps.database.db, ctx.session.token)
  return redirectAnswer(ctx.https, '/sign-in?done=signed-out', { cookies: [clearSessionCookie(ctx.cookies)] })
}

async function showSetPassword(ctx: RequestContext): Promise<Response> {
  const token = ctx.query.get('token') ?? ''
  const link = await findPasswordToken(ctx.deps.database.db, token, ctx.now)
  if (link === null) return deadPasswordLink(ctx, token)
  return pageAnswer(ctx.https, setPasswordPage({ token, email: link.user.email }))
}

async function setPassword(ctx: RequestContext): Promise<Response> {
  const token = ctx.form.get('token') ?? ''
  const result = await setPasswordWithToken(ctx.deps.database.db, {
    token,
    password: ctx.form.get('password') ?? '',
    confirmation: ctx.form.get('confirmation') ?? '',
    now: ctx.now,
  })
  if (!result.ok && result.reason === 'invalid_link') return deadPasswordLink(ctx, token)
  if (!result.ok) {
    const link = await findPasswordToken(ctx.deps.database.db, token, ctx.now)
    const page = setPasswordPage({ token, email: link?.user.email ?? '', error: result.message })
    return pageAnswer(ctx.https, page, { status: 422 })
  }
  // The new password ended every session of the user; this one starts fresh.
  const cookie = await startSession({ ...ctx, session: null }, result.user.id)
  return redirectAnswer(ctx.https, '/orgs?done=password-set', { cookies: [cookie] })
}

/**
 * A set-password link that no longer sets one: used already (a second click: `410`), or unknown, expired or replaced
 * by a newer one (`404`).
 */
async function deadPasswordLink(ctx: RequestContext, token: string): Promise<Response> {
  if (!(await passwordLinkUsed(ctx.deps.database.db, token)))
    return pageAnswer(ctx.https, invalidLinkPage('password'), { status: 404 })
  const way =
    ctx.session === null
      ? { href: '/sign-in', label: 'Sign in' }
      : { href: '/', label: 'Go to the dashboard' }
  return pageAnswer(ctx.https, usedLinkPage('It has set your password already.', way), { status: 410 })
}
