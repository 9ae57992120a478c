/** Response builders with the headers every resolver response carries (SPEC CORS table, redirect rule 5). */
import { HTML_CSP } from '../html/layout.ts'
import {
  ALLOW,
  CACHE_PERSONAL,
  CACHE_RESOLVED,
  CONTENT_TYPE_HTML,
  CORS_ALLOW_HEADERS,
  CORS_ALLOW_METHODS,
  CORS_ALLOW_ORIGIN,
  CORS_EXPOSE_HEADERS,
  CORS_MAX_AGE,
  STATUS_REDIRECT,
  VARY,
} from './constants.ts'

/** Extra headers of one response. */
export type HeaderFields = Record<string, string>

/** The CORS headers of SPEC, on every response (errors too). */
export const CORS_HEADERS: Readonly<HeaderFields> = {
  'access-control-allow-origin': CORS_ALLOW_ORIGIN,
  'access-control-allow-methods': CORS_ALLOW_METHODS,
  'access-control-allow-headers': CORS_ALLOW_HEADERS,
  'access-control-expose-headers': CORS_EXPOSE_HEADERS,
}

/** Headers of every HTML response: the strict CSP, and no MIME sniffing. */
export const HTML_HEADERS: Readonly<HeaderFields> = {
  'content-type': CONTENT_TYPE_HTML,
  'content-security-policy': HTML_CSP,
  'x-content-type-options': 'nosniff',
  // Scanned links carry serial numbers; pages must not leak them to the sites they link to.
  'referrer-policy': 'no-referrer',
}

/**
 * A header list built once, CORS included. Copying a `Headers` into a response is much cheaper than
 * validating an object literal of eight fields on every request (measured with bench/resolver-http.ts).
 */
export function headerTemplate(fields: Readonly<HeaderFields>): Headers {
  return new Headers({ ...fields, ...CORS_HEADERS })
}

const OPTIONS = headerTemplate({ allow: ALLOW, 'access-control-max-age': CORS_MAX_AGE })
/** Redirect templates by `Cache-Control`: shared caches may keep it, or only the visitor's own (DESIGN §6). */
const REDIRECT_PUBLIC = headerTemplate({ 'cache-control': CACHE_RESOLVED, vary: VARY })
const REDIRECT_PERSONAL = headerTemplate({ 'cache-control': CACHE_PERSONAL, vary: VARY })

/** A complete answer, kept whole where the same one serves many scans (page views, `answer-memo.ts`). */
export interface Answer {
  readonly status: number
  /** Every header; a `Response` copies them (Fetch §5.4), so one list serves any number of responses. */
  readonly headers: Headers
  /** Dropped for HEAD: same status and headers, RFC 9110 §9.3.2. */
  readonly body: string | null
}

const UTF8 = new TextEncoder()

/** The response of an answer; copying a whole header list is far cheaper than setting fields anew. */
export function answerResponse(answer: Answer, head: boolean): Response {
  if (head) return headResponse(answer.status, answer.headers, answer.body)
  return new Response(answer.body, { status: answer.status, headers: answer.headers })
}

/**
 * The answer to HEAD: the GET status and headers, no body, and the `Content-Length` the GET body has. A server
 * given a bodiless response would otherwise send `Content-Length: 0`, which RFC 9110 §8.6 forbids for HEAD
 * unless the GET body is empty too.
 */
export function headResponse(status: number, headers: HeadersInit, body: string | null): Response {
  const response = new Response(null, { status, headers })
  if (body !== null) response.headers.set('content-length', String(UTF8.encode(body).byteLength))
  return response
}

/** A template's headers plus the given fields (`Link`, `Location`), as one list. */
export function withHeaders(template: Headers, fields: Readonly<HeaderFields>): Headers {
  const headers = new Headers(template)
  for (const name in fields) headers.set(name, fields[name] as string)
  return headers
}

/**
 * The headers of a redirect (SPEC redirect rules 1–5): `Location`, `Link`, `Cache-Control`, `Vary`, CORS;
 * `personal` when the language came from the visitor's `locale` cookie.
 */
export function redirectHeaders(location: string, link: string, personal = false): Headers {
  return withHeaders(personal ? REDIRECT_PERSONAL : REDIRECT_PUBLIC, { location, link })
}

/** A `307` with the given headers. */
export function redirectAnswer(headers: Headers): Answer {
  return { status: STATUS_REDIRECT, headers, body: null }
}

/** A response with a body (dropped for HEAD, its length kept). */
export function bodyResponse(status: number, headers: HeaderFields, body: string, head: boolean): Response {
  const all = { ...headers, ...CORS_HEADERS }
  return head ? headResponse(status, all, body) : new Response(body, { status, headers: all })
}

/** `OPTIONS`: `204` with `Allow`, the CORS headers and a day of preflight cache (SPEC Limits). */
export function optionsResponse(): Response {
  return new Response(null, { status: 204, headers: OPTIONS })
}
