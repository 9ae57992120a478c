/** Check digits, GTIN parsing and the GS1 character sets. */
import { describe, expect, test } from 'bun:test'
import { isCset39, isCset64, isCset82 } from '../../src/gs1/charset.ts'
import { gs1CheckDigit, hasValidCheckDigit } from '../../src/gs1/check-digit.ts'
import { normaliseGtin, parseGtin } from '../../src/gs1/gtin.ts'

describe('GS1 mod-10 check digit', () => {
  test('computes the digit with weights 3,1,3,... from the right', () => {
    expect(gs1CheckDigit('0950600013435')).toBe(2)
    expect(gs1CheckDigit('00614141123456789')).toBe(0)
    expect(gs1CheckDigit('4017072')).toBe(5)
  })

  test('hasValidCheckDigit checks the last digit and refuses non-digits and short input', () => {
    expect(hasValidCheckDigit('09506000134352')).toBe(true)
    expect(hasValidCheckDigit('09506000134353')).toBe(false)
    expect(hasValidCheckDigit('0950600013435a')).toBe(false)
    expect(hasValidCheckDigit('7')).toBe(false)
  })
})

describe('GTIN', () => {
  test('accepts 8, 12, 13 and 14 digits and returns GTIN-14', () => {
    expect(parseGtin('40170725')).toEqual({ ok: true, gtin: '00000040170725' })
    expect(normaliseGtin('9506000134352')).toBe('09506000134352')
  })

  test('names the reason of a refusal', () => {
    expect(parseGtin('12345678901')).toEqual({ ok: false, reason: 'length' })
    expect(parseGtin('')).toEqual({ ok: false, reason: 'digits' })
    expect(parseGtin('9506000134353')).toEqual({ ok: false, reason: 'checkDigit' })
    expect(normaliseGtin('x')).toBeNull()
  })
})

describe('character sets', () => {
  test('CSET 82 has the GS1 punctuation but no space, #, $, @, ^', () => {
    expect(isCset82(`AZaz09!"%&'()*+,-./:;<=>?_`)).toBe(true)
    for (const c of [' ', '#', '$', '@', '^', '~', 'é']) expect(isCset82(`A${c}`)).toBe(false)
  })

  test('CSET 39 is upper-case letters, digits and # - /', () => {
    expect(isCset39('AZ09#-/')).toBe(true)
    expect(isCset39('a')).toBe(false)
  })

  test('CSET 64 allows = padding only at the end, at most two, on a multiple of 3', () => {
    for (const s of ['12345=', '1234==', 'AZaz09-_', 'abc']) expect(isCset64(s)).toBe(true)
    for (const s of ['123=', 'ABC=123', '1===', '12===', 'a+b']) expect(isCset64(s)).toBe(false)
  })
})
