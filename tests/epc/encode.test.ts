/** encodeLink: scheme choice, the most compact methods, segment forms and rejections. */
import { describe, expect, test } from 'bun:test'
import { type AiPair, decodeSegment, encodeLink, type LinkInput } from '../../src/epc/index.ts'
import { bitsOf, okLink } from './helpers.ts'

const GTIN = '09506000134352'

function link(serial: string, attributes: AiPair[] = [], qualifiers: AiPair[] = []): LinkInput {
  return { gtin: GTIN, qualifiers: [...qualifiers, { ai: '21', value: serial }], attributes }
}

function encode(input: LinkInput, form: 'hex' | 'base64' = 'hex'): string {
  const r = encodeLink(input, form)
  if (!r.ok) throw new Error(`${r.reason}: ${r.message}`)
  return r.segment
}

function refusal(input: LinkInput): string {
  const r = encodeLink(input, 'hex')
  return r.ok ? `encoded ${r.segment}` : r.reason
}

describe('scheme choice', () => {
  test('without a date AI it writes SGTIN+ with the toggle bit clear when no AI follows', () => {
    const bits = bitsOf(encode(link('S1')))
    expect(bits.slice(0, 12)).toBe('11110111' + '0' + '000')
  })
  test('other AIs set the +AIDC toggle bit (TDS 14.5.1)', () => {
    const bits = bitsOf(encode(link('S1', [{ ai: '3103', value: '000500' }])))
    expect(bits.slice(0, 9)).toBe('11110111' + '1')
  })
  test('a date AI picks DSGTIN+ and the first date takes the prioritised slot', () => {
    const input = link('S1', [
      { ai: '3103', value: '000500' },
      { ai: '17', value: '261231' },
      { ai: '11', value: '250101' },
    ])
    const segment = encode(input)
    expect(bitsOf(segment).slice(0, 16)).toBe('11111011' + '1' + '000' + '0100')
    const decoded = okLink(decodeSegment(segment))
    expect(decoded.scheme).toBe('DSGTIN+')
    expect(decoded.attributes.map((a) => a.ai)).toEqual(['17', '3103', '11'])
  })
  test('each date AI gets its date type indicator (TDS 14.5.3)', () => {
    const ais = ['11', '13', '15', '16', '17', '7006', '7007']
    ais.forEach((ai, i) => {
      const bits = bitsOf(encode(link('S1', [{ ai, value: '250301' }])))
      expect(bits.slice(8, 16)).toBe(`0000${i.toString(2).padStart(4, '0')}`)
    })
  })
  test('a 7007 date range does not fit the slot and travels as +AIDC data of an SGTIN+', () => {
    const segment = encode(link('S1', [{ ai: '7007', value: '250101250131' }]))
    expect(bitsOf(segment).slice(0, 8)).toBe('11110111')
    expect(okLink(decodeSegment(segment)).attributes).toEqual([{ ai: '7007', value: '250101250131' }])
  })
})

describe('segment forms', () => {
  test('reproduces the shared DSGTIN+ vectors bit for bit (filter 0, most compact serial)', () => {
    expect(encode(link('S1', [{ ai: '11', value: '240101' }], [{ ai: '10', value: 'L9' }]))).toBe(
      'ehfb80302109506000134352624b510622fd',
    )
    expect(encode(link('S1', [{ ai: '7007', value: '250915' }]))).toBe('ehfb06332f09506000134352624b5')
    expect(encode(link('S1', [{ ai: '16', value: '250301' }]))).toBe('ehfb03326109506000134352624b5')
  })
  test('hex is lower case and base64url has no padding; both decode to the same link', () => {
    const input = link('AB-12.X:Y', [{ ai: '3103', value: '000500' }])
    const hex = encode(input, 'hex')
    const b64 = encode(input, 'base64')
    expect(hex).toMatch(/^eh[0-9a-f]+$/)
    expect(b64).toMatch(/^ex[A-Za-z0-9_-]+$/)
    expect(okLink(decodeSegment(b64))).toEqual(okLink(decodeSegment(hex)))
  })
})

describe('the most compact method for each value (TDS 14.5.6 decision tree)', () => {
  const cases: ReadonlyArray<readonly [string, string, string]> = [
    ['0012345', '000', 'digits as an integer'],
    ['DEADBEEF', '001', 'upper-case hexadecimal'],
    ['deadbeef', '010', 'lower-case hexadecimal'],
    ['Ab-_', '011', 'base 64'],
    ['32a/b', '100', '7-bit ASCII'],
    ['AB-12.X:Y', '101', 'URN Code 40'],
    ['XYZ123', '101', 'URN Code 40 beats base 64 for 6 characters'],
    ['AB', '001', 'upper-case hexadecimal beats base 64'],
    ['S1', '011', 'base 64 beats URN Code 40 for 2 characters'],
  ]
  for (const [serial, ei, why] of cases) {
    test(`serial ${serial}: ${why} (${ei})`, () => {
      const segment = encode(link(serial))
      // SGTIN+: header 8, toggle 1, filter 3, GTIN 56 bits, then the serial's encoding indicator.
      expect(bitsOf(segment).slice(68, 71)).toBe(ei)
      expect(okLink(decodeSegment(segment)).qualifiers).toEqual([{ ai: '21', value: serial }])
    })
  }
  test('a long numeric value goes through BigInt and keeps its leading zeros', () => {
    const batch = '00000000000000000042'
    const segment = encode(link('1', [], [{ ai: '10', value: batch }]))
    expect(okLink(decodeSegment(segment)).qualifiers[0]).toEqual({ ai: '10', value: batch })
  })
})

describe('rejections', () => {
  test('a link without a serial number', () => {
    expect(refusal({ gtin: GTIN, qualifiers: [{ ai: '10', value: 'L1' }], attributes: [] })).toBe(
      'missing-serial',
    )
  })
  test('a GTIN with a wrong check digit', () => {
    expect(refusal({ ...link('S1'), gtin: '09506000134353' })).toBe('invalid-link')
  })
  test('an AI value the GS1 core rejects', () => {
    expect(refusal(link('S1', [{ ai: '17', value: '251301' }]))).toBe('invalid-link')
    expect(refusal(link('S1', [{ ai: '4321', value: '1' }]))).toBe('invalid-link')
  })
  test('a qualifier that is not a key qualifier, or a qualifier among the attributes', () => {
    expect(refusal(link('S1', [], [{ ai: '17', value: '261231' }]))).toBe('invalid-link')
    expect(refusal(link('S1', [{ ai: '10', value: 'L1' }]))).toBe('invalid-link')
  })
  test('the same AI twice, even with the same value', () => {
    const date = { ai: '17', value: '261231' }
    expect(refusal(link('S1', [date, { ...date }]))).toBe('invalid-link')
  })
  test('an AI a Digital Link query may not carry, though TDS Table F could encode it', () => {
    for (const ai of ['254', '8200']) {
      expect(encodeLink(link('S1', [{ ai, value: 'A1' }]), 'hex')).toEqual({
        ok: false,
        reason: 'invalid-link',
        message: `AI (${ai}) is not a valid Digital Link data attribute`,
      })
    }
  })
  test('AI 235 together with the serial 21', () => {
    expect(refusal(link('S1', [], [{ ai: '235', value: 'TP1' }]))).toBe('invalid-link')
  })
  test('a valid AI that TDS Table F cannot carry', () => {
    expect(refusal(link('S1', [{ ai: '717', value: 'ABC' }]))).toBe('unencodable-ai')
  })
  test('a link longer than 1024 characters in hex, which still fits in base64url', () => {
    const attributes = ['91', '92', '93', '94', '95', '96', '97', '98', '99'].map((ai) => ({
      ai,
      value: 'x/'.repeat(45),
    }))
    expect(refusal(link('S1', attributes))).toBe('too-long')
    expect(encodeLink(link('S1', attributes), 'base64').ok).toBe(true)
  })
})

describe('round trip', () => {
  test('refuses a link whose last AI would read as padding (an SSCC of zeros last), never writes a lossy segment', () => {
    expect(refusal(link('S1', [{ ai: '00', value: '000000000000000000' }]))).toBe('unencodable-ai')
    // The same AI with another value decodes back, so it is written.
    const sscc = { ai: '00', value: '095060001343520000' }
    const r = decodeSegment(encode(link('S1', [sscc])))
    expect(r.ok && r.link.attributes).toEqual([sscc])
  })
})
