/** +AIDC data after an SGTIN+ (TDS 15.3): AI groups of Table F, termination, padding and rejections. */
import { describe, expect, test } from 'bun:test'
import { decodeSegment } from '../../src/epc/index.ts'
import { gs1CheckDigit } from '../../src/gs1/check-digit.ts'
import { ascii7, attributesOf, bcd, bin, date16, eh, ex, okLink, SGTIN_PLUS_S1 } from './helpers.ts'

/** SGTIN+ (GTIN 09506000134352, serial S1) followed by the given +AIDC bits. */
function withAidc(bits: string): string {
  return eh(`${SGTIN_PLUS_S1} ${bits}`)
}

function reason(segment: string): string {
  const r = decodeSegment(segment)
  return r.ok ? 'decoded' : r.reason
}

describe('+AIDC elements of each Table F group decode into attributes', () => {
  const cases: ReadonlyArray<readonly [string, string, string]> = [
    ['2-digit AI, date (11)', `${bcd('11')} ${date16('250101')}`, '11=250101'],
    ['2-digit AI, date with day 00 (13)', `${bcd('13')} ${date16('250100')}`, '13=250100'],
    ['2-digit AI, fixed-bit numeric (20)', `${bcd('20')} ${bin(12, 7)}`, '20=12'],
    ['2-digit AI, numeric without indicator (30)', `${bcd('30')} ${bin(3, 4)} ${bin(7, 10)}`, '30=007'],
    ['2-digit AI, alphanumeric of 90 (91)', `${bcd('91')} 100 ${bin(3, 7)} ${ascii7('x/y')}`, '91=x/y'],
    ['3-digit AI, numeric without indicator (242)', `${bcd('242')} ${bin(3, 3)} ${bin(123, 10)}`, '242=123'],
    ['3-digit AI, alphanumeric (240)', `${bcd('240')} 011 ${bin(2, 5)} 000000 000001`, '240=AB'],
    [
      '3-digit AI, fixed numeric + alphanumeric (253)',
      `${bcd('253')} ${bcd('9506000134352')} 100 ${bin(3, 5)} ${ascii7('ABC')}`,
      '253=9506000134352ABC',
    ],
    [
      '3-digit AI, fixed-bit numeric + alphanumeric (421)',
      `${bcd('421')} ${bin(250, 10)} 101 ${bin(3, 4)} ${bin(1684, 16)}`,
      '421=250ABC',
    ],
    [
      '3-digit AI, fixed-length numeric GLN (410)',
      `${bcd('410')} ${bcd('9506000134352')}`,
      '410=9506000134352',
    ],
    ['4-digit AI, fixed-bit numeric weight (3103)', `${bcd('3103')} ${bin(1234, 20)}`, '3103=001234'],
    [
      '4-digit AI, date+time (7003)',
      `${bcd('7003')} ${date16('251231')} ${bin(23, 5)} ${bin(59, 6)}`,
      '7003=2512312359',
    ],
    [
      '4-digit AI, date range (7007)',
      `${bcd('7007')} 1 ${date16('250101')} ${date16('250131')}`,
      '7007=250101250131',
    ],
    [
      '4-digit AI, variable-precision date (8008)',
      `${bcd('8008')} 00 ${date16('251231')} ${bin(12, 5)}`,
      '8008=25123112',
    ],
    [
      '4-digit AI, delimited numeric (8004)',
      `${bcd('8004')} ${bcd('0614141')} 1110 100 ${bin(2, 5)} ${ascii7('A1')}`,
      '8004=0614141A1',
    ],
    [
      '4-digit AI, fixed-bit numeric + alphanumeric (7030)',
      `${bcd('7030')} ${bin(250, 10)} 011 ${bin(3, 5)} 000000 000001 110101`,
      '7030=250AB1',
    ],
    [
      '4-digit AI, fixed-length numeric + alphanumeric (8003)',
      `${bcd('8003')} ${bcd('09506000134352')} 100 ${bin(2, 5)} ${ascii7('AB')}`,
      '8003=09506000134352AB',
    ],
    [
      '4-digit AI, fixed-bit numeric of 44 bits (7001)',
      `${bcd('7001')} ${bin(1234567890123, 44)}`,
      '7001=1234567890123',
    ],
    [
      '4-digit AI, alphanumeric with a 2-bit length (7010)',
      `${bcd('7010')} 000 ${bin(2, 2)} ${bin(1, 7)}`,
      '7010=01',
    ],
  ]
  for (const [name, bits, expected] of cases) {
    test(name, () => {
      expect(attributesOf(decodeSegment(withAidc(bits)))).toEqual([expected])
    })
  }

  test('several AIs keep their encoded order; qualifiers go to the path in 22, 10, 21 order', () => {
    const bits = `${bcd('17')} ${date16('261231')} ${bcd('10')} 100 ${bin(2, 5)} ${ascii7('L1')} ${bcd('3103')} ${bin(5, 20)} ${bcd('22')} 100 ${bin(2, 5)} ${ascii7('V2')} ${bcd('11')} ${date16('250101')}`
    const link = okLink(decodeSegment(withAidc(bits)))
    expect(link.qualifiers).toEqual([
      { ai: '22', value: 'V2' },
      { ai: '10', value: 'L1' },
      { ai: '21', value: 'S1' },
    ])
    expect(link.attributes.map((a) => a.ai)).toEqual(['17', '3103', '11'])
  })

  test('the ex form of the same bits decodes to the same link', () => {
    const bits = `${SGTIN_PLUS_S1} ${bcd('3103')} ${bin(1234, 20)}`
    expect(okLink(decodeSegment(ex(bits)))).toEqual(okLink(decodeSegment(eh(bits))))
  })
})

describe('end of the +AIDC data (TDS 15.3)', () => {
  test('zero padding of any length after the last AI is fine', () => {
    expect(
      attributesOf(decodeSegment(withAidc(`${bcd('11')} ${date16('250101')} ${'0'.repeat(100)}`))),
    ).toEqual(['11=250101'])
  })
  test('the toggle bit is not needed: data after a toggle of 0 still decodes (policy)', () => {
    const bits = `11110111 0 000 ${bcd('09506000134352')} 100 ${bin(2, 5)} ${ascii7('S1')} ${bcd('11')} ${date16('250101')}`
    expect(attributesOf(decodeSegment(eh(bits)))).toEqual(['11=250101'])
  })
  test('fewer than 8 non-zero bits after the last AI are trailing data', () => {
    expect(reason(withAidc(`${bcd('11')} ${date16('250101')} 0010`))).toBe('trailing-data')
  })
  test('a 00 header with fewer than 72 bits left ends the data, so non-zero bits there are trailing data', () => {
    expect(reason(withAidc(`00000000 ${'0'.repeat(40)} 1`))).toBe('trailing-data')
  })
  test('a 00 header with 72 bits left is an SSCC, AI (00)', () => {
    const body = '09506000123456789'
    const sscc = body + gs1CheckDigit(body)
    expect(attributesOf(decodeSegment(withAidc(`${bcd('00')} ${bcd(sscc)}`)))).toEqual([`00=${sscc}`])
  })
  test('a value cut short by the end of the segment is malformed', () => {
    expect(reason(withAidc(`${bcd('3103')} ${bin(1, 12)}`))).toBe('malformed')
  })
})

describe('AIs the encoding does not know', () => {
  test('a first-two-digit prefix that Table K lacks (14)', () => {
    expect(reason(withAidc(`${bcd('14')} ${date16('250101')}`))).toBe('unknown-ai')
  })
  test('an AI of a known prefix that Table F lacks (8014)', () => {
    expect(reason(withAidc(`${bcd('8014')} 100 ${bin(1, 5)} ${ascii7('A')}`))).toBe('unknown-ai')
  })
  test('a header nibble A–F (reserved +AIDC header)', () => {
    expect(reason(withAidc('0001 1011 0000'))).toBe('unknown-ai')
  })
  test('a 3rd or 4th AI digit above 9', () => {
    expect(reason(withAidc(`${bcd('31')} 1010 0000 ${bin(1, 20)}`))).toBe('unknown-ai')
  })
})

describe('repeated AIs', () => {
  test('an identical repeat of the serial is merged', () => {
    const link = okLink(decodeSegment(withAidc(`${bcd('21')} 100 ${bin(2, 5)} ${ascii7('S1')}`)))
    expect(link.qualifiers).toEqual([{ ai: '21', value: 'S1' }])
  })
  test('an identical repeat of an attribute is merged', () => {
    const bits = `${bcd('11')} ${date16('250101')} ${bcd('11')} ${date16('250101')}`
    expect(attributesOf(decodeSegment(withAidc(bits)))).toEqual(['11=250101'])
  })
  test('the same AI twice with different values is rejected', () => {
    const bits = `${bcd('11')} ${date16('250101')} ${bcd('11')} ${date16('250102')}`
    expect(reason(withAidc(bits))).toBe('conflicting-duplicate-ai')
  })
  test('AI (01) in the +AIDC data must equal the GTIN of the EPC', () => {
    expect(reason(withAidc(bcd('01') + bcd('09506000134352')))).toBe('decoded')
    expect(reason(withAidc(bcd('01') + bcd('09506000134369')))).toBe('conflicting-duplicate-ai')
  })
})

describe('the decoded link must be a valid Digital Link', () => {
  test('an implausible date (30 February) is rejected', () => {
    expect(reason(withAidc(`${bcd('11')} ${date16('250230')}`))).toBe('invalid-link')
  })
  test('an AI that requires another one that is absent is rejected', () => {
    expect(reason(withAidc(`${bcd('4321')} 1`))).toBe('invalid-link')
  })
  test('a serial character outside GS1 character set 82 is rejected', () => {
    const bits = `11110111 0 000 ${bcd('09506000134352')} 100 ${bin(2, 5)} ${ascii7('S#')}`
    expect(reason(eh(bits))).toBe('invalid-link')
  })
})
