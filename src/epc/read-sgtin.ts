/** Field layouts of the six SGTIN-family schemes (TDS 2.3 §14.6.1.1–14.6.1.6), read into AI pairs. */

import { CSET82 } from '../gs1/charset.ts'
import { gs1CheckDigit } from '../gs1/check-digit.ts'
import { DATE_TYPE_AIS, SERIAL_SPEC } from './ai-specs.ts'
import { type BitReader, readBits } from './bits.ts'
import { abortDecoding } from './errors.ts'
import { SGTIN_PARTITIONS } from './partitions.ts'
import { readAidc } from './read-aidc.ts'
import { endOfFixedLength, POW10, pad } from './read-fields.ts'
import { skipHostname } from './read-plus.ts'
import { readAlphanumeric, readBcd, readDate } from './read-values.ts'
import type { AiPair } from './types.ts'

/** GCP and item reference (partition coding, TDS 14.4.3) as a GTIN-14 with a computed check digit. */
function readPartitionedGtin(r: BitReader): string {
  readBits(r, 3) // filter value: no Digital Link counterpart
  const p = SGTIN_PARTITIONS[readBits(r, 3)]
  if (p === undefined)
    abortDecoding('malformed', 'partition 7 is not in the SGTIN partition table (TDS Table 14-16)')
  const gcp = readBits(r, p.gcpBits)
  const item = readBits(r, p.refBits)
  if (gcp >= (POW10[p.gcpDigits] as number) || item >= (POW10[p.refDigits] as number)) {
    abortDecoding('malformed', 'the GS1 Company Prefix or item reference overflows its digits (TDS 14.4.3)')
  }
  const itemDigits = pad(item, p.refDigits)
  const body = itemDigits[0] + pad(gcp, p.gcpDigits) + itemDigits.slice(1)
  return body + gs1CheckDigit(body)
}

/** SGTIN-96: partitioned GTIN and a 38-bit integer serial (TDS 14.6.1.1). */
export function readSgtin96(r: BitReader, out: AiPair[]): void {
  const gtin = readPartitionedGtin(r)
  const serial = readBits(r, 38)
  endOfFixedLength(r)
  out.push({ ai: '01', value: gtin }, { ai: '21', value: String(serial) })
}

/**
 * SGTIN-198: partitioned GTIN and 20 7-bit characters, zero-terminated (TDS 14.6.1.2, 14.4.2), each of GS1
 * character set 82 (Table A-1), so the link is valid as read.
 */
export function readSgtin198(r: BitReader, out: AiPair[]): void {
  const gtin = readPartitionedGtin(r)
  let serial = ''
  let ended = false
  for (let i = 0; i < 20; i++) {
    const c = readBits(r, 7)
    if (c === 0) ended = true
    else if (ended) abortDecoding('malformed', 'a serial character follows the zero terminator (TDS 14.4.2)')
    else if (CSET82[c] !== 1)
      abortDecoding('invalid-link', 'AI (21) holds a character outside GS1 character set 82')
    else serial += String.fromCharCode(c)
  }
  if (serial === '') abortDecoding('malformed', 'the serial number is empty')
  endOfFixedLength(r)
  out.push({ ai: '01', value: gtin }, { ai: '21', value: serial })
}

/** SGTIN+ / DSGTIN+ and their '++' forms (TDS 14.6.1.3–14.6.1.6). */
export function readSgtinPlus(r: BitReader, out: AiPair[], dated: boolean, hostname: boolean): void {
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
