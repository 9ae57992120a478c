/** Strict parser of the uncompressed `/01/{gtin}[/22/…][/10/…][/21/…]` and `/01/{gtin}/235/…` paths (SPEC). */
import { isDlPrimaryKey } from '../gs1/ai-table.ts'
import { isCset82 } from '../gs1/charset.ts'
import { parseDigitalLink } from '../gs1/dl-parse.ts'
import { parseGtin } from '../gs1/gtin.ts'
import { hexValue } from '../gs1/percent.ts'
import type { AiValue, KeyLink } from './link.ts'

/** Position of each accepted qualifier in the GS1 order, and its maximum length (SPEC Limits). */
const QUALIFIER_RANK: Readonly<Record<string, number>> = { '22': 0, '10': 1, '21': 2, '235': 3 }
const QUALIFIER_MAX: Readonly<Record<string, number>> = { '22': 20, '10': 20, '21': 20, '235': 28 }
const TPX = '235'

/**
 * Strict percent-decoding of one path segment (SPEC 400 case 7). Escapes of bytes above 0x7F are
 * refused here already: no value in GS1 character set 82 can contain them (case 5).
 */
export function decodePathSegment(segment: string): string | null {
  let pct = segment.indexOf('%')
  if (pct === -1) return segment
  let out = ''
  let from = 0
  while (pct !== -1) {
    const hi = hexValue(segment.charCodeAt(pct + 1))
    const lo = hexValue(segment.charCodeAt(pct + 2))
    if (hi < 0 || lo < 0 || hi > 7) return null
    out += segment.slice(from, pct) + String.fromCharCode(hi * 16 + lo)
    from = pct + 3
    pct = segment.indexOf('%', from)
  }
  return out + segment.slice(from)
}

/**
 * Parses what follows `/01` (e.g. `/09506000134352/10/LOT1`), trailing slash already removed. Returns null
 * for every `400 INVALID_GS1_DIGITAL_LINK` case of SPEC: bad GTIN, missing value, foreign AI, wrong order,
 * 235 combined, too long, outside set 82, repeated with a different value, bad percent-encoding.
 */
export function parseGtinPath(rest: string): KeyLink | null {
  if (rest.charCodeAt(0) !== 47) return null
  const segments = rest.slice(1).split('/')
  const rawGtin = decodePathSegment(segments[0] ?? '')
  if (rawGtin === null) return null
  const gtin = parseGtin(rawGtin)
  if (!gtin.ok) return null
  const qualifiers: AiValue[] = []
  let lastRank = -1
  for (let i = 1; i < segments.length; i += 2) {
    const ai = decodePathSegment(segments[i] as string)
    const raw = segments[i + 1]
    if (ai === null || raw === undefined || raw === '') return null
    const rank = QUALIFIER_RANK[ai]
    if (rank === undefined) return null
    const value = decodePathSegment(raw)
    if (value === null || value === '' || value.length > (QUALIFIER_MAX[ai] as number) || !isCset82(value))
      return null
    const seen = qualifiers.find((q) => q.ai === ai)
    if (seen !== undefined) {
      // A repeat right after itself with the same value adds nothing. With another value it is ambiguous (SPEC 400
      // case 6); after another qualifier it breaks the order (case 4: /10/A/21/B/10/A).
      if (seen.value !== value || seen !== qualifiers[qualifiers.length - 1]) return null
      continue
    }
    // GS1 DL URI Syntax §4.9: 22, 10, 21 in that order; 235 (TPX) stands alone.
    if (rank <= lastRank || (ai === TPX && lastRank !== -1)) return null
    lastRank = rank
    qualifiers.push({ ai, value })
  }
  return { key: '01', value: gtin.gtin, qualifiers, attributeQuery: '' }
}

/** A stem the GS1 core's parser reads the path after; any host would do. */
const STEM = 'https://resolver.invalid'

/**
 * The primary key a path starts with (`/414/…` → `414`) when the Syntax Dictionary marks it as a Digital Link
 * primary key, else null.
 */
export function pathKey(path: string): string | null {
  const end = path.indexOf('/', 1)
  const ai = path.slice(1, end === -1 ? path.length : end)
  return isDlPrimaryKey(ai) ? ai : null
}

/**
 * Parses a path of any Digital Link primary key (`/414/{gln}/254/{ext}`, `/00/{sscc}`, …), trailing slash already
 * removed, with the GS1 core's rules from the Syntax Dictionary: the key's check digit where it has one, only the
 * key's qualifiers in its order, each value's character set and length. Null for every `400` case.
 */
export function parseKeyPath(path: string): KeyLink | null {
  const parsed = parseDigitalLink(STEM + path)
  if (!parsed.ok || parsed.value.stem !== STEM) return null
  const { primaryKey, qualifiers } = parsed.value
  return {
    key: primaryKey.ai,
    value: primaryKey.value,
    qualifiers: qualifiers.map((q) => ({ ai: q.ai, value: q.value })),
    attributeQuery: '',
  }
}
