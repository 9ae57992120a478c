/**
 * Every key, the GTIN with its fixed-length schemes too: random valid links round-trip through the smallest
 * scheme (with and without the GS1 Company Prefix length), no other scheme is shorter, and no input makes the
 * decoder throw.
 */
import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { type AiPair, decodeSegment, type EpcScheme, encodeLink } from '../../src/epc/index.ts'
import { gs1CheckDigit } from '../../src/gs1/check-digit.ts'
import { checkElementData } from '../../src/gs1/element-data.ts'
import { isKnownRejection } from './helpers.ts'

const CSET82 = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!"%&\'()*+,-./:;<=>?_']
const CSET39 = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789#-/']
const text = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...CSET82), minLength: min, maxLength: max })
const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max })
const withCheck = (n: number) => digits(n - 1, n - 1).map((b) => b + gs1CheckDigit(b))
const pair = (ai: string, value: fc.Arbitrary<string>) => value.map((v): AiPair => ({ ai, value: v }))
const maybe = (a: fc.Arbitrary<AiPair>) => fc.option(a, { nil: undefined })
const noZeroPrefix = (max: number) =>
  fc.tuple(fc.constantFrom(...'123456789'), digits(0, max - 1)).map(([a, b]) => a + b)

interface KeyCase {
  key: AiPair
  qualifiers: AiPair[]
}

function keyCase(
  key: fc.Arbitrary<AiPair>,
  ...qualifiers: fc.Arbitrary<AiPair | undefined>[]
): fc.Arbitrary<KeyCase> {
  return fc.tuple(key, ...qualifiers).map(([k, ...qs]) => ({
    key: k,
    qualifiers: qs.filter((q): q is AiPair => q !== undefined),
  }))
}

/** One arbitrary per key: values of every shape its schemes take (numeric serials, text, long and short). */
const KEYS: Readonly<Record<string, fc.Arbitrary<KeyCase>>> = {
  '01': keyCase(
    pair('01', withCheck(14)),
    maybe(pair('22', text(1, 20))),
    maybe(pair('10', text(1, 20))),
    pair('21', fc.oneof(noZeroPrefix(12), text(1, 20))),
  ),
  '00': keyCase(pair('00', withCheck(18))),
  '414': keyCase(
    pair('414', withCheck(13)),
    maybe(
      pair(
        '254',
        fc.oneof(
          noZeroPrefix(13),
          text(1, 20).filter((s) => s !== '0'),
        ),
      ),
    ),
  ),
  '414+7040': keyCase(pair('414', withCheck(13)), pair('7040', fc.constantFrom('1ABC', '2X9Z', '0A-B'))),
  '8003': keyCase(
    pair(
      '8003',
      fc.tuple(withCheck(13), fc.oneof(noZeroPrefix(12), text(1, 16))).map(([g, s]) => `0${g}${s}`),
    ),
  ),
  '8004': keyCase(
    pair(
      '8004',
      fc.oneof(
        fc.tuple(digits(6, 12), noZeroPrefix(12)).map(([g, s]) => g + s),
        fc.tuple(digits(6, 12), text(1, 18)).map(([g, s]) => g + s),
      ),
    ),
    maybe(pair('7040', fc.constantFrom('1ABC', '2X9Z'))),
  ),
  '8006': keyCase(
    pair(
      '8006',
      fc
        .tuple(withCheck(14), fc.integer({ min: 1, max: 99 }), fc.integer({ min: 0, max: 98 }))
        .map(
          ([g, p, extra]) =>
            `${g}${String(p).padStart(2, '0')}${String(Math.min(99, p + extra)).padStart(2, '0')}`,
        ),
    ),
    // AI (22) requires AI (01) (GS1 syntax dictionary), so an ITIP takes 10 and 21 only.
    maybe(pair('10', text(1, 20))),
    pair('21', fc.oneof(noZeroPrefix(12), text(1, 20))),
  ),
  '8010': keyCase(
    pair(
      '8010',
      fc
        .tuple(digits(6, 12), fc.string({ unit: fc.constantFrom(...CSET39), minLength: 1, maxLength: 18 }))
        .map(([g, s]) => g + s),
    ),
    pair('8011', noZeroPrefix(12)),
  ),
  '8017': keyCase(pair('8017', withCheck(18)), maybe(pair('8019', digits(1, 10)))),
  '8018': keyCase(pair('8018', withCheck(18)), maybe(pair('8019', digits(1, 10)))),
  '253': keyCase(
    pair(
      '253',
      fc.tuple(withCheck(13), fc.oneof(noZeroPrefix(13), digits(1, 17), text(1, 17))).map(([g, s]) => g + s),
    ),
  ),
  '255': keyCase(
    pair(
      '255',
      fc.tuple(withCheck(13), digits(1, 12)).map(([g, s]) => g + s),
    ),
  ),
}

/** Attributes valid beside every one of these keys (GS1 syntax dictionary). */
const attribute = fc.oneof(
  pair('400', text(1, 30)),
  pair(
    '401',
    fc.tuple(digits(4, 4), text(0, 26)).map(([a, b]) => a + b),
  ),
  pair('410', withCheck(13)),
  pair('420', text(1, 20)),
  pair('90', text(1, 30)),
  pair('91', text(1, 90)),
  pair('99', text(1, 90)),
)

const link = (c: fc.Arbitrary<KeyCase>) =>
  fc.tuple(c, fc.uniqueArray(attribute, { selector: (p) => p.ai, maxLength: 3 })).map(([k, attributes]) => ({
    ...k,
    attributes,
  }))

const options = fc.record({
  form: fc.constantFrom('hex' as const, 'base64' as const),
  gcpLength: fc.option(fc.integer({ min: 6, max: 12 }), { nil: undefined }),
})

function isValid(l: KeyCase & { attributes: AiPair[] }): boolean {
  return checkElementData([l.key, ...l.qualifiers, ...l.attributes]).length === 0
}

/** The schemes an encoder may write for a key ('++' and GDTI-113 are read only). */
const WRITABLE: Readonly<Record<string, readonly EpcScheme[]>> = {
  '01': ['SGTIN-96', 'SGTIN-198', 'SGTIN+'],
  '00': ['SSCC-96', 'SSCC+'],
  '414': ['SGLN-96', 'SGLN-195', 'SGLN+'],
  '8003': ['GRAI-96', 'GRAI-170', 'GRAI+'],
  '8004': ['GIAI-96', 'GIAI-202', 'GIAI+'],
  '8006': ['ITIP-110', 'ITIP-212', 'ITIP+'],
  '8010': ['CPI-96', 'CPI-var', 'CPI+'],
  '8017': ['GSRNP-96', 'GSRNP+'],
  '8018': ['GSRN-96', 'GSRN+'],
  '253': ['GDTI-96', 'GDTI-174', 'GDTI+'],
  '255': ['SGCN-96', 'SGCN+'],
}

describe('encode → decode for every key', () => {
  for (const [name, arbitrary] of Object.entries(KEYS)) {
    test(`${name}: the same key, qualifiers and attributes come back, from the smallest scheme and every other`, () => {
      fc.assert(
        fc.property(link(arbitrary), options, (l, { form, gcpLength }) => {
          fc.pre(isValid(l))
          const opts = gcpLength === undefined ? {} : { gcpLength }
          const e = encodeLink(l, form, opts)
          if (!e.ok) throw new Error(`${e.reason}: ${e.message}`)
          const d = decodeSegment(e.segment)
          if (!d.ok) throw new Error(`${d.reason}: ${d.message} for ${e.segment}`)
          expect(d.link).toEqual({
            scheme: e.scheme,
            key: l.key,
            qualifiers: l.qualifiers,
            attributes: l.attributes,
          })
          // Every other scheme that carries the link is no shorter, and decodes to the same link too.
          for (const scheme of WRITABLE[l.key.ai] ?? []) {
            const other = encodeLink(l, form, { ...opts, scheme })
            if (!other.ok) continue
            expect(other.segment.length).toBeGreaterThanOrEqual(e.segment.length)
            const back = decodeSegment(other.segment)
            expect(back.ok && back.link).toEqual({ ...d.link, scheme })
          }
          if (gcpLength === undefined) expect(e.scheme).toEndWith('+')
        }),
        { numRuns: 300 },
      )
    })
  }
})

function decodesOrRejects(segment: string): boolean {
  const r = decodeSegment(segment)
  if (r.ok) return typeof r.link.key.value === 'string' && r.link.key.value !== ''
  return isKnownRejection(r)
}

const HEX = [...'0123456789abcdefABCDEF']
const B64 = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_']

describe('the decoder never throws', () => {
  test('on eh segments of any header and random hex', () => {
    const header = fc.integer({ min: 0, max: 255 }).map((h) => h.toString(16).padStart(2, '0'))
    const body = fc.string({ unit: fc.constantFrom(...HEX), maxLength: 120 })
    fc.assert(
      fc.property(header, body, (h, b) => decodesOrRejects(`eh${h}${b}`)),
      { numRuns: 20000 },
    )
  })
  test('on ex segments of random base64url', () => {
    const body = fc.string({ unit: fc.constantFrom(...B64), minLength: 1, maxLength: 90 })
    fc.assert(
      fc.property(body, (b) => decodesOrRejects(`ex${b}`)),
      { numRuns: 10000 },
    )
  })
  test('on valid segments of every key with one character changed', () => {
    const anyLink = link(fc.oneof(...Object.values(KEYS)))
    fc.assert(
      fc.property(anyLink, options, fc.nat(), fc.constantFrom(...B64), (l, { gcpLength }, at, c) => {
        fc.pre(isValid(l))
        const e = encodeLink(l, 'base64', gcpLength === undefined ? {} : { gcpLength })
        if (!e.ok) return true
        const i = 2 + (at % (e.segment.length - 2))
        return decodesOrRejects(e.segment.slice(0, i) + c + e.segment.slice(i + 1))
      }),
      { numRuns: 3000 },
    )
  })
})
