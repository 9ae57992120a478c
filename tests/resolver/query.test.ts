import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { percentEncode } from '../../src/gs1/index.ts'
import type { KeyLink } from '../../src/resolver/link.ts'
import {
  contradictsQualifiers,
  effectiveQuery,
  linkTypeParam,
  pinnedQuery,
  redirectQuery,
} from '../../src/resolver/query.ts'

const plain: KeyLink = {
  key: '01',
  value: '04012345000009',
  qualifiers: [
    { ai: '10', value: 'L/1' },
    { ai: '21', value: 'S1' },
  ],
  attributeQuery: '',
}
const compressed: KeyLink = { ...plain, attributeQuery: '17=261231&11=240101' }

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

describe('contradictsQualifiers (SPEC 400 case 6)', () => {
  test('a qualifier of the link named in the query with another value, or none, contradicts it', () => {
    expect(contradictsQualifiers(plain, '10=L%2F1&21=S1&17=261231')).toBe(false)
    expect(contradictsQualifiers(plain, '10=L/1&10=L%2f1')).toBe(false)
    expect(contradictsQualifiers(plain, '21=S2')).toBe(true)
    expect(contradictsQualifiers(plain, 'a=1&10=L%2F2')).toBe(true)
    expect(contradictsQualifiers(plain, '10')).toBe(true)
    expect(contradictsQualifiers(plain, '22=V1&235=T&100=x')).toBe(false)
    expect(contradictsQualifiers({ ...plain, qualifiers: [] }, '10=A')).toBe(false)
  })

  const pair = fc.tuple(
    fc.constantFrom('10', '21', '22', '17', 'x', '%31%30', 'linkType'),
    fc.string({ unit: fc.constantFrom(...'AB1/%2F=&+'), maxLength: 6 }),
  )
  test('the same values again never contradict; any other value of a qualifier always does (property)', () => {
    fc.assert(
      fc.property(fc.array(pair, { maxLength: 4 }), fc.string({ maxLength: 6 }), (pairs, other) => {
        // The query without the link's own qualifiers, then with them again, encoded.
        const query = pairs
          .filter(([name]) => name !== '10' && name !== '21' && name !== '%31%30')
          .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
        const same = plain.qualifiers.map((q) => `${q.ai}=${percentEncode(q.value)}`)
        expect(contradictsQualifiers(plain, [...query, ...same].join('&'))).toBe(false)
        const clash = `21=${encodeURIComponent(other)}`
        expect(contradictsQualifiers(plain, [...query, clash].join('&'))).toBe(other !== 'S1')
      }),
    )
  })
})
