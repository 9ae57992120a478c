/**
 * A form cannot give back every stored value as it was written: text fields are trimmed, browsers send a text area's
 * line breaks as CRLF and write a date and time their own way (`…T09:00` for `…T09:00:00.000`), titles come in the
 * product's language order. Where what was posted means the same as the stored value, the stored spelling is kept,
 * so saving a product unchanged leaves it byte for byte as it was (and records no change).
 */
import type { CanonicalProduct } from '../services/catalog/rows.ts'

type Json = Record<string, unknown>

const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

/** `body` (the form's product body) with the spelling of `stored` wherever the two mean the same. */
export function keepStoredSpelling(body: Json, stored: CanonicalProduct): Json {
  return keep(body, stored, '') as Json
}

function keep(posted: unknown, stored: unknown, key: string): unknown {
  if (typeof posted === 'string' && typeof stored === 'string')
    return sameText(posted, stored) || (isWindow(key) && sameInstantSpelling(posted, stored))
      ? stored
      : posted
  if (Array.isArray(posted) && Array.isArray(stored))
    return posted.map((v, i) => keep(v, partner(v, stored, i), key))
  if (isRecord(posted) && isRecord(stored)) return keepRecord(posted, stored)
  return posted
}

/** The stored element an element of a list stands for: the page of the same name, else the one at its place. */
function partner(posted: unknown, stored: readonly unknown[], index: number): unknown {
  if (isRecord(posted) && typeof posted.name === 'string') {
    const named = stored.find((s) => isRecord(s) && s.name === posted.name)
    if (named !== undefined) return named
  }
  return stored[index]
}

function keepRecord(posted: Json, stored: Json): Json {
  const out: Json = {}
  for (const [k, v] of Object.entries(posted)) out[k] = keep(v, stored[k], k)
  if ('titles' in posted) restoreBlankText(out, stored)
  const keys = Object.keys(out)
  const same = keys.length === Object.keys(stored).length && keys.every((k) => k in stored)
  // Per-language members in the stored order (the order of a page's titles is part of the product).
  return same ? Object.fromEntries(Object.keys(stored).map((k) => [k, out[k]])) : out
}

/**
 * A page's text of only spaces is stored as written (the import takes one), and the form cannot send it back: it
 * stays, in a language the page still has a title in, on a page that stays hosted.
 */
function restoreBlankText(page: Json, stored: Json): void {
  if ('href' in page || !isRecord(stored.content) || !isRecord(page.titles)) return
  const content: Json = isRecord(page.content) ? { ...page.content } : {}
  for (const [lang, text] of Object.entries(stored.content)) {
    if (!(lang in content) && lang in page.titles && typeof text === 'string' && text.trim() === '')
      content[lang] = text
  }
  if (Object.keys(content).length > 0) page.content = content
}

const normalised = (text: string) => text.replace(/\r\n?/g, '\n').trim()

function sameText(a: string, b: string): boolean {
  return a === b || normalised(a) === normalised(b)
}

const isWindow = (key: string) => key === 'validFrom' || key === 'validUntil'

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})$/

/** The same local date and time with the same offset, however many seconds' digits are written. */
function sameInstantSpelling(a: string, b: string): boolean {
  const key = (value: string) => {
    const m = DATE_TIME.exec(value)
    if (m === null) return null
    return `${m[1]}T${m[2]}:${m[3]}:${m[4] ?? '00'}.${(m[5] ?? '').padEnd(9, '0')}${m[6]}`
  }
  const ka = key(a)
  return ka !== null && ka === key(b)
}
