/** POST /render by Accept: PNG, PDF and sized SVG read back by a scanner at the size the headers state; 406, 422. */
import { describe, expect, test } from 'bun:test'
import { generateCode, type Mode } from '../../../src/gs1/index.ts'
import { renderSvg, symbolFor } from '../../../src/render/index.ts'
import { darkBox, rasterizePdfAt, rasterizeSvgAt, scanImage } from '../../render/scanner.ts'
import { dlDefinition, gtinDefinition, postJson, useCodeApi } from './harness.ts'

const api = useCodeApi()

const TYPES = { svg: 'image/svg+xml', png: 'image/png', pdf: 'application/pdf' } as const
type Format = keyof typeof TYPES

function render(body: unknown, accept: string) {
  return postJson(api(), '/render', body, { accept })
}

async function barcodeText(definition: Record<string, unknown>): Promise<string> {
  const {
    mode: _m,
    errorCorrectionLevel: _l,
    moduleSize: _s,
    width: _w,
    dpi: _d,
    hri: _h,
    ...rest
  } = definition
  return (await (await postJson(api(), '/code', rest)).json()).barcodeText
}

const mmOf = (header: string | null) => Number(/^([\d.]+)mm/.exec(header ?? '')?.[1])

/** The answer as pixels at `dpi`, whatever its format. */
async function pixels(res: Response, format: Format, dpi: number) {
  const bytes = new Uint8Array(await res.arrayBuffer())
  if (format === 'svg') return rasterizeSvgAt(new TextDecoder().decode(bytes), dpi)
  if (format === 'pdf') return rasterizePdfAt(bytes, dpi)
  const { Resvg } = await import('@resvg/resvg-js')
  const view = new DataView(bytes.buffer)
  const [w, h] = [view.getUint32(16), view.getUint32(20)]
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><image width="${w}" height="${h}" href="data:image/png;base64,${Buffer.from(bytes).toString('base64')}"/></svg>`
  const r = new Resvg(svg, { background: 'white' }).render()
  return { png: bytes, pixels: r.pixels, width: r.width, height: r.height, channels: 4 }
}

const definitions: Record<string, Record<string, unknown>> = {
  QR_GS1_DIGITAL_LINK_URI: dlDefinition(
    [
      ['10', 'L/1'],
      ['21', 'S1'],
    ],
    { mode: 'QR_GS1_DIGITAL_LINK_URI' },
  ),
  DATAMATRIX_GS1_DIGITAL_LINK_URI: dlDefinition([['21', 'S1']], { mode: 'DATAMATRIX_GS1_DIGITAL_LINK_URI' }),
  GS1_DATAMATRIX: gtinDefinition(
    [
      ['17', '261231'],
      ['10', 'AB1'],
    ],
    { mode: 'GS1_DATAMATRIX' },
  ),
  GS1_QR: gtinDefinition([['10', 'AB1']], { mode: 'GS1_QR', errorCorrectionLevel: 'M' }),
}

describe('POST /render draws PNG, PDF and sized SVG that read back as /code generates them', () => {
  for (const format of ['png', 'pdf', 'svg'] as const) {
    for (const [mode, definition] of Object.entries(definitions)) {
      for (const size of [{ moduleSize: 0.5 }, { width: 15, dpi: 600 }]) {
        test(`${format} ${mode} ${JSON.stringify(size)}: same text, the size the headers state within a pixel`, async () => {
          const dpi = (size as { dpi?: number }).dpi ?? 300
          const res = await render({ ...definition, ...size }, TYPES[format])
          expect(res.status).toBe(200)
          expect(res.headers.get('content-type')).toBe(TYPES[format])
          const moduleSize = mmOf(res.headers.get('x-module-size'))
          const symbolWidth = mmOf(res.headers.get('x-symbol-size'))
          const imageWidth = mmOf(res.headers.get('x-image-size'))
          const raster = await pixels(res, format, dpi)
          const [read] = await scanImage(raster.png)
          const text = await barcodeText(definition)
          expect(mode.startsWith('GS1_') ? read?.text.replaceAll('\\(', '(') : read?.text).toBe(
            mode.startsWith('GS1_') ? text.replaceAll('\\(', '(') : text,
          )
          const px = (mm: number) => (mm / 25.4) * dpi
          expect(Math.abs(raster.width - px(imageWidth))).toBeLessThanOrEqual(1)
          expect(Math.abs(darkBox(raster).width - px(symbolWidth))).toBeLessThanOrEqual(1)
          const asked =
            'width' in size ? ((size.width ?? 0) * moduleSize) / symbolWidth : (size.moduleSize ?? 0)
          expect(Math.abs(px(moduleSize) - px(asked))).toBeLessThanOrEqual(1)
          if (format === 'png') {
            expect(res.headers.get('x-resolution')).toBe(`${dpi}dpi`)
            expect(Number(res.headers.get('x-module-pixels')) % 2).toBe(0)
          }
        })
      }
    }
  }

  test("without print fields an SVG is SPEC's, byte for byte; PNG and PDF default to the table target at 300 dpi", async () => {
    const definition = definitions.QR_GS1_DIGITAL_LINK_URI as Record<string, unknown>
    const generated = generateCode(definition, { requireMode: true, render: true })
    if (!generated.ok) throw new Error('invalid')
    const r = generated.result
    const plain = await render(definition, 'image/svg+xml')
    expect(await plain.text()).toBe(renderSvg(symbolFor(r, r.mode as Mode, r.errorCorrectionLevel)) ?? '')
    expect(plain.headers.get('x-module-size')).toBeNull()
    const png = await render(definition, 'image/png')
    expect(png.headers.get('x-module-size')).toBe('0.508mm')
    expect(png.headers.get('x-size-table')).toBe('general')
    await png.arrayBuffer()
  })

  test('an SVG with a size carries width and height in mm', async () => {
    const res = await render({ ...definitions.GS1_DATAMATRIX, moduleSize: 0.5, hri: true }, 'image/svg+xml')
    const svg = await res.text()
    expect(svg).toMatch(/^<svg width="[\d.]+mm" height="[\d.]+mm" viewBox=/)
  })

  test('Accept chooses the format by weight; a wildcard is SVG; anything else is 406', async () => {
    const definition = definitions.GS1_DATAMATRIX
    const chosen = async (accept: string) => (await render(definition, accept)).headers.get('content-type')
    expect(await chosen('image/png;q=0.5, application/pdf')).toBe('application/pdf')
    expect(await chosen('image/*')).toBe('image/svg+xml')
    expect(await chosen('*/*')).toBe('image/svg+xml')
    for (const accept of ['application/json', 'text/html', 'image/gif']) {
      const res = await render(definition, accept)
      expect(res.status).toBe(406)
      expect((await res.json()).errors[0].code).toBe('NotAcceptable')
    }
  })
})

describe('POST /render refuses bad sizes and dpi with 422 and a path', () => {
  const definition = definitions.QR_GS1_DIGITAL_LINK_URI as Record<string, unknown>
  const cases: [Record<string, unknown>, string, string][] = [
    [{ moduleSize: 0.2, application: 'retail-dl' }, 'Validation.Range.moduleSize', 'moduleSize'],
    [{ moduleSize: 2, application: 'retail-dl' }, 'Validation.Range.moduleSize', 'moduleSize'],
    [{ width: 80, application: 'retail-dl' }, 'Validation.Range.width', 'width'],
    [{ moduleSize: 0.5, width: 20 }, 'Validation.Exclusive.width', 'width'],
    [{ moduleSize: -1 }, 'Validation.Type.moduleSize', 'moduleSize'],
    [{ dpi: 50 }, 'Validation.Range.dpi', 'dpi'],
    [{ dpi: 300.5 }, 'Validation.Type.dpi', 'dpi'],
    [{ dpi: 72, moduleSize: 0.8, application: 'retail-distribution' }, 'Validation.Resolution.dpi', 'dpi'],
    [{ quietZone: 3 }, 'Validation.Range.quietZone', 'quietZone'],
    [{ application: 'bakery' }, 'Validation.Invalid.application', 'application'],
    [{ application: 'healthcare' }, 'Validation.NotInTable.mode', 'mode'],
  ]
  for (const [fields, code, path] of cases) {
    test(`${JSON.stringify(fields)} is ${code} at ${path}`, async () => {
      const res = await render({ ...definition, ...fields }, 'image/png')
      expect(res.status).toBe(422)
      expect(res.headers.get('content-type')).toBe('application/json')
      const body = await res.json()
      expect(body.errors.map((e: { code: string; path: string }) => [e.code, e.path])).toContainEqual([
        code,
        path,
      ])
    })
  }

  test('the message of a size outside its table names the allowed range', async () => {
    const res = await render({ ...definition, moduleSize: 0.2, application: 'retail-dl' }, 'application/pdf')
    expect((await res.json()).errors[0].message).toContain('from 0.396 to 0.990 mm for retail-dl')
  })

  test('an invalid definition with print fields is still the empty 400 of SPEC', async () => {
    const res = await render(
      { ...definition, primaryKey: { key: '01', value: '1' }, moduleSize: 0.5 },
      'image/png',
    )
    expect(res.status).toBe(400)
    expect(await res.text()).toBe('')
  })
})
