/** SPEC code-definition rules 7-9 and 11-13: Digital Link placement, order, temperatures, stem, linkType, context. */
import { describe, expect, test } from 'bun:test'
import { generateCode } from '../../src/gs1/index.ts'
import { codesOf, errorsOf, GTIN, gtinDef, SSCC, STEM, textOf } from './helpers.ts'

function dl(ais: [string, string][] = [], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return gtinDef(ais, { digitalLinkStem: STEM, ...extra })
}

describe('rule 7: every AI is a qualifier of one sequence or a query attribute', () => {
  test('accepts qualifiers and attributes', () => {
    expect(
      textOf(
        dl([
          ['21', 'S1'],
          ['17', '261231'],
        ]),
      ),
    ).toBe(`${STEM}/01/${GTIN}/21/S1?17=261231`)
  })

  test('rejects a qualifier of another alternative sequence (22 with 235)', () => {
    expect(
      errorsOf(
        dl([
          ['235', 'TPX'],
          ['22', 'V'],
        ]),
      ),
    ).toEqual([{ code: 'Validation.NotAllowed.ais', path: 'ais[0].key' }])
  })

  test('rejects an AI that is not a data attribute, such as (8200) or (254) under (01)', () => {
    expect(errorsOf(dl([['8200', 'https://x']]))).toEqual([
      { code: 'Validation.NotAllowed.ais', path: 'ais[0].key' },
    ])
    expect(
      codesOf({
        digitalLinkStem: STEM,
        primaryKey: { key: '00', value: SSCC },
        ais: [{ key: '254', value: 'X' }],
      }),
    ).toContain('Validation.NotAllowed.ais')
  })

  test('puts (10) in the query when the path uses the (235) sequence', () => {
    expect(
      textOf(
        dl([
          ['235', 'TPX'],
          ['10', 'L1'],
        ]),
      ),
    ).toBe(`${STEM}/01/${GTIN}/235/TPX?10=L1`)
  })

  test('the same AIs are fine in an element string', () => {
    expect(textOf(gtinDef([['8200', 'https://x']]))).toBe(`(01)${GTIN}(8200)https://x`)
  })
})

describe('rule 8: qualifiers in GS1 order', () => {
  test('orders 21, 10, 22 as 22, 10, 21 and keeps HRI in barcode order', () => {
    const r = generateCode(
      dl([
        ['21', 'S'],
        ['10', 'L'],
        ['22', 'V'],
      ]),
    )
    expect(r.ok && r.result.barcodeText).toBe(`${STEM}/01/${GTIN}/22/V/10/L/21/S`)
    expect(r.ok && r.result.hri).toBe(`(01)${GTIN}(22)V(10)L(21)S`)
  })

  test('orders (414) with (254) and (8017) with (8019)', () => {
    expect(
      textOf({
        digitalLinkStem: STEM,
        primaryKey: { key: '414', value: '9520123456788' },
        ais: [{ key: '254', value: 'A' }],
      }),
    ).toBe(`${STEM}/414/9520123456788/254/A`)
    expect(
      textOf({
        digitalLinkStem: STEM,
        primaryKey: { key: '8017', value: '795260646688514634' },
        ais: [{ key: '8019', value: '12' }],
      }),
    ).toBe(`${STEM}/8017/795260646688514634/8019/12`)
  })
})

describe('rule 9: temperatures 4330-4333', () => {
  test.each([
    ['440', '000440'],
    ['-1500', '001500-'],
    ['1500-', '001500-'],
    ['000000-', '000000-'],
  ])('normalises %s to %s', (value, normal) => {
    const r = generateCode({ primaryKey: { key: '00', value: SSCC }, ais: [{ key: '4331', value }] })
    expect(r.ok && r.result.ais[0]?.value).toBe(normal)
  })

  test('rejects more than six digits, a decimal, and two minus signs', () => {
    for (const [value, code] of [
      ['1234567', 'Validation.Length.ais'],
      ['12.5', 'Validation.Format.ais'],
      ['-12-', 'Validation.Format.ais'],
    ]) {
      expect(errorsOf({ primaryKey: { key: '00', value: SSCC }, ais: [{ key: '4330', value }] })).toEqual([
        { code: code ?? '', path: 'ais[0].value' },
      ])
    }
  })
})

describe('rule 11: digitalLinkStem', () => {
  test.each([
    ['https://example.com/', 'https://example.com'],
    ['http://example.com:8080/a/b', 'http://example.com:8080/a/b'],
    ['HTTPS://Example.com', 'https://example.com'],
    ['https://id.example.com:443/', 'https://id.example.com'],
    ['https://[::1]:3001', 'https://[::1]:3001'],
  ])('accepts %s as stem %s', (stem, expected) => {
    expect(textOf(gtinDef([], { digitalLinkStem: stem }))).toBe(`${expected}/01/${GTIN}`)
  })

  test.each([
    'ftp://example.com',
    'example.com',
    'https://',
    'https://user@example.com',
    'https://example.com?x=1',
    'https://example.com#f',
    'https://example.com//a',
    'https://example.com/a//',
    'https://exa mple.com',
    'https://example.com/a b',
    'https://example.com:99999',
  ])('rejects %s', (stem) => {
    expect(errorsOf(gtinDef([], { digitalLinkStem: stem }))).toEqual([
      { code: 'Validation.Invalid.digitalLinkStem', path: 'digitalLinkStem' },
    ])
  })
})

describe('rule 12: linkType', () => {
  test('accepts selectable gs1: page types and absolute http(s) URIs', () => {
    expect(textOf(dl([], { linkType: 'gs1:certificationInfo' }))).toBe(
      `${STEM}/01/${GTIN}?linkType=gs1%3AcertificationInfo`,
    )
    expect(textOf(dl([], { linkType: 'https://example.org/voc/x' }))).toBe(
      `${STEM}/01/${GTIN}?linkType=https%3A%2F%2Fexample.org%2Fvoc%2Fx`,
    )
  })

  test('rejects gs1:defaultLink, gs1:defaultLinkMulti and gs1:handledBy', () => {
    for (const linkType of ['gs1:defaultLink', 'gs1:defaultLinkMulti', 'gs1:handledBy']) {
      expect(codesOf(dl([], { linkType }))).toEqual(['Validation.NotAllowed.linkType'])
    }
  })

  test('rejects unknown gs1: types and relative or non-http values', () => {
    for (const linkType of ['gs1:nope', 'pip', '/a/b', 'mailto:x@y', 'https://', 'https://a b']) {
      expect(codesOf(dl([], { linkType }))).toEqual(['Validation.Invalid.linkType'])
    }
  })

  test('rejects an http(s) URI without a valid host, saying why; a port, path, query or fragment is fine', () => {
    const message = (linkType: string) => {
      const r = generateCode(dl([], { linkType }))
      return r.ok ? null : r.errors[0]?.message
    }
    expect(message('http://?')).toBe(
      "linkType expects gs1:<page type> or an absolute http(s) URI; 'http://?' has no host",
    )
    for (const linkType of ['https://#x', 'https://:443/x', 'http:///x']) {
      expect(errorsOf(dl([], { linkType }))).toEqual([
        { code: 'Validation.Invalid.linkType', path: 'linkType' },
      ])
    }
    expect(message('http://@')).toEndWith('must not contain user information (user@)')
    expect(message('https://a..b/x')).toEndWith('has an invalid host name')
    for (const linkType of [
      'https://example.org:8443/voc/x?y=1#z',
      'http://example.org',
      'https://[::1]/x',
    ]) {
      expect(codesOf(dl([], { linkType }))).toEqual([])
    }
  })

  test('is only allowed with digitalLinkStem', () => {
    expect(errorsOf(gtinDef([], { linkType: 'gs1:pip' }))).toEqual([
      { code: 'Validation.NotAllowed.linkType', path: 'linkType' },
    ])
    expect(codesOf(gtinDef([], { linkType: null }))).toEqual([])
  })
})

describe('rule 13: context', () => {
  test('is emitted after linkType and follows the parameter character rules', () => {
    expect(textOf(dl([], { context: 'dpp/1' }))).toBe(`${STEM}/01/${GTIN}?context=dpp%2F1`)
    expect(codesOf(dl([], { context: 'a b' }))).toEqual(['Validation.Charset.context'])
    expect(codesOf(dl([], { context: '' }))).toEqual(['Validation.Charset.context'])
  })

  test('is only allowed with digitalLinkStem', () => {
    expect(codesOf(gtinDef([], { context: 'x' }))).toEqual(['Validation.NotAllowed.context'])
  })
})
