/** Property tests (fast-check): generation never throws, only returns listed errors; generate → parse round-trips. */
import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import {
  generateCode,
  gs1CheckDigit,
  isValidationCode,
  parseBracketedElementString,
  parseDigitalLink,
  percentDecode,
  percentEncode,
  percentEncodeQuery,
  SELECTABLE_LINK_TYPES,
} from '../../src/gs1/index.ts'

const RUNS = { numRuns: 500 }
const FIELDS = [
  'reference',
  'mode',
  'primaryKey',
  'ais',
  'extensionParameters',
  'digitalLinkStem',
  'linkType',
  'context',
  'language',
  'errorCorrectionLevel',
  'compression',
]
const CSET82 = `ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!"%&'()*+,-./:;<=>?_`
const PARAM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;="

function chars(alphabet: string, min: number, max: number): fc.Arbitrary<string> {
  return fc.string({ unit: fc.constantFrom(...alphabet.split('')), minLength: min, maxLength: max })
}

function digits(n: number): fc.Arbitrary<string> {
  return chars('0123456789', n, n)
}
function withCheck(n: number): fc.Arbitrary<string> {
  return digits(n - 1).map((b) => b + gs1CheckDigit(b))
}
const date = fc
  .tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }))
  .map(([y, m, d]) => [y, m, d].map((n) => String(n).padStart(2, '0')).join(''))

// Values loosely shaped like a definition, so that validation goes deep, mixed with anything JSON.
const anyValue = fc.oneof(fc.jsonValue(), chars(CSET82, 0, 30), digits(14))
const looseDefinition = fc.dictionary(
  fc.oneof(fc.constantFrom(...FIELDS), fc.string()),
  fc.oneof(
    anyValue,
    fc.record({
      key: fc.oneof(fc.constantFrom('01', '00', '10', '21', '4330', '8004', '03'), fc.string()),
      value: anyValue,
    }),
    fc.array(fc.record({ key: anyValue, value: anyValue }, { requiredKeys: [] })),
  ),
)

function checkFailure(r: ReturnType<typeof generateCode>): void {
  if (r.ok) return
  expect(r.errors.length).toBeGreaterThan(0)
  for (const e of r.errors) {
    expect(isValidationCode(e.code)).toBe(true)
    expect(e.path === null || typeof e.path === 'string').toBe(true)
    expect(e.message.length).toBeLessThan(400)
  }
}

describe('generation on arbitrary input', () => {
  test('never throws on arbitrary JSON values and returns only listed error codes', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => checkFailure(generateCode(v))),
      RUNS,
    )
  })

  test('never throws on loosely shaped definitions, with or without render options', () => {
    fc.assert(
      fc.property(looseDefinition, fc.boolean(), fc.boolean(), (v, render, requireMode) =>
        checkFailure(generateCode(v, { render, requireMode })),
      ),
      RUNS,
    )
  })
})

const stem = fc.constantFrom(
  'https://id.gs1.org',
  'https://example.com/a/b',
  'http://localhost:3001',
  'https://x.example/01',
)
const extension = fc.record({
  key: chars(PARAM, 1, 8).filter((k) => /\D/.test(k) && !['linktype', 'context'].includes(k.toLowerCase())),
  value: chars(PARAM, 0, 10),
})
const gtinDefinition = fc.record({
  digitalLinkStem: stem,
  primaryKey: fc.record({
    key: fc.constant('01'),
    value: fc.oneof(withCheck(14), withCheck(13), withCheck(8)),
  }),
  qualifiers: fc.oneof(fc.subarray(['22', '10', '21']), fc.constant(['235'])),
  attributes: fc.subarray(['17', '3103', '400', '422', '99', '91']),
  values: fc.record({ text: chars(CSET82, 1, 20), date, n6: digits(6) }),
  linkType: fc.option(
    fc.constantFrom(...SELECTABLE_LINK_TYPES.map((n) => `gs1:${n}`), 'https://example.org/t?x=1'),
  ),
  context: fc.option(chars(PARAM, 1, 12)),
  extensionParameters: fc.uniqueArray(extension, { selector: (e) => e.key, maxLength: 3 }),
})

function valueFor(ai: string, v: { text: string; date: string; n6: string }): string {
  if (ai === '17') return v.date
  if (ai === '3103') return v.n6
  if (ai === '422') return '826'
  return ai === '235' ? v.text.slice(0, 28) : v.text
}

describe('round trips', () => {
  test('every generated Digital Link parses back to the same parts', () => {
    fc.assert(
      fc.property(gtinDefinition, ({ qualifiers, attributes, values, ...rest }) => {
        const ais = [...attributes, ...qualifiers].map((key) => ({ key, value: valueFor(key, values) }))
        const def = { ...rest, ais }
        const r = generateCode(def)
        if (!r.ok) throw new Error(JSON.stringify(r.errors))
        const parsed = parseDigitalLink(r.result.barcodeText)
        if (!parsed.ok) throw new Error(`${r.result.barcodeText} ${JSON.stringify(parsed.errors)}`)
        expect<unknown>(parsed.value).toEqual(r.result.digitalLink)
      }),
      RUNS,
    )
  })

  test('every generated element string parses back to the AIs in request order', () => {
    fc.assert(
      fc.property(withCheck(14), fc.array(chars(CSET82, 1, 20), { maxLength: 2 }), (gtin, texts) => {
        const ais = texts.map((value, i) => ({ key: ['10', '21'][i] ?? '10', value }))
        const r = generateCode({ primaryKey: { key: '01', value: gtin }, ais })
        if (!r.ok) throw new Error(JSON.stringify(r.errors))
        const pairs = parseBracketedElementString(r.result.barcodeText)
        expect(pairs).toEqual([{ ai: '01', value: gtin }, ...ais.map((a) => ({ ai: a.key, value: a.value }))])
        expect(r.result.hri).toBe(`(01)${gtin}${ais.map((a) => `(${a.key})${a.value}`).join('')}`)
      }),
      RUNS,
    )
  })

  test('percent-encoding round-trips any well-formed text without NUL, in path and query', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 30 }).filter((s) => !s.includes('\0')),
        (s) => {
          const path = percentEncode(s)
          expect(/^[A-Za-z0-9\-._~%]*$/.test(path)).toBe(true)
          expect(percentDecode(path, false)).toBe(s)
          expect(percentDecode(percentEncodeQuery(s), true)).toBe(s)
        },
      ),
      RUNS,
    )
  })
})
