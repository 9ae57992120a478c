/** Reads bit fields straight from the characters of an `eh` (hex) or `ex` (base64url) segment (EPCB §4.2). */
import { abortDecoding } from './errors.ts'

function valueTable(alphabet: string): Int8Array {
  const t = new Int8Array(128).fill(-1)
  for (let i = 0; i < alphabet.length; i++) t[alphabet.charCodeAt(i)] = i
  return t
}

/** Hex digit values, both cases (4 bits per character). */
export const HEX_VALUES = valueTable('0123456789abcdef')
for (let i = 0; i < 6; i++) HEX_VALUES[65 + i] = 10 + i
/** RFC 4648 §5 base64url values (6 bits per character), the same order as TDS Table 14-7. */
export const B64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
export const B64_VALUES = valueTable(B64_ALPHABET)

/** A cursor over the bits of `text[first..]`; `width` bits per character, most significant first. */
export interface BitReader {
  readonly text: string
  readonly first: number
  readonly width: 4 | 6
  readonly table: Int8Array
  readonly end: number
  pos: number
}

/** A reader over already validated characters (see `checkAlphabet`). */
export function createReader(text: string, first: number, width: 4 | 6): BitReader {
  const table = width === 4 ? HEX_VALUES : B64_VALUES
  return { text, first, width, table, end: (text.length - first) * width, pos: 0 }
}

/** True when every character from `first` on is in the alphabet of the given width. */
export function checkAlphabet(text: string, first: number, width: 4 | 6): boolean {
  const table = width === 4 ? HEX_VALUES : B64_VALUES
  for (let i = first; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c > 127 || (table[c] as number) < 0) return false
  }
  return true
}

/** Reads `n` ≤ 53 bits as an unsigned integer; running past the end rejects the EPC as truncated. */
export function readBits(r: BitReader, n: number): number {
  const pos = r.pos
  if (pos + n > r.end) abortDecoding('malformed', 'the EPC ends before the data it announces')
  r.pos = pos + n
  const w = r.width
  const table = r.table
  const text = r.text
  // Character holding the first bit, and how many of its bits are still unread.
  let at = r.first + (w === 4 ? pos >> 2 : (pos / 6) | 0)
  let have = w - (pos % w)
  let v = (table[text.charCodeAt(at++)] as number) & ((1 << have) - 1)
  if (have >= n) return v >> (have - n)
  const base = 1 << w
  for (; have + w <= n; have += w) v = v * base + (table[text.charCodeAt(at++)] as number)
  const rest = n - have
  return rest === 0 ? v : v * (1 << rest) + ((table[text.charCodeAt(at)] as number) >> (w - rest))
}

/** Reads `n` bits of any length as a BigInt (fields wider than 53 bits: TDS 14.5.2, 14.5.6.1). */
export function readBigBits(r: BitReader, n: number): bigint {
  let v = 0n
  while (n > 0) {
    const take = Math.min(n, 48)
    v = (v << BigInt(take)) | BigInt(readBits(r, take))
    n -= take
  }
  return v
}

/** Moves the cursor `n` bits on, rejecting a skip past the end. */
export function skipBits(r: BitReader, n: number): void {
  if (r.pos + n > r.end) abortDecoding('malformed', 'the EPC ends before the data it announces')
  r.pos += n
}

/** Bits left after the cursor. */
export function bitsLeft(r: BitReader): number {
  return r.end - r.pos
}

/** True when every bit after the cursor is 0, i.e. only padding is left (TDS 15.3). */
export function onlyZerosLeft(r: BitReader): boolean {
  const w = r.width
  let pos = r.pos
  const partial = pos % w
  if (partial !== 0) {
    const unit = r.table[r.text.charCodeAt(r.first + (pos - partial) / w)] as number
    if ((unit & ((1 << (w - partial)) - 1)) !== 0) return false
    pos += w - partial
  }
  for (let i = r.first + pos / w; i < r.text.length; i++) {
    if (r.table[r.text.charCodeAt(i)] !== 0) return false
  }
  return true
}
