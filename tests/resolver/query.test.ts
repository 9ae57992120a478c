import { describe, expect, test } from 'bun:test'
import type { GtinLink } from '../../src/resolver/link.ts'
import { effectiveQuery, linkTypeParam, pinnedQuery, redirectQuery } from '../../src/resolver/query.ts'

const plain: GtinLink = {
  gtin: '04012345000009',
  qualifiers: [
    { ai: '10', value: 'L/1' },
    { ai: '21', value: 'S1' },
  ],
  attributeQuery: '',
}
const compressed: GtinLink = { ...plain, attributeQuery: '17=261231&11=240101' }

describe('linkTypeParam', () => {
  test('reads the name in any case and decodes the value', () => {
    expect(linkTypeParam('a=1&LinkType=gs1%3Apip&linkType=x')).toBe('gs1:pip')
    expect(linkTypeParam('linktype')).toBe('')
    expect(linkTypeParam('xlinktype=1&linktypex=2')).toBeNull()
    expect(linkTypeParam('')).toBeNull()
  })
  test('takes an undecodable value as sent', () => {
    expect(linkTypeParam('linkType=gs1%3')).toBe('gs1%3')
  })
})

describe('effectiveQuery', () => {
  test("puts the decoded attributes before the scan's query", () => {
    expect(effectiveQuery(compressed, 'x=1')).toBe('17=261231&11=240101&x=1')
    expect(effectiveQuery(compressed, '')).toBe('17=261231&11=240101')
    expect(effectiveQuery(plain, 'x=1')).toBe('x=1')
  })
})

describe('redirectQuery', () => {
  test('appends lot then serial, encoded, when the query lacks them', () => {
    expect(redirectQuery(plain, '')).toBe('10=L%2F1&21=S1')
    expect(redirectQuery(plain, 'x=1&21=Q')).toBe('x=1&21=Q&10=L%2F1')
  })
  test('compares names exactly: 210 or a value 10 do not count', () => {
    expect(redirectQuery(plain, '210=1&x=10')).toBe('210=1&x=10&10=L%2F1&21=S1')
  })
})

describe('pinnedQuery', () => {
  test('lot, serial and expiry in that order, path first, then the query', () => {
    expect(pinnedQuery(compressed, '17=261231&11=240101&10=Q')).toBe('10=L%2F1&21=S1&17=261231')
    expect(pinnedQuery({ ...plain, qualifiers: [] }, 'x=1&21=A%2FB&17=')).toBe('21=A%2FB')
    expect(pinnedQuery({ ...plain, qualifiers: [] }, 'x=1')).toBe('')
  })
})
