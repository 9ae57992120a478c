/** Each TDS 2.3 §14.5 decoding method reads hand-built bit strings into the expected value or rejects them. */
import { describe, expect, test } from 'bun:test'
import { AI_SPECS, type Component, NUMERIC_BITS } from '../../src/epc/ai-specs.ts'
import { createReader } from '../../src/epc/bits.ts'
import { EpcError } from '../../src/epc/errors.ts'
import { readComponent } from '../../src/epc/read-values.ts'
import { ascii7, bcd, bin, date16, eh } from './helpers.ts'

/** Decodes the component of `ai` (first or second) from the bits. */
function read(ai: string, bits: string, which: 'first' | 'second' = 'first'): string {
  const spec = AI_SPECS.get(ai)
  if (spec === undefined) throw new Error(`no AI ${ai}`)
  const c = spec[which] as Component
  return readComponent(createReader(eh(bits), 2, 4), c, which === 'first' ? 1 : 0)
}

/** The rejection reason when reading fails. */
function failure(ai: string, bits: string, which: 'first' | 'second' = 'first'): string {
  try {
    return `read ${read(ai, bits, which)}`
  } catch (e) {
    if (e instanceof EpcError) return e.reason
    throw e
  }
}

describe('fixed-length numeric (TDS 14.5.4)', () => {
  test('reads one BCD digit per nibble, leading zeros kept', () => {
    expect(read('410', bcd('0950600013435'))).toBe('0950600013435')
  })
  test('rejects a nibble above 9', () => {
    expect(failure('7241', '0001 1010')).toBe('malformed')
  })
})

describe('fixed-bit-length numeric string (TDS 14.5.2)', () => {
  test('reads an integer left-padded to its digit count', () => {
    expect(read('3103', bin(1234, 20))).toBe('001234')
    expect(read('7252', bin(7, 4))).toBe('7')
  })
  test('reads fields wider than 53 bits exactly', () => {
    expect(read('4309', bin(12345678901234567890n, 67))).toBe('12345678901234567890')
    expect(read('402', bin(12345678901234567n, 57))).toBe('12345678901234567')
  })
  test('rejects an integer with more digits than the AI has', () => {
    expect(failure('20', bin(100, 7))).toBe('malformed')
  })
})

describe('variable-length alphanumeric (TDS 14.5.6, Table E)', () => {
  test('000 numeric string keeps leading zeros up to the encoded length', () => {
    expect(read('10', `000 ${bin(5, 5)} ${bin(123, NUMERIC_BITS[5] as number)}`)).toBe('00123')
  })
  test('000 numeric string of more than 15 digits is read through BigInt', () => {
    const v = '01234567890123456789'
    expect(read('10', `000 ${bin(20, 5)} ${bin(BigInt(v), 67)}`)).toBe(v)
  })
  test('001 upper-case hexadecimal', () => {
    expect(read('10', `001 ${bin(4, 5)} 1010 1011 0001 0010`)).toBe('AB12')
  })
  test('010 lower-case hexadecimal', () => {
    expect(read('10', `010 ${bin(4, 5)} 1010 1011 0001 0010`)).toBe('ab12')
  })
  test('011 file-safe URI-safe base 64', () => {
    expect(read('10', `011 ${bin(4, 5)} 000000 011011 111110 111111`)).toBe('Ab-_')
  })
  test('100 7-bit ASCII', () => {
    expect(read('10', `100 ${bin(5, 5)} ${ascii7('32a/b')}`)).toBe('32a/b')
  })
  test('101 URN Code 40, three characters per 16 bits with PAD at the end', () => {
    expect(read('10', `101 ${bin(3, 5)} ${bin(1600 * 1 + 40 * 2 + 29 + 1, 16)}`)).toBe('AB:')
    expect(read('10', `101 ${bin(4, 5)} ${bin(1600 + 80 + 3 + 1, 16)} ${bin(1600 * 4 + 1, 16)}`)).toBe('ABCD')
  })
  test('101 URN Code 40 rejects a group above 64000, a group of 0 and misplaced PAD', () => {
    expect(failure('10', `101 ${bin(3, 5)} ${bin(64001, 16)}`)).toBe('malformed')
    expect(failure('10', `101 ${bin(3, 5)} ${bin(0, 16)}`)).toBe('malformed')
    expect(failure('10', `101 ${bin(2, 5)} ${bin(1600 + 80 + 3 + 1, 16)}`)).toBe('malformed')
    expect(failure('10', `101 ${bin(3, 5)} ${bin(1600 + 0 + 3 + 1, 16)}`)).toBe('malformed')
  })
  test('reserved encoding indicators 110 and 111 are rejected', () => {
    expect(failure('10', `110 ${bin(1, 5)} 0000000`)).toBe('malformed')
    expect(failure('10', `111 ${bin(1, 5)} 0000000`)).toBe('malformed')
  })
  test('a length above the maximum, or 0 for a first component, is rejected', () => {
    expect(failure('10', `100 ${bin(21, 5)} ${ascii7('x'.repeat(21))}`)).toBe('malformed')
    expect(failure('10', `100 ${bin(0, 5)}`)).toBe('malformed')
  })
  test('an empty second component is allowed (optional serial of 253)', () => {
    expect(read('253', `100 ${bin(0, 5)}`, 'second')).toBe('')
  })
  test('a numeric string too large for its length is rejected', () => {
    expect(failure('10', `000 ${bin(1, 5)} ${bin(12, 4)}`)).toBe('malformed')
  })
})

describe('variable-length numeric string without encoding indicator (TDS 14.5.13)', () => {
  test('reads length then integer, leading zeros kept', () => {
    expect(read('30', `${bin(4, 4)} ${bin(12, 14)}`)).toBe('0012')
    expect(read('255', `${bin(12, 4)} ${bin(1, 40)}`, 'second')).toBe('000000000001')
  })
  test('an empty second component reads no value bits (AI 255 without its serial)', () => {
    expect(read('255', bin(0, 4), 'second')).toBe('')
  })
  test('rejects a length above the maximum', () => {
    expect(failure('30', `${bin(9, 4)} ${bin(1, 30)}`)).toBe('malformed')
  })
})

describe('delimited/terminated numeric (TDS 14.5.5)', () => {
  test('digits ended by the 1111 terminator', () => {
    expect(read('8004', `${bcd('0614141')} 1111`)).toBe('0614141')
  })
  test('digits, the 1110 delimiter, then an alphanumeric rest', () => {
    expect(read('8004', `${bcd('0614141')} 1110 100 ${bin(3, 5)} ${ascii7('A-1')}`)).toBe('0614141A-1')
    expect(read('8010', `1110 011 ${bin(2, 5)} 000000 000001`)).toBe('AB')
  })
  test('rejects an empty value and nibbles A–D', () => {
    expect(failure('8004', '1111')).toBe('malformed')
    expect(failure('8004', `${bcd('06')} 1100`)).toBe('malformed')
  })
})

describe('dates and times (TDS 14.5.8–14.5.11)', () => {
  test('6-digit date YYMMDD in 16 bits', () => {
    expect(read('17', date16('251231'))).toBe('251231')
    expect(read('7006', date16('240229'))).toBe('240229')
  })
  test('a year above 99 is rejected', () => {
    expect(failure('17', `${bin(120, 7)} ${bin(1, 4)} ${bin(1, 5)}`)).toBe('malformed')
  })
  test('10-digit date+time YYMMDDhhmm in 27 bits', () => {
    expect(read('7003', `${date16('251231')} ${bin(23, 5)} ${bin(59, 6)}`)).toBe('2512312359')
  })
  test('variable-format date: one date or a range', () => {
    expect(read('7007', `0 ${date16('250101')}`)).toBe('250101')
    expect(read('7007', `1 ${date16('250101')} ${date16('250131')}`)).toBe('250101250131')
  })
  test('variable-precision date+time: 11 date, 00 +hh, 01 +hhmm, 10 +hhmmss', () => {
    expect(read('7011', `11 ${date16('251231')}`)).toBe('251231')
    expect(read('8008', `00 ${date16('251231')} ${bin(12, 5)}`)).toBe('25123112')
    expect(read('7011', `01 ${date16('251231')} ${bin(12, 5)} ${bin(30, 6)}`)).toBe('2512311230')
    expect(read('8008', `10 ${date16('251231')} ${bin(12, 5)} ${bin(34, 6)} ${bin(56, 6)}`)).toBe(
      '251231123456',
    )
  })
})

describe('the remaining methods (TDS 14.5.7, 14.5.12, 14.5.14, 14.5.15)', () => {
  test('country code: two base64 letters A–Z', () => {
    expect(read('4307', `${bin(5, 6)} ${bin(17, 6)}`)).toBe('FR')
    expect(failure('4307', `${bin(26, 6)} ${bin(17, 6)}`)).toBe('malformed')
  })
  test('single data bit', () => {
    expect(read('4321', '1')).toBe('1')
    expect(read('4321', '0')).toBe('0')
  })
  test('optional minus sign', () => {
    expect(read('4330', '1', 'second')).toBe('-')
    expect(read('4330', '0', 'second')).toBe('')
  })
  test('sequence indicator: two BCD digits with the slash restored', () => {
    expect(read('7258', '0001 0011')).toBe('1/3')
    expect(failure('7258', '0001 1010')).toBe('malformed')
  })
  test('a component that runs past the end is malformed', () => {
    expect(failure('01', bcd('0950600013'))).toBe('malformed')
  })
})
