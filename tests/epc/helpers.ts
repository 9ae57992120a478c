/** Test helpers: build EPC segments from readable bit strings written from the TDS text, and read the decoder's results. */
import { expect } from 'bun:test'
import type { DecodeResult, EpcRejection } from '../../src/epc/index.ts'

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

function clean(bits: string): string {
  const s = bits.replace(/[\s|]/g, '')
  if (!/^[01]*$/.test(s)) throw new Error(`not a bit string: ${bits}`)
  return s
}

/** `eh` + hex of the bits, zero-padded to a whole hex digit. Spaces and `|` are for readability. */
export function eh(bits: string): string {
  const s = clean(bits)
  let out = 'eh'
  for (let i = 0; i < s.length; i += 4)
    out += Number.parseInt(s.slice(i, i + 4).padEnd(4, '0'), 2).toString(16)
  return out
}

/** `ex` + base64url of the bits, zero-padded to a whole character. */
export function ex(bits: string): string {
  const s = clean(bits)
  let out = 'ex'
  for (let i = 0; i < s.length; i += 6) out += B64[Number.parseInt(s.slice(i, i + 6).padEnd(6, '0'), 2)]
  return out
}

/** `value` as an unsigned binary number of `width` bits. */
export function bin(value: number | bigint, width: number): string {
  const s = value.toString(2)
  if (s.length > width) throw new Error(`${value} does not fit ${width} bits`)
  return s.padStart(width, '0')
}

/** BCD nibbles of a digit string. */
export function bcd(digits: string): string {
  return [...digits].map((d) => bin(Number(d), 4)).join('')
}

/** 7-bit ASCII codes of a string. */
export function ascii7(text: string): string {
  return [...text].map((c) => bin(c.charCodeAt(0), 7)).join('')
}

/** YYMMDD as 7 + 4 + 5 bits (TDS 14.5.8). */
export function date16(yymmdd: string): string {
  return (
    bin(Number(yymmdd.slice(0, 2)), 7) +
    bin(Number(yymmdd.slice(2, 4)), 4) +
    bin(Number(yymmdd.slice(4, 6)), 5)
  )
}

/** GTIN 09506000134352 with serial "S1" (7-bit) as SGTIN+ bits, toggle set: the prefix for +AIDC cases. */
export const SGTIN_PLUS_S1 = `11110111 1 000 ${bcd('09506000134352')} 100 ${bin(2, 5)} ${ascii7('S1')}`

/** The decoded link of a successful result; fails the test with the rejection otherwise. */
export function okLink(result: DecodeResult) {
  if (!result.ok) expect(`${result.reason}: ${result.message}`).toBe('a decoded link')
  if (!result.ok) throw new Error('unreachable')
  return result.link
}

/** The attributes of a decoded SGTIN+ as `ai=value` strings, for compact assertions. */
export function attributesOf(result: DecodeResult): string[] {
  return okLink(result).attributes.map((a) => `${a.ai}=${a.value}`)
}

/** The bit string of an `eh`/`ex` segment (padding included). */
export function bitsOf(segment: string): string {
  const body = segment.slice(2)
  if (segment.startsWith('eh')) return [...body].map((c) => bin(Number.parseInt(c, 16), 4)).join('')
  return [...body].map((c) => bin(B64.indexOf(c), 6)).join('')
}

const REASONS: ReadonlyArray<EpcRejection> = [
  'syntax',
  'unsupported-header',
  'malformed',
  'unknown-ai',
  'trailing-data',
  'conflicting-duplicate-ai',
  'invalid-link',
]

/** Whether a rejection names one of the decoder's reasons and is not its catch-all for an internal error. */
export function isKnownRejection(rejection: Extract<DecodeResult, { ok: false }>): boolean {
  return REASONS.includes(rejection.reason) && rejection.message !== 'internal decoder error'
}
