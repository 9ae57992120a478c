/** Every shared EPC vector decodes (hex and `ex` forms) or is rejected with its reason. */
import { describe, expect, test } from 'bun:test'
import { decodeHex, decodeSegment, encodeLink, toDigitalLinkPath } from '../../src/epc/index.ts'
import { lacksShared, readSharedJson, type SharedFile } from '../support/shared.ts'

interface Vector {
  id: number
  scheme: string
  segment: string
  hex: string | null
  ex?: string
  expected?: { gtin: string; ais: Record<string, string>; dl: string }
  error?: { code: string; reason: string }
}

const FILE: SharedFile = ['gs1', 'vectors', 'epc-vectors.json']
const skip = lacksShared(FILE)
const vectors = skip ? [] : readSharedJson<Vector[]>(FILE)

/**
 * Vectors the shared file rejects only because its resolver table knew the SGTIN headers alone: TDS 2.3 Table 14-1
 * gives these headers a GS1 key, and TDS 2.3 Annex E.3 (the vectors' own source) states what each one encodes.
 */
const NOW_DECODED: Readonly<Record<number, string>> = {
  57: '/00/095201234567891235', // E.3 SSCC-96: (00)095201234567891235
  58: '/00/095201234567891235', // E.3 SSCC+
  59: '/8003/0952114112345432a%2Fb', // E.3 GRAI++: (8003)0952114112345432a/b
}

function label(v: Vector): string {
  const now = NOW_DECODED[v.id]
  if (now !== undefined) return `#${v.id} ${v.scheme} decodes to ${now} (TDS 2.3 Annex E.3)`
  return `#${v.id} ${v.scheme} ${v.expected ? 'decodes' : `is rejected as ${v.error?.code} (${v.error?.reason})`}`
}

describe.skipIf(skip)('shared EPC vectors', () => {
  for (const v of vectors) {
    const forms = v.ex === undefined ? [v.segment] : [v.segment, v.ex]
    for (const segment of forms) {
      test(`${label(v)} from ${segment.slice(0, 2)} form`, () => {
        const r = decodeSegment(segment)
        const now = NOW_DECODED[v.id]
        if (now !== undefined) {
          expect(r.ok ? toDigitalLinkPath(r.link) : r.reason).toBe(now)
          return
        }
        if (v.error !== undefined) {
          expect(r.ok ? 'decoded' : r.reason).toBe(v.error.code)
          return
        }
        if (!r.ok) throw new Error(`${r.reason}: ${r.message}`)
        const expected = v.expected as NonNullable<Vector['expected']>
        expect(r.link.key).toEqual({ ai: '01', value: expected.gtin })
        const ais = Object.fromEntries(
          [...r.link.qualifiers, ...r.link.attributes].map((p) => [p.ai, p.value]),
        )
        expect(ais).toEqual(expected.ais)
        expect(toDigitalLinkPath(r.link)).toBe(expected.dl)
        expect(r.link.scheme).toBe(v.scheme as typeof r.link.scheme)
      })
    }
    test.skipIf(v.hex === null)(`${label(v)} from the bare hex EPC too`, () => {
      const a = decodeHex(v.hex as string)
      const b = decodeSegment(v.segment)
      expect(a.ok ? a.link : a.reason).toEqual(b.ok ? b.link : b.reason)
    })
    if (v.expected !== undefined) {
      test(`#${v.id} re-encodes to a segment that decodes to the same link`, () => {
        const r = decodeSegment(v.segment)
        if (!r.ok) throw new Error(r.message)
        for (const form of ['hex', 'base64'] as const) {
          const e = encodeLink(r.link, form)
          if (!e.ok) throw new Error(`${e.reason}: ${e.message}`)
          const back = decodeSegment(e.segment)
          if (!back.ok) throw new Error(`${back.reason}: ${back.message}`)
          expect(toDigitalLinkPath(back.link)).toBe(toDigitalLinkPath(r.link))
        }
      })
    }
  }
})
