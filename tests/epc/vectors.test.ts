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

function label(v: Vector): string {
  return `#${v.id} ${v.scheme} ${v.expected ? 'decodes' : `is rejected as ${v.error?.code} (${v.error?.reason})`}`
}

describe.skipIf(skip)('shared EPC vectors', () => {
  for (const v of vectors) {
    const forms = v.ex === undefined ? [v.segment] : [v.segment, v.ex]
    for (const segment of forms) {
      test(`${label(v)} from ${segment.slice(0, 2)} form`, () => {
        const r = decodeSegment(segment)
        if (v.error !== undefined) {
          expect(r.ok ? 'decoded' : r.reason).toBe(v.error.code)
          return
        }
        if (!r.ok) throw new Error(`${r.reason}: ${r.message}`)
        const expected = v.expected as NonNullable<Vector['expected']>
        expect(r.link.gtin).toBe(expected.gtin)
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
