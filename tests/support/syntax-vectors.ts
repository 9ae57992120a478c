/** The shared GS1 syntax vectors (`../shared/gs1/vectors/syntax-vectors.json`) and how tests read them. */
import { type AiPair, isDlPrimaryKey, parseBracketedElementString } from '../../src/gs1/index.ts'
import type { SharedFile } from './shared.ts'

/** The vector file under `../shared` (see `lacksShared` and `readSharedJson`). */
export const SYNTAX_VECTORS: SharedFile = ['gs1', 'vectors', 'syntax-vectors.json']

export interface SyntaxVector {
  kind: string
  input: Record<string, string | null>
  expected: Record<string, unknown>
  note?: string
}

/** The stem a vector's `null` stem stands for. */
export const CANONICAL_STEM = 'https://id.gs1.org'

// Reasons of the vectors mapped to our codes (`Validation.<Reason>.*` or `DigitalLink.*`).
const REASON: Record<string, string> = {
  check_digit: 'CheckDigit',
  too_long: 'Length',
  too_short: 'Length',
  invalid_cset82_char: 'Charset',
  invalid_cset64_char: 'Charset',
  unknown_ai: 'UnknownAi',
  repeated_ai: 'Duplicate',
  excludes: 'Excludes',
  requires: 'Requires',
  digsig_serial_required: 'Requires',
  magnitude_over_6_digits: 'Length',
  no_primary_key: 'Invalid',
  not_dl_data_attribute: 'NotAllowed',
}

/** A vector's reason as the `<Reason>` of our `Validation.<Reason>.<field>` codes. */
export function reasonOf(r: string): string {
  return r.startsWith('linter_') ? 'Format' : (REASON[r] ?? r)
}

/** The AI pairs of a vector's bracketed `aiData` (throws when it does not parse). */
export function vectorPairs(aiData: string): AiPair[] {
  const p = parseBracketedElementString(aiData)
  if (!p) throw new Error(`bad aiData ${aiData}`)
  return p
}

/**
 * The code definition of a vector's `aiData`, with a Digital Link stem unless `stem` is undefined (`null`: the
 * canonical stem). The engine takes the first DL primary key in input order as the key (SYNTAX-NOTES §2.3).
 */
export function vectorDefinition(aiData: string, stem?: string | null): Record<string, unknown> {
  const p = vectorPairs(aiData)
  const keyAt =
    stem === undefined
      ? 0
      : Math.max(
          0,
          p.findIndex((x) => isDlPrimaryKey(x.ai)),
        )
  const pk = p[keyAt] as AiPair
  const def: Record<string, unknown> = {
    primaryKey: { key: pk.ai, value: pk.value },
    ais: p.filter((_, i) => i !== keyAt).map((x) => ({ key: x.ai, value: x.value })),
  }
  if (stem !== undefined) def.digitalLinkStem = stem ?? CANONICAL_STEM
  return def
}
