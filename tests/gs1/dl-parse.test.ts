/** Digital Link parsing: parts, percent-decoding, path and query rules, AI validation. */
import { describe, expect, test } from 'bun:test'
import { parseDigitalLink } from '../../src/gs1/index.ts'
import { GTIN } from './helpers.ts'

function codes(uri: string): string[] {
  const r = parseDigitalLink(uri)
  return r.ok ? [] : r.errors.map((e) => e.code)
}

describe('parseDigitalLink', () => {
  test('splits stem, primary key, qualifiers, attributes, linkType, context and other parameters', () => {
    const r = parseDigitalLink(
      `https://example.com/a/b/01/${GTIN}/10/L%2F1/21/S?17=261231&linkType=gs1%3Apip&context=x&k=v%20w`,
    )
    expect(r).toEqual({
      ok: true,
      value: {
        stem: 'https://example.com/a/b',
        primaryKey: { ai: '01', value: GTIN },
        qualifiers: [
          { ai: '10', value: 'L/1' },
          { ai: '21', value: 'S' },
        ],
        attributes: [{ ai: '17', value: '261231' }],
        linkType: 'gs1:pip',
        context: 'x',
        extensionParameters: [{ key: 'k', value: 'v w' }],
      },
    })
  })

  test('reads linkType in any letter case and pads GTIN-8/12/13 to 14 digits', () => {
    const r = parseDigitalLink('https://a.example/01/9506000134352?LinkType=gs1:pip')
    expect(r.ok && [r.value.primaryKey.value, r.value.linkType]).toEqual([GTIN, 'gs1:pip'])
  })

  test('ignores a fragment, one trailing slash and parameters without =', () => {
    const r = parseDigitalLink(`https://a.example/01/${GTIN}/10/L1/?single&99=X#frag`)
    expect(r.ok && [r.value.qualifiers, r.value.attributes]).toEqual([
      [{ ai: '10', value: 'L1' }],
      [{ ai: '99', value: 'X' }],
    ])
  })

  test('takes the rightmost primary key pair, so a stem may contain AI-like segments', () => {
    const r = parseDigitalLink(`https://a.example/00/faux/01/${GTIN}`)
    expect(r.ok && r.value.stem).toBe('https://a.example/00/faux')
  })

  test('accepts other primary keys and their qualifiers', () => {
    expect(codes('https://a.example/414/9520123456788/254/A')).toEqual([])
    expect(codes('https://a.example/8004/9520614141234567/7040/1ABC')).toEqual([])
  })

  test.each([
    ['ftp://a.example/01/09506000134352', 'DigitalLink.Syntax'],
    ['https://a.example/01/09506000134352 x', 'DigitalLink.Syntax'],
    ['https://us@er.example/01/09506000134352', 'DigitalLink.Syntax'],
    ['https://a.example/10/ABC', 'DigitalLink.NoPrimaryKey'],
    ['https://a.example/01/09506000134352/10/A%4g', 'DigitalLink.Syntax'],
    ['https://a.example/01/09506000134352/10/A%00', 'DigitalLink.Syntax'],
    ['https://a.example/01/09506000134352?10=A%zz', 'DigitalLink.Syntax'],
    ['https://a.example/01/09506000134352/10/', 'DigitalLink.Empty'],
    ['https://a.example/01/09506000134352/21/S/10/L', 'DigitalLink.Qualifiers'],
    ['https://a.example/01/09506000134352/99/X', 'DigitalLink.Qualifiers'],
    ['https://a.example/01/09506000134352?999=X', 'DigitalLink.UnknownAi'],
    ['https://a.example/01/09506000134352?99=', 'DigitalLink.Empty'],
    ['https://a.example/01/09506000134352?99=A&99=A', 'DigitalLink.Duplicate'],
    ['https://a.example/01/09506000134352?235=X', 'DigitalLink.NotAttribute'],
    ['https://a.example/01/09506000134352?10=X', 'DigitalLink.ShouldBeQualifier'],
    ['https://a.example/01/09506000134353', 'Validation.CheckDigit.primaryKey'],
    ['https://a.example/01/09506000134352/10/A%20B', 'Validation.Charset.qualifiers'],
    ['https://a.example/01/09506000134352?17=261332', 'Validation.Format.attributes'],
  ])('rejects %s with %s', (uri, code) => {
    expect(codes(uri)).toContain(code)
  })

  test('refuses a URI over 8192 characters and a non-string', () => {
    expect(codes(`https://a.example/01/${GTIN}?99=${'A'.repeat(9000)}`)).toEqual(['DigitalLink.Syntax'])
    expect(codes(42 as unknown as string)).toEqual(['DigitalLink.Syntax'])
  })

  test('messages never echo long input', () => {
    const r = parseDigitalLink(`https://a.example/01/${GTIN}/10/${'%41'.repeat(900)}%4`)
    expect(r.ok ? 0 : (r.errors[0]?.message.length ?? 0)).toBeLessThan(200)
  })
})
