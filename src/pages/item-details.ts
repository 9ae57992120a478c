/** "This item": lot (AI 10), serial (AI 21) and expiry date (AI 17) from the page's query, dates in the page's language. */
import { aiInfo, checkAiValue } from '../gs1/index.ts'
import { yymmd0 } from '../gs1/lint-date.ts'
import { decodePathSegment } from '../resolver/path.ts'
import { decodeParam, rawParam } from './page-query.ts'

export type ItemDetailKind = 'lot' | 'serial' | 'expiry'

/** One detail as shown: `text` is plain (escaped by the renderer); `datetime` is set for a valid date. */
export interface ItemDetail {
  readonly kind: ItemDetailKind
  readonly text: string
  /** ISO 8601 (`2026-03-31`, or `2026-03` when the day is 00) for `<time datetime>`, else null. */
  readonly datetime: string | null
}

export interface ExpiryDate {
  readonly year: number
  readonly month: number
  /** Null when the code says day 00 (GS1 General Specifications §3.4: no day given). */
  readonly day: number | null
}

const SIX_DIGITS = /^\d{6}$/
const formats = new Map<string, Intl.DateTimeFormat>()

/**
 * The full year of a two-digit year, GS1 General Specifications §7.12: a difference of 51 to 99 years ahead
 * of this year means the previous century, 50 to 99 behind it the next one, else this century.
 */
export function fullYear(yy: number, now: number): number {
  const current = new Date(now).getUTCFullYear()
  const century = current - (current % 100)
  const diff = yy - (current % 100)
  if (diff >= 51) return century - 100 + yy
  if (diff <= -50) return century + 100 + yy
  return century + yy
}

/** Reads a YYMMDD expiry date (day 00 allowed), or null when the value is not a valid date. */
export function parseExpiry(value: string, now: number): ExpiryDate | null {
  if (!SIX_DIGITS.test(value) || yymmd0(value) !== null) return null
  const year = fullYear(Number(value.slice(0, 2)), now)
  const month = Number(value.slice(2, 4))
  const day = Number(value.slice(4, 6))
  // The two-digit check cannot know the century: 29 February 2100 is no date.
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null
  return { year, month, day: day === 0 ? null : day }
}

/** A cached date format of a language; the catalog's tags are well-formed, anything else falls back to English. */
function dateFormat(language: string, withDay: boolean): Intl.DateTimeFormat {
  const key = `${language} ${withDay}`
  let format = formats.get(key)
  if (format === undefined) {
    const options: Intl.DateTimeFormatOptions = withDay
      ? { dateStyle: 'long', timeZone: 'UTC' }
      : { year: 'numeric', month: 'long', timeZone: 'UTC' }
    try {
      format = new Intl.DateTimeFormat(language, options)
    } catch {
      format = new Intl.DateTimeFormat('en', options)
    }
    formats.set(key, format)
  }
  return format
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0')
}

/** The expiry date as the page shows it: a long date in `language`, or the value as sent when it is no date. */
export function expiryDetail(value: string, language: string, now: number): ItemDetail {
  const date = parseExpiry(value, now)
  if (date === null) return { kind: 'expiry', text: value, datetime: null }
  const month = `${pad(date.year, 4)}-${pad(date.month, 2)}`
  const utc = Date.UTC(date.year, date.month - 1, date.day ?? 1)
  return {
    kind: 'expiry',
    text: dateFormat(language, date.day !== null).format(utc),
    datetime: date.day === null ? month : `${month}-${pad(date.day, 2)}`,
  }
}

/** The decoded value of an AI in the query when it is a valid value of that AI, else null. */
function validParam(query: string, ai: '10' | '21'): string | null {
  const raw = rawParam(query, ai)
  const value = raw === null || raw === '' ? null : decodePathSegment(raw)
  const info = aiInfo(ai)
  return value !== null && info !== undefined && checkAiValue(info, value) === null ? value : null
}

/**
 * The details the query carries, in the order lot, serial, expiry. Only values that are valid for their AI are
 * shown (at most 20 characters of GS1 set 82; a real date): the query is anyone's to write, and the page must not
 * show made-up text under the brand's labels.
 */
export function itemDetails(query: string, language: string, now: number): ItemDetail[] {
  const details: ItemDetail[] = []
  const lot = validParam(query, '10')
  if (lot !== null) details.push({ kind: 'lot', text: lot, datetime: null })
  const serial = validParam(query, '21')
  if (serial !== null) details.push({ kind: 'serial', text: serial, datetime: null })
  const expiry = rawParam(query, '17')
  const date = expiry === null ? null : decodeParam(expiry)
  if (date !== null && parseExpiry(date, now) !== null) details.push(expiryDetail(date, language, now))
  return details
}
