import { describe, expect, test } from 'bun:test'
import { decodeParam, pinnedParams, rawParam, withoutParam } from '../../src/pages/page-query.ts'

describe('rawParam', () => {
  test('gives the first raw value of an exactly named parameter', () => {
    expect(rawParam('a=1&10=L%2F1&10=L2', '10')).toBe('L%2F1')
    expect(rawParam('flag&x=1', 'flag')).toBe('')
    expect(rawParam('100=1&1=2', '10')).toBeNull()
    expect(rawParam('', '10')).toBeNull()
  })
})

describe('decodeParam', () => {
  test('percent-decodes like the resolver, keeping + and undecodable values as sent', () => {
    expect(decodeParam('A%2FB+C')).toBe('A/B+C')
    expect(decodeParam('100%')).toBe('100%')
    expect(decodeParam('%C3%A9')).toBe('%C3%A9')
  })
})

describe('withoutParam', () => {
  test('removes every entry of the parameter and keeps the rest byte for byte', () => {
    expect(withoutParam('10=L%2F1&setLocale=fr&x=a+b&setLocale&21=S', 'setLocale')).toBe(
      '10=L%2F1&x=a+b&21=S',
    )
    expect(withoutParam('setLocale=fr', 'setLocale')).toBe('')
    expect(withoutParam('', 'setLocale')).toBe('')
  })
})

describe('pinnedParams', () => {
  test('keeps 10, 21 and 17 as sent, in that order, and nothing else', () => {
    expect(pinnedParams('17=260331&linkType=gs1%3Apip&21=S%201&10=L1&x=2')).toBe('10=L1&21=S%201&17=260331')
    expect(pinnedParams('10=&x=1')).toBe('')
  })
})
