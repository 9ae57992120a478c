/**
 * The dashboard (DESIGN §7): a server-rendered web app for the people of an organization, on its own port and origin.
 * A pure fetch handler: `createDashboard(deps)(request)`; `src/main.ts` serves it on DASHBOARD_PORT.
 */
import { deriveToken } from '../auth/opaque-tokens.ts'
import { errorName, type LogFields } from '../lib/log.ts'
import { type RequestTarget, splitRequestUrl } from '../resolver/request-url.ts'
import { loggedPath } from '../security/logged-path.ts'
import { claimFormSubmission, releaseFormSubmission } from '../services/people/form-submissions.ts'
import { membershipIn, membershipsOf } from '../services/people/memberships.ts'
import { type FoundSession, findSession } from '../services/people/sessions.ts'
import { ASSETS } from './assets.ts'
import { admitHeavy } from './budgets.ts'
import {
  type Access,
  csrfMatches,
  type DashboardDeps,
  hasRole,
  type OrgContext,
  type RequestContext,
  type SignedInContext,
} from './context.ts'
import { cookieNames, readCookie } from './cookies.ts'
import { type FormResult, isFormId, readForm, storableInput, UNREADABLE_INPUT } from './form.ts'
import { formPages } from './form-page.ts'
import {
  assetAnswer,
  changedNothing,
  pageAnswer,
  redirectAnswer,
  securityHeaders,
  withFormPage,
} from './http.ts'
import { createRouter, type RouteMatch } from './router.ts'
import { DASHBOARD_ROUTES } from './routes/index.ts'
import { ERRORS, type ErrorView, errorBody, type WayOn } from './views/errors.ts'

export type { DashboardDeps } from './context.ts'

export type Dashboard = (request: Request) => Promise<Response>

type SignedInRoute = Exclude<Access, { access: 'public' }>

/** Why a form was refused as not sent from the dashboard (`dashboard.form_refused`, docs/deploy.md). */
type FormRefusal = 'origin_missing' | 'origin_mismatch' | 'csrf_missing' | 'csrf_invalid' | 'form_id_invalid'

/** Builds the dashboard handler. It never listens and never throws: a failure is a 500 page and a log line. */
export function createDashboard(deps: DashboardDeps): Dashboard {
  const router = createRouter<Access>(DASHBOARD_ROUTES)
  const origin = deps.config.dashboardUrl
  const pages = formPages(router, origin)
  const https = origin.startsWith('https:')
  const cookies = cookieNames(origin)
  const fail = (view: ErrorView, extra: { allow?: string; way?: WayOn; more?: string | undefined } = {}) =>
    pageAnswer(https, errorBody(view, extra.way, extra.more), {
      status: view.status,
      headers: extra.allow === undefined ? {} : { allow: extra.allow },
    })

  /**
   * `403 Form refused`, with the check that failed in the log: behind a proxy with `DASHBOARD_URL` unset every form
   * fails the Origin check, and the operator must see why. Never a token's value; a received origin is cut short.
   */
  const refuse = (path: string, reason: FormRefusal, fields: LogFields = {}) => {
    deps.logger.info('dashboard.form_refused', { path: loggedPath(path), reason, ...fields })
    return fail(ERRORS.badOrigin)
  }

  async function handle(request: Request): Promise<Response> {
    const target = splitRequestUrl(request.url)
    if (target.path === '/healthz')
      return Response.json({ status: 'ok' }, { headers: securityHeaders(https) })
    const asset = ASSETS.get(target.path)
    if (asset !== undefined && (request.method === 'GET' || request.method === 'HEAD')) {
      return assetAnswer(https, asset.body, asset.type)
    }
    const match = router.match(request.method, target.path)
    if (match.kind === 'none') return fail(ERRORS.notFound)
    if (match.kind === 'wrong_method') {
      // A form's address opened or reloaded as a page (after a refused form the address bar shows it): the page
      // the form is on, rather than a 405 the person cannot act on.
      const page = request.method === 'GET' ? pages.pageAbove(target.path) : null
      if (page !== null) return redirectAnswer(https, page)
      return fail(ERRORS.methodNotAllowed, { allow: match.allow.join(', ') })
    }
    const now = deps.clock()
    const token = readCookie(request.headers.get('cookie'), cookies.session)
    const session = token === null ? null : await findSession(deps.database.db, token, now)
    // Heavy work is let in within the person's budget before its body is read or anything drawn.
    const kind = match.handler.access === 'org' ? match.handler.budget : undefined
    const heavy =
      kind === undefined || session === null || deps.budgets === undefined
        ? null
        : admitHeavy(deps.budgets, kind, session.user.id)
    if (heavy !== null && !heavy.allowed) return tooMuchWork(heavy.retryAfterSeconds)
    const answer = await answerRequest(request, target, match, now, session)
    return heavy === null ? answer : heavy.finish(request, new URLSearchParams(target.query), answer)
  }

  /** `429` with the wait, on the dashboard's error page. */
  function tooMuchWork(retryAfterSeconds: number): Response {
    const response = fail(ERRORS.tooMuchWork, { more: `Try again in ${retryAfterSeconds} s.` })
    response.headers.set('retry-after', String(retryAfterSeconds))
    return response
  }

  /** A request the router found, for the person of `session` (if any): its form read and checked, then its route. */
  async function answerRequest(
    request: Request,
    target: RequestTarget,
    match: Extract<RouteMatch<Access>, { kind: 'found' }>,
    now: number,
    session: FoundSession | null,
  ): Promise<Response> {
    let form = new URLSearchParams()
    let files: ReadonlyMap<string, string> = new Map()
    if (request.method === 'POST') {
      const sent = request.headers.get('origin')
      if (sent === null) return refuse(target.path, 'origin_missing', { expected: origin })
      if (sent !== origin)
        return refuse(target.path, 'origin_mismatch', { expected: origin, received: sent.slice(0, 200) })
      const uploads = match.handler.access === 'org' && match.handler.uploads === true
      const read: FormResult = await readForm(request, uploads && session !== null)
      if (read.kind === 'too_large') return fail(ERRORS.tooLarge)
      if (read.kind === 'unsupported') return fail(ERRORS.unsupported)
      form = read.form
      files = read.files
      // Every form of a signed-in page carries the session's CSRF token. Public forms (sign-in, set password) act on
      // no session, and Origin guards them; a public route that acts on the session checks the token itself.
      if (match.handler.access !== 'public') {
        if (session === null) return signInAgain(request, target.path)
        if (!csrfMatches(form, session))
          return refuse(target.path, form.has('csrf') ? 'csrf_invalid' : 'csrf_missing')
      }
    }
    const query = new URLSearchParams(target.query)
    // A NUL in a path segment, the query or the form would fail the first query that holds it (a 500): refused here.
    if (!storableInput(match.params, query, form)) return fail(UNREADABLE_INPUT)
    const base: RequestContext = {
      deps,
      request,
      path: target.path,
      query,
      params: match.params,
      form,
      files,
      now,
      https,
      cookies,
      session,
    }
    const route = match.handler
    if (route.access === 'public') return route.handle(base)
    if (session === null) {
      const next =
        request.method === 'GET'
          ? `?next=${encodeURIComponent(target.query === '' ? target.path : `${target.path}?${target.query}`)}`
          : ''
      return redirectAnswer(https, `/sign-in${next}`)
    }
    if (request.method === 'POST') return sendForm(route, base, session)
    return signedIn(route, base, session)
  }

  /**
   * A signed-in form, done once: its one-time id is claimed first (a second send of it is `409 Already sent`), and
   * freed when the answer changed nothing (a refusal, a dry run), so that sending it again checks it again. A page
   * answering the form names the form's page, for the script to show as the address (see withFormPage).
   */
  async function sendForm(
    route: SignedInRoute,
    base: RequestContext,
    session: FoundSession,
  ): Promise<Response> {
    const formId = base.form.get('once') ?? ''
    if (!isFormId(formId)) return refuse(base.path, 'form_id_invalid')
    const page = pages.formPage(base.request, base.path)
    const claim = await claimFormSubmission(deps.database.db, session.token, formId, base.now)
    if (claim === 'no_session') return signInAgain(base.request, base.path)
    if (claim === 'sent') {
      const way = { href: page, label: 'Open the page again' }
      const more = route.access === 'org' ? route.shownOnce : undefined
      return withFormPage(fail(ERRORS.alreadySent, { way, more }), page)
    }
    let response: Response | null = null
    try {
      response = await signedIn(route, base, session)
    } finally {
      if (response === null || changedNothing(response)) await release(session, formId)
    }
    // Only a page that did what the form asked takes the form page's address: a form shown again keeps its own, so
    // that a reload sends what was typed once more (checked again) rather than opening an empty form.
    return response.status === 200 && !changedNothing(response) ? withFormPage(response, page) : response
  }

  /**
   * A signed-in form sent after its session ended (signed out in another tab, a password change, time): sign in
   * again, then back to the form's page. Nothing of the form is done.
   */
  function signInAgain(request: Request, path: string): Response {
    const next = encodeURIComponent(pages.formPage(request, path))
    return redirectAnswer(https, `/sign-in?done=session-ended&next=${next}`)
  }

  /** Frees a form id; a failure is logged, never the answer (the form then says "already sent" if sent again). */
  async function release(session: FoundSession, formId: string): Promise<void> {
    try {
      await releaseFormSubmission(deps.database.db, session.token, formId)
    } catch (error) {
      deps.logger.error('dashboard.form_release_failed', { error: errorName(error) })
    }
  }

  /** A signed-in person's request, once they are known: their memberships, and the organization's role check. */
  async function signedIn(
    route: SignedInRoute,
    base: RequestContext,
    session: FoundSession,
  ): Promise<Response> {
    const memberships = await membershipsOf(deps.database.db, session.user.id)
    const context: SignedInContext = {
      ...base,
      session,
      csrf: deriveToken(session.token, 'csrf'),
      memberships,
    }
    if (route.access === 'user') return route.handle(context)
    const membership = await membershipIn(deps.database.db, session.user.id, base.params.org ?? '')
    // Another organization's slug, or none at all: the same 404, so existence is not revealed.
    if (membership === null) return fail(ERRORS.notFound)
    if (!hasRole(membership.role, route.role)) return fail(ERRORS.forbidden)
    const orgContext: OrgContext = { ...context, membership }
    return route.handle(orgContext)
  }

  /** The request log: one line per request, like the other ports', with the status sent (never the query). */
  const log = (request: Request, start: number, response: Response): Response => {
    deps.logger.info('request', {
      method: request.method,
      path: loggedPath(splitRequestUrl(request.url).path),
      status: response.status,
      ms: Math.round((performance.now() - start) * 100) / 100,
    })
    return response
  }

  return async (request) => {
    const start = performance.now()
    try {
      const response = await handle(request)
      return log(request, start, request.method === 'HEAD' ? new Response(null, response) : response)
    } catch (error) {
      deps.logger.error('dashboard.error', {
        path: loggedPath(splitRequestUrl(request.url).path),
        error: errorName(error),
      })
      return log(request, start, fail(ERRORS.internal))
    }
  }
}
