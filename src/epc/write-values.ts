/** Encoding methods of TDS 2.3 §14.5: the inverse of read-values.ts, picking the most compact method. */
import { type Component, NUMERIC_BITS } from './ai-specs.ts'
import { type BitWriter, writeBigBits, writeBits } from './bit-writer.ts'
import { B64_VALUES } from './bits.ts'

/** A value the encoding cannot carry (the caller reports it as `unencodable-ai`). */
export class UnencodableValue extends Error {}

function abortUnencodable(message: string): never {
  throw new UnencodableValue(message)
}

const URN40 = '\0ABCDEFGHIJKLMNOPQRSTUVWXYZ-.:0123456789'
const HEX_UPPER = '0123456789ABCDEF'
const HEX_LOWER = '0123456789abcdef'

function isDigitCode(c: number): boolean {
  return c >= 48 && c <= 57
}

/** Fixed-length numeric: one BCD nibble per digit (TDS 14.5.4.1). */
export function writeBcd(w: BitWriter, digits: string): void {
  for (let i = 0; i < digits.length; i++) {
    const d = digits.charCodeAt(i) - 48
    if (d < 0 || d > 9) abortUnencodable('a fixed-length numeric value holds a non-digit')
    writeBits(w, d, 4)
  }
}

/** A digit string as an unsigned integer of `bits` bits (TDS 14.5.2.1, 14.5.6.1.1). */
export function writeNumeric(w: BitWriter, digits: string, bits: number): void {
  for (let i = 0; i < digits.length; i++)
    if (!isDigitCode(digits.charCodeAt(i))) abortUnencodable('a non-digit')
  if (digits.length <= 15) writeBits(w, Number(digits), bits)
  else writeBigBits(w, BigInt(digits), bits)
}

/** Encoding indicators of Table E, with the bits each needs for `n` characters (Table B). */
function cheapestMethod(value: string): number {
  let digits = true
  let upper = true
  let lower = true
  let b64 = true
  let urn = true
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i)
    if (c > 127) abortUnencodable('a character outside 7-bit ASCII')
    const digit = isDigitCode(c)
    const ch = value[i] as string
    digits &&= digit
    upper &&= digit || (c >= 65 && c <= 70)
    lower &&= digit || (c >= 97 && c <= 102)
    b64 &&= (B64_VALUES[c] as number) >= 0
    urn &&= URN40.indexOf(ch) > 0
  }
  const n = value.length
  // Candidates in Table E order; a cheaper method wins, the first one on a tie (TDS 14.5.6 decision tree).
  const costs = [
    digits ? (NUMERIC_BITS[n] as number) : Infinity,
    upper ? 4 * n : Infinity,
    lower ? 4 * n : Infinity,
    b64 ? 6 * n : Infinity,
    7 * n,
    urn ? 16 * Math.ceil(n / 3) : Infinity,
  ]
  let best = 4
  for (let ei = 0; ei < costs.length; ei++) if ((costs[ei] as number) < (costs[best] as number)) best = ei
  return best
}

/** Variable-length alphanumeric: indicator, length, data in the most compact method (TDS 14.5.6). */
export function writeAlphanumeric(w: BitWriter, value: string, li: number, max: number, min: number): void {
  const n = value.length
  if (n > max || n < min) abortUnencodable(`a value length of ${n} is outside ${min}–${max}`)
  const ei = cheapestMethod(value)
  writeBits(w, ei, 3)
  if (li > 0) writeBits(w, n, li)
  if (ei === 0) {
    writeNumeric(w, value, NUMERIC_BITS[n] as number)
    return
  }
  for (let i = 0; i < n; i += ei === 5 ? 3 : 1) {
    const ch = value[i] as string
    if (ei === 1) writeBits(w, HEX_UPPER.indexOf(ch), 4)
    else if (ei === 2) writeBits(w, HEX_LOWER.indexOf(ch), 4)
    else if (ei === 3) writeBits(w, B64_VALUES[value.charCodeAt(i)] as number, 6)
    else if (ei === 4) writeBits(w, value.charCodeAt(i), 7)
    else {
      const i2 = i + 1 < n ? URN40.indexOf(value[i + 1] as string) : 0
      const i3 = i + 2 < n ? URN40.indexOf(value[i + 2] as string) : 0
      writeBits(w, 1600 * URN40.indexOf(ch) + 40 * i2 + i3 + 1, 16)
    }
  }
}

/** Two digits at `at` as a number that must fit `bits` bits. */
function field(value: string, at: number, bits: number): number {
  const a = value.charCodeAt(at) - 48
  const b = value.charCodeAt(at + 1) - 48
  if (!(a >= 0 && a <= 9 && b >= 0 && b <= 9)) abortUnencodable('a date holds a non-digit')
  const v = a * 10 + b
  if (v >= 1 << bits) abortUnencodable('a date field does not fit its bits')
  return v
}

/** YYMMDD in 7 + 4 + 5 bits (TDS 14.5.8.1). */
export function writeDate(w: BitWriter, value: string, at = 0): void {
  writeBits(w, field(value, at, 7), 7)
  writeBits(w, field(value, at + 2, 4), 4)
  writeBits(w, field(value, at + 4, 5), 5)
}

function need(value: string, ...lengths: number[]): void {
  if (!lengths.includes(value.length))
    abortUnencodable(`a value of ${value.length} characters where ${lengths} are expected`)
}

function writeDelimited(w: BitWriter, value: string, c: Component): void {
  let i = 0
  while (i < value.length && isDigitCode(value.charCodeAt(i))) writeBits(w, value.charCodeAt(i++) - 48, 4)
  if (i === value.length) {
    writeBits(w, 15, 4)
    return
  }
  writeBits(w, 14, 4)
  writeAlphanumeric(w, value.slice(i), c.li, c.max, 1)
}

const PRECISION_FORMAT: Readonly<Record<number, number>> = { 6: 3, 8: 0, 10: 1, 12: 2 }

/** The date and time methods D, T, R and P (TDS 14.5.8–14.5.11). */
function writeDateTime(w: BitWriter, kind: string, value: string): void {
  if (kind === 'D') need(value, 6)
  if (kind === 'T') need(value, 10)
  if (kind === 'R') {
    need(value, 6, 12)
    writeBits(w, value.length === 6 ? 0 : 1, 1)
  }
  if (kind === 'P') {
    need(value, 6, 8, 10, 12)
    writeBits(w, PRECISION_FORMAT[value.length] as number, 2)
  }
  writeDate(w, value)
  if (kind === 'R' && value.length === 12) writeDate(w, value, 6)
  // T and P: hh in 5 bits, then mm and ss in 6 bits each.
  if (kind === 'T' || kind === 'P') {
    for (let at = 6; at < value.length; at += 2)
      writeBits(w, field(value, at, at === 6 ? 5 : 6), at === 6 ? 5 : 6)
  }
}

/** Country code, single bit, sequence indicator and minus sign (TDS 14.5.7, 14.5.12, 14.5.14, 14.5.15). */
function writeSmall(w: BitWriter, kind: string, value: string): void {
  if (kind === 'C') {
    need(value, 2)
    for (let i = 0; i < 2; i++) {
      const v = value.charCodeAt(i) - 65
      if (v < 0 || v > 25) abortUnencodable('a country code letter outside A–Z')
      writeBits(w, v, 6)
    }
  } else if (kind === 'Q') {
    if (!/^\d\/\d$/.test(value)) abortUnencodable('a sequence indicator other than digit/digit')
    writeBits(w, value.charCodeAt(0) - 48, 4)
    writeBits(w, value.charCodeAt(2) - 48, 4)
  } else {
    const [zero, one] = kind === 'S' ? ['0', '1'] : ['', '-']
    if (value !== zero && value !== one) abortUnencodable(`a one-bit value other than "${zero}" or "${one}"`)
    writeBits(w, value === one ? 1 : 0, 1)
  }
}

/** One value component of Table F (the inverse of readComponent). */
export function writeComponent(w: BitWriter, c: Component, value: string, min: number): void {
  switch (c.kind) {
    case 'N':
      need(value, c.digits)
      writeBcd(w, value)
      break
    case 'B':
      need(value, c.digits)
      writeNumeric(w, value, c.bits)
      break
    case 'A':
      writeAlphanumeric(w, value, c.li, c.max, min)
      break
    case 'V':
      if (value.length > c.max || value.length < min)
        abortUnencodable(`a numeric length outside ${min}–${c.max}`)
      writeBits(w, value.length, c.li)
      writeNumeric(w, value, NUMERIC_BITS[value.length] as number)
      break
    case 'X':
      if (value === '') abortUnencodable('an empty value')
      writeDelimited(w, value, c)
      break
    case 'D':
    case 'T':
    case 'R':
    case 'P':
      writeDateTime(w, c.kind, value)
      break
    default:
      writeSmall(w, c.kind, value)
  }
}
