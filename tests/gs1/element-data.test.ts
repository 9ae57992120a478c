/** checkElementData: AI element data from carriers (EPC, Digital Link), with paths ais[i]. */
import { describe, expect, test } from 'bun:test'
import { checkElementData } from '../../src/gs1/index.ts'
import { GTIN } from './helpers.ts'

function codes(pairs: [string, string][]): { code: string; path: string | null }[] {
  return checkElementData(pairs.map(([ai, value]) => ({ ai, value }))).map(({ code, path }) => ({
    code,
    path,
  }))
}

describe('checkElementData', () => {
  test('accepts a valid set', () => {
    expect(
      codes([
        ['01', GTIN],
        ['21', 'S1'],
        ['17', '261231'],
      ]),
    ).toEqual([])
  })

  test('accepts identical repeats from several carriers but not different values', () => {
    expect(
      codes([
        ['01', GTIN],
        ['10', 'A'],
        ['10', 'A'],
      ]),
    ).toEqual([])
    expect(
      codes([
        ['01', GTIN],
        ['10', 'A'],
        ['10', 'B'],
      ]),
    ).toEqual([{ code: 'Validation.Duplicate.ais', path: 'ais[2].key' }])
  })

  test('reports unknown AIs and bad values with paths into the array', () => {
    expect(
      codes([
        ['01', GTIN],
        ['89', 'X'],
        ['11', '200230'],
      ]),
    ).toEqual([
      { code: 'Validation.UnknownAi.ais', path: 'ais[1].key' },
      { code: 'Validation.Format.ais', path: 'ais[2].value' },
    ])
  })

  test('evaluates requires over the whole set, never counting the AI itself', () => {
    expect(codes([['21', 'S']])).toEqual([{ code: 'Validation.Requires.ais', path: 'ais[0].key' }])
    expect(
      codes([
        ['02', GTIN],
        ['37', '25'],
      ]),
    ).toEqual([{ code: 'Validation.Requires.ais', path: 'ais[1].key' }])
    expect(
      codes([
        ['00', '006141411234567890'],
        ['02', GTIN],
        ['37', '25'],
      ]),
    ).toEqual([])
  })

  test('evaluates excludes from either side once per pair, with patterns', () => {
    expect(
      codes([
        ['01', GTIN],
        ['37', '5'],
      ]),
    ).toEqual([
      { code: 'Validation.Excludes.ais', path: 'ais[0].key' },
      { code: 'Validation.Requires.ais', path: 'ais[1].key' },
    ])
    expect(
      codes([
        ['01', GTIN],
        ['3100', '000001'],
        ['3105', '000001'],
      ]),
    ).toEqual([{ code: 'Validation.Excludes.ais', path: 'ais[1].key' }])
  })

  test('combines several req instances: (250) needs (01) or (8006), and (21)', () => {
    expect(
      codes([
        ['01', GTIN],
        ['21', 'S'],
        ['250', 'X'],
      ]),
    ).toEqual([])
    expect(
      codes([
        ['21', 'S'],
        ['250', 'X'],
      ]).map((e) => e.path),
    ).toEqual(['ais[0].key', 'ais[1].key'])
  })

  test('refuses coupon data that breaks the coupon structure', () => {
    expect(codes([['8110', '012345612345611110123']])).toEqual([])
    expect(codes([['8112', '2012345']])).toEqual([{ code: 'Validation.Format.ais', path: 'ais[0].value' }])
  })
})

describe('messages about element data', () => {
  test('never echo a long unknown AI key, even when it repeats', () => {
    const key = '9'.repeat(5000)
    const issues = checkElementData([
      { ai: key, value: 'x' },
      { ai: key, value: 'y' },
    ])
    expect(issues.map((i) => i.code)).toEqual(['Validation.UnknownAi.ais', 'Validation.UnknownAi.ais'])
    expect(issues.every((i) => i.message.length < 200)).toBe(true)
  })
})
