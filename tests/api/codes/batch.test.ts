/** POST /codes over HTTP: results and failures per DESIGN §6, the 1000-item limit, and request-level 422s. */
import { describe, expect, test } from 'bun:test'
import { GTIN, gtinDefinition, postJson, STEM, useCodeApi } from './harness.ts'

const api = useCodeApi()

async function batch(body: unknown) {
  const res = await postJson(api(), '/codes', body)
  return { status: res.status, body: await res.json() }
}

describe('POST /codes', () => {
  test('200 with results carrying index, reference, mode, the normalised primaryKey, barcodeText and hri', async () => {
    const codes = [
      { reference: 'a', mode: 'GS1_DATAMATRIX', primaryKey: { key: '01', value: '9506000134352' } },
      { ...gtinDefinition([['21', 'S1']], { digitalLinkStem: STEM }), mode: 'QR_GS1_DIGITAL_LINK_URI' },
    ]
    expect(await batch({ codes })).toEqual({
      status: 200,
      body: {
        codes: [
          {
            index: 0,
            reference: 'a',
            mode: 'GS1_DATAMATRIX',
            primaryKey: { key: '01', value: GTIN },
            barcodeText: `(01)${GTIN}`,
            hri: `(01)${GTIN}`,
          },
          {
            index: 1,
            reference: null,
            mode: 'QR_GS1_DIGITAL_LINK_URI',
            primaryKey: { key: '01', value: GTIN },
            barcodeText: `${STEM}/01/${GTIN}/21/S1`,
            hri: `(01)${GTIN}(21)S1`,
          },
        ],
        failures: [],
      },
    })
  })

  test('a rejected item is a failure {index, reference, errors} with paths relative to the item; the rest succeed', async () => {
    const codes = [
      {
        reference: 'bad',
        mode: 'GS1_QR',
        ...gtinDefinition([
          ['10', 'A'],
          ['17', '261332'],
        ]),
      },
      { reference: 'good', mode: 'GS1_QR', ...gtinDefinition() },
      { reference: 'no-mode', ...gtinDefinition() },
      'not an object',
      { reference: 7, mode: 'GS1_QR', primaryKey: { key: '01', value: GTIN } },
    ]
    const { status, body } = await batch({ codes })
    expect(status).toBe(200)
    expect(body.codes.map((c: { index: number; reference: string }) => [c.index, c.reference])).toEqual([
      [1, 'good'],
    ])
    const failures = body.failures.map(
      (f: { index: number; reference: string | null; errors: { code: string; path: string }[] }) => ({
        index: f.index,
        reference: f.reference,
        errors: f.errors.map((e) => [e.code, e.path]),
      }),
    )
    expect(failures).toEqual([
      { index: 0, reference: 'bad', errors: [['Validation.Format.ais', 'ais[1].value']] },
      { index: 2, reference: 'no-mode', errors: [['Validation.Required.mode', 'mode']] },
      { index: 3, reference: null, errors: [['Validation.Type.definition', null]] },
      { index: 4, reference: null, errors: [['Validation.Type.reference', 'reference']] },
    ])
    for (const f of body.failures) for (const e of f.errors) expect(e.message.length).toBeGreaterThan(0)
  })

  test('mode is required on every item', async () => {
    const { body } = await batch({ codes: [gtinDefinition()] })
    expect(body.failures[0].errors.map((e: { code: string }) => e.code)).toEqual(['Validation.Required.mode'])
  })

  test('accepts language per item, and checks errorCorrectionLevel as render does (QR levels; none for Data Matrix)', async () => {
    const { body } = await batch({
      codes: [
        { ...gtinDefinition(), mode: 'GS1_QR', language: 'fr-ca' },
        { ...gtinDefinition(), mode: 'GS1_QR', errorCorrectionLevel: 'H' },
        { ...gtinDefinition(), mode: 'GS1_DATAMATRIX', errorCorrectionLevel: 'H' },
        { ...gtinDefinition(), mode: 'GS1_QR', errorCorrectionLevel: 'X' },
      ],
    })
    expect(body.codes.map((c: { index: number }) => c.index)).toEqual([0, 1])
    expect(body.failures.map((f: { errors: { code: string }[] }) => f.errors[0]?.code)).toEqual([
      'Validation.NotAllowed.errorCorrectionLevel',
      'Validation.Invalid.errorCorrectionLevel',
    ])
  })

  test('an empty batch answers 200 {codes: [], failures: []}', async () => {
    expect(await batch({ codes: [] })).toEqual({ status: 200, body: { codes: [], failures: [] } })
  })

  test('1000 items are generated in one request, in request order', async () => {
    const codes = Array.from({ length: 1000 }, (_, i) => ({
      reference: `r${i}`,
      mode: 'GS1_DATAMATRIX',
      ...gtinDefinition([['21', String(i)]]),
    }))
    const { status, body } = await batch({ codes })
    expect(status).toBe(200)
    expect(body.failures).toEqual([])
    expect(body.codes.length).toBe(1000)
    expect(body.codes[999]).toMatchObject({
      index: 999,
      reference: 'r999',
      barcodeText: `(01)${GTIN}(21)999`,
    })
  })

  test('1001 items are 422 Validation.TooMany.codes for the whole request', async () => {
    const codes = Array.from({ length: 1001 }, () => ({ mode: 'GS1_QR', ...gtinDefinition() }))
    expect(await batch({ codes })).toEqual({
      status: 422,
      body: {
        errors: [
          {
            code: 'Validation.TooMany.codes',
            path: 'codes',
            message: 'codes may hold at most 1000 definitions; got 1001',
          },
        ],
      },
    })
  })

  test('codes that is not an array, or missing, is 422 for the request', async () => {
    expect(await batch({ codes: { mode: 'GS1_QR' } })).toEqual({
      status: 422,
      body: { errors: [{ code: 'Validation.Type.codes', path: 'codes', message: 'codes must be an array' }] },
    })
    expect(await batch({})).toEqual({
      status: 422,
      body: { errors: [{ code: 'Validation.Required.codes', path: 'codes', message: 'codes is required' }] },
    })
  })

  test('a body that is not an object, or has other properties, is 422 for the request', async () => {
    expect((await batch('[]')).body.errors.map((e: { code: string }) => e.code)).toEqual([
      'Validation.Type.body',
    ])
    expect(await batch({ codes: [], extra: 1, 'a b': 2 })).toEqual({
      status: 422,
      body: {
        errors: [
          {
            code: 'Validation.Unknown.extra',
            path: 'extra',
            message: 'extra is not a property of a batch request; only codes is',
          },
          {
            code: 'Validation.Unknown.property',
            path: null,
            message: 'a property is not a property of a batch request; only codes is',
          },
        ],
      },
    })
  })
})
