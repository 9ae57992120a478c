/** POST /render over HTTP, read by a real scanner: every mode, every QR level, quiet zones, 400 with an empty body. */
import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { fnc1ElementString } from '../../../src/gs1/index.ts'
import { quietZones, scan } from '../../render/scanner.ts'
import { GTIN, gtinDefinition, postJson, STEM, useCodeApi } from './harness.ts'

const api = useCodeApi()
const GS = '\u001d'

const elementString = gtinDefinition([
  ['10', 'AB(C'],
  ['17', '261231'],
  ['21', 'S/42'],
])
const digitalLink = gtinDefinition(
  [
    ['10', 'L/1'],
    ['21', 'S1'],
    ['17', '261231'],
  ],
  { digitalLinkStem: STEM },
)

function render(definition: unknown, headers: Record<string, string> = {}) {
  return postJson(api(), '/render', definition, { accept: 'image/svg+xml', ...headers })
}

async function svgOf(definition: unknown): Promise<string> {
  const res = await render(definition)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('image/svg+xml')
  return res.text()
}

async function barcodeText(definition: Record<string, unknown>): Promise<string> {
  const { mode: _mode, errorCorrectionLevel: _level, ...rest } = definition
  const res = await postJson(api(), '/code', rest)
  return (await res.json()).barcodeText
}

async function expectEmpty400(res: Response) {
  expect(res.status).toBe(400)
  expect(await res.text()).toBe('')
}

describe('POST /render: a scanner reads what POST /code generates', () => {
  test('GS1_DATAMATRIX: GS1 Data Matrix (]d2) whose data is the FNC1-separated element string', async () => {
    const def = { ...elementString, mode: 'GS1_DATAMATRIX' }
    const [read] = await scan(await svgOf(def))
    expect(read).toMatchObject({ format: 'DataMatrix', symbologyIdentifier: ']d2' })
    expect(read?.raw).toBe(`01${GTIN}10AB(C${GS}1726123121S/42`)
    expect(`^${read?.raw.replaceAll(GS, '^')}`).toBe(
      fnc1ElementString([
        { ai: '01', value: GTIN },
        { ai: '10', value: 'AB(C' },
        { ai: '17', value: '261231' },
        { ai: '21', value: 'S/42' },
      ]),
    )
    // zxing prints GS1 data as HRI; the bracketed barcodeText escapes only the literal `(`.
    expect(read?.text.replace('AB(C', 'AB\\(C')).toBe(await barcodeText(def))
  })

  for (const level of ['L', 'M', 'Q', 'H']) {
    test(`GS1_QR at level ${level}: GS1 QR (]Q3) of the barcodeText at exactly that level`, async () => {
      const def = gtinDefinition(
        [
          ['17', '261231'],
          ['10', 'ABC'],
        ],
        { mode: 'GS1_QR', errorCorrectionLevel: level },
      )
      const [read] = await scan(await svgOf(def))
      expect(read).toMatchObject({ format: 'QRCode', symbologyIdentifier: ']Q3', ecLevel: level })
      expect(read?.text).toBe(await barcodeText(def))
      expect(read?.raw).toBe(`01${GTIN}1726123110ABC`)
    })

    test(`QR_GS1_DIGITAL_LINK_URI at level ${level}: QR (]Q1) of the URI at exactly that level`, async () => {
      const def = { ...digitalLink, mode: 'QR_GS1_DIGITAL_LINK_URI', errorCorrectionLevel: level }
      const [read] = await scan(await svgOf(def))
      expect(read).toMatchObject({ format: 'QRCode', symbologyIdentifier: ']Q1', ecLevel: level })
      expect(read?.text).toBe(await barcodeText(def))
    })
  }

  test('DATAMATRIX_GS1_DIGITAL_LINK_URI: Data Matrix (]d1) of the URI', async () => {
    const def = { ...digitalLink, mode: 'DATAMATRIX_GS1_DIGITAL_LINK_URI' }
    const [read] = await scan(await svgOf(def))
    expect(read).toMatchObject({ format: 'DataMatrix', symbologyIdentifier: ']d1' })
    expect(read?.text).toBe(await barcodeText(def))
  })

  test('QR without errorCorrectionLevel (or null) uses L', async () => {
    for (const errorCorrectionLevel of [undefined, null]) {
      const [read] = await scan(
        await svgOf({ ...digitalLink, mode: 'QR_GS1_DIGITAL_LINK_URI', errorCorrectionLevel }),
      )
      expect(read?.ecLevel).toBe('L')
    }
  })

  test('a compressed link renders as its compressed barcodeText', async () => {
    const def = { ...digitalLink, mode: 'QR_GS1_DIGITAL_LINK_URI', compression: 'EPC_BASE64' }
    const text = await barcodeText(def)
    expect(text).toStartWith(`${STEM}/ex`)
    const [read] = await scan(await svgOf(def))
    expect(read?.text).toBe(text)
  })
})

describe('POST /render: image', () => {
  test('QR has a 4-module quiet zone and Data Matrix a 1-module one, checked by pixel', async () => {
    expect(quietZones(await svgOf({ ...digitalLink, mode: 'QR_GS1_DIGITAL_LINK_URI' }))).toEqual({
      top: 4,
      bottom: 4,
      left: 4,
      right: 4,
    })
    expect(quietZones(await svgOf({ ...elementString, mode: 'GS1_DATAMATRIX' }))).toEqual({
      top: 1,
      bottom: 1,
      left: 1,
      right: 1,
    })
  })

  test('identical requests get identical SVGs', async () => {
    const def = { ...digitalLink, mode: 'QR_GS1_DIGITAL_LINK_URI', errorCorrectionLevel: 'Q' }
    expect(await svgOf(def)).toBe(await svgOf(def))
  })

  test('accepts image/svg+xml, image/*, */* and no Accept; any other Accept is 406 in the envelope', async () => {
    const def = { ...elementString, mode: 'GS1_DATAMATRIX' }
    for (const accept of ['image/svg+xml', 'image/*', '*/*', 'text/html, image/svg+xml;q=0.5']) {
      expect((await render(def, { accept })).status).toBe(200)
    }
    const none = await api().app.handle(
      new Request('http://api.test/render', {
        method: 'POST',
        headers: { authorization: `Bearer ${api().token}`, 'content-type': 'application/json' },
        body: JSON.stringify(def),
      }),
    )
    expect(none.status).toBe(200)
    const res = await render(def, { accept: 'application/json' })
    expect(res.status).toBe(406)
    expect((await res.json()).errors[0].code).toBe('NotAcceptable')
  })

  test('saves no record: every table holds the same rows before and after', async () => {
    const db = api().database.db
    // postgres.js answers an array of rows, PGlite an object with `rows`.
    const rowsOf = (result: unknown) =>
      (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[]
    async function counts() {
      const tables = await db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
      )
      const out: Record<string, number> = {}
      for (const { table_name: name } of rowsOf(tables)) {
        const r = await db.execute(sql.raw(`select count(*)::int as n from "${String(name)}"`))
        out[String(name)] = Number(rowsOf(r)[0]?.n)
      }
      return out
    }
    const before = await counts()
    await svgOf({ ...elementString, mode: 'GS1_QR' })
    expect(await counts()).toEqual(before)
  })
})

describe('POST /render: 400 with an empty body', () => {
  test('for an invalid definition', async () => {
    await expectEmpty400(await render(gtinDefinition([['17', '261332']], { mode: 'GS1_QR' })))
  })

  test('without mode', async () => {
    await expectEmpty400(await render(gtinDefinition()))
  })

  test('for a Digital Link mode without digitalLinkStem', async () => {
    await expectEmpty400(await render(gtinDefinition([], { mode: 'QR_GS1_DIGITAL_LINK_URI' })))
  })

  test('for an errorCorrectionLevel with Data Matrix, or a level that does not exist (rule 14)', async () => {
    await expectEmpty400(
      await render({ ...elementString, mode: 'GS1_DATAMATRIX', errorCorrectionLevel: 'L' }),
    )
    await expectEmpty400(await render({ ...elementString, mode: 'GS1_QR', errorCorrectionLevel: 'X' }))
  })

  test('for malformed JSON', async () => {
    await expectEmpty400(await render('{"mode": '))
  })

  test('for a valid code too long for the symbol', async () => {
    const extensionParameters = Array.from({ length: 30 }, (_, i) => ({
      key: `k${i}`,
      value: 'x'.repeat(100),
    }))
    const def = gtinDefinition([], {
      mode: 'QR_GS1_DIGITAL_LINK_URI',
      digitalLinkStem: STEM,
      extensionParameters,
      errorCorrectionLevel: 'H',
    })
    const batch = await (await postJson(api(), '/codes', { codes: [def] })).json()
    expect(batch.failures).toEqual([])
    await expectEmpty400(await render(def))
  })
})
