/** Content negotiation on `Accept`: linkset request, linkset format and error body format (SPEC tables). */
import { MEDIA_HTML, MEDIA_JSON, MEDIA_JSON_LD, MEDIA_LINKSET } from './constants.ts'

export type LinksetFormat = 'linkset' | 'json' | 'ld' | 'html'

export interface Negotiation {
  /** `Accept` lists `application/linkset+json`: the linkset by itself, whatever the linkType. */
  readonly linkset: boolean
  /** Format of a linkset response. */
  readonly format: LinksetFormat
  /** Errors as `{status, error}` JSON rather than the HTML error page. */
  readonly jsonErrors: boolean
}

/** No or empty `Accept`: HTML for browsers, which send one anyway. */
const NONE: Negotiation = { linkset: false, format: 'html', jsonErrors: false }

/** RFC 9110 §12.5.1 weight of one media range; malformed weights give -1 so the range is ignored. */
function weight(params: string[]): number {
  for (let i = 1; i < params.length; i++) {
    const p = params[i] as string
    const eq = p.indexOf('=')
    if (eq !== -1 && p.slice(0, eq).trim().toLowerCase() === 'q') {
      const q = Number(p.slice(eq + 1).trim())
      return Number.isFinite(q) && q >= 0 && q <= 1 ? q : -1
    }
  }
  return 1
}

/**
 * Reads `Accept` leniently (GS1's test suite may send `Accept: undefined`): ranges are compared by type only,
 * the best weight of each producible type decides, and ties go to JSON, then JSON-LD, then HTML.
 */
export function negotiate(accept: string | null): Negotiation {
  if (accept === null || accept === '') return NONE
  let qLinkset = 0
  let qJson = 0
  let qLd = 0
  let qHtml = 0
  let qHtmlExplicit = 0
  for (const range of accept.split(',')) {
    const params = range.split(';')
    const type = (params[0] as string).trim().toLowerCase()
    const q = weight(params)
    if (q <= 0) continue
    if (type === MEDIA_LINKSET) qLinkset = Math.max(qLinkset, q)
    else if (type === MEDIA_JSON) qJson = Math.max(qJson, q)
    else if (type === MEDIA_JSON_LD) qLd = Math.max(qLd, q)
    else if (type === MEDIA_HTML) {
      qHtml = Math.max(qHtml, q)
      qHtmlExplicit = Math.max(qHtmlExplicit, q)
    } else if (type === '*/*' || type === 'text/*') qHtml = Math.max(qHtml, q)
  }
  const linkset = qLinkset > 0
  let format: LinksetFormat = 'html'
  if (linkset) format = 'linkset'
  else if (qJson > 0 && qJson >= qLd && qJson >= qHtml) format = 'json'
  else if (qLd > 0 && qLd >= qHtml) format = 'ld'
  const qJsonish = Math.max(qLinkset, qJson, qLd)
  // SPEC Errors item 6: JSON when Accept asks for one of the JSON types (and does not prefer HTML).
  const jsonErrors = qJsonish > 0 && qJsonish >= qHtmlExplicit
  if (!linkset && format === 'html' && !jsonErrors) return NONE
  return { linkset, format, jsonErrors }
}
