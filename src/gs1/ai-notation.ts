/** The project's compact notation for AI table rows, and the types the rows expand to. */

/** Flag bits of a row. */
export const NONE = 0
/** Predefined length: no FNC1 separator follows the value (GS1 General Specifications §7.8.5, Figure 7.8.5-2). */
export const F = 1
/** Permitted as a GS1 Digital Link URI data attribute, i.e. in the query (GS1 DL URI syntax 1.4 §4.7). */
export const A = 2
/** Both flags. */
export const FA = 3

/** Relations of a row: `r` requirement instances, `x` exclusions, `k` key-qualifier sequences. */
export interface RowRelations {
  /** Each string is one requirement: alternatives separated by `|`, members of a group joined by `&`. */
  r?: readonly string[]
  /** Space-separated AIs or patterns (`n` = any digit) that may not appear together with this AI. */
  x?: string
  /** Digital Link primary key: each string is one qualifier sequence (space-separated, may be empty). */
  k?: readonly string[]
}

/**
 * One row: AI or range `first..last`, flags, components, relations, title.
 * Components are comma-separated; each is `<set><length>[?] [linter...]` where set is N, X (CSET 82),
 * Y (CSET 39) or Z (CSET 64), length is `n` (fixed) or `min-max`, and `?` marks an optional component.
 */
export type Row = readonly [string, number, string, RowRelations | null, string]

/** Character set of a component. */
export type Charset = 'N' | 'X' | 'Y' | 'Z'

/** One component of an AI value. */
export interface Component {
  readonly charset: Charset
  readonly min: number
  readonly max: number
  readonly optional: boolean
  readonly linters: readonly string[]
}

/** A pattern such as `31nn`: matches AIs of the same length starting with `prefix`. */
export interface AiPattern {
  readonly text: string
  readonly prefix: string
  readonly length: number
}

/** Everything the project knows about one AI. */
export interface AiInfo {
  readonly ai: string
  readonly title: string
  /** Predefined length (`*`): no FNC1 separator is needed after the value. */
  readonly predefinedLength: boolean
  /** May appear as a Digital Link query attribute. */
  readonly dlAttribute: boolean
  readonly components: readonly Component[]
  readonly minLength: number
  readonly maxLength: number
  /** Requirement instances (all must hold); each is a list of alternatives; each alternative a group (all present). */
  readonly requires: readonly (readonly (readonly AiPattern[])[])[]
  readonly excludes: readonly AiPattern[]
  /** Null when not a Digital Link primary key; otherwise its alternative qualifier sequences. */
  readonly qualifierSequences: readonly (readonly string[])[] | null
}

/** Parses an AI reference such as `01` or `31nn`. */
export function parsePattern(text: string): AiPattern {
  const n = text.indexOf('n')
  return { text, prefix: n === -1 ? text : text.slice(0, n), length: text.length }
}

/** True when `ai` matches the pattern (same length and leading digits). */
export function matchesPattern(ai: string, p: AiPattern): boolean {
  return ai.length === p.length && ai.startsWith(p.prefix)
}

function parseComponent(token: string): Component {
  const [spec = '', ...linters] = token.trim().split(' ')
  const optional = spec.endsWith('?')
  const body = optional ? spec.slice(0, -1) : spec
  const charset = body[0] as Charset
  const len = body.slice(1)
  const dash = len.indexOf('-')
  const min = dash === -1 ? Number(len) : Number(len.slice(0, dash))
  const max = dash === -1 ? min : Number(len.slice(dash + 1))
  return { charset, min, max, optional, linters }
}

function words(s: string): string[] {
  return s.split(' ').filter((w) => w !== '')
}

/** Expands one row to the AIs it covers. */
export function expandRow(row: Row): AiInfo[] {
  const [range, flags, spec, rel, title] = row
  const components = spec.split(',').map(parseComponent)
  let minLength = 0
  let maxLength = 0
  for (const c of components) {
    if (!c.optional) minLength += c.min
    maxLength += c.max
  }
  const requires = (rel?.r ?? []).map((inst) =>
    inst.split('|').map((group) => group.split('&').map(parsePattern)),
  )
  const excludes = words(rel?.x ?? '').map(parsePattern)
  const qualifierSequences = rel?.k ? rel.k.map(words) : null
  const dots = range.indexOf('..')
  const first = dots === -1 ? range : range.slice(0, dots)
  const last = dots === -1 ? range : range.slice(dots + 2)
  const out: AiInfo[] = []
  const width = first.length
  for (let n = Number(first); n <= Number(last); n++) {
    const ai = String(n).padStart(width, '0')
    out.push({
      ai,
      title,
      predefinedLength: (flags & F) !== 0,
      dlAttribute: (flags & A) !== 0,
      components,
      minLength,
      maxLength,
      requires,
      excludes,
      qualifierSequences,
    })
  }
  return out
}
