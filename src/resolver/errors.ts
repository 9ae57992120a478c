/** Resolver errors: `{status, error}` JSON for JSON-ish `Accept`, else the HTML error page (SPEC Errors items 5–6). */
import { renderErrorPage } from '../html/error-page.ts'
import { messages, type UiLanguage, uiLanguage } from '../html/messages.ts'
import { ALLOW, CACHE_ERROR, MEDIA_JSON, VARY } from './constants.ts'
import { scannerLanguages } from './language.ts'
import { negotiate } from './negotiate.ts'
import { bodyResponse, type HeaderFields, HTML_HEADERS } from './responses.ts'

const pages = new Map<string, string>()

/** Which text an error page shows: its status's own, or that of a product without the asked page type. */
export type ErrorDetail = 'status' | 'noPageOfType'

/** Error pages depend only on status, code, detail and language: rendered once each. */
function errorPage(status: number, error: string, language: UiLanguage, detail: ErrorDetail): string {
  const key = `${status} ${error} ${language} ${detail}`
  let html = pages.get(key)
  if (html === undefined) {
    const text = detail === 'noPageOfType' ? messages(language).noPageOfType : undefined
    html = renderErrorPage({ status, error, language, text })
    pages.set(key, html)
  }
  return html
}

/** The error response for a request; never echoes input, never a stack trace, never cached. */
export function errorResponse(
  status: number,
  error: string,
  request: Request,
  head: boolean,
  detail: ErrorDetail = 'status',
): Response {
  const headers: HeaderFields = { 'cache-control': CACHE_ERROR, vary: VARY }
  if (status === 405) headers.allow = ALLOW
  if (negotiate(request.headers.get('accept')).jsonErrors) {
    headers['content-type'] = MEDIA_JSON
    return bodyResponse(status, headers, JSON.stringify({ status, error }), head)
  }
  const language = uiLanguage(scannerLanguages(request.headers))
  const html = errorPage(status, error, language, detail)
  return bodyResponse(status, { ...headers, ...HTML_HEADERS }, html, head)
}
