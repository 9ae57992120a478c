/** Builds an EPC bit string and prints it as `eh` + lower-case hex or `ex` + base64url (EPCB §4.2). */
import { B64_ALPHABET } from './bits.ts'

const HEX = '0123456789abcdef'
/** Enough bits for the longest segment: 1022 base64url characters of 6 bits. */
export const MAX_BITS = 1022 * 6

/** Bits as one byte each, reused between calls: encoding is synchronous and never re-entrant. */
const scratch = new Uint8Array(MAX_BITS + 64)

export interface BitWriter {
  bits: Uint8Array
  length: number
}

/** A writer over the shared scratch buffer; writing past MAX_BITS is reported by `toSegment`. */
export function createWriter(): BitWriter {
  return { bits: scratch, length: 0 }
}

/** Appends `value` as an `n`-bit unsigned integer, n ≤ 53. */
export function writeBits(w: BitWriter, value: number, n: number): void {
  if (n > 30) {
    const high = Math.floor(value / 2 ** 30)
    writeBits(w, high, n - 30)
    writeBits(w, value - high * 2 ** 30, 30)
    return
  }
  let at = w.length
  if (at + n > MAX_BITS) {
    w.length = MAX_BITS + 1
    return
  }
  for (let i = n - 1; i >= 0; i--) w.bits[at++] = (value >>> i) & 1
  w.length = at
}

/** Appends a BigInt as an `n`-bit unsigned integer (fields wider than 53 bits). */
export function writeBigBits(w: BitWriter, value: bigint, n: number): void {
  let shift = n
  while (shift > 0) {
    const take = Math.min(shift, 30)
    shift -= take
    writeBits(w, Number((value >> BigInt(shift)) & ((1n << BigInt(take)) - 1n)), take)
  }
}

/** The segment text, zero-padded to a whole character, or null when longer than the writer holds. */
export function toSegment(w: BitWriter, form: 'hex' | 'base64'): string | null {
  if (w.length > MAX_BITS) return null
  const width = form === 'hex' ? 4 : 6
  const alphabet = form === 'hex' ? HEX : B64_ALPHABET
  const bits = w.bits
  let out = form === 'hex' ? 'eh' : 'ex'
  for (let i = 0; i < w.length; i += width) {
    let unit = 0
    for (let k = 0; k < width; k++) unit = (unit << 1) | (i + k < w.length ? (bits[i + k] as number) : 0)
    out += alphabet[unit]
  }
  return out
}
