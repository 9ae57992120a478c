/**
 * Where an external page's link leads for one scan (DESIGN §11): the brand's `href` for the language, its template
 * expanded over the scan, then the query passed on, and lot, serial and expiry added unless the template used them.
 */
import { expandHref, type HrefValues, type HrefVariable, templateVariables } from '../catalog/href.ts'
import { gtinOf, type KeyLink, qualifierPath, qualifierValue } from './link.ts'
import type { PageView } from './product-view.ts'
import { decodeParam, rawParam } from './query.ts'

/** What a scan gives every template: its key, qualifiers and pinned versions. */
export type ScanValues = Omit<HrefValues, 'language' | 'linkType'>

/** The AI whose value each template variable carries, for the ones SPEC redirect rule 4 adds to the query. */
const VARIABLE_AI: Partial<Record<HrefVariable, string>> = { lot: '10', serial: '21', expiry: '17' }
const PINNED_VARIABLES = [
  ['lot', '10'],
  ['serial', '21'],
  ['expiry', '17'],
] as const

/** A qualifier of the path, else the query's parameter of that AI (decoded), else none. */
function pinned(link: KeyLink, query: string, ai: string): string | undefined {
  const value = qualifierValue(link, ai)
  if (value !== null) return value
  const raw = rawParam(query, ai)
  return raw === null || raw === '' ? undefined : decodeParam(raw)
}

/** The lot a scan names: in the path, else in the query (`?10=`); null when none. */
export function scanLot(link: KeyLink, query: string): string | null {
  return pinned(link, query, '10') ?? null
}

/** The values a scan gives the templates of its product's external pages. */
export function scanValues(link: KeyLink, query: string): ScanValues {
  const values: ScanValues = { key: link.key, value: link.value, keyQualifiers: qualifierPath(link) }
  const gtin = gtinOf(link)
  if (gtin !== null) values.gtin = gtin
  for (const [variable, ai] of PINNED_VARIABLES) {
    const value = pinned(link, query, ai)
    if (value !== undefined) values[variable] = value
  }
  return values
}

/** The stored link of the page in a language it is published in. */
function hrefIn(page: PageView, language: string): string {
  const href = page.page.href
  if (typeof href === 'string') return href
  return href?.[language] ?? Object.values(href ?? {})[0] ?? ''
}

/** The AIs whose values the page's link for `language` carries already, through its template. */
export function aisInHref(page: PageView, language: string): ReadonlySet<string> {
  const used = templateVariables(hrefIn(page, language)) ?? []
  return new Set(used.flatMap((v) => VARIABLE_AI[v] ?? []))
}

/** The page's expanded link in `language`, before any query is added. */
export function expandedHref(page: PageView, language: string, values: ScanValues): string {
  return expandHref(hrefIn(page, language), { ...values, language, linkType: page.page.linkType })
}

/** `url` with `query` added (`?` or `&`), before its fragment. */
export function withQuery(url: string, query: string): string {
  if (query === '') return url
  const hash = url.indexOf('#')
  const base = hash === -1 ? url : url.slice(0, hash)
  const fragment = hash === -1 ? '' : url.slice(hash)
  const joiner = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?'
  return `${base}${joiner}${query}${fragment}`
}
