/** Field layouts of the six SGTIN-family schemes (TDS 2.3 §14.6.1.1–14.6.1.6), read into AI pairs. */

import { gs1CheckDigit } from '../gs1/check-digit.ts'
import { DATE_TYPE_AIS, SERIAL_SPEC } from './ai-specs.ts'
import { type BitReader, onlyZerosLeft, readBits, skipBits } from './bits.ts'
import { abortDecoding } from './errors.ts'
import { readAidc } from './read-aidc.ts'
import { readAlphanumeric, readBcd, readDate } from './read-values.ts'
import type { AiPair, EpcScheme } from './types.ts'

/** SGTIN partition table, TDS 2.3 Table 14-16: [GCP bits, GCP digits, item ref bits, item ref digits]. */
const PARTITIONS: ReadonlyArray<readonly [number, number, number, number]> = [
  [40, 12, 4, 1],
  [37, 11, 7, 2],
  [34, 10, 10, 3],
  [30, 9, 14, 4],
  [27, 8, 17, 5],
  [24, 7, 20, 6],
  [20, 6, 24, 7],
]
const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12]

function pad(v: number, digits: number): string {
  const s = String(v)
  return s.length === digits ? s : s.padStart(digits, '0')
}

/** GCP and item reference (partition coding, TDS 14.4.3) as a GTIN-14 with a computed check digit. */
function readPartitionedGtin(r: BitReader): string {
  readBits(r, 3) // filter value: no Digital Link counterpart
  const p = PARTITIONS[readBits(r, 3)]
  if (p === undefined)
    abortDecoding('malformed', 'partition 7 is not in the SGTIN partition table (TDS Table 14-16)')
  const gcp = readBits(r, p[0])
  const item = readBits(r, p[2])
  if (gcp >= (POW10[p[1]] as number) || item >= (POW10[p[3]] as number)) {
    abortDecoding('malformed', 'the GS1 Company Prefix or item reference overflows its digits (TDS 14.4.3)')
  }
  const itemDigits = pad(item, p[3])
  const body = itemDigits[0] + pad(gcp, p[1]) + itemDigits.slice(1)
  return body + gs1CheckDigit(body)
}

function endOfFixedLength(r: BitReader): void {
  // TDS 14.4 truncates extra bits; the resolver accepts only zero padding there (policy §10.3).
  if (!onlyZerosLeft(r)) abortDecoding('trailing-data', 'non-zero bits follow the end of the EPC')
}

/** SGTIN-96: partitioned GTIN and a 38-bit integer serial (TDS 14.6.1.1). */
function readSgtin96(r: BitReader, out: AiPair[]): void {
  const gtin = readPartitionedGtin(r)
  const serial = readBits(r, 38)
  endOfFixedLength(r)
  out.push({ ai: '01', value: gtin }, { ai: '21', value: String(serial) })
}

/** SGTIN-198: partitioned GTIN and 20 7-bit characters, zero-terminated (TDS 14.6.1.2, 14.4.2). */
function readSgtin198(r: BitReader, out: AiPair[]): void {
  const gtin = readPartitionedGtin(r)
  let serial = ''
  let ended = false
  for (let i = 0; i < 20; i++) {
    const c = readBits(r, 7)
    if (c === 0) ended = true
    else if (ended) abortDecoding('malformed', 'a serial character follows the zero terminator (TDS 14.4.2)')
    else serial += String.fromCharCode(c)
  }
  if (serial === '') abortDecoding('malformed', 'the serial number is empty')
  endOfFixedLength(r)
  out.push({ ai: '01', value: gtin }, { ai: '21', value: serial })
}

/** Hostname of a '++' scheme, skipped by its length: 1-bit mode, 6-bit length, data (TDS 14.5.16). */
function skipHostname(r: BitReader): void {
  const sevenBit = readBits(r, 1)
  const n = readBits(r, 6)
  skipBits(r, sevenBit === 1 ? 7 * n : 16 * Math.ceil(n / 3))
}

/** SGTIN+ / DSGTIN+ and their '++' forms (TDS 14.6.1.3–14.6.1.6). */
function readPlus(r: BitReader, out: AiPair[], dated: boolean, hostname: boolean): void {
  readBits(r, 4) // +AIDC toggle bit (TDS 14.5.1, not needed to decode) and filter value
  let date: AiPair | null = null
  if (dated) {
    const ai = DATE_TYPE_AIS[readBits(r, 4)]
    if (ai === undefined) abortDecoding('malformed', 'the date type indicator is reserved (TDS 14.5.3)')
    date = { ai, value: readDate(r) }
  }
  out.push({ ai: '01', value: readBcd(r, 14) })
  if (date !== null) out.push(date)
  const first = SERIAL_SPEC.first
  out.push({ ai: '21', value: readAlphanumeric(r, first.li, first.max, 1) })
  if (hostname) skipHostname(r)
  readAidc(r, out)
}

/** Reads the header and the scheme's fields; pairs come out in encoded order, AI 01 first. */
export function readScheme(r: BitReader, out: AiPair[]): EpcScheme {
  const header = readBits(r, 8)
  switch (header) {
    case 0x30:
      readSgtin96(r, out)
      return 'SGTIN-96'
    case 0x36:
      readSgtin198(r, out)
      return 'SGTIN-198'
    case 0xf7:
      readPlus(r, out, false, false)
      return 'SGTIN+'
    case 0xfb:
      readPlus(r, out, true, false)
      return 'DSGTIN+'
    case 0xfc:
      readPlus(r, out, true, true)
      return 'DSGTIN++'
    case 0xfd:
      readPlus(r, out, false, true)
      return 'SGTIN++'
    default: {
      const hex = header.toString(16).toUpperCase().padStart(2, '0')
      return abortDecoding(
        'unsupported-header',
        `header ${hex} is not one of the SGTIN schemes 30, 36, F7, FB, FC, FD`,
      )
    }
  }
}
