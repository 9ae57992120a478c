/** Digital Link structure, qualifier-sequence choice and URI building (GS1 DL URI syntax 1.4 §4, §5). */
import { aiInfo } from './ai-table.ts'
import type { AiPair } from './element-string.ts'
import { percentEncode, percentEncodeQuery } from './percent.ts'

/** A custom query parameter of a Digital Link. */
export interface ExtensionParameter {
  key: string
  value: string
}

/** A Digital Link split into its parts; `attributes` and `extensionParameters` keep query order. */
export interface DigitalLink {
  stem: string
  primaryKey: AiPair
  qualifiers: AiPair[]
  attributes: AiPair[]
  linkType: string | null
  context: string | null
  extensionParameters: ExtensionParameter[]
}

/** The outcome of placing AIs after a primary key. */
export type Placement<T extends AiPair> =
  | { ok: true; qualifiers: T[]; attributes: T[] }
  | { ok: false; misplaced: T[]; qualifiers: T[] }

const NO_QUALIFIERS: readonly (readonly string[])[] = [[]]

/**
 * Splits AIs into path qualifiers and query attributes for a primary key (SPEC rules 7 and 8). Every
 * alternative qualifier sequence is tried; each takes every AI of its sequence, in sequence order.
 * An alternative is usable when all other AIs may be query attributes; the longest usable one wins,
 * the first on a tie. This also finds `/01/…/235/…?10=…`, which the engine's tie-break misses.
 * Query attributes follow the GS1 syntax engine (gs1_generateDLuri): predefined-length AIs first,
 * then the others, each group in request order.
 */
export function placeQualifiers<T extends AiPair>(primaryKey: string, pairs: readonly T[]): Placement<T> {
  const sequences = aiInfo(primaryKey)?.qualifierSequences ?? NO_QUALIFIERS
  const infos = pairs.map((p) => aiInfo(p.ai))
  let best: readonly string[] | null = null
  let bestCount = -1
  let fallback: readonly string[] = sequences[0] ?? []
  let fallbackBad = Number.POSITIVE_INFINITY
  for (const seq of sequences) {
    let count = 0
    let bad = 0
    pairs.forEach((p, i) => {
      if (seq.includes(p.ai)) count++
      else if (!infos[i]?.dlAttribute) bad++
    })
    if (bad === 0 && count > bestCount) {
      best = seq
      bestCount = count
    } else if (bad > 0 && bad < fallbackBad) {
      fallback = seq
      fallbackBad = bad
    }
  }
  const chosen = best ?? fallback
  const qualifiers: T[] = []
  for (const ai of chosen) {
    const hit = pairs.find((p) => p.ai === ai)
    if (hit) qualifiers.push(hit)
  }
  const fixed: T[] = []
  const other: T[] = []
  const misplaced: T[] = []
  pairs.forEach((p, i) => {
    if (chosen.includes(p.ai) && qualifiers.includes(p)) return
    const info = infos[i]
    if (!info?.dlAttribute) misplaced.push(p)
    else if (info.predefinedLength) fixed.push(p)
    else other.push(p)
  })
  if (best === null) return { ok: false, misplaced, qualifiers }
  return { ok: true, qualifiers, attributes: fixed.length === 0 ? other : fixed.concat(other) }
}

/** The URI path after the stem: `/01/…` then each qualifier, values percent-encoded. */
export function digitalLinkPath(dl: Pick<DigitalLink, 'primaryKey' | 'qualifiers'>): string {
  let out = `/${dl.primaryKey.ai}/${percentEncode(dl.primaryKey.value)}`
  for (const q of dl.qualifiers) out += `/${q.ai}/${percentEncode(q.value)}`
  return out
}

/** The query without `?`: attributes, then linkType, then context, then extension parameters. */
export function digitalLinkQuery(dl: DigitalLink): string {
  const parts: string[] = []
  for (const a of dl.attributes) parts.push(`${a.ai}=${percentEncodeQuery(a.value)}`)
  if (dl.linkType !== null) parts.push(`linkType=${percentEncodeQuery(dl.linkType)}`)
  if (dl.context !== null) parts.push(`context=${percentEncodeQuery(dl.context)}`)
  for (const e of dl.extensionParameters)
    parts.push(`${percentEncodeQuery(e.key)}=${percentEncodeQuery(e.value)}`)
  return parts.join('&')
}

/** The full URI; with `query: false` only stem and path (e.g. a linkset anchor). */
export function buildDigitalLink(dl: DigitalLink, options: { query?: boolean } = {}): string {
  const base = dl.stem + digitalLinkPath(dl)
  if (options.query === false) return base
  const query = digitalLinkQuery(dl)
  return query === '' ? base : `${base}?${query}`
}
