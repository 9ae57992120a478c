/** TDS 1.x coding tables of every key but the GTIN (TDS 2.3 §14.6.2–14.6.11), read into AI pairs. */
import { gs1CheckDigit } from '../gs1/check-digit.ts'
import { type BitReader, readBits } from './bits.ts'
import { abortDecoding } from './errors.ts'
import {
  CPI96_PARTITIONS,
  CPIVAR_PARTITIONS,
  GIAI96_PARTITIONS,
  GIAI202_PARTITIONS,
  GRAI_PARTITIONS,
  type PartitionTable,
  SGLN_PARTITIONS,
  SGTIN_PARTITIONS,
  SSCC_PARTITIONS,
} from './partitions.ts'
import {
  endOfFixedLength,
  POW10,
  pad,
  readGcp,
  readInteger,
  readNumericString,
  readPaddedRef,
  readPartitionRow,
  readReserved,
  readString6,
  readString7,
} from './read-fields.ts'
import type { AiPair } from './types.ts'

/*
 * Key first, then its qualifiers. Each reader checks what makes the link valid, so decoding needs no GS1 core
 * check after it.
 */

function withCheckDigit(body: string): string {
  return body + gs1CheckDigit(body)
}

/** GCP and the padded reference as one digit string, e.g. the 12 digits of a GLN before its check digit. */
function readPartitioned(r: BitReader, table: PartitionTable): string {
  const row = readPartitionRow(r, table)
  return readGcp(r, row) + readPaddedRef(r, row)
}

/** SSCC-96: extension digit and serial reference after the GCP, 24 reserved bits (TDS 14.6.2.1, §7.4). */
export function readSscc96(r: BitReader, out: AiPair[]): void {
  const row = readPartitionRow(r, SSCC_PARTITIONS)
  const gcp = readGcp(r, row)
  const ref = readPaddedRef(r, row)
  readReserved(r, 24)
  endOfFixedLength(r)
  out.push({ ai: '00', value: withCheckDigit(ref[0] + gcp + ref.slice(1)) })
}

/**
 * GSRN-96 (AI 8018) and GSRNP-96 (AI 8017): GCP and service reference, 24 reserved bits (§14.6.6.1,
 * §14.6.7.1).
 */
export function readGsrn96(r: BitReader, out: AiPair[], ai: '8017' | '8018'): void {
  const body = readPartitioned(r, SSCC_PARTITIONS)
  readReserved(r, 24)
  endOfFixedLength(r)
  out.push({ ai, value: withCheckDigit(body) })
}

/**
 * The GLN extension as AI (254); an extension of "0" is reserved for a GLN without extension and gives no
 * AI (254) (TDS 2.3 §7.5, §14.6.3).
 */
function pushGln(out: AiPair[], gln: string, extension: string): void {
  out.push({ ai: '414', value: gln })
  if (extension !== '0') out.push({ ai: '254', value: extension })
}

/** SGLN-96: GLN and a 41-bit integer extension (TDS 14.6.3.1). */
export function readSgln96(r: BitReader, out: AiPair[]): void {
  const gln = withCheckDigit(readPartitioned(r, SGLN_PARTITIONS))
  const extension = readInteger(r, 41)
  endOfFixedLength(r)
  pushGln(out, gln, extension)
}

/** SGLN-195: GLN and up to 20 7-bit characters of extension (TDS 14.6.3.2). */
export function readSgln195(r: BitReader, out: AiPair[]): void {
  const gln = withCheckDigit(readPartitioned(r, SGLN_PARTITIONS))
  const extension = readString7(r, 140, 20)
  endOfFixedLength(r)
  pushGln(out, gln, extension)
}

/** GRAI-96 / GRAI-170: '0', GCP, asset type, check digit, then the serial (TDS 14.6.4, §7.6). */
export function readGrai(r: BitReader, out: AiPair[], long: boolean): void {
  const grai = withCheckDigit(`0${readPartitioned(r, GRAI_PARTITIONS)}`)
  const serial = long ? readString7(r, 112, 16) : readInteger(r, 38)
  endOfFixedLength(r)
  out.push({ ai: '8003', value: grai + serial })
}

/** GIAI-96: GCP and an integer asset reference (Unpadded Partition, TDS 14.6.5.1, §14.4.4). */
export function readGiai96(r: BitReader, out: AiPair[]): void {
  const row = readPartitionRow(r, GIAI96_PARTITIONS)
  const giai = readGcp(r, row) + readInteger(r, row.refBits)
  endOfFixedLength(r)
  out.push({ ai: '8004', value: giai })
}

/** GIAI-202: GCP and up to K 7-bit characters (String Partition, TDS 14.6.5.2, §14.4.5). */
export function readGiai202(r: BitReader, out: AiPair[]): void {
  const row = readPartitionRow(r, GIAI202_PARTITIONS)
  const giai = readGcp(r, row) + readString7(r, row.refBits, row.refDigits)
  endOfFixedLength(r)
  out.push({ ai: '8004', value: giai })
}

/** Serial of each GDTI scheme: GDTI-96 integer, GDTI-113 numeric string (deprecated), GDTI-174 string. */
export type GdtiSerial = 'integer' | 'numeric' | 'string'

/** GDTI-96 / GDTI-113 / GDTI-174: GCP, document type, check digit, serial (TDS 14.6.8, §7.10). */
export function readGdti(r: BitReader, out: AiPair[], serial: GdtiSerial): void {
  const gdti = withCheckDigit(readPartitioned(r, SGLN_PARTITIONS))
  const s =
    serial === 'integer'
      ? readInteger(r, 41)
      : serial === 'numeric'
        ? readNumericString(r, 58, 17)
        : readString7(r, 119, 17)
  endOfFixedLength(r)
  out.push({ ai: '253', value: gdti + s })
}

/**
 * SGCN-96: GCP, coupon reference, check digit and a numeric-string serial of up to 12 digits (TDS 14.6.10.1).
 */
export function readSgcn96(r: BitReader, out: AiPair[]): void {
  const gcn = withCheckDigit(readPartitioned(r, SGLN_PARTITIONS))
  const serial = readNumericString(r, 41, 12)
  endOfFixedLength(r)
  out.push({ ai: '255', value: gcn + serial })
}

/** AI (8011) has no leading zero, so not even "0" (GS1 syntax dictionary: N..12,nozeroprefix). */
function cpiSerial(serial: string): string {
  if (serial === '0')
    abortDecoding('invalid-link', 'AI (8011) takes no leading zero, so a CPI serial is never 0')
  return serial
}

/**
 * CPI-96: GCP, a component/part reference of at most K digits without leading zeros, 31-bit serial
 * (§14.6.9.1).
 */
export function readCpi96(r: BitReader, out: AiPair[]): void {
  const row = readPartitionRow(r, CPI96_PARTITIONS)
  const gcp = readGcp(r, row)
  const ref = readBits(r, row.refBits)
  if (ref >= (POW10[row.refDigits] as number))
    abortDecoding('malformed', 'the component/part reference overflows its digits (TDS Table 14-34)')
  const serial = cpiSerial(readInteger(r, 31))
  endOfFixedLength(r)
  out.push({ ai: '8010', value: gcp + ref }, { ai: '8011', value: serial })
}

/**
 * CPI-var: GCP, 6-bit component/part reference up to 000000, 40-bit serial of at most 12 digits (§14.6.9.2).
 */
export function readCpiVar(r: BitReader, out: AiPair[]): void {
  const row = readPartitionRow(r, CPIVAR_PARTITIONS)
  const cpi = readGcp(r, row) + readString6(r, row.refDigits)
  const serial = readBits(r, 40)
  if (serial >= (POW10[12] as number)) abortDecoding('malformed', 'the CPI serial has more than 12 digits')
  endOfFixedLength(r)
  out.push({ ai: '8010', value: cpi }, { ai: '8011', value: cpiSerial(String(serial)) })
}

/**
 * Piece and total of an ITIP, 7 bits each: 01–99 and piece ≤ total (GS1 syntax dictionary 8006 pieceoftotal).
 */
function readPieceOfTotal(r: BitReader): string {
  const piece = readBits(r, 7)
  const total = readBits(r, 7)
  if (piece > 99 || total > 99) abortDecoding('malformed', 'a piece or total is above 99 (TDS 14.6.11)')
  if (piece === 0 || total === 0 || piece > total)
    abortDecoding('invalid-link', 'AI (8006) needs a piece from 1 up to the total')
  return pad(piece, 2) + pad(total, 2)
}

/** ITIP-110 / ITIP-212: SGTIN-like GTIN, piece, total, then the serial as AI (21) (TDS 14.6.11, §7.15). */
export function readItip(r: BitReader, out: AiPair[], long: boolean): void {
  const row = readPartitionRow(r, SGTIN_PARTITIONS)
  const gcp = readGcp(r, row)
  const ref = readPaddedRef(r, row)
  const gtin = withCheckDigit(ref[0] + gcp + ref.slice(1))
  const pieces = readPieceOfTotal(r)
  const serial = long ? readString7(r, 140, 20) : readInteger(r, 38)
  endOfFixedLength(r)
  out.push({ ai: '8006', value: gtin + pieces }, { ai: '21', value: serial })
}
