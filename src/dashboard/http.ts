/** The dashboard's HTTP answers: security headers on every one, HTML pages, redirects, assets. */
import { html, type SafeHtml } from './html.ts'

/**
 * Strict CSP (DESIGN §7): only the dashboard's own stylesheet and script load, forms post only to the dashboard,
 * nothing may frame it. No inline script or style at all.
 */
export const DASHBOARD_CSP =
  "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

/**
 * Headers of every dashboard answer. Pages hold personal data and one-time secrets (a set-password link's token is in
 * its URL): never cached, never referred to another site. `same-origin`, not `no-referrer`: with `no-referrer`
 * browsers send `Origin: null` on the dashboard's own forms, which the Origin check must refuse.
 */
export function securityHeaders(https: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': DASHBOARD_CSP,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'same-origin',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), clipboard-write=(self)',
  }
  if (https) headers['strict-transport-security'] = 'max-age=31536000'
  return headers
}

export interface Answer {
  readonly status?: number
  readonly headers?: Record<string, string>
  readonly cookies?: readonly string[]
  /** The answer to a form that changed nothing though it was accepted (a dry run): it may be sent again as it is. */
  readonly changedNothing?: boolean
}

const CHANGED_NOTHING = new WeakSet<Response>()

/**
 * True when the answer to a form leaves nothing done: a refusal (4xx, 5xx) or an answer marked `changedNothing`.
 * The form's one-time id is then freed, so a reload sends it again and is checked again.
 */
export function changedNothing(response: Response): boolean {
  return response.status >= 400 || CHANGED_NOTHING.has(response)
}

/** Marks a download that answers a form as leaving nothing done: its one-time id is freed, so it may be sent again. */
export function changesNothing(response: Response): Response {
  CHANGED_NOTHING.add(response)
  return response
}

/** An HTML page, never cached. */
export function pageAnswer(https: boolean, body: SafeHtml, answer: Answer = {}): Response {
  const headers = new Headers({
    ...securityHeaders(https),
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    ...answer.headers,
  })
  for (const cookie of answer.cookies ?? []) headers.append('set-cookie', cookie)
  const response = new Response(body.value, { status: answer.status ?? 200, headers })
  if (answer.changedNothing === true) CHANGED_NOTHING.add(response)
  return response
}

/**
 * A page that answers a form, naming the page the form is on: the script shows that address instead of the form's,
 * so a reload opens that page rather than asking to send the form again. Other answers pass unchanged.
 */
export async function withFormPage(response: Response, formPage: string): Promise<Response> {
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return response
  const page = await response.text()
  const meta = html`<meta name="form-page" content="${formPage}">`.value
  // A function, so that no `$` of the address is read as a replacement pattern.
  return new Response(
    page.replace('<head>', () => `<head>${meta}`),
    response,
  )
}

/** `303 See Other` to a path of the dashboard (after a form, the browser then GETs it). */
export function redirectAnswer(https: boolean, location: string, answer: Answer = {}): Response {
  const headers = new Headers({
    ...securityHeaders(https),
    location,
    'cache-control': 'no-store',
    ...answer.headers,
  })
  for (const cookie of answer.cookies ?? []) headers.append('set-cookie', cookie)
  return new Response(null, { status: answer.status ?? 303, headers })
}

/** A static asset whose name carries its hash: cached for a year. */
export function assetAnswer(https: boolean, body: string, type: string): Response {
  return new Response(body, {
    headers: {
      ...securityHeaders(https),
      'content-type': type,
      'cache-control': 'public, max-age=31536000, immutable',
    },
  })
}

/**
 * A local path to return to after signing in, or null: it must be one of ours (`/…`, not `//host` or `/\\host`,
 * which browsers read as another origin), so the sign-in page is no open redirect.
 */
export function localPath(value: string | null): string | null {
  if (value === null || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return null
  if (value.length > 2000 || value.includes('\\') || [...value].some((c) => c.charCodeAt(0) < 0x20))
    return null
  return value
}

/** Characters `filename` keeps as they are: ones every browser and file system reads the same. */
const PLAIN_NAME = /[^A-Za-z0-9._-]/g
/** What RFC 8187's `attr-char` lacks of what `encodeURIComponent` leaves as it is. */
const NOT_ATTR_CHAR = /['()*]/g
/** A lone surrogate (a paired one is read as its code point): no UTF-8 spells it. */
const LONE_SURROGATE = /\p{Cs}/gu

/**
 * The `Content-Disposition` of a download saved as `name` (RFC 6266 §4): `filename` with the letters, digits, `.`, `_`
 * and `-` of the name (any other character `_`), and when that changed it, `filename*` with the name itself in UTF-8,
 * percent-encoded (RFC 8187, which replaced RFC 5987), which browsers prefer. No character of the name can end the
 * quoted string, start another parameter or another header line.
 */
export function attachment(name: string): string {
  const plain = name.replace(PLAIN_NAME, '_')
  const header = `attachment; filename="${plain}"`
  if (plain === name) return header
  const encoded = encodeURIComponent(name.replace(LONE_SURROGATE, '\uFFFD')).replace(
    NOT_ATTR_CHAR,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `${header}; filename*=UTF-8''${encoded}`
}
