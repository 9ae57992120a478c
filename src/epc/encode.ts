/** Encodes a validated Digital Link of any EPC key as the smallest `eh`/`ex` segment that carries it. */
import { createWriter, toSegment } from './bit-writer.ts'
import { decodeSegment } from './decode.ts'
import { checkLink } from './encode-check.ts'
import { candidatesFor } from './encode-schemes.ts'
import { SCHEMES } from './schemes.ts'
import type {
  AiPair,
  EncodeOptions,
  EncodeRejection,
  EncodeResult,
  EpcScheme,
  LinkInput,
  SegmentForm,
} from './types.ts'
import { UnencodableValue } from './write-values.ts'

/** SPEC "GET /{compressedLink}": at most 1024 characters, prefix included. */
const MAX_SEGMENT = 1024

function refuse(reason: EncodeRejection, message: string): EncodeResult {
  return { ok: false, reason, message }
}

/**
 * Tries every scheme that can carry the link and keeps the shortest segment, the first on a tie (fixed-length
 * before '+'); `options.scheme` asks for one scheme. Without `gcpLength` only the '+' schemes are candidates:
 * a GTIN link is then SGTIN+ or, with a date AI (11, 13, 15, 16, 17, 7006, 7007), DSGTIN+ whose prioritised
 * slot holds the first such date. `decodeSegment` of the result gives the same link, with the prioritised
 * date first among the attributes and a GLN extension "0" (none in an EPC, TDS 2.3 §7.5) refused.
 * @example encodeLink({ gtin: '09506000134352', qualifiers: [{ ai: '21', value: 'S1' }], attributes: [] }, 'hex')
 * @example encodeLink({ key: { ai: '00', value: '095201234567891235' }, qualifiers: [], attributes: [] }, 'hex')
 */
export function encodeLink(link: LinkInput, form: SegmentForm, options: EncodeOptions = {}): EncodeResult {
  const { gcpLength, scheme: only } = options
  if (gcpLength !== undefined && !(Number.isInteger(gcpLength) && gcpLength >= 6 && gcpLength <= 12))
    return refuse('invalid-link', 'a GS1 Company Prefix has 6 to 12 digits')
  const checked = checkLink(link)
  if (!checked.ok) return checked
  const { key, pairs } = checked
  const candidates = candidatesFor(key, pairs, only)
  if (only !== undefined && candidates.length === 0) return refuse('unencodable-ai', whyNot(only, key.ai))
  let best: { segment: string; scheme: EpcScheme } | null = null
  let failure: EncodeResult = refuse(
    'unencodable-ai',
    `${only} needs the GS1 Company Prefix length (gcpLength)`,
  )
  for (const candidate of candidates) {
    if (candidate.partitioned && gcpLength === undefined) continue
    const w = createWriter()
    try {
      candidate.write(w, gcpLength ?? 0)
    } catch (e) {
      if (!(e instanceof UnencodableValue)) throw e
      failure = refuse('unencodable-ai', e.message)
      continue
    }
    const segment = toSegment(w, form)
    if (segment === null || segment.length > MAX_SEGMENT) {
      failure = refuse('too-long', `the encoded link would be longer than ${MAX_SEGMENT} characters`)
    } else if (best === null || segment.length < best.segment.length) {
      best = { segment, scheme: candidate.scheme }
    }
  }
  if (best === null) return failure
  // DESIGN §6: the segment must decode to the same link. Data that ends in zero bits reads as padding (an AI
  // (00) of zeros last, for one), so a segment that would lose it is refused rather than written.
  if (!decodesBack(best.segment, key, pairs)) {
    return refuse('unencodable-ai', 'the link would not decode back the same: its last AI reads as padding')
  }
  return { ok: true, segment: best.segment, scheme: best.scheme }
}

/** Why the scheme asked for has no candidate. */
function whyNot(scheme: EpcScheme, key: string): string {
  const carries = SCHEMES[scheme].key
  if (carries !== key) return `${scheme} carries AI (${carries}), not AI (${key})`
  if (scheme === 'GDTI-113') return 'GDTI-113 is only read: it is deprecated since TDS 1.9'
  if (scheme.endsWith('++')) return `${scheme} is only read: the codec writes no hostname`
  return `${scheme} carries no AI beyond its own fields`
}

function decodesBack(segment: string, key: AiPair, pairs: ReadonlyArray<AiPair>): boolean {
  const decoded = decodeSegment(segment)
  if (!decoded.ok) return false
  const { link } = decoded
  const sorted = (list: ReadonlyArray<AiPair>) =>
    list
      .map((p) => `${p.ai}=${p.value}`)
      .sort()
      .join('&')
  return (
    link.key.ai === key.ai &&
    link.key.value === key.value &&
    sorted([...link.qualifiers, ...link.attributes]) === sorted(pairs)
  )
}
