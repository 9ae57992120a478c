/** Digital Link output: qualifier choice, query order, encoding, HRI, and round trips for every key family. */
import { describe, expect, test } from 'bun:test'
import { buildDigitalLink, generateCode, parseDigitalLink, placeQualifiers } from '../../src/gs1/index.ts'
import { GTIN, gtinDef, SSCC, STEM, textOf } from './helpers.ts'

function pairs(list: [string, string][]): { ai: string; value: string }[] {
  return list.map(([ai, value]) => ({ ai, value }))
}

describe('placeQualifiers', () => {
  test('keeps the longest usable alternative and writes predefined-length attributes first', () => {
    const r = placeQualifiers(
      '01',
      pairs([
        ['99', 'A'],
        ['21', 'S'],
        ['17', '261231'],
        ['10', 'L'],
      ]),
    )
    expect(r).toEqual({
      ok: true,
      qualifiers: pairs([
        ['10', 'L'],
        ['21', 'S'],
      ]),
      attributes: pairs([
        ['17', '261231'],
        ['99', 'A'],
      ]),
    })
  })

  test('chooses the 235 alternative when 235 is present, leaving (10) to the query', () => {
    const r = placeQualifiers(
      '01',
      pairs([
        ['10', 'L'],
        ['235', 'T'],
      ]),
    )
    expect(r.ok && [r.qualifiers.map((q) => q.ai), r.attributes.map((a) => a.ai)]).toEqual([['235'], ['10']])
  })

  test('reports the AIs that fit nowhere', () => {
    const r = placeQualifiers(
      '414',
      pairs([
        ['254', 'A'],
        ['7040', '1ABC'],
      ]),
    )
    expect(r.ok ? [] : r.misplaced.map((p) => p.ai)).toEqual(['7040'])
  })
})

describe('Digital Link text', () => {
  test('percent-encodes every character outside A-Z a-z 0-9 - . _ ~ with upper-case hex, in path and query', () => {
    expect(
      textOf(
        gtinDef(
          [
            ['10', 'A!"%&\'()*+,'],
            ['99', 'x+-./:;<=>?_z'],
          ],
          { digitalLinkStem: STEM, extensionParameters: [{ key: 'k~', value: '[a]' }] },
        ),
      ),
    ).toBe(
      `${STEM}/01/${GTIN}/10/A%21%22%25%26%27%28%29%2A%2B%2C?99=x%2B-.%2F%3A%3B%3C%3D%3E%3F_z&k~=%5Ba%5D`,
    )
  })

  test('HRI lists the key, the path qualifiers, then the query AIs', () => {
    const r = generateCode(
      gtinDef(
        [
          ['99', 'A'],
          ['17', '261231'],
          ['10', 'L'],
        ],
        { digitalLinkStem: STEM },
      ),
    )
    expect(r.ok && r.result.hri).toBe(`(01)${GTIN}(10)L(17)261231(99)A`)
    expect(r.ok && r.result.elementString).toBe(`(01)${GTIN}(99)A(17)261231(10)L`)
  })

  test('buildDigitalLink without the query gives the anchor', () => {
    const r = generateCode(
      gtinDef(
        [
          ['10', 'L'],
          ['17', '261231'],
        ],
        { digitalLinkStem: STEM, linkType: 'gs1:pip' },
      ),
    )
    expect(r.ok && r.result.digitalLink && buildDigitalLink(r.result.digitalLink, { query: false })).toBe(
      `${STEM}/01/${GTIN}/10/L`,
    )
  })
})

describe('round trips for every key family', () => {
  test.each([
    [
      {
        primaryKey: { key: '00', value: SSCC },
        ais: [
          { key: '4330', value: '-440' },
          { key: '37', value: '12' },
          { key: '02', value: GTIN },
        ],
      },
    ],
    [{ primaryKey: { key: '414', value: '9520123456788' }, ais: [{ key: '254', value: 'A-1' }] }],
    [{ primaryKey: { key: '414', value: '9520123456788' }, ais: [{ key: '7040', value: '1ABC' }] }],
    [
      {
        primaryKey: { key: '8004', value: '9520614141234567' },
        ais: [
          { key: '01', value: '9506000134352' },
          { key: '7040', value: '1A-_' },
        ],
      },
    ],
    [
      {
        primaryKey: { key: '8006', value: '123456789012310102' },
        ais: [
          { key: '21', value: 'S' },
          { key: '10', value: 'L' },
        ],
      },
    ],
    [{ primaryKey: { key: '8010', value: '1234567890' }, ais: [{ key: '8011', value: '12' }] }],
    [
      {
        primaryKey: { key: '8017', value: '795260646688514634' },
        ais: [
          { key: '8019', value: '1' },
          { key: '7241', value: '80' },
        ],
      },
    ],
    [
      {
        primaryKey: { key: '253', value: '9526064000028000001' },
        ais: [{ key: '8030', value: 'AbC-_12==' }],
      },
    ],
  ])('%j', (def) => {
    const r = generateCode({ ...def, digitalLinkStem: STEM })
    if (!r.ok) throw new Error(JSON.stringify(r.errors))
    const parsed = parseDigitalLink(r.result.barcodeText)
    expect(parsed.ok && parsed.value).toEqual(r.result.digitalLink ?? false)
  })

  test('a pcenc value keeps its own %XX and is encoded again (%2520)', () => {
    const r = generateCode({
      digitalLinkStem: STEM,
      primaryKey: { key: '00', value: SSCC },
      ais: [{ key: '4300', value: 'ABC%20DEF' }],
    })
    expect(r.ok && r.result.barcodeText).toBe(`${STEM}/00/${SSCC}?4300=ABC%2520DEF`)
  })
})
