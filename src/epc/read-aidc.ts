/** +AIDC data after a '+' or '++' EPC: AI digits then the value per Table F, until zero padding (TDS 15.3). */
import { AI_LENGTHS, AI_SPECS } from './ai-specs.ts'
import { type BitReader, bitsLeft, onlyZerosLeft, readBits } from './bits.ts'
import { abortDecoding } from './errors.ts'
import { readComponent, TWO_DIGITS } from './read-values.ts'
import type { AiPair } from './types.ts'

/** Bits of an SSCC (AI 00) value: 18 BCD digits. */
const SSCC_BITS = 72

/**
 * Appends every +AIDC element to `out`. An all-zero remainder is padding, never an AI 00 (policy §10.2 of
 * EPC-NOTES); the toggle bit is not consulted (TDS 14.5.1: non-essential when 15.3 is followed).
 */
export function readAidc(r: BitReader, out: AiPair[]): void {
  while (!onlyZerosLeft(r)) {
    if (bitsLeft(r) < 8) abortDecoding('trailing-data', 'non-zero bits follow the last AI')
    const hi = readBits(r, 4)
    const lo = readBits(r, 4)
    // TDS 15.3: a header nibble A–F marks reserved/special data, which no AI table describes.
    if (hi > 9 || lo > 9) abortDecoding('unknown-ai', 'the +AIDC header is not an AI (hex A–F is reserved)')
    const prefix = hi * 10 + lo
    const length = AI_LENGTHS[prefix] as number
    if (length === 0) abortDecoding('unknown-ai', `no AI begins with ${TWO_DIGITS[prefix]} (TDS Table K)`)
    // TDS 15.3: a 00000000 header with fewer than 72 bits left ends the +AIDC data.
    if (prefix === 0 && bitsLeft(r) < SSCC_BITS)
      abortDecoding('trailing-data', 'non-zero bits follow the last AI')
    let ai = TWO_DIGITS[prefix] as string
    for (let i = 2; i < length; i++) {
      const d = readBits(r, 4)
      if (d > 9) abortDecoding('unknown-ai', 'an AI digit is above 9')
      ai += d
    }
    const spec = AI_SPECS.get(ai)
    if (spec === undefined) abortDecoding('unknown-ai', `AI (${ai}) is not in TDS Table F`)
    let value = readComponent(r, spec.first, 1)
    if (spec.second !== null) value += readComponent(r, spec.second, 0)
    out.push({ ai, value })
  }
}
