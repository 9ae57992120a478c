/** Encodes a validated Digital Link (GTIN + serial + other AIs) as an SGTIN+ or DSGTIN+ segment. */
import { parseGtin } from '../gs1/gtin.ts'
import { aiInfo, checkElementData } from '../gs1/index.ts'
import { AI_SPECS, DATE_TYPE_AIS, SERIAL_SPEC } from './ai-specs.ts'
import { type BitWriter, createWriter, toSegment, writeBits } from './bit-writer.ts'
import { decodeSegment } from './decode.ts'
import type { AiPair, EncodeRejection, EncodeResult, LinkInput, SegmentForm } from './types.ts'
import { UnencodableValue, writeAlphanumeric, writeBcd, writeComponent, writeDate } from './write-values.ts'

const QUALIFIERS = ['22', '10', '21', '235']
const SGTIN_PLUS = 0xf7
const DSGTIN_PLUS = 0xfb
/** Filter value 0, "all others" (TDS Table 14-2); it has no Digital Link counterpart. */
const FILTER = 0

function refuse(reason: EncodeRejection, message: string): EncodeResult {
  return { ok: false, reason, message }
}

/** Index in `extras` of the date that goes into the DSGTIN+ prioritised slot (TDS 14.5.3), or -1. */
function prioritisedDate(extras: ReadonlyArray<AiPair>): number {
  return extras.findIndex((p) => DATE_TYPE_AIS.includes(p.ai) && p.value.length === 6)
}

/** +AIDC element: the AI as BCD digits (its length follows from Table K), then its Table F value (TDS 15.3). */
function writeElement(w: BitWriter, pair: AiPair): void {
  const spec = AI_SPECS.get(pair.ai)
  if (spec === undefined) throw new UnencodableValue(`AI (${pair.ai}) is not in TDS Table F`)
  writeBcd(w, pair.ai)
  // A second component follows a fixed-length first one (N or B), so the value splits at its digit count.
  const split = spec.second === null ? pair.value.length : spec.first.digits
  writeComponent(w, spec.first, pair.value.slice(0, split), 1)
  if (spec.second !== null) writeComponent(w, spec.second, pair.value.slice(split), 0)
}

/**
 * Picks SGTIN+ or, with a date AI (11, 13, 15, 16, 17, 7006, 7007), DSGTIN+ whose prioritised slot holds the
 * first such date, and the most compact method for every value. `decodeSegment` of the result gives the same
 * link, with the prioritised date first among the attributes.
 * @example encodeLink({ gtin: '09506000134352', qualifiers: [{ ai: '21', value: 'S1' }], attributes: [] }, 'hex')
 */
export function encodeLink(link: LinkInput, form: SegmentForm): EncodeResult {
  const gtin = parseGtin(link.gtin)
  if (!gtin.ok) return refuse('invalid-link', `the GTIN is not valid (${gtin.reason})`)
  const serial = link.qualifiers.find((q) => q.ai === '21')
  if (serial === undefined) return refuse('missing-serial', 'an EPC needs a serial number, AI (21)')
  if (link.qualifiers.some((q) => !QUALIFIERS.includes(q.ai))) {
    return refuse('invalid-link', 'a key qualifier other than 22, 10, 21 or 235')
  }
  if (link.attributes.some((a) => a.ai === '01' || QUALIFIERS.includes(a.ai))) {
    return refuse('invalid-link', 'a key or key qualifier among the attributes')
  }
  // Only AIs a Digital Link query may carry: the decoder refuses the others alike.
  const foreign = link.attributes.find((a) => aiInfo(a.ai)?.dlAttribute !== true)
  if (foreign !== undefined) {
    return refuse('invalid-link', `AI (${foreign.ai}) is not a valid Digital Link data attribute`)
  }
  const pairs = [{ ai: '01', value: gtin.gtin }, ...link.qualifiers, ...link.attributes]
  const issue = checkElementData(pairs)[0]
  if (issue !== undefined) return refuse('invalid-link', issue.message)
  // An identical repeat would decode once (merged), so the link would not round-trip.
  const repeated = pairs.find((p, i) => pairs.findIndex((q) => q.ai === p.ai) !== i)
  if (repeated !== undefined) return refuse('invalid-link', `AI (${repeated.ai}) appears more than once`)

  const extras = [...link.qualifiers.filter((q) => q.ai !== '21'), ...link.attributes]
  const slot = prioritisedDate(extras)
  const w = createWriter()
  try {
    writeBits(w, slot === -1 ? SGTIN_PLUS : DSGTIN_PLUS, 8)
    // +AIDC toggle (TDS 14.5.1): set exactly when AIs follow the EPC.
    writeBits(w, extras.length > (slot === -1 ? 0 : 1) ? 1 : 0, 1)
    writeBits(w, FILTER, 3)
    const date = extras[slot]
    if (date !== undefined) {
      writeBits(w, DATE_TYPE_AIS.indexOf(date.ai), 4)
      writeDate(w, date.value)
    }
    writeBcd(w, gtin.gtin)
    writeAlphanumeric(w, serial.value, SERIAL_SPEC.first.li, SERIAL_SPEC.first.max, 1)
    for (let i = 0; i < extras.length; i++) if (i !== slot) writeElement(w, extras[i] as AiPair)
  } catch (e) {
    if (e instanceof UnencodableValue) return refuse('unencodable-ai', e.message)
    throw e
  }
  const segment = toSegment(w, form)
  if (segment === null || segment.length > 1024) {
    return refuse('too-long', 'the encoded link would be longer than 1024 characters')
  }
  // DESIGN §6: the segment must decode to the same link. Data that ends in zero bits reads as padding (an AI (00)
  // of zeros last, for one), so a segment that would lose it is refused rather than written.
  if (!decodesBack(segment, gtin.gtin, [...link.qualifiers, ...link.attributes])) {
    return refuse('unencodable-ai', 'the link would not decode back the same: its last AI reads as padding')
  }
  return { ok: true, segment }
}

function decodesBack(segment: string, gtin: string, pairs: ReadonlyArray<AiPair>): boolean {
  const decoded = decodeSegment(segment)
  if (!decoded.ok) return false
  const { link } = decoded
  const key = (list: ReadonlyArray<AiPair>) =>
    list
      .map((p) => `${p.ai}=${p.value}`)
      .sort()
      .join('&')
  return link.gtin === gtin && key([...link.qualifiers, ...link.attributes]) === key(pairs)
}
