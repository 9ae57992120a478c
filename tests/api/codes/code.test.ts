/** POST /code over HTTP: the answer, the accepted fields, and 422 listing every problem (rules: rules.test.ts). */
import { describe, expect, test } from 'bun:test'
import { codeRequests, dlDefinition, GTIN, gtinDefinition, postJson, STEM, useCodeApi } from './harness.ts'

const api = useCodeApi()

const { generate, problems, text } = codeRequests(api)

describe('POST /code answers', () => {
  test('200 {barcodeText, hri} with a Digital Link for a definition with digitalLinkStem', async () => {
    const res = await postJson(
      api(),
      '/code',
      dlDefinition([
        ['10', 'ABC123'],
        ['17', '261231'],
      ]),
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(await res.json()).toEqual({
      barcodeText: `${STEM}/01/${GTIN}/10/ABC123?17=261231`,
      hri: `(01)${GTIN}(10)ABC123(17)261231`,
    })
  })

  test('200 with the bracketed element string without digitalLinkStem', async () => {
    expect(
      await generate(
        gtinDefinition([
          ['17', '261231'],
          ['10', 'ABC'],
        ]),
      ),
    ).toEqual({
      status: 200,
      body: { barcodeText: `(01)${GTIN}(17)261231(10)ABC`, hri: `(01)${GTIN}(17)261231(10)ABC` },
    })
  })

  test('accepts mode, reference and language (lower-case ll or ll-cc) and answers only {barcodeText, hri}', async () => {
    const body = gtinDefinition([], { mode: 'GS1_QR', reference: 'r-1', language: 'en-gb' })
    expect(await generate(body)).toEqual({
      status: 200,
      body: { barcodeText: `(01)${GTIN}`, hri: `(01)${GTIN}` },
    })
  })

  test('422 for a language tag that is not lower-case ll or ll-cc', async () => {
    for (const language of ['EN', 'en-GB', 'english', 'en_gb', 'e']) {
      expect(await problems(gtinDefinition([], { language }))).toEqual([
        { code: 'Validation.Invalid.language', path: 'language' },
      ])
    }
  })

  test('422 lists every problem with code, path and message', async () => {
    const res = await postJson(api(), '/code', {
      mode: 'GS1_PDF417',
      primaryKey: { key: '01', value: '09506000134353' },
      ais: [
        { key: '17', value: '261332' },
        { key: '89', value: 'X' },
      ],
      linkType: 'gs1:pip',
      extra: true,
    })
    expect(res.status).toBe(422)
    expect(res.headers.get('content-type')).toBe('application/json')
    const body = await res.json()
    expect(body.errors.map((e: { code: string; path: string }) => [e.code, e.path])).toEqual([
      ['Validation.Unknown.extra', 'extra'],
      ['Validation.Invalid.mode', 'mode'],
      ['Validation.CheckDigit.primaryKey', 'primaryKey.value'],
      ['Validation.Format.ais', 'ais[0].value'],
      ['Validation.UnknownAi.ais', 'ais[1].key'],
      ['Validation.NotAllowed.linkType', 'linkType'],
    ])
    for (const e of body.errors) expect(typeof e.message === 'string' && e.message.length > 0).toBe(true)
  })

  test('422 Validation.Type.definition with path null for a body that is not an object', async () => {
    for (const body of ['[]', '"x"', '1', 'null']) {
      expect(await problems(body)).toEqual([{ code: 'Validation.Type.definition', path: null }])
    }
  })

  test('422 for errorCorrectionLevel, which only the render operation takes (rule 14)', async () => {
    expect(await problems(gtinDefinition([], { mode: 'GS1_QR', errorCorrectionLevel: 'M' }))).toEqual([
      { code: 'Validation.NotAllowed.errorCorrectionLevel', path: 'errorCorrectionLevel' },
    ])
    expect(await text(gtinDefinition([], { errorCorrectionLevel: null }))).toBe(`(01)${GTIN}`)
  })
})
