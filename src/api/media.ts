/** Media types of the public API and the `Accept` / `Content-Type` checks every JSON endpoint shares (SPEC "Versioning"). */

/** The versioned media type (SPEC "Versioning" 1); sending it pins version 1 of the response shape. */
export const VND_JSON = 'application/vnd.service.public.v1+json'
/** Maps to the latest version of an endpoint (SPEC "Versioning" 3). */
export const JSON_TYPE = 'application/json'
export const SVG_TYPE = 'image/svg+xml'
export const FORM_TYPE = 'application/x-www-form-urlencoded'
export const HTML_TYPE = 'text/html; charset=utf-8'

export type JsonResponseType = typeof VND_JSON | typeof JSON_TYPE

/** Every answer whose type or body `Accept` chose says so, for caches. */
export const VARY_ACCEPT = { vary: 'Accept' } as const

/** What a JSON endpoint produces, for its `406`. */
export const JSON_TYPES: readonly JsonResponseType[] = [JSON_TYPE, VND_JSON]

interface Range {
  type: string
  subtype: string
  q: number
}

// Longer Accept values are cut before parsing: no client needs more, and parsing stays bounded.
const MAX_ACCEPT = 1024

/** Parses an `Accept` value into media ranges with their weight (RFC 9110 §12.5.1); junk ranges are skipped. */
export function parseAccept(accept: string): Range[] {
  const ranges: Range[] = []
  for (const part of accept.slice(0, MAX_ACCEPT).split(',')) {
    const [range = '', ...params] = part.split(';')
    const [type, subtype, extra] = range.trim().toLowerCase().split('/')
    if (!type || !subtype || extra !== undefined) continue
    const qParam = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='))
    const q = qParam === undefined ? 1 : Number(qParam.slice(2))
    ranges.push({ type, subtype, q: Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0 })
  }
  return ranges
}

/** The weight of the most specific range matching `mediaType` (exact, then `type/*`, then `*\/*`), 0 if none. */
export function qualityOf(mediaType: string, ranges: readonly Range[]): number {
  const [type, subtype] = mediaType.split('/')
  let specificity = -1
  let q = 0
  for (const r of ranges) {
    const level =
      r.type === type && r.subtype === subtype
        ? 2
        : r.type === type && r.subtype === '*'
          ? 1
          : r.type === '*' && r.subtype === '*'
            ? 0
            : -1
    if (level > specificity) {
      specificity = level
      q = r.q
    }
  }
  return q
}

/**
 * The JSON type to answer with, or null for `406` (SPEC "Versioning" 3). The versioned type when the client names
 * it in `Accept`, or sends its body in it and `Accept` names neither JSON type (none, `*\/*`, `application/*`);
 * `application/json` otherwise.
 */
export function negotiateJson(
  accept: string | null,
  contentType: string | null = null,
): JsonResponseType | null {
  const pinned = mediaTypeOf(contentType) === VND_JSON
  if (accept === null || accept.trim() === '') return pinned ? VND_JSON : JSON_TYPE
  const ranges = parseAccept(accept)
  const named = ranges.find((r) => `${r.type}/${r.subtype}` === VND_JSON)
  const qJson = qualityOf(JSON_TYPE, ranges)
  if (named !== undefined && named.q > 0 && named.q >= qJson) return VND_JSON
  if (qJson <= 0) return null
  const jsonNamed = ranges.some((r) => `${r.type}/${r.subtype}` === JSON_TYPE)
  return pinned && named === undefined && !jsonNamed ? VND_JSON : JSON_TYPE
}

/** True when the client accepts `mediaType` (no header accepts everything). */
export function accepts(accept: string | null, mediaType: string): boolean {
  if (accept === null || accept.trim() === '') return true
  return qualityOf(mediaType, parseAccept(accept)) > 0
}

/** The media type of a `Content-Type` value without parameters, lower-cased; null when absent. */
export function mediaTypeOf(contentType: string | null): string | null {
  if (contentType === null) return null
  return (contentType.split(';')[0] ?? '').trim().toLowerCase()
}

/** True when the request body is declared as one of the JSON request types. */
export function isJsonRequest(contentType: string | null): boolean {
  const type = mediaTypeOf(contentType)
  return type === VND_JSON || type === JSON_TYPE
}

/** A JSON response with the negotiated content type, and any other header fields. */
export function jsonResponse(
  body: unknown,
  status: number,
  type: JsonResponseType,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...headers, 'content-type': type } })
}
