/** The identities of catalog entries (DESIGN §12): one string per product, item or prefix rule, read back alike. */
import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import {
  candidateIds,
  describeEntry,
  entryId,
  entryLinkPath,
  isGtinEntry,
  isRuleEntry,
  keyOfEntry,
  ruleId,
  ruleMembers,
} from '../../src/catalog/entry-id.ts'

describe('entry identities', () => {
  test('a product is its GTIN, an item {key}/{value}, a rule {key}/{prefix}~, a GTIN rule included', () => {
    expect(entryId('01', '09506000134352')).toBe('09506000134352')
    expect(entryId('414', '9506000000008')).toBe('414/9506000000008')
    expect(ruleId('00', '0950600')).toBe('00/0950600~')
    expect(ruleId('01', '09506000')).toBe('01/09506000~')
    expect([isGtinEntry('09506000134352'), isGtinEntry('01/09506000~'), isRuleEntry('01/09506000~')]).toEqual(
      [true, false, true],
    )
    expect(ruleMembers('01/09506000~')).toEqual({ key: '01', prefix: '09506000' })
  })

  test('messages name a GTIN, an item and a rule of any key, a GTIN rule as a rule', () => {
    expect(describeEntry('09506000134352')).toBe('GTIN 09506000134352')
    expect(describeEntry('414/9506000000008')).toBe('(414) 9506000000008')
    expect(describeEntry('00/0950600~')).toBe('(00) 0950600*')
    expect(describeEntry('01/09506000~')).toBe('(01) 09506000*')
    expect(entryLinkPath('8004/950600A/B')).toBe('/8004/950600A%2FB')
  })

  test('the candidates of a scan: the exact entry, then every prefix rule, longest first', () => {
    expect(candidateIds('01', '0950')).toEqual(['0950', '01/0950~', '01/095~', '01/09~', '01/0~'])
    fc.assert(
      fc.property(
        fc.constantFrom('00', '414', '8004'),
        fc.stringMatching(/^[0-9A-Z]{1,20}$/),
        (key, value) => {
          const ids = candidateIds(key, value)
          expect(keyOfEntry(ids[0] as string)).toEqual({ key, value })
          const prefixes = ids.slice(1).map((id) => ruleMembers(id).prefix)
          expect(prefixes).toEqual(prefixes.toSorted((a, b) => b.length - a.length))
          expect(prefixes.every((p) => value.startsWith(p))).toBe(true)
          expect(prefixes).toHaveLength(value.length)
        },
      ),
    )
  })
})
