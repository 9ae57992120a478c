/** Writers of the '+' schemes (TDS 2.3 §14.6): scheme AIs in their Table F methods, then +AIDC data. */
import { AI_SPECS, type AiSpec, DATE_TYPE_AIS, SERIAL_SPEC } from './ai-specs.ts'
import { type BitWriter, writeBits } from './bit-writer.ts'
import { SCHEMES } from './schemes.ts'
import type { AiPair, EpcScheme } from './types.ts'
import { UnencodableValue, writeAlphanumeric, writeBcd, writeComponent, writeDate } from './write-values.ts'

/** Filter value 0, "all others" (TDS Table 14-2); it has no Digital Link counterpart. */
const FILTER = 0

/** A value in its Table F method; a second component follows a fixed-length first one, so it splits there. */
function writeValue(w: BitWriter, spec: AiSpec, value: string, minSecond: number): void {
  const split = spec.second === null ? value.length : spec.first.digits
  writeComponent(w, spec.first, value.slice(0, split), 1)
  if (spec.second !== null) writeComponent(w, spec.second, value.slice(split), minSecond)
}

/**
 * +AIDC element: the AI as BCD digits (its length follows from Table K), then its Table F value (TDS 15.3).
 */
function writeElement(w: BitWriter, pair: AiPair): void {
  const spec = AI_SPECS.get(pair.ai)
  if (spec === undefined) throw new UnencodableValue(`AI (${pair.ai}) is not in TDS Table F`)
  writeBcd(w, pair.ai)
  writeValue(w, spec, pair.value, 0)
}

/** Index in `extras` of the date that can go into the DSGTIN+ prioritised slot (TDS 14.5.3), or -1. */
export function prioritisedDate(extras: ReadonlyArray<AiPair>): number {
  return extras.findIndex((p) => DATE_TYPE_AIS.includes(p.ai) && p.value.length === 6)
}

/**
 * SGTIN+, or DSGTIN+ whose prioritised slot holds the first date AI of 11, 13, 15, 16, 17, 7006, 7007
 * (TDS 14.6.1.3–4); `extras` are every AI but 01 and 21, in link order, and go to +AIDC data.
 */
export function writeSgtinPlus(
  w: BitWriter,
  scheme: 'SGTIN+' | 'DSGTIN+',
  link: { gtin: string; serial: string; extras: ReadonlyArray<AiPair> },
): void {
  const { gtin, serial, extras } = link
  const slot = scheme === 'DSGTIN+' ? prioritisedDate(extras) : -1
  if (scheme === 'DSGTIN+' && slot === -1)
    throw new UnencodableValue('DSGTIN+ needs a date AI with a 6-digit date')
  writeBits(w, SCHEMES[scheme].header, 8)
  // +AIDC toggle (TDS 14.5.1): set exactly when AIs follow the EPC.
  writeBits(w, extras.length > (slot === -1 ? 0 : 1) ? 1 : 0, 1)
  writeBits(w, FILTER, 3)
  const date = extras[slot]
  if (date !== undefined) {
    writeBits(w, DATE_TYPE_AIS.indexOf(date.ai), 4)
    writeDate(w, date.value)
  }
  writeBcd(w, gtin)
  writeAlphanumeric(w, serial, SERIAL_SPEC.first.li, SERIAL_SPEC.first.max, 1)
  for (let i = 0; i < extras.length; i++) if (i !== slot) writeElement(w, extras[i] as AiPair)
}

/**
 * Any other '+' scheme: header, toggle, filter, then `fields` (the key and the AIs the scheme carries, e.g.
 * 414 and 254) in their Table F methods, every component at least one character, then `extras` as +AIDC data.
 */
export function writeKeyPlus(
  w: BitWriter,
  scheme: EpcScheme,
  fields: ReadonlyArray<AiPair>,
  extras: ReadonlyArray<AiPair>,
): void {
  writeBits(w, SCHEMES[scheme].header, 8)
  writeBits(w, extras.length > 0 ? 1 : 0, 1)
  writeBits(w, FILTER, 3)
  for (const field of fields) writeValue(w, AI_SPECS.get(field.ai) as AiSpec, field.value, 1)
  for (const extra of extras) writeElement(w, extra)
}
