/** Partition tables of the TDS 1.x schemes (TDS 2.3 §14.6): the row index is the 3-bit partition value P. */

/**
 * One row: GS1 Company Prefix bits (M) and digits (L), then the other field's bits (N) and its digits (K) —
 * or, for the unpadded, string and 6-bit string tables, its maximum digits or characters.
 */
export interface PartitionRow {
  readonly gcpBits: number
  readonly gcpDigits: number
  readonly refBits: number
  readonly refDigits: number
}

export type PartitionTable = ReadonlyArray<PartitionRow>

function table(rows: ReadonlyArray<readonly [number, number, number, number]>): PartitionTable {
  return rows.map(([gcpBits, gcpDigits, refBits, refDigits]) => ({ gcpBits, gcpDigits, refBits, refDigits }))
}

/** SGTIN and ITIP: indicator (or pad) digit and item reference (TDS 2.3 §14.6.1, §14.6.11). */
export const SGTIN_PARTITIONS = table([
  [40, 12, 4, 1],
  [37, 11, 7, 2],
  [34, 10, 10, 3],
  [30, 9, 14, 4],
  [27, 8, 17, 5],
  [24, 7, 20, 6],
  [20, 6, 24, 7],
])

/**
 * SSCC, GSRN and GSRNP: extension digit and serial reference, or service reference (§14.6.2, §14.6.6,
 * §14.6.7).
 */
export const SSCC_PARTITIONS = table([
  [40, 12, 18, 5],
  [37, 11, 21, 6],
  [34, 10, 24, 7],
  [30, 9, 28, 8],
  [27, 8, 31, 9],
  [24, 7, 34, 10],
  [20, 6, 38, 11],
])

/**
 * SGLN, GDTI and SGCN: location reference, document type or coupon reference (§14.6.3, §14.6.8, §14.6.10).
 */
export const SGLN_PARTITIONS = table([
  [40, 12, 1, 0],
  [37, 11, 4, 1],
  [34, 10, 7, 2],
  [30, 9, 11, 3],
  [27, 8, 14, 4],
  [24, 7, 17, 5],
  [20, 6, 21, 6],
])

/** GRAI: asset type (§14.6.4). */
export const GRAI_PARTITIONS = table([
  [40, 12, 4, 0],
  [37, 11, 7, 1],
  [34, 10, 10, 2],
  [30, 9, 14, 3],
  [27, 8, 17, 4],
  [24, 7, 20, 5],
  [20, 6, 24, 6],
])

/**
 * GIAI-96: individual asset reference as an integer without leading zeros, Unpadded Partition (§14.6.5.1).
 */
export const GIAI96_PARTITIONS = table([
  [40, 12, 42, 0],
  [37, 11, 45, 0],
  [34, 10, 48, 0],
  [30, 9, 52, 0],
  [27, 8, 55, 0],
  [24, 7, 58, 0],
  [20, 6, 62, 0],
])

/**
 * GIAI-202: individual asset reference as 7-bit characters, String Partition; K = maximum characters
 * (§14.6.5.2).
 */
export const GIAI202_PARTITIONS = table([
  [40, 12, 148, 18],
  [37, 11, 151, 19],
  [34, 10, 154, 20],
  [30, 9, 158, 21],
  [27, 8, 161, 22],
  [24, 7, 164, 23],
  [20, 6, 168, 24],
])

/**
 * CPI-96: component/part reference without leading zeros, Unpadded Partition; K = maximum digits (§14.6.9).
 */
export const CPI96_PARTITIONS = table([
  [40, 12, 11, 3],
  [37, 11, 14, 4],
  [34, 10, 17, 5],
  [30, 9, 21, 6],
  [27, 8, 24, 7],
  [24, 7, 27, 8],
  [20, 6, 31, 9],
])

/**
 * CPI-var: component/part reference in 6-bit characters; N = maximum bits, K = maximum characters (§14.6.9).
 */
export const CPIVAR_PARTITIONS = table([
  [40, 12, 114, 18],
  [37, 11, 120, 19],
  [34, 10, 126, 20],
  [30, 9, 132, 21],
  [27, 8, 138, 22],
  [24, 7, 144, 23],
  [20, 6, 150, 24],
])

/** The partition value for a GS1 Company Prefix of `gcpDigits` digits (6–12), or -1. */
export function partitionFor(gcpDigits: number): number {
  return gcpDigits >= 6 && gcpDigits <= 12 ? 12 - gcpDigits : -1
}
