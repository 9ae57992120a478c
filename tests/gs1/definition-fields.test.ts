/** SPEC rule 14 and the further fields: mode, reference, language, errorCorrectionLevel, compression, shapes. */
import { describe, expect, test } from 'bun:test'
import { generateCode, isValidationCode, VALIDATION_CODES } from '../../src/gs1/index.ts'
import { codesOf, errorsOf, GTIN, gtinDef, STEM } from './helpers.ts'

const RENDER = { render: true, requireMode: true }

describe('mode', () => {
  test('is optional unless the operation requires it', () => {
    expect(codesOf(gtinDef())).toEqual([])
    expect(errorsOf(gtinDef(), { requireMode: true })).toEqual([
      { code: 'Validation.Required.mode', path: 'mode' },
    ])
  })

  test('must be one of the four modes', () => {
    expect(codesOf(gtinDef([], { mode: 'QR' }))).toEqual(['Validation.Invalid.mode'])
    expect(codesOf(gtinDef([], { mode: 3 }))).toEqual(['Validation.Type.mode'])
  })

  test('Digital Link modes require digitalLinkStem; element-string modes refuse it', () => {
    expect(errorsOf(gtinDef([], { mode: 'QR_GS1_DIGITAL_LINK_URI' }))).toEqual([
      { code: 'Validation.Required.digitalLinkStem', path: 'digitalLinkStem' },
    ])
    expect(codesOf(gtinDef([], { mode: 'GS1_DATAMATRIX', digitalLinkStem: STEM }))).toEqual([
      'Validation.NotAllowed.digitalLinkStem',
    ])
    expect(codesOf(gtinDef([], { mode: 'DATAMATRIX_GS1_DIGITAL_LINK_URI', digitalLinkStem: STEM }))).toEqual(
      [],
    )
    expect(codesOf(gtinDef([], { mode: 'GS1_QR' }))).toEqual([])
  })

  test('is echoed in the result', () => {
    const r = generateCode(gtinDef([], { mode: 'GS1_QR', reference: 'r1', language: 'fr-ca' }))
    expect(r.ok && [r.result.mode, r.result.reference, r.result.language]).toEqual(['GS1_QR', 'r1', 'fr-ca'])
  })
})

describe('reference and language', () => {
  test('reference is a string of at most 200 characters', () => {
    expect(codesOf(gtinDef([], { reference: 'x'.repeat(200) }))).toEqual([])
    expect(codesOf(gtinDef([], { reference: 'x'.repeat(201) }))).toEqual(['Validation.TooLong.reference'])
    expect(codesOf(gtinDef([], { reference: 7 }))).toEqual(['Validation.Type.reference'])
  })

  test('language is lower-case ll or ll-cc', () => {
    for (const language of ['en', 'fr-ca']) expect(codesOf(gtinDef([], { language }))).toEqual([])
    for (const language of ['EN', 'fr-CA', 'fr_ca', 'fra', 'f'])
      expect(codesOf(gtinDef([], { language }))).toEqual(['Validation.Invalid.language'])
    expect(codesOf(gtinDef([], { language: ['en'] }))).toEqual(['Validation.Type.language'])
  })
})

describe('rule 14: errorCorrectionLevel', () => {
  test('QR modes accept L, M, Q, H when rendering; omitted or null selects L', () => {
    for (const level of ['L', 'M', 'Q', 'H']) {
      const r = generateCode(gtinDef([], { mode: 'GS1_QR', errorCorrectionLevel: level }), RENDER)
      expect<unknown>(r.ok && r.result.errorCorrectionLevel).toBe(level)
    }
    const r = generateCode(gtinDef([], { mode: 'GS1_QR', errorCorrectionLevel: null }), RENDER)
    expect(r.ok && r.result.errorCorrectionLevel).toBe('L')
  })

  test('Data Matrix modes accept only omitted or null', () => {
    expect(codesOf(gtinDef([], { mode: 'GS1_DATAMATRIX', errorCorrectionLevel: null }), RENDER)).toEqual([])
    expect(errorsOf(gtinDef([], { mode: 'GS1_DATAMATRIX', errorCorrectionLevel: 'M' }), RENDER)).toEqual([
      { code: 'Validation.NotAllowed.errorCorrectionLevel', path: 'errorCorrectionLevel' },
    ])
  })

  test('other values are invalid, and any level outside render is not allowed', () => {
    expect(codesOf(gtinDef([], { mode: 'GS1_QR', errorCorrectionLevel: 'X' }), RENDER)).toEqual([
      'Validation.Invalid.errorCorrectionLevel',
    ])
    expect(codesOf(gtinDef([], { mode: 'GS1_QR', errorCorrectionLevel: 1 }), RENDER)).toEqual([
      'Validation.Type.errorCorrectionLevel',
    ])
    expect(codesOf(gtinDef([], { mode: 'GS1_QR', errorCorrectionLevel: 'L' }))).toEqual([
      'Validation.NotAllowed.errorCorrectionLevel',
    ])
  })
})

describe('compression', () => {
  const base = gtinDef([['21', 'S1']], { digitalLinkStem: STEM })

  test('is carried with a stem, primary key (01) and AI (21)', () => {
    for (const compression of ['EPC_HEX', 'EPC_BASE64']) {
      const r = generateCode({ ...base, compression })
      expect<unknown>(r.ok && r.result.compression).toBe(compression)
    }
    expect(codesOf({ ...base, compression: null })).toEqual([])
  })

  test('is carried for every key an EPC carries (TDS 2.3 §7), with the serial SGTIN, ITIP and CPI need', () => {
    const keys: [string, string, [string, string][]][] = [
      ['00', '095201234567891235', []],
      ['414', '9521141123454', []],
      ['8006', '095211411234540102', [['21', '1']]],
      ['8010', '95211415PQ7', [['8011', '1']]],
      ['8018', '952114112345678906', []],
    ]
    for (const [key, value, ais] of keys) {
      const def = {
        digitalLinkStem: STEM,
        primaryKey: { key, value },
        ais: ais.map(([k, v]) => ({ key: k, value: v })),
        compression: 'EPC_HEX',
      }
      expect({ key, codes: codesOf(def) }).toEqual({ key, codes: [] })
    }
    const withoutSerial = { digitalLinkStem: STEM, primaryKey: { key: '8010', value: '95211415PQ7' } }
    expect(codesOf({ ...withoutSerial, compression: 'EPC_HEX' })).toEqual(['Validation.Requires.compression'])
  })

  test('is refused without stem, with another key, without (21), or with another value', () => {
    expect(codesOf(gtinDef([['21', 'S1']], { compression: 'EPC_HEX' }))).toEqual([
      'Validation.NotAllowed.compression',
    ])
    expect(
      codesOf({
        digitalLinkStem: STEM,
        // GINC (401): a Digital Link primary key no EPC scheme carries.
        primaryKey: { key: '401', value: '9521141XYZ47' },
        compression: 'EPC_HEX',
      }),
    ).toEqual(['Validation.NotAllowed.compression'])
    expect(codesOf(gtinDef([], { digitalLinkStem: STEM, compression: 'EPC_HEX' }))).toEqual([
      'Validation.Requires.compression',
    ])
    expect(codesOf({ ...base, compression: 'ZIP' })).toEqual(['Validation.Invalid.compression'])
  })
})

describe('shape of the definition', () => {
  test('a non-object is Validation.Type.definition with path null', () => {
    for (const input of [null, 1, 'x', [], true])
      expect(errorsOf(input)).toEqual([{ code: 'Validation.Type.definition', path: null }])
  })

  test('unknown top-level properties are Validation.Unknown.<name>', () => {
    expect(errorsOf(gtinDef([], { colour: 'red', 'a b': 1 }))).toEqual([
      { code: 'Validation.Unknown.colour', path: 'colour' },
      { code: 'Validation.Unknown.property', path: "'a b'" },
    ])
  })

  test('primaryKey must be an object of two strings', () => {
    expect(errorsOf({})).toEqual([{ code: 'Validation.Required.primaryKey', path: 'primaryKey' }])
    expect(errorsOf({ primaryKey: 'x' })).toEqual([
      { code: 'Validation.Type.primaryKey', path: 'primaryKey' },
    ])
    expect(errorsOf({ primaryKey: { key: 1, value: GTIN, x: 0 } })).toEqual([
      { code: 'Validation.Unknown.primaryKey', path: 'primaryKey.x' },
      { code: 'Validation.Type.primaryKey', path: 'primaryKey.key' },
    ])
    expect(errorsOf({ primaryKey: { key: '01' } })).toEqual([
      { code: 'Validation.Required.primaryKey', path: 'primaryKey.value' },
    ])
  })

  test('ais must be an array of {key, value} objects; null means none', () => {
    expect(codesOf(gtinDef([], { ais: null }))).toEqual([])
    expect(errorsOf(gtinDef([], { ais: {} }))).toEqual([{ code: 'Validation.Type.ais', path: 'ais' }])
    expect(errorsOf(gtinDef([], { ais: [1, { key: '10' }, { key: '10', value: 5 }] }))).toEqual([
      { code: 'Validation.Type.ais', path: 'ais[0]' },
      { code: 'Validation.Required.ais', path: 'ais[1].value' },
      { code: 'Validation.Type.ais', path: 'ais[2].value' },
    ])
  })

  test('more than 100 ais are refused at once', () => {
    const ais = Array.from({ length: 101 }, () => ({ key: '10', value: 'A' }))
    expect(codesOf(gtinDef([], { ais }))).toEqual(['Validation.TooMany.ais'])
  })

  test('all errors are returned together', () => {
    const input = {
      mode: 'X',
      primaryKey: { key: '01', value: '1' },
      ais: [{ key: '17', value: '999999' }],
      linkType: 'gs1:pip',
      bogus: 1,
    }
    expect(codesOf(input)).toEqual([
      'Validation.Unknown.bogus',
      'Validation.Invalid.mode',
      'Validation.Length.primaryKey',
      'Validation.Format.ais',
      'Validation.NotAllowed.linkType',
    ])
  })
})

describe('bounded messages', () => {
  test('long input in every field gives short messages, paths and codes', () => {
    const long = `${'é'.repeat(3000)}${'1'.repeat(3000)}`
    const input = {
      [long]: 1,
      mode: long,
      reference: long,
      language: long,
      primaryKey: { key: long, value: long, [long]: 2 },
      ais: [
        { key: long, value: long },
        { key: '10', value: long },
        { key: '01', value: long },
      ],
      digitalLinkStem: `https://${long}`,
      linkType: long,
      context: long,
      extensionParameters: [{ key: long, value: long }],
      errorCorrectionLevel: long,
      compression: long,
    }
    const r = generateCode(input, { render: true })
    expect(r.ok).toBe(false)
    for (const e of r.ok ? [] : r.errors) {
      expect(e.message.length).toBeLessThan(300)
      expect((e.path ?? '').length).toBeLessThan(100)
      expect(e.code.length).toBeLessThan(60)
    }
  })
})

describe('VALIDATION_CODES', () => {
  test('lists unique codes, each with a description', () => {
    const codes = VALIDATION_CODES.map((c) => c.code)
    expect(new Set(codes).size).toBe(codes.length)
    expect(
      VALIDATION_CODES.every(
        (c) => /^Validation\.[A-Za-z]+\.[A-Za-z{}]+$/.test(c.code) && c.description.length > 10,
      ),
    ).toBe(true)
  })

  test('covers the codes the examples in DESIGN §6 name', () => {
    for (const code of [
      'Validation.Invalid.primaryKey',
      'Validation.Required.mode',
      'Validation.CheckDigit.primaryKey',
      'Validation.Requires.ais',
      'Validation.Excludes.ais',
      'Validation.Duplicate.ais',
      'Validation.NotAllowed.linkType',
    ]) {
      expect(isValidationCode(code)).toBe(true)
    }
  })
})
