/** Decoding methods of TDS 2.3 §14.5 for the GTIN, serial and every +AIDC value component. */
import type { Component } from './ai-specs.ts'
import { NUMERIC_BITS } from './ai-specs.ts'
import { B64_ALPHABET, type BitReader, readBigBits, readBits } from './bits.ts'
import { abortDecoding } from './errors.ts'

const HEX_UPPER = '0123456789ABCDEF'
const HEX_LOWER = '0123456789abcdef'
/** URN Code 40 characters by index; index 0 is the PAD character (TDS Table 14-8). */
const URN40 = '\0ABCDEFGHIJKLMNOPQRSTUVWXYZ-.:0123456789'
/** '00'–'99', so that date fields format without padding calls. */
export const TWO_DIGITS: ReadonlyArray<string> = Array.from({ length: 100 }, (_, i) =>
  i < 10 ? `0${i}` : `${i}`,
)

/** `n` BCD digits, each nibble 0–9 (Fixed-Length Numeric, TDS 14.5.4.2). */
export function readBcd(r: BitReader, n: number): string {
  let s = ''
  for (let i = 0; i < n; i++) {
    const d = readBits(r, 4)
    if (d > 9) abortDecoding('malformed', 'a BCD digit is above 9 (TDS 14.5.4.2)')
    s += HEX_LOWER[d]
  }
  return s
}

/** An unsigned integer of `bits` bits as exactly `digits` digits, leading zeros kept (TDS 14.5.2, 14.5.6.1). */
export function readNumeric(r: BitReader, bits: number, digits: number): string {
  if (digits === 0) return '' // an empty optional component, e.g. AI 255 without its serial
  const s = bits <= 53 ? String(readBits(r, bits)) : readBigBits(r, bits).toString()
  if (s.length > digits) abortDecoding('malformed', `a numeric field holds more than ${digits} digits`)
  return s.length === digits ? s : s.padStart(digits, '0')
}

/** Two decimal digits from a small field (YY, MM, DD, hh, mm, ss). */
function readTwo(r: BitReader, bits: number): string {
  const v = readBits(r, bits)
  if (v > 99) abortDecoding('malformed', 'a date field is above 99')
  return TWO_DIGITS[v] as string
}

/** YYMMDD in 16 bits (TDS 14.5.8); the date's plausibility is checked with the whole link. */
export function readDate(r: BitReader): string {
  return readTwo(r, 7) + readTwo(r, 4) + readTwo(r, 5)
}

function readChars(r: BitReader, n: number, bits: number, alphabet: string): string {
  let s = ''
  for (let i = 0; i < n; i++) s += alphabet[readBits(r, bits)]
  return s
}

function readAscii(r: BitReader, n: number): string {
  let s = ''
  for (let i = 0; i < n; i++) s += String.fromCharCode(readBits(r, 7))
  return s
}

/** URN Code 40: 16 bits per 3 characters, r = 1600·i1 + 40·i2 + i3 + 1 (TDS 14.5.6.5.2). */
function readUrn40(r: BitReader, n: number): string {
  let s = ''
  for (let g = 0; g < n; g += 3) {
    const v = readBits(r, 16) - 1
    if (v < 0 || v >= 64000)
      abortDecoding('malformed', 'a URN Code 40 group is outside 1–64000 (TDS 14.5.6.5)')
    const idx = [(v / 1600) | 0, ((v / 40) | 0) % 40, v % 40]
    for (let k = 0; k < 3; k++) {
      const i = idx[k] as number
      // The first n characters are real characters, the rest of the last group must be PAD.
      if (g + k < n ? i === 0 : i !== 0) abortDecoding('malformed', 'URN Code 40 padding is misplaced')
      if (i !== 0) s += URN40[i]
    }
  }
  return s
}

/** Variable-length alphanumeric: 3-bit encoding indicator (Table E), length, data (TDS 14.5.6). */
export function readAlphanumeric(r: BitReader, li: number, max: number, min: number): string {
  const ei = readBits(r, 3)
  const n = li === 0 ? 1 : readBits(r, li)
  if (n > max || n < min) abortDecoding('malformed', `a value length of ${n} is outside ${min}–${max}`)
  switch (ei) {
    case 0:
      return readNumeric(r, NUMERIC_BITS[n] as number, n)
    case 1:
      return readChars(r, n, 4, HEX_UPPER)
    case 2:
      return readChars(r, n, 4, HEX_LOWER)
    case 3:
      return readChars(r, n, 6, B64_ALPHABET)
    case 4:
      return readAscii(r, n)
    case 5:
      return readUrn40(r, n)
    default:
      return abortDecoding('malformed', `encoding indicator ${ei} is reserved (TDS Table E)`)
  }
}

/** Delimited/terminated numeric: digits, then `1111` (end) or `1110` + alphanumeric rest (TDS 14.5.5.2). */
function readDelimited(r: BitReader, c: Component): string {
  let s = ''
  for (;;) {
    const d = readBits(r, 4)
    if (d <= 9) s += HEX_LOWER[d]
    else if (d === 15) {
      if (s === '') abortDecoding('malformed', 'an empty delimited numeric value')
      return s
    } else if (d === 14) return s + readAlphanumeric(r, c.li, c.max, 1)
    else abortDecoding('malformed', 'a delimited numeric value holds a nibble above 9 (TDS 14.5.5)')
  }
}

/** Variable-precision date+time: 2-bit format, YYMMDD, then hh / hhmm / hhmmss / nothing (TDS 14.5.11). */
function readPrecisionDate(r: BitReader): string {
  const format = readBits(r, 2)
  const date = readDate(r)
  if (format === 3) return date
  const hh = readTwo(r, 5)
  if (format === 0) return date + hh
  const mm = readTwo(r, 6)
  return format === 1 ? date + hh + mm : date + hh + mm + readTwo(r, 6)
}

function readCountry(r: BitReader): string {
  const a = readBits(r, 6)
  const b = readBits(r, 6)
  if (a > 25 || b > 25) abortDecoding('malformed', 'a country code letter is not A–Z (TDS 14.5.12)')
  return B64_ALPHABET[a] + (B64_ALPHABET[b] as string)
}

function readSequence(r: BitReader): string {
  const n = readBits(r, 4)
  const m = readBits(r, 4)
  if (n > 9 || m > 9) abortDecoding('malformed', 'a sequence indicator digit is above 9 (TDS 14.5.15)')
  return `${n}/${m}`
}

/** One value component of Table F; `min` is the least length of a variable-length component. */
export function readComponent(r: BitReader, c: Component, min: number): string {
  switch (c.kind) {
    case 'N':
      return readBcd(r, c.digits)
    case 'B':
      return readNumeric(r, c.bits, c.digits)
    case 'A':
      return readAlphanumeric(r, c.li, c.max, min)
    case 'V': {
      const n = readBits(r, c.li)
      if (n > c.max || n < min)
        abortDecoding('malformed', `a numeric length of ${n} is outside ${min}–${c.max}`)
      return readNumeric(r, NUMERIC_BITS[n] as number, n)
    }
    case 'X':
      return readDelimited(r, c)
    case 'D':
      return readDate(r)
    case 'T':
      return readDate(r) + readTwo(r, 5) + readTwo(r, 6)
    case 'R':
      return readBits(r, 1) === 0 ? readDate(r) : readDate(r) + readDate(r)
    case 'P':
      return readPrecisionDate(r)
    case 'C':
      return readCountry(r)
    case 'S':
      return readBits(r, 1) === 0 ? '0' : '1'
    case 'Q':
      return readSequence(r)
    case 'M':
      return readBits(r, 1) === 0 ? '' : '-'
  }
}
