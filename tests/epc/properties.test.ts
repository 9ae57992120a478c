/** Property tests: no input makes the decoder throw, and encode → decode gives back every valid link. */
import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { type AiPair, decodeSegment, encodeLink, type LinkInput } from '../../src/epc/index.ts'
import { gs1CheckDigit } from '../../src/gs1/check-digit.ts'
import { checkElementData } from '../../src/gs1/element-data.ts'
import { isKnownRejection } from './helpers.ts'

/** Decodes and checks the result shape; any throw fails the property. */
function decodesOrRejects(segment: string): boolean {
  const r = decodeSegment(segment)
  if (r.ok)
    return typeof r.link.key.value === 'string' && (r.link.key.ai !== '01' || r.link.key.value.length === 14)
  return isKnownRejection(r)
}

const HEX = [...'0123456789abcdefABCDEF']
const B64 = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_']
const hex = (max: number) => fc.string({ unit: fc.constantFrom(...HEX), maxLength: max })

describe('the decoder never throws', () => {
  test('on any string', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 1100 }), decodesOrRejects), {
      numRuns: 2000,
    })
  })
  test('on eh segments of random hex, with and without an SGTIN-family header', () => {
    const headers = fc.constantFrom('', '30', '36', 'f7', 'fb', 'fc', 'fd', 'F7B', 'FB8')
    fc.assert(
      fc.property(headers, hex(400), (h, body) => decodesOrRejects(`eh${h}${body}`)),
      { numRuns: 5000 },
    )
  })
  test('on ex segments of random base64url', () => {
    const body = fc.string({ unit: fc.constantFrom(...B64), maxLength: 300 })
    const headers = fc.constantFrom('', '9', '-', '_', '_D', '_T', 'M', 'N')
    fc.assert(
      fc.property(headers, body, (h, b) => decodesOrRejects(`ex${h}${b}`)),
      { numRuns: 3000 },
    )
  })
})

const CSET82 = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!"%&\'()*+,-./:;<=>?_']
const text = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...CSET82), minLength: min, maxLength: max })
const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max })
const two = (lo: number, hi: number) =>
  fc.integer({ min: lo, max: hi }).map((n) => String(n).padStart(2, '0'))
/** A plausible YYMMDD (day 00 only where `day0`). */
const date = (day0: boolean) =>
  fc.tuple(two(0, 99), two(1, 12), two(day0 ? 0 : 1, 28)).map(([y, m, d]) => y + m + d)
const withCheck = (n: number) => digits(n - 1, n - 1).map((b) => b + gs1CheckDigit(b))
const pair = (ai: string, value: fc.Arbitrary<string>) => value.map((v): AiPair => ({ ai, value: v }))
const oneOf = (ais: string[], value: fc.Arbitrary<string>) =>
  fc.tuple(fc.constantFrom(...ais), value).map(([ai, v]): AiPair => ({ ai, value: v }))

/** Attributes valid next to 01 + 21, one per Table F group the SGTIN family can carry. */
const attribute = fc.oneof(
  oneOf(['11', '13', '15', '16', '17'], date(true)),
  pair('7006', date(false)),
  pair(
    '7007',
    fc.oneof(
      date(false),
      fc.tuple(date(false), date(false)).map(([a, b]) => a + b),
    ),
  ),
  pair('20', digits(2, 2)),
  pair('30', digits(1, 8)),
  pair('242', digits(1, 6)),
  oneOf(['3100', '3103', '3105', '3200', '3202'], digits(6, 6)),
  pair(
    '7003',
    fc.tuple(date(false), two(0, 23), two(0, 59)).map((p) => p.join('')),
  ),
  pair(
    '7011',
    fc.oneof(
      date(false),
      fc.tuple(date(false), two(0, 23), two(0, 59)).map((p) => p.join('')),
    ),
  ),
  pair(
    '8008',
    fc.tuple(date(false), two(0, 23), fc.constantFrom('', '30', '3045')).map((p) => p.join('')),
  ),
  pair('410', withCheck(13)),
  pair(
    '253',
    fc.tuple(withCheck(13), text(0, 17)).map(([k, s]) => k + s),
  ),
  pair(
    '8003',
    fc.tuple(withCheck(14), text(0, 16)).map(([k, s]) => `0${k.slice(1)}${s}`),
  ),
  pair('7001', digits(13, 13)),
  pair('8005', digits(6, 6)),
  oneOf(['240', '241', '250', '251', '400', '90', '7002'], text(1, 30)),
  oneOf(['710', '711', '712', '713', '714', '715', '716', '243', '420', '7240', '8002', '8012'], text(1, 20)),
  oneOf(['91', '92', '99'], text(1, 90)),
  pair('8009', text(1, 50)),
)

const gtin = withCheck(14)
/** A GTIN link in the encoder's `gtin` form. */
type GtinLink = Extract<LinkInput, { gtin: string }>

const link: fc.Arbitrary<GtinLink> = fc
  .record({
    gtin,
    serial: text(1, 20),
    batch: fc.option(text(1, 20), { nil: undefined }),
    variant: fc.option(text(1, 20), { nil: undefined }),
    attributes: fc.uniqueArray(attribute, { selector: (p) => p.ai, maxLength: 5 }),
  })
  .map((r) => ({
    gtin: r.gtin,
    qualifiers: [
      ...(r.variant === undefined ? [] : [{ ai: '22', value: r.variant }]),
      ...(r.batch === undefined ? [] : [{ ai: '10', value: r.batch }]),
      { ai: '21', value: r.serial },
    ],
    attributes: r.attributes,
  }))

const DATE_AIS = ['11', '13', '15', '16', '17', '7006', '7007']

/** What decoding gives back: the attributes with the prioritised date (first 6-digit date AI) first. */
function expectedAttributes(attributes: ReadonlyArray<AiPair>): AiPair[] {
  const i = attributes.findIndex((a) => DATE_AIS.includes(a.ai) && a.value.length === 6)
  if (i === -1) return [...attributes]
  return [attributes[i] as AiPair, ...attributes.filter((_, j) => j !== i)]
}

function isValid(l: GtinLink): boolean {
  return checkElementData([{ ai: '01', value: l.gtin }, ...l.qualifiers, ...l.attributes]).length === 0
}

describe('encode → decode', () => {
  test('round-trips random valid links in both forms', () => {
    fc.assert(
      fc.property(link, fc.constantFrom('hex' as const, 'base64' as const), (l, form) => {
        fc.pre(isValid(l))
        const e = encodeLink(l, form)
        if (!e.ok) throw new Error(`${e.reason}: ${e.message}`)
        const d = decodeSegment(e.segment)
        if (!d.ok) throw new Error(`${d.reason}: ${d.message} for ${e.segment}`)
        expect({
          gtin: d.link.key.value,
          qualifiers: d.link.qualifiers,
          attributes: d.link.attributes,
        }).toEqual({
          gtin: l.gtin,
          qualifiers: [...l.qualifiers],
          attributes: expectedAttributes(l.attributes),
        })
      }),
      { numRuns: 1500 },
    )
  })

  test('round-trips exactly when the prioritised date is first or absent', () => {
    fc.assert(
      fc.property(link, (l) => {
        const exact = {
          gtin: l.gtin,
          qualifiers: [...l.qualifiers],
          attributes: expectedAttributes(l.attributes),
        }
        fc.pre(isValid(exact))
        const e = encodeLink(exact, 'hex')
        if (!e.ok) throw new Error(e.message)
        const d = decodeSegment(e.segment)
        if (!d.ok) throw new Error(d.message)
        expect({
          gtin: d.link.key.value,
          qualifiers: d.link.qualifiers,
          attributes: d.link.attributes,
        }).toEqual(exact)
      }),
      { numRuns: 500 },
    )
  })

  test('a changed character in an encoded segment decodes or is rejected, never thrown', () => {
    fc.assert(
      fc.property(link, fc.nat(), fc.constantFrom(...B64), (l, at, c) => {
        fc.pre(isValid(l))
        const e = encodeLink(l, 'base64')
        if (!e.ok) return true
        const i = 2 + (at % (e.segment.length - 2))
        return decodesOrRejects(e.segment.slice(0, i) + c + e.segment.slice(i + 1))
      }),
      { numRuns: 1000 },
    )
  })
})
