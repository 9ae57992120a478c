/** GS1 character sets 82, 39 and 64 (GS1 General Specifications §7.11, Figures 7.11-1 to 7.11-3). */

/** A lookup table over ASCII char codes: 1 for each character of `chars` (built once per module). */
export function charTable(chars: string): Uint8Array {
  const t = new Uint8Array(128)
  for (let i = 0; i < chars.length; i++) t[chars.charCodeAt(i)] = 1
  return t
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const UPPER_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'

/** Digits 0-9. */
export const DIGITS = charTable('0123456789')
/** CSET 82: letters, digits and `!"%&'()*+,-./:;<=>?_`. */
export const CSET82 = charTable(`${ALNUM}!"%&'()*+,-./:;<=>?_`)
/** CSET 39: upper-case letters, digits and `#-/`. */
export const CSET39 = charTable(`${UPPER_DIGITS}#-/`)
/** CSET 64: the base64url alphabet (padding handled separately). */
export const CSET64 = charTable(`${ALNUM}-_`)

/** Index of the first character of `s` outside the table, or -1. */
export function firstOutside(s: string, t: Uint8Array): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c >= 128 || t[c] !== 1) return i
  }
  return -1
}

/** True when every character is in CSET 82 (empty string included). */
export function isCset82(s: string): boolean {
  return firstOutside(s, CSET82) === -1
}

/** True when every character is in CSET 39 (empty string included). */
export function isCset39(s: string): boolean {
  return firstOutside(s, CSET39) === -1
}

/**
 * Index of the first invalid CSET 64 character, or -1. `=` padding is allowed only at the end, at
 * most two, and only when the total length is a multiple of 3 (GS1 Barcode Syntax Resource, cset64 linter).
 */
export function firstBadCset64(s: string): number {
  let end = s.length
  let pad = 0
  while (end > 0 && pad < 2 && s.charCodeAt(end - 1) === 61) {
    end--
    pad++
  }
  const bad = firstOutside(s.slice(0, end), CSET64)
  if (bad !== -1) return bad
  if (pad > 0 && s.length % 3 !== 0) return end
  return -1
}

/** True when `s` is valid CSET 64 with the padding rule. */
export function isCset64(s: string): boolean {
  return firstBadCset64(s) === -1
}
