/** Writers of the TDS 1.x coding tables (TDS 2.3 §14.3, §14.6), inverse of read-sgtin.ts, read-fixed.ts. */
import { type BitWriter, writeBigBits, writeBits } from './bit-writer.ts'
import {
  CPI96_PARTITIONS,
  CPIVAR_PARTITIONS,
  GIAI96_PARTITIONS,
  GIAI202_PARTITIONS,
  GRAI_PARTITIONS,
  type PartitionRow,
  type PartitionTable,
  partitionFor,
  SGLN_PARTITIONS,
  SGTIN_PARTITIONS,
  SSCC_PARTITIONS,
} from './partitions.ts'
import { SCHEMES } from './schemes.ts'
import type { EpcScheme } from './types.ts'
import { UnencodableValue } from './write-values.ts'

/*
 * Each takes the key split at the GS1 Company Prefix length and throws UnencodableValue when a value does
 * not fit.
 */

function unencodable(message: string): never {
  throw new UnencodableValue(message)
}

const DIGITS = /^\d*$/
const INTEGER = /^(0|[1-9]\d*)$/

/** Header, filter value 0 ("all others", TDS Table 14-2) and the partition of a `gcpLength`-digit GCP. */
function writeHead(w: BitWriter, scheme: EpcScheme, table: PartitionTable, gcpLength: number): PartitionRow {
  const p = partitionFor(gcpLength)
  const row = table[p]
  if (row === undefined) return unencodable('the GS1 Company Prefix has 6 to 12 digits')
  writeBits(w, SCHEMES[scheme].header, 8)
  writeBits(w, 0, 3)
  writeBits(w, p, 3)
  return row
}

/** A digit string as an `n`-bit integer ("Integer", "Partition Table", TDS 14.3.1, 14.3.3). */
function writeDigits(w: BitWriter, digits: string, n: number): void {
  if (!DIGITS.test(digits)) unencodable('a numeric EPC field holds a non-digit')
  writeBits(w, digits === '' ? 0 : Number(digits), n)
}

/** The GS1 Company Prefix: exactly L digits (TDS 14.3.3). */
function writeGcp(w: BitWriter, row: PartitionRow, gcp: string): void {
  if (gcp.length !== row.gcpDigits) unencodable('the key is shorter than its GS1 Company Prefix')
  writeDigits(w, gcp, row.gcpBits)
}

/** GCP then the padded reference of K digits (Partition Table, TDS 14.3.3). */
function writePartition(w: BitWriter, row: PartitionRow, gcp: string, ref: string): void {
  writeGcp(w, row, gcp)
  if (ref.length !== row.refDigits) unencodable('the key does not fill its partition')
  writeDigits(w, ref, row.refBits)
}

/** A value without leading zeros as an integer below 2^n ("Integer", TDS 14.3.1). */
export function writeInteger(w: BitWriter, value: string, n: number): void {
  if (!INTEGER.test(value)) unencodable('an integer EPC field takes digits without leading zeros')
  const v = BigInt(value)
  if (v >= 1n << BigInt(n)) unencodable(`an integer EPC field holds ${n} bits`)
  writeBigBits(w, v, n)
}

/** Up to floor(n/7) characters of 7 bits, then zeros to n bits ("String", TDS 14.3.2). */
function writeString7(w: BitWriter, value: string, n: number, max: number): void {
  if (value === '' || value.length > max) unencodable(`a string EPC field holds 1 to ${max} characters`)
  for (let i = 0; i < value.length; i++) writeBits(w, value.charCodeAt(i), 7)
  for (let left = n - 7 * value.length; left > 0; left -= 30) writeBits(w, 0, Math.min(left, 30))
}

/**
 * The digits of a key that starts with an indicator or extension digit: GCP, then that digit and the rest.
 */
function splitAfterFirst(body: string, gcpLength: number): [string, string] {
  return [body.slice(1, 1 + gcpLength), body[0] + body.slice(1 + gcpLength)]
}

/** SGTIN-96 / SGTIN-198 (TDS 14.6.1.1–2) and ITIP-110 / ITIP-212 (TDS 14.6.11). */
export function writeSgtinFixed(
  w: BitWriter,
  scheme: EpcScheme,
  key: string,
  serial: string,
  gcp: number,
): void {
  const row = writeHead(w, scheme, SGTIN_PARTITIONS, gcp)
  const [c, ref] = splitAfterFirst(key.slice(0, 13), gcp)
  writePartition(w, row, c, ref)
  if (scheme === 'ITIP-110' || scheme === 'ITIP-212') {
    writeDigits(w, key.slice(14, 16), 7)
    writeDigits(w, key.slice(16, 18), 7)
  }
  if (scheme === 'SGTIN-96' || scheme === 'ITIP-110') writeInteger(w, serial, 38)
  else writeString7(w, serial, 140, 20)
}

/** SSCC-96 (AI 00, TDS 14.6.2.1), GSRN-96 (8018) and GSRNP-96 (8017): partition and 24 reserved bits. */
export function writeSsccFixed(w: BitWriter, scheme: EpcScheme, key: string, gcp: number): void {
  const row = writeHead(w, scheme, SSCC_PARTITIONS, gcp)
  const body = key.slice(0, 17)
  const [c, ref] = scheme === 'SSCC-96' ? splitAfterFirst(body, gcp) : [body.slice(0, gcp), body.slice(gcp)]
  writePartition(w, row, c, ref)
  writeBits(w, 0, 24)
}

/** SGLN-96 / SGLN-195: GLN, then the extension, "0" for none (TDS 14.6.3, §7.5). */
export function writeSglnFixed(
  w: BitWriter,
  scheme: EpcScheme,
  gln: string,
  extension: string,
  gcp: number,
): void {
  const row = writeHead(w, scheme, SGLN_PARTITIONS, gcp)
  writePartition(w, row, gln.slice(0, gcp), gln.slice(gcp, 12))
  if (scheme === 'SGLN-96') writeInteger(w, extension, 41)
  else writeString7(w, extension, 140, 20)
}

/** GRAI-96 / GRAI-170: the 8003 value is '0', 12 digits, check digit, serial (TDS 14.6.4, §7.6). */
export function writeGraiFixed(w: BitWriter, scheme: EpcScheme, grai: string, gcp: number): void {
  const row = writeHead(w, scheme, GRAI_PARTITIONS, gcp)
  writePartition(w, row, grai.slice(1, 1 + gcp), grai.slice(1 + gcp, 13))
  if (scheme === 'GRAI-96') writeInteger(w, grai.slice(14), 38)
  else writeString7(w, grai.slice(14), 112, 16)
}

/** GIAI-96 (Unpadded Partition) / GIAI-202 (String Partition): GCP and asset reference (TDS 14.6.5). */
export function writeGiaiFixed(w: BitWriter, scheme: EpcScheme, giai: string, gcp: number): void {
  const table = scheme === 'GIAI-96' ? GIAI96_PARTITIONS : GIAI202_PARTITIONS
  const row = writeHead(w, scheme, table, gcp)
  writeGcp(w, row, giai.slice(0, gcp))
  if (scheme === 'GIAI-96') writeInteger(w, giai.slice(gcp), row.refBits)
  else writeString7(w, giai.slice(gcp), row.refBits, row.refDigits)
}

/** GDTI-96 / GDTI-174: GCP, document type, then the serial after the check digit (TDS 14.6.8). */
export function writeGdtiFixed(w: BitWriter, scheme: EpcScheme, gdti: string, gcp: number): void {
  const row = writeHead(w, scheme, SGLN_PARTITIONS, gcp)
  writePartition(w, row, gdti.slice(0, gcp), gdti.slice(gcp, 12))
  if (scheme === 'GDTI-96') writeInteger(w, gdti.slice(13), 41)
  else writeString7(w, gdti.slice(13), 119, 17)
}

/** SGCN-96: GCP, coupon reference, serial as a numeric string with a leading '1' (TDS 14.6.10.1, §14.3.6). */
export function writeSgcnFixed(w: BitWriter, gcn: string, gcp: number): void {
  const row = writeHead(w, 'SGCN-96', SGLN_PARTITIONS, gcp)
  writePartition(w, row, gcn.slice(0, gcp), gcn.slice(gcp, 12))
  const serial = gcn.slice(13)
  if (serial === '' || serial.length > 12) unencodable('an SGCN serial has 1 to 12 digits')
  writeDigits(w, `1${serial}`, 41)
}

/** 6-bit character of TDS Table G-1: the low six bits of the ASCII code (GS1 character set 39). */
function sixBit(code: number): number {
  const ok =
    (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 35 || code === 45 || code === 47
  if (!ok) unencodable('a component/part reference character is outside TDS Table G-1')
  return code & 63
}

/** CPI-96 (integer reference, 31-bit serial) / CPI-var (6-bit reference, 40-bit serial) (TDS 14.6.9). */
export function writeCpiFixed(
  w: BitWriter,
  scheme: EpcScheme,
  cpi: string,
  serial: string,
  gcp: number,
): void {
  const table = scheme === 'CPI-96' ? CPI96_PARTITIONS : CPIVAR_PARTITIONS
  const row = writeHead(w, scheme, table, gcp)
  writeGcp(w, row, cpi.slice(0, gcp))
  const ref = cpi.slice(gcp)
  if (ref === '' || ref.length > row.refDigits)
    unencodable(`a component/part reference has 1 to ${row.refDigits} characters here`)
  if (scheme === 'CPI-96') {
    writeInteger(w, ref, row.refBits)
    writeInteger(w, serial, 31)
    return
  }
  for (let i = 0; i < ref.length; i++) writeBits(w, sixBit(ref.charCodeAt(i)), 6)
  writeBits(w, 0, 6)
  writeInteger(w, serial, 40)
}
