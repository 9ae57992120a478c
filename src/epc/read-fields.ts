/** Decoding methods of the TDS 1.x coding tables (TDS 2.3 §14.4): partitions, integers, strings. */
import { CSET82 } from '../gs1/charset.ts'
import { type BitReader, onlyZerosLeft, readBigBits, readBits } from './bits.ts'
import { abortDecoding } from './errors.ts'
import type { PartitionRow, PartitionTable } from './partitions.ts'

export const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13]

/** `v` as exactly `digits` digits, leading zeros kept. */
export function pad(v: number, digits: number): string {
  const s = String(v)
  return s.length === digits ? s : s.padStart(digits, '0')
}

/** Skips the filter value (no Digital Link counterpart) and reads the partition value's row (TDS 14.4.3). */
export function readPartitionRow(r: BitReader, table: PartitionTable): PartitionRow {
  readBits(r, 3)
  const row = table[readBits(r, 3)]
  if (row === undefined) abortDecoding('malformed', 'partition 7 is not in the partition table (TDS 14.4.3)')
  return row
}

/** The GS1 Company Prefix: M bits, less than 10^L, as L digits (TDS 14.4.3 validity test). */
export function readGcp(r: BitReader, row: PartitionRow): string {
  const gcp = readBits(r, row.gcpBits)
  if (gcp >= (POW10[row.gcpDigits] as number))
    abortDecoding('malformed', 'the GS1 Company Prefix overflows its digits (TDS 14.4.3)')
  return pad(gcp, row.gcpDigits)
}

/**
 * The padded second field of a partition: N bits, less than 10^K, as K digits ('' when K = 0) (TDS 14.4.3).
 */
export function readPaddedRef(r: BitReader, row: PartitionRow): string {
  const ref = readBits(r, row.refBits)
  if (ref >= (POW10[row.refDigits] as number))
    abortDecoding('malformed', 'the reference after the GS1 Company Prefix overflows its digits (TDS 14.4.3)')
  return row.refDigits === 0 ? '' : pad(ref, row.refDigits)
}

/** An unsigned integer as a decimal numeral without leading zeros ("Integer", TDS 14.4.1). */
export function readInteger(r: BitReader, bits: number): string {
  return bits <= 53 ? String(readBits(r, bits)) : readBigBits(r, bits).toString()
}

/**
 * Digits whose leading zeros survive as a prepended '1' ("Numeric String", TDS 14.4.6), at most `max` digits.
 */
export function readNumericString(r: BitReader, bits: number, max: number): string {
  const s = readInteger(r, bits)
  if (s.charCodeAt(0) !== 49 || s.length < 2 || s.length > max + 1)
    abortDecoding('malformed', 'a numeric string does not start with its marker digit 1 (TDS 14.4.6)')
  return s.slice(1)
}

/**
 * 7-bit characters in a field of `bits` bits ("String", TDS 14.4.2; "String Partition", TDS 14.4.5): at least
 * one, at most `max`, then only zero bits. A character outside GS1 character set 82 (Table A-1) makes the
 * link invalid, as for SGTIN-198.
 */
export function readString7(r: BitReader, bits: number, max: number): string {
  const end = r.pos + bits
  let s = ''
  for (let i = 0; i < max; i++) {
    const c = readBits(r, 7)
    if (c === 0) break
    if (CSET82[c] !== 1)
      abortDecoding('invalid-link', 'a character is outside GS1 character set 82 (TDS Table A-1)')
    s += String.fromCharCode(c)
  }
  if (s === '') abortDecoding('malformed', 'the serial number is empty')
  for (let left = end - r.pos; left > 0; left -= 30) {
    if (readBits(r, Math.min(left, 30)) !== 0)
      abortDecoding('malformed', 'a character follows the zero terminator (TDS 14.4.2)')
  }
  return s
}

/** 6-bit characters of TDS Table G-1 (GS1 character set 39) by value; '' where the table has none. */
const SIX_BIT: ReadonlyArray<string> = Array.from({ length: 64 }, (_, v) => {
  const c = v < 32 ? v + 64 : v
  return (v >= 1 && v <= 26) || v === 35 || v === 45 || v === 47 || (v >= 48 && v <= 57)
    ? String.fromCharCode(c)
    : ''
})

/**
 * 6-bit characters up to a 000000 terminator, 1 to `max` of them ("6-Bit Variable String", TDS
 * 14.4.8–14.4.9).
 */
export function readString6(r: BitReader, max: number): string {
  let s = ''
  for (;;) {
    const v = readBits(r, 6)
    if (v === 0) break
    const c = SIX_BIT[v] as string
    if (c === '') abortDecoding('malformed', 'a 6-bit character is not in TDS Table G-1')
    if (s.length === max) abortDecoding('malformed', `a 6-bit string is longer than ${max} characters`)
    s += c
  }
  if (s === '') abortDecoding('malformed', 'the component/part reference is empty')
  return s
}

/** `n` reserved bits, all zero (e.g. the last 24 bits of SSCC-96, TDS 14.6.2.1). */
export function readReserved(r: BitReader, n: number): void {
  if (readBits(r, n) !== 0) abortDecoding('malformed', 'a reserved field is not zero')
}

/**
 * TDS 14.4 truncates bits after a fixed-length EPC; only zero padding is accepted there (EPC-NOTES §10.3).
 */
export function endOfFixedLength(r: BitReader): void {
  if (!onlyZerosLeft(r)) abortDecoding('trailing-data', 'non-zero bits follow the end of the EPC')
}
