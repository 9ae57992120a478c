/** Reading the raw query string: the `linkType` parameter and the pinned lot, serial and expiry (SPEC). */

import { percentEncode } from '../gs1/index.ts'
import { type KeyLink, qualifierValue } from './link.ts'
import { decodePathSegment } from './path.ts'

const LINK_TYPE = 'linktype'
/** DESIGN §6 pinned versions: lot, serial, expiry date, in that order. */
export const PINNED = ['10', '21', '17'] as const
const NONE: ReadonlySet<string> = new Set()

/**
 * The raw value of the first parameter whose name matches (exactly, or ASCII case-insensitively with `anyCase`
 * and a lower-case `name`): '' for the name alone, null when absent.
 */
export function rawParam(query: string, name: string, anyCase = false): string | null {
  if (query === '') return null
  let start = 0
  while (start <= query.length) {
    let end = query.indexOf('&', start)
    if (end === -1) end = query.length
    const eq = query.indexOf('=', start)
    const nameEnd = eq === -1 || eq > end ? end : eq
    if (nameEnd - start === name.length) {
      const key = query.slice(start, nameEnd)
      if (anyCase ? key.toLowerCase() === name : key === name)
        return nameEnd === end ? '' : query.slice(nameEnd + 1, end)
    }
    start = end + 1
  }
  return null
}

/** Percent-decodes a query value like a path segment (`+` stays `+`); an undecodable value is taken as sent. */
export function decodeParam(raw: string): string {
  return decodePathSegment(raw) ?? raw
}

/**
 * The `linkType` value: the parameter name is read in any case, the value is case-sensitive (SPEC, query
 * parameters). Null when absent.
 */
export function linkTypeParam(query: string): string | null {
  if (query === '' || !query.toLowerCase().includes(LINK_TYPE)) return null
  const raw = rawParam(query, LINK_TYPE, true)
  return raw === null ? null : decodeParam(raw)
}

/** The query sent on to a target: the compressed link's attributes first, then the scan's own query. */
export function effectiveQuery(link: KeyLink, scanQuery: string): string {
  if (link.attributeQuery === '') return scanQuery
  return scanQuery === '' ? link.attributeQuery : `${link.attributeQuery}&${scanQuery}`
}

/**
 * Redirect query (SPEC redirect rules 3 and 4): the query as sent, then `10` and `21` from the link when the
 * query does not carry them already. (`17` can only come from the query or the compressed data, which is
 * already part of the query.) `skip`: AIs an external page's link carries already (DESIGN §11).
 */
export function redirectQuery(link: KeyLink, query: string, skip: ReadonlySet<string> = NONE): string {
  let out = query
  for (const ai of PINNED) {
    if (skip.has(ai)) continue
    const value = qualifierValue(link, ai)
    if (value !== null && rawParam(query, ai) === null) {
      out += `${out === '' ? '' : '&'}${ai}=${percentEncode(value)}`
    }
  }
  return out
}

/**
 * The pinned-version query of linkset hrefs (SPEC linkset; DESIGN §6): `10`, `21`, `17` in that order, each
 * from the path or the compressed data first, then from the query. '' when the scan carries none. `skip`: AIs an
 * external page's link carries already.
 */
export function pinnedQuery(link: KeyLink, query: string, skip: ReadonlySet<string> = NONE): string {
  let out = ''
  for (const ai of PINNED) {
    if (skip.has(ai)) continue
    let value = qualifierValue(link, ai)
    if (value === null) {
      const raw = rawParam(query, ai)
      if (raw !== null && raw !== '') value = decodeParam(raw)
    }
    if (value !== null) out += `${out === '' ? '' : '&'}${ai}=${percentEncode(value)}`
  }
  return out
}

/**
 * True when the query names a qualifier of the link with another value (SPEC 400 case 6: `/10/A?10=B`, or a serial
 * decoded from a compressed link and another in its query). The same value again is harmless. Names and values
 * compare decoded, as the path's values are.
 */
export function contradictsQualifiers(link: KeyLink, query: string): boolean {
  if (query === '' || link.qualifiers.length === 0) return false
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=')
    const value = qualifierValue(link, decodeParam(eq === -1 ? pair : pair.slice(0, eq)))
    if (value !== null && (eq === -1 || decodeParam(pair.slice(eq + 1)) !== value)) return true
  }
  return false
}
