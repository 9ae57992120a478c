/** GTIN parsing and normalisation to 14 digits (GS1 General Specifications §3.4.2, SPEC rule 3). */
import { hasValidCheckDigit } from './check-digit.ts'

export type GtinResult =
  | { ok: true; gtin: string }
  | { ok: false; reason: 'digits' | 'length' | 'checkDigit' }

/** True when every character is an ASCII digit (and the string is not empty). */
export function isDigits(value: string): boolean {
  const n = value.length
  if (n === 0) return false
  for (let i = 0; i < n; i++) {
    const c = value.charCodeAt(i)
    if (c < 48 || c > 57) return false
  }
  return true
}

/**
 * Accepts GTIN-8, -12, -13 or -14 and returns the GTIN-14. Left-padding with zeros never changes
 * the mod-10 result, since the weights are anchored at the right (SYNTAX-NOTES §2.5).
 */
export function parseGtin(value: string): GtinResult {
  if (!isDigits(value)) return { ok: false, reason: 'digits' }
  const n = value.length
  if (n !== 8 && n !== 12 && n !== 13 && n !== 14) return { ok: false, reason: 'length' }
  if (!hasValidCheckDigit(value)) return { ok: false, reason: 'checkDigit' }
  return { ok: true, gtin: n === 14 ? value : value.padStart(14, '0') }
}

/** The GTIN-14 of a valid GTIN-8/12/13/14, else null. */
export function normaliseGtin(value: string): string | null {
  const r = parseGtin(value)
  return r.ok ? r.gtin : null
}
