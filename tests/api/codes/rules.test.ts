/** SPEC code-definition rules 1–13 over HTTP through POST /code (rule 14 is in code.test.ts and render.test.ts). */
import { describe, expect, test } from 'bun:test'
import { codeRequests, dlDefinition, GTIN, gtinDefinition, STEM, useCodeApi } from './harness.ts'

const api = useCodeApi()
const SSCC = '006141411234567890'

const { generate, problems, text } = codeRequests(api)

describe('SPEC code-definition rules over HTTP', () => {
  test('rule 1: with digitalLinkStem the key must be a Digital Link primary key; (03) is not', async () => {
    expect(await problems({ digitalLinkStem: STEM, primaryKey: { key: '03', value: GTIN } })).toEqual([
      { code: 'Validation.Invalid.primaryKey', path: 'primaryKey' },
    ])
    expect(await problems({ primaryKey: { key: '10', value: 'ABC' } })).toEqual([
      { code: 'Validation.Invalid.primaryKey', path: 'primaryKey' },
    ])
  })

  test('rule 2: without digitalLinkStem (03) is accepted too', async () => {
    expect(await text({ primaryKey: { key: '03', value: GTIN } })).toBe(`(03)${GTIN}`)
  })

  test('rule 3: a GTIN of 8, 12, 13 or 14 digits is normalised to 14; a wrong check digit is refused', async () => {
    for (const value of ['9506000134352', '09506000134352']) {
      expect(await text({ primaryKey: { key: '01', value } })).toBe(`(01)${GTIN}`)
    }
    expect(await text({ primaryKey: { key: '01', value: '96385074' } })).toBe('(01)00000096385074')
    expect(await text({ primaryKey: { key: '01', value: '614141000036' } })).toBe('(01)00614141000036')
    expect(await problems({ primaryKey: { key: '01', value: '9506000134353' } })).toEqual([
      { code: 'Validation.CheckDigit.primaryKey', path: 'primaryKey.value' },
    ])
  })

  test('rule 4: ais keys exist in the dictionary and values match their format', async () => {
    expect(
      await problems(
        gtinDefinition([
          ['10', 'A'.repeat(21)],
          ['10', 'A B'],
          ['89', 'X'],
          ['17', '261332'],
        ]),
      ),
    ).toEqual([
      { code: 'Validation.Length.ais', path: 'ais[0].value' },
      { code: 'Validation.Charset.ais', path: 'ais[1].value' },
      { code: 'Validation.UnknownAi.ais', path: 'ais[2].key' },
      { code: 'Validation.Format.ais', path: 'ais[3].value' },
      { code: 'Validation.Duplicate.ais', path: 'ais[1].key' },
    ])
  })

  test('rule 5: an AI may not repeat the primary key or another AI', async () => {
    expect(await problems(gtinDefinition([['01', GTIN]]))).toEqual([
      { code: 'Validation.Duplicate.ais', path: 'ais[0].key' },
    ])
    expect(
      await problems(
        gtinDefinition([
          ['10', 'A'],
          ['10', 'A'],
        ]),
      ),
    ).toEqual([{ code: 'Validation.Duplicate.ais', path: 'ais[1].key' }])
  })

  test('rule 6: requires and excludes relations are enforced', async () => {
    expect(await problems(gtinDefinition([['250', 'X']]))).toEqual([
      { code: 'Validation.Requires.ais', path: 'ais[0].key' },
    ])
    expect(
      await text(
        gtinDefinition([
          ['21', 'S'],
          ['250', 'X'],
        ]),
      ),
    ).toBe(`(01)${GTIN}(21)S(250)X`)
    expect(await problems(gtinDefinition([['255', '9520123456788']]))).toEqual([
      { code: 'Validation.Excludes.primaryKey', path: 'primaryKey.key' },
    ])
  })

  test('rule 7: with digitalLinkStem every AI is a qualifier of one sequence or a query attribute', async () => {
    expect(await problems(dlDefinition([['8200', 'https://x']]))).toEqual([
      { code: 'Validation.NotAllowed.ais', path: 'ais[0].key' },
    ])
    expect(
      await problems(
        dlDefinition([
          ['235', 'TPX'],
          ['22', 'V'],
        ]),
      ),
    ).toEqual([{ code: 'Validation.NotAllowed.ais', path: 'ais[0].key' }])
    expect(
      await text(
        dlDefinition([
          ['235', 'TPX'],
          ['10', 'L1'],
        ]),
      ),
    ).toBe(`${STEM}/01/${GTIN}/235/TPX?10=L1`)
  })

  test('rule 8: path qualifiers come in GS1 order, and the HRI follows the barcode text', async () => {
    expect(
      await generate(
        dlDefinition([
          ['21', 'S'],
          ['10', 'L'],
          ['22', 'V'],
        ]),
      ),
    ).toEqual({
      status: 200,
      body: { barcodeText: `${STEM}/01/${GTIN}/22/V/10/L/21/S`, hri: `(01)${GTIN}(22)V(10)L(21)S` },
    })
  })

  test('rule 9: temperatures are padded to six digits and keep a trailing minus', async () => {
    const def = (value: string) => ({ primaryKey: { key: '00', value: SSCC }, ais: [{ key: '4331', value }] })
    expect(await text(def('440'))).toBe(`(00)${SSCC}(4331)000440`)
    expect(await text(def('-1500'))).toBe(`(00)${SSCC}(4331)001500-`)
    expect(await problems(def('1234567'))).toEqual([{ code: 'Validation.Length.ais', path: 'ais[0].value' }])
  })

  test('rule 10: extension parameters need digitalLinkStem, unique unreserved keys, and safe characters', async () => {
    const ext = (extensionParameters: unknown) => dlDefinition([], { extensionParameters })
    expect(
      await text(
        ext([
          { key: 'b', value: 'x:y' },
          { key: 'a', value: '1' },
        ]),
      ),
    ).toBe(`${STEM}/01/${GTIN}?b=x%3Ay&a=1`)
    expect(await problems(gtinDefinition([], { extensionParameters: [{ key: 'a', value: 'b' }] }))).toEqual([
      { code: 'Validation.NotAllowed.extensionParameters', path: 'extensionParameters' },
    ])
    expect(
      await problems(
        ext([
          { key: 'linkType', value: 'v' },
          { key: '12', value: 'v' },
        ]),
      ),
    ).toEqual([
      { code: 'Validation.Reserved.extensionParameters', path: 'extensionParameters[0].key' },
      { code: 'Validation.Reserved.extensionParameters', path: 'extensionParameters[1].key' },
    ])
    expect(
      await problems(
        ext([
          { key: 'a', value: '1' },
          { key: 'a', value: '2' },
        ]),
      ),
    ).toEqual([{ code: 'Validation.Duplicate.extensionParameters', path: 'extensionParameters[1].key' }])
    expect(await problems(ext([{ key: 'a b', value: 'é' }]))).toEqual([
      { code: 'Validation.Charset.extensionParameters', path: 'extensionParameters[0].key' },
      { code: 'Validation.Charset.extensionParameters', path: 'extensionParameters[0].value' },
    ])
    expect(await text(gtinDefinition([], { extensionParameters: [] }))).toBe(`(01)${GTIN}`)
  })

  test('rule 11: digitalLinkStem is an http(s) URL with a host; one trailing slash is stripped', async () => {
    expect(await text(gtinDefinition([], { digitalLinkStem: 'https://example.com/' }))).toBe(
      `${STEM}/01/${GTIN}`,
    )
    for (const stem of [
      'ftp://example.com',
      'https://user@example.com',
      'https://example.com?x=1',
      'https://example.com#f',
      'https://example.com//a',
    ]) {
      expect(await problems(gtinDefinition([], { digitalLinkStem: stem }))).toEqual([
        { code: 'Validation.Invalid.digitalLinkStem', path: 'digitalLinkStem' },
      ])
    }
  })

  test('rule 12: linkType needs digitalLinkStem and is a selectable gs1: type or an absolute http(s) URI', async () => {
    expect(await text(dlDefinition([], { linkType: 'gs1:pip' }))).toBe(
      `${STEM}/01/${GTIN}?linkType=gs1%3Apip`,
    )
    expect(await problems(dlDefinition([], { linkType: 'gs1:defaultLink' }))).toEqual([
      { code: 'Validation.NotAllowed.linkType', path: 'linkType' },
    ])
    expect(await problems(dlDefinition([], { linkType: '/relative' }))).toEqual([
      { code: 'Validation.Invalid.linkType', path: 'linkType' },
    ])
    expect(await problems(gtinDefinition([], { linkType: 'gs1:pip' }))).toEqual([
      { code: 'Validation.NotAllowed.linkType', path: 'linkType' },
    ])
  })

  test('rule 13: context needs digitalLinkStem and the parameter character rules', async () => {
    expect(await text(dlDefinition([], { context: 'dpp/1' }))).toBe(`${STEM}/01/${GTIN}?context=dpp%2F1`)
    expect(await problems(dlDefinition([], { context: 'a b' }))).toEqual([
      { code: 'Validation.Charset.context', path: 'context' },
    ])
    expect(await problems(gtinDefinition([], { context: 'x' }))).toEqual([
      { code: 'Validation.NotAllowed.context', path: 'context' },
    ])
  })

  test('Digital Link modes require digitalLinkStem; element-string modes refuse it', async () => {
    expect(await problems(gtinDefinition([], { mode: 'QR_GS1_DIGITAL_LINK_URI' }))).toEqual([
      { code: 'Validation.Required.digitalLinkStem', path: 'digitalLinkStem' },
    ])
    expect(await problems(dlDefinition([], { mode: 'GS1_DATAMATRIX' }))).toEqual([
      { code: 'Validation.NotAllowed.digitalLinkStem', path: 'digitalLinkStem' },
    ])
  })
})
