/**
 * The dashboard (DESIGN §7): a server-rendered web app for the people of an organization, on its own port and origin.
 * A pure fetch handler: `createDashboard(deps)(request)`; `src/main.ts` serves it on DASHBOARD_PORT.
 */
import { deriveToken } from '../auth/opaque-tokens.ts'
import { claimFormSubmission, releaseFormSubmission } from '../db/form-submissions.ts'
import { membershipIn, membershipsOf } from '../db/memberships.ts'
import { type FoundSession, findSession } from '../db/sessions.ts'
import { errorName } from '../log.ts'
import { splitRequestUrl } from '../resolver/request-url.ts'
import { ASSETS } from './assets.ts'
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
import { type FormResult, isFormId, readForm } from './form.ts'
import {
  assetAnswer,
  changedNothing,
  localPath,
  pageAnswer,
  redirectAnswer,
  securityHeaders,
  withFormPage,
} from './http.ts'
import { createRouter } from './router.ts'
import { DASHBOARD_ROUTES } from './routes/index.ts'
import { ERRORS, type ErrorView, errorBody, type WayOn } from './views/errors.ts'

export type { DashboardDeps } from './context.ts'

export type Dashboard = (request: Request) => Promise<Response>

/** The statuses of a page that answers a form: its result, the form refused (422), or a conflict to resolve (409). */
const FORM_ANSWERS: ReadonlySet<number> = new Set([200, 409, 422])

/** Builds the dashboard handler. It never listens and never throws: a failure is a 500 page and a log line. */
export function createDashboard(deps: DashboardDeps): Dashboard {
  const router = createRouter<Access>(DASHBOARD_ROUTES)
  const origin = deps.config.dashboardUrl
  const https = origin.startsWith('https:')
  const cookies = cookieNames(origin)
  const fail = (view: ErrorView, extra: { allow?: string; way?: WayOn } = {}) =>
    pageAnswer(https, errorBody(view, extra.way), {
      status: view.status,
      headers: extra.allow === undefined ? {} : { allow: extra.allow },
    })

  /** The nearest path above `path` that answers GET (`/orgs/acme/brands` for `/orgs/acme/brands/x/domain`). */
  function pageAbove(path: string): string | null {
    const parts = path.split('/')
    for (let end = parts.length - 1; end > 1; end--) {
      const parent = parts.slice(0, end).join('/')
      if (router.match('GET', parent).kind === 'found') return parent
    }
    return null
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
      const page = request.method === 'GET' ? pageAbove(target.path) : null
      if (page !== null) return redirectAnswer(https, page)
      return fail(ERRORS.methodNotAllowed, { allow: match.allow.join(', ') })
    }
    const now = deps.clock()
    const token = readCookie(request.headers.get('cookie'), cookies.session)
    const session = token === null ? null : await findSession(deps.database.db, token, now)
    let form = new URLSearchParams()
    let files: ReadonlyMap<string, string> = new Map()
    if (request.method === 'POST') {
      if (request.headers.get('origin') !== origin) return fail(ERRORS.badOrigin)
      const uploads = match.handler.access === 'org' && match.handler.uploads === true
      const read: FormResult = await readForm(request, uploads && session !== null)
      if (read.kind === 'too_large') return fail(ERRORS.tooLarge)
      if (read.kind === 'unsupported') return fail(ERRORS.unsupported)
      form = read.form
      files = read.files
      // Every form of a signed-in page carries the session's CSRF token. Public forms (sign-in, set password) act on
      // no session, and Origin guards them; a public route that acts on the session checks the token itself.
      if (match.handler.access !== 'public' && !csrfMatches(form, session)) return fail(ERRORS.badOrigin)
    }
    const base: RequestContext = {
      deps,
      request,
      path: target.path,
      query: new URLSearchParams(target.query),
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
    const formId = request.method === 'POST' ? form.get('once') : null
    if (formId === null) return signedIn(route, base, session, match.params)
    if (!isFormId(formId)) return fail(ERRORS.badOrigin)
    if (!(await claimFormSubmission(deps.database.db, session.token, formId, now))) {
      return fail(ERRORS.alreadySent, {
        way: { href: formPage(request, target.path), label: 'Open the form again' },
      })
    }
    let response: Response | null = null
    try {
      response = await signedIn(route, base, session, match.params)
      return response
    } finally {
      if (response === null || changedNothing(response))
        await releaseFormSubmission(deps.database.db, session.token, formId)
    }
  }

  /** A signed-in person's request, once they are known: their memberships, and the organization's role check. */
  async function signedIn(
    route: Exclude<Access, { access: 'public' }>,
    base: RequestContext,
    session: FoundSession,
    params: Readonly<Record<string, string>>,
  ): Promise<Response> {
    const memberships = await membershipsOf(deps.database.db, session.user.id)
    const context: SignedInContext = {
      ...base,
      session,
      csrf: deriveToken(session.token, 'csrf'),
      memberships,
    }
    if (route.access === 'user') return route.handle(context)
    const membership = await membershipIn(deps.database.db, session.user.id, params.org ?? '')
    // Another organization's slug, or none at all: the same 404, so existence is not revealed.
    if (membership === null) return fail(ERRORS.notFound)
    if (!hasRole(membership.role, route.role)) return fail(ERRORS.forbidden)
    const orgContext: OrgContext = { ...context, membership }
    return route.handle(orgContext)
  }

  /**
   * The page a form was sent from: its Referer when that is a page of the dashboard (without the notice of an earlier
   * form, `done=…`), else the page above the form's address.
   */
  function formPage(request: Request, path: string): string {
    const referer = request.headers.get('referer')
    if (referer?.startsWith(`${origin}/`)) {
      const sent = splitRequestUrl(referer)
      const query = new URLSearchParams(sent.query)
      query.delete('done')
      const local = localPath(query.size === 0 ? sent.path : `${sent.path}?${query}`)
      if (local !== null && router.match('GET', sent.path).kind === 'found') return local
    }
    if (router.match('GET', path).kind === 'found') return path
    return pageAbove(path) ?? '/'
  }

  /** The request log: one line per request, like the other ports', with the status sent (never the query). */
  const log = (request: Request, start: number, response: Response): Response => {
    deps.logger.info('request', {
      method: request.method,
      path: splitRequestUrl(request.url).path,
      status: response.status,
      ms: Math.round((performance.now() - start) * 100) / 100,
    })
    return response
  }

  /**
   * The page answering a form (its result, or the form again with what to fix) names the form's page (see
   * withFormPage). Redirects and error pages (404, 403…) pass as they are: they echo nothing of the request.
   */
  async function answer(request: Request): Promise<Response> {
    const response = await handle(request)
    if (request.method !== 'POST' || !FORM_ANSWERS.has(response.status)) return response
    return withFormPage(response, formPage(request, splitRequestUrl(request.url).path))
  }

  return async (request) => {
    const start = performance.now()
    try {
      const response = await answer(request)
      return log(request, start, request.method === 'HEAD' ? new Response(null, response) : response)
    } catch (error) {
      deps.logger.error('dashboard.error', {
        path: splitRequestUrl(request.url).path,
        error: errorName(error),
      })
      return log(request, start, fail(ERRORS.internal))
    }
  }
}
