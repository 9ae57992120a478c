import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { UI_LANGUAGES } from '../../src/html/messages.ts'
import { expiryDetail, fullYear, itemDetails, parseExpiry } from '../../src/pages/item-details.ts'
import { NOW } from './fixtures.ts'

describe('fullYear (GS1 General Specifications §7.12)', () => {
  test('reads two-digit years in a window of 49 years back and 50 ahead', () => {
    expect(fullYear(25, NOW)).toBe(2025)
    expect(fullYear(75, NOW)).toBe(2075)
    expect(fullYear(76, NOW)).toBe(1976)
    expect(fullYear(0, NOW)).toBe(2000)
    expect(fullYear(10, Date.UTC(2090, 0, 1))).toBe(2110)
  })
})

describe('parseExpiry', () => {
  test('reads YYMMDD, day 00 meaning no day', () => {
    expect(parseExpiry('260331', NOW)).toEqual({ year: 2026, month: 3, day: 31 })
    expect(parseExpiry('280200', NOW)).toEqual({ year: 2028, month: 2, day: null })
    expect(parseExpiry('280229', NOW)).toEqual({ year: 2028, month: 2, day: 29 })
  })

  test('refuses what is no date', () => {
    for (const value of ['', '2603', '2603310', '26033a', '261301', '260431', '270229', '+60331', ' 60331']) {
      expect(parseExpiry(value, NOW)).toBeNull()
    }
  })

  test('knows the century before it accepts 29 February: 2100 has none, 2000 has one', () => {
    const in2051 = Date.UTC(2051, 0, 1)
    expect(fullYear(0, in2051)).toBe(2100)
    expect(parseExpiry('000229', in2051)).toBeNull()
    expect(parseExpiry('000229', NOW)).toEqual({ year: 2000, month: 2, day: 29 })
  })
})

describe('expiryDetail', () => {
  test('shows a long date in the page language with an ISO datetime', () => {
    expect(expiryDetail('260331', 'fr', NOW)).toEqual({
      kind: 'expiry',
      text: '31 mars 2026',
      datetime: '2026-03-31',
    })
    expect(expiryDetail('260331', 'en', NOW).text).toBe('March 31, 2026')
    expect(expiryDetail('260331', 'de-ch', NOW).text).toBe('31. März 2026')
  })

  test('speaks every EU official language through Intl, Irish and Maltese included', () => {
    const expected: Record<string, string> = {
      bg: '31 март 2026 г.',
      el: '31 Μαρτίου 2026',
      fi: '31. maaliskuuta 2026',
      ga: '31 Márta 2026',
      hu: '2026. március 31.',
      lt: '2026 m. kovo 31 d.',
      mt: '31 ta’ Marzu 2026',
    }
    for (const [language, text] of Object.entries(expected)) {
      expect(expiryDetail('260331', language, NOW).text).toBe(text)
    }
    const english = expiryDetail('260331', 'en', NOW).text
    const fallbacks = UI_LANGUAGES.filter(
      (l) => l !== 'en' && expiryDetail('260331', l, NOW).text === english,
    )
    expect(fallbacks).toEqual([])
  })

  test('shows month and year when the day is 00', () => {
    expect(expiryDetail('261200', 'es', NOW)).toEqual({
      kind: 'expiry',
      text: 'diciembre de 2026',
      datetime: '2026-12',
    })
  })

  test('shows a malformed value as sent, without a datetime', () => {
    expect(expiryDetail('26-03-31<', 'en', NOW)).toEqual({
      kind: 'expiry',
      text: '26-03-31<',
      datetime: null,
    })
  })

  test('never throws, whatever the value and language', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 12 }), fc.stringMatching(/^\d{6}$/)),
        fc.constantFrom('en', 'fr', 'x-y', 'zz-zz-zz', 'i'),
        (value, language) => {
          const detail = expiryDetail(value, language, NOW)
          if (detail.datetime === null) expect(detail.text).toBe(value)
          else expect(detail.datetime).toMatch(/^\d{4}-\d{2}(-\d{2})?$/)
        },
      ),
      { numRuns: 500 },
    )
  })
})

describe('itemDetails', () => {
  test('gives lot, serial and expiry from the query, decoded, in that order', () => {
    expect(itemDetails('17=260331&21=S%2F1&10=L1&x=1', 'en', NOW)).toEqual([
      { kind: 'lot', text: 'L1', datetime: null },
      { kind: 'serial', text: 'S/1', datetime: null },
      { kind: 'expiry', text: 'March 31, 2026', datetime: '2026-03-31' },
    ])
  })

  test('leaves out absent and empty values', () => {
    expect(itemDetails('10=&21&x=1', 'en', NOW)).toEqual([])
    expect(itemDetails('', 'en', NOW)).toEqual([])
  })

  test('leaves out what is no value of its AI, so the query cannot put made-up text on the page', () => {
    const spoof = '10=PRODUCT%20RECALLED%20call%20%2B1-555-0100&21=%C3%A9t%C3%A9&17=Do%20not%20consume'
    expect(itemDetails(spoof, 'en', NOW)).toEqual([])
    expect(itemDetails(`10=${'A'.repeat(21)}&21=${'B'.repeat(20)}&17=261301`, 'en', NOW)).toEqual([
      { kind: 'serial', text: 'B'.repeat(20), datetime: null },
    ])
  })
})
