/** '+' and '++' schemes of every key but the GTIN (TDS 2.3 §14.6): Table F values, then +AIDC data. */
import { AI_SPECS, type AiSpec } from './ai-specs.ts'
import { type BitReader, readBits, skipBits } from './bits.ts'
import { readAidc } from './read-aidc.ts'
import { readComponent } from './read-values.ts'
import type { AiPair } from './types.ts'

/** Hostname of a '++' scheme, skipped by its length: 1-bit mode, 6-bit length, data (TDS 14.5.16). */
export function skipHostname(r: BitReader): void {
  const sevenBit = readBits(r, 1)
  const n = readBits(r, 6)
  skipBits(r, sevenBit === 1 ? 7 * n : 16 * Math.ceil(n / 3))
}

/**
 * The AIs a '+' scheme encodes after its filter value, each in its Table F method (the TDT `encodedAI`
 * lists).
 */
export type PlusFields = ReadonlyArray<AiSpec>

function fields(...ais: string[]): PlusFields {
  return ais.map((ai) => AI_SPECS.get(ai) as AiSpec)
}

export const SSCC_PLUS = fields('00')
export const SGLN_PLUS = fields('414', '254')
export const GRAI_PLUS = fields('8003')
export const GIAI_PLUS = fields('8004')
export const GSRN_PLUS = fields('8018')
export const GSRNP_PLUS = fields('8017')
export const GDTI_PLUS = fields('253')
export const CPI_PLUS = fields('8010', '8011')
export const SGCN_PLUS = fields('255')
export const ITIP_PLUS = fields('8006', '21')

/**
 * A '+' scheme (or its '++' form, with a hostname after the EPC): the +AIDC toggle and filter value, the
 * scheme's AIs, then +AIDC data. Every component holds at least one character: an EPC always carries the
 * serial part of a GRAI, GDTI or GCN (TDS 2.3 §7.6, §7.10, §7.12). A GLN extension "0" means none (§7.5).
 */
export function readKeyPlus(r: BitReader, out: AiPair[], specs: PlusFields, hostname: boolean): void {
  readBits(r, 4) // +AIDC toggle bit (TDS 14.5.1, not needed to decode) and filter value
  for (const spec of specs) {
    let value = readComponent(r, spec.first, 1)
    if (spec.second !== null) value += readComponent(r, spec.second, 1)
    if (spec.ai !== '254' || value !== '0') out.push({ ai: spec.ai, value })
  }
  if (hostname) skipHostname(r)
  readAidc(r, out)
}
