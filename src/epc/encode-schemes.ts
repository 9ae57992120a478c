/** The schemes that can carry a checked link, fixed-length ones first, then the key's '+' scheme. */
import type { BitWriter } from './bit-writer.ts'
import type { AiPair, EpcScheme } from './types.ts'
import {
  writeCpiFixed,
  writeGdtiFixed,
  writeGiaiFixed,
  writeGraiFixed,
  writeSgcnFixed,
  writeSglnFixed,
  writeSgtinFixed,
  writeSsccFixed,
} from './write-fixed.ts'
import { prioritisedDate, writeKeyPlus, writeSgtinPlus } from './write-plus.ts'

/*
 * Fixed-length schemes need the GS1 Company Prefix length and take no AI beyond their fields; the '+' scheme
 * of the key takes everything else as +AIDC data.
 */

/** One scheme and how to write the link in it (throwing UnencodableValue when a value does not fit). */
export interface Candidate {
  readonly scheme: EpcScheme
  /** True for the partitioned schemes, which need the GS1 Company Prefix length. */
  readonly partitioned: boolean
  write(w: BitWriter, gcpLength: number): void
}

/** The '+' scheme of each key but the GTIN, and the AI its fields carry after the key (TDS 2.3 §14.6). */
const PLUS: Readonly<Record<string, readonly [EpcScheme, string | null]>> = {
  '00': ['SSCC+', null],
  '414': ['SGLN+', '254'],
  '8003': ['GRAI+', null],
  '8004': ['GIAI+', null],
  '8017': ['GSRNP+', null],
  '8018': ['GSRN+', null],
  '253': ['GDTI+', null],
  '8010': ['CPI+', '8011'],
  '255': ['SGCN+', null],
  '8006': ['ITIP+', '21'],
}

function fixed(scheme: EpcScheme, write: (w: BitWriter, gcp: number) => void): Candidate {
  return { scheme, partitioned: true, write }
}

/** Fixed-length candidates of a key whose fields also hold `carried` (the serial or the extension). */
function fixedCandidates(key: AiPair, carried: string): Candidate[] {
  const v = key.value
  switch (key.ai) {
    case '01':
    case '8006': {
      const schemes: readonly EpcScheme[] =
        key.ai === '01' ? ['SGTIN-96', 'SGTIN-198'] : ['ITIP-110', 'ITIP-212']
      return schemes.map((s) => fixed(s, (w, gcp) => writeSgtinFixed(w, s, v, carried, gcp)))
    }
    case '00':
    case '8017':
    case '8018': {
      const s: EpcScheme = key.ai === '00' ? 'SSCC-96' : key.ai === '8017' ? 'GSRNP-96' : 'GSRN-96'
      return [fixed(s, (w, gcp) => writeSsccFixed(w, s, v, gcp))]
    }
    case '414':
      return (['SGLN-96', 'SGLN-195'] as const).map((s) =>
        fixed(s, (w, gcp) => writeSglnFixed(w, s, v, carried, gcp)),
      )
    case '8003':
      return (['GRAI-96', 'GRAI-170'] as const).map((s) => fixed(s, (w, gcp) => writeGraiFixed(w, s, v, gcp)))
    case '8004':
      return (['GIAI-96', 'GIAI-202'] as const).map((s) => fixed(s, (w, gcp) => writeGiaiFixed(w, s, v, gcp)))
    case '253':
      return (['GDTI-96', 'GDTI-174'] as const).map((s) => fixed(s, (w, gcp) => writeGdtiFixed(w, s, v, gcp)))
    case '8010':
      return (['CPI-96', 'CPI-var'] as const).map((s) =>
        fixed(s, (w, gcp) => writeCpiFixed(w, s, v, carried, gcp)),
      )
    case '255':
      return [fixed('SGCN-96', (w, gcp) => writeSgcnFixed(w, v, gcp))]
    default:
      return []
  }
}

/** SGTIN+ and DSGTIN+: DSGTIN+ is never longer, so SGTIN+ is tried without a date only, unless asked for. */
function sgtinPlus(gtin: string, serial: string, extras: AiPair[], only?: EpcScheme): Candidate[] {
  const dated = prioritisedDate(extras) !== -1
  const out: Candidate[] = []
  for (const scheme of ['DSGTIN+', 'SGTIN+'] as const) {
    if (only === scheme || (only === undefined && dated === (scheme === 'DSGTIN+'))) {
      out.push({
        scheme,
        partitioned: false,
        write: (w) => writeSgtinPlus(w, scheme, { gtin, serial, extras }),
      })
    }
  }
  return out
}

/**
 * Candidates for a key and its other AIs (`pairs`, link order), fixed-length first; `only` keeps one scheme.
 * GDTI-113 is deprecated (TDS 1.9) and the '++' schemes only add a hostname, so neither is ever written.
 */
export function candidatesFor(key: AiPair, pairs: ReadonlyArray<AiPair>, only?: EpcScheme): Candidate[] {
  const carriedAi = key.ai === '01' ? '21' : (PLUS[key.ai]?.[1] ?? null)
  const carried = pairs.find((p) => p.ai === carriedAi)
  const extras = pairs.filter((p) => p !== carried)
  // GLN without extension: the extension field holds "0" (TDS 2.3 §7.5).
  const carriedValue = carried?.value ?? (key.ai === '414' ? '0' : '')
  const out = extras.length === 0 ? fixedCandidates(key, carriedValue) : []
  const plus = PLUS[key.ai]
  if (key.ai === '01') out.push(...sgtinPlus(key.value, carriedValue, extras, only))
  else if (plus !== undefined) {
    const fields = carriedAi === null ? [key] : [key, { ai: carriedAi, value: carriedValue }]
    out.push({ scheme: plus[0], partitioned: false, write: (w) => writeKeyPlus(w, plus[0], fields, extras) })
  }
  return only === undefined ? out : out.filter((c) => c.scheme === only)
}
