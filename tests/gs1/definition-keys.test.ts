/** SPEC code-definition rules 1-6: primary keys, GTIN normalisation, AI formats, repeats, requires/excludes. */
import { describe, expect, test } from 'bun:test'
import { generateCode } from '../../src/gs1/index.ts'
import { codesOf, errorsOf, GTIN, gtinDef, SSCC, STEM, textOf } from './helpers.ts'

describe('rule 1: primary key with digitalLinkStem', () => {
  test.each([
    ['00', SSCC],
    ['01', GTIN],
    ['253', '9526064000028000001'],
    ['255', '9520123456788123'],
    ['401', '1234ABC'],
    ['402', '12345678901234560'],
    ['414', '9520123456788'],
    ['417', '9520123456788'],
    ['8003', '01234567890128ABC'],
    ['8004', '9520614141234567'],
    ['8010', '1234567890'],
    ['8013', '1987654Ad4X4bL5ttr2310c2K'],
    ['8017', '795260646688514634'],
    ['8018', '123456789012345675'],
  ])('accepts DL primary key (%s)', (key, value) => {
    expect(textOf({ digitalLinkStem: STEM, primaryKey: { key, value } })).toBe(`${STEM}/${key}/${value}`)
  })

  test('accepts (8006) ITIP and (415) with its required (8020) qualifier', () => {
    expect(textOf({ digitalLinkStem: STEM, primaryKey: { key: '8006', value: '123456789012310102' } })).toBe(
      `${STEM}/8006/123456789012310102`,
    )
    expect(
      textOf({
        digitalLinkStem: STEM,
        primaryKey: { key: '415', value: '9520123456788' },
        ais: [{ key: '8020', value: 'INV1' }],
      }),
    ).toBe(`${STEM}/415/9520123456788/8020/INV1`)
  })

  test('rejects (03) and non-key AIs with Validation.Invalid.primaryKey at primaryKey', () => {
    for (const key of ['03', '02', '10', '89', 'abc']) {
      expect(errorsOf({ digitalLinkStem: STEM, primaryKey: { key, value: GTIN } })).toEqual([
        { code: 'Validation.Invalid.primaryKey', path: 'primaryKey' },
      ])
    }
  })
})

describe('rule 2: primary key without digitalLinkStem', () => {
  test('accepts (03) made-to-order GTIN for element strings', () => {
    expect(textOf({ primaryKey: { key: '03', value: '12312312312319' } })).toBe('(03)12312312312319')
  })

  test('accepts the Digital Link keys too', () => {
    expect(textOf({ primaryKey: { key: '00', value: SSCC } })).toBe(`(00)${SSCC}`)
  })

  test('rejects an AI that is not a key', () => {
    expect(codesOf({ primaryKey: { key: '02', value: GTIN } })).toEqual(['Validation.Invalid.primaryKey'])
  })
})

describe('rule 3: GTIN normalisation', () => {
  test.each([
    ['40170725', '00000040170725'],
    ['416000336108', '00416000336108'],
    ['9506000134352', GTIN],
    [GTIN, GTIN],
  ])('normalises %s to %s', (value, gtin14) => {
    const r = generateCode({ primaryKey: { key: '01', value } })
    expect(r.ok && r.result.primaryKey).toEqual({ key: '01', value: gtin14 })
  })

  test('normalises a GTIN attribute (01) under another key as well', () => {
    expect(
      textOf({
        digitalLinkStem: STEM,
        primaryKey: { key: '8004', value: '9520614141234567' },
        ais: [{ key: '01', value: '9506000134352' }],
      }),
    ).toBe(`${STEM}/8004/9520614141234567?01=${GTIN}`)
  })

  test('rejects a wrong check digit, a bad length and a non-digit with their own codes', () => {
    expect(errorsOf({ primaryKey: { key: '01', value: '9506000134353' } })).toEqual([
      { code: 'Validation.CheckDigit.primaryKey', path: 'primaryKey.value' },
    ])
    expect(codesOf({ primaryKey: { key: '01', value: '123456789' } })).toEqual([
      'Validation.Length.primaryKey',
    ])
    expect(codesOf({ primaryKey: { key: '01', value: '0950600013435A' } })).toEqual([
      'Validation.Charset.primaryKey',
    ])
  })

  test('says which check digit was expected', () => {
    const r = generateCode({ primaryKey: { key: '01', value: '1234567890123' } })
    expect(r.ok ? '' : r.errors[0]?.message).toContain('expected 8')
  })
})

describe('rule 4: ais keys exist and values match their format', () => {
  test('accepts valid values of several formats', () => {
    const ais: [string, string][] = [
      ['10', 'ABC-1/2'],
      ['17', '261231'],
      ['3103', '000195'],
      ['422', '826'],
      ['7003', '2512312359'],
    ]
    expect(codesOf(gtinDef(ais))).toEqual([])
  })

  test('rejects an unknown AI with Validation.UnknownAi.ais at ais[i].key', () => {
    expect(
      errorsOf(
        gtinDef([
          ['10', 'A'],
          ['89', 'X'],
        ]),
      ),
    ).toEqual([{ code: 'Validation.UnknownAi.ais', path: 'ais[1].key' }])
  })

  test('reports length, charset, check digit and format problems at ais[i].value', () => {
    expect(
      errorsOf(
        gtinDef([
          ['10', 'A'.repeat(21)],
          ['10', 'A B'],
          ['00', '123456789012345670'],
          ['17', '261332'],
        ]),
      ),
    ).toEqual([
      { code: 'Validation.Length.ais', path: 'ais[0].value' },
      { code: 'Validation.Charset.ais', path: 'ais[1].value' },
      { code: 'Validation.CheckDigit.ais', path: 'ais[2].value' },
      { code: 'Validation.Format.ais', path: 'ais[3].value' },
      { code: 'Validation.Duplicate.ais', path: 'ais[1].key' },
    ])
  })

  test('the date message says what is wrong and what is expected', () => {
    const r = generateCode(gtinDef([['17', '261332']]))
    expect(r.ok ? '' : r.errors[0]?.message).toBe(
      'AI (17) expects a date YYMMDD (day 00 allowed); 261332 has month 13',
    )
  })

  test('messages truncate long input to 40 characters', () => {
    const r = generateCode(gtinDef([['10', `${'x'.repeat(5000)} `]]))
    const message = r.ok ? '' : (r.errors[0]?.message ?? '')
    expect(message.length).toBeLessThan(200)
    expect(message).toContain(`'${'x'.repeat(40)}…'`)
  })
})

describe('rule 5: no repeats', () => {
  test('rejects an AI that repeats the primary key', () => {
    expect(errorsOf(gtinDef([['01', GTIN]]))).toEqual([
      { code: 'Validation.Duplicate.ais', path: 'ais[0].key' },
    ])
  })

  test('rejects ais keys repeating each other, even with identical values', () => {
    expect(
      errorsOf(
        gtinDef([
          ['10', 'A'],
          ['10', 'A'],
        ]),
      ),
    ).toEqual([{ code: 'Validation.Duplicate.ais', path: 'ais[1].key' }])
  })

  test('accepts distinct AIs of one family such as (3100) and (3110)', () => {
    expect(
      codesOf(
        gtinDef([
          ['3100', '000123'],
          ['3110', '000456'],
        ]),
      ),
    ).toEqual([])
  })
})

describe('rule 6: requires and excludes', () => {
  test('rejects (250) without (21) and accepts it with (21)', () => {
    expect(errorsOf(gtinDef([['250', 'X']]))).toEqual([
      { code: 'Validation.Requires.ais', path: 'ais[0].key' },
    ])
    expect(
      codesOf(
        gtinDef([
          ['21', 'S'],
          ['250', 'X'],
        ]),
      ),
    ).toEqual([])
  })

  test('rejects (01) with (255) on the primary key, and (3100) with (3101)', () => {
    expect(errorsOf(gtinDef([['255', '9520123456788']]))).toEqual([
      { code: 'Validation.Excludes.primaryKey', path: 'primaryKey.key' },
    ])
    expect(
      codesOf(
        gtinDef([
          ['3100', '000123'],
          ['3101', '000456'],
        ]),
      ),
    ).toEqual(['Validation.Excludes.ais'])
  })

  test('the requires message names the missing alternatives', () => {
    const r = generateCode({ primaryKey: { key: '00', value: SSCC }, ais: [{ key: '3925', value: '12599' }] })
    expect(r.ok ? [] : r.errors.map((e) => e.message)).toContain(
      'AI (3925) requires AI (01) and one of AI (30), (31nn), (32nn), (35nn) or (36nn), missing here',
    )
  })

  test('applies the DigSig rule: (253) needs its serial when (8030) is present', () => {
    const def = {
      primaryKey: { key: '253', value: '1234567890128' },
      ais: [{ key: '8030', value: 'ABC123' }],
    }
    expect(errorsOf(def)).toEqual([{ code: 'Validation.Requires.primaryKey', path: 'primaryKey.value' }])
    expect(codesOf({ ...def, primaryKey: { key: '253', value: '1234567890128S1' } })).toEqual([])
  })

  test('(415) requires its (8020) qualifier', () => {
    expect(codesOf({ primaryKey: { key: '415', value: '9520123456788' } })).toEqual([
      'Validation.Requires.primaryKey',
    ])
  })
})
