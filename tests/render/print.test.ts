/** Print options and physical sizes: reading the fields, the GS1 tables, PNG pixels, and every format read back. */
import { describe, expect, test } from 'bun:test'
import { generateCode, type Mode } from '../../src/gs1/index.ts'
import {
  DEFAULT_PRINT,
  drawPrint,
  type Format,
  type PrintOptions,
  rangeOf,
  readPrintOptions,
  SIZE_TABLES,
  symbolFor,
} from '../../src/render/index.ts'
import { darkBox, type Raster, rasterizePdfAt, rasterizeSvgAt, scanImage } from './scanner.ts'

const GTIN = '09506000134352'

function symbolOf(mode: Mode, extra: Record<string, unknown> = {}) {
  const r = generateCode(
    {
      mode,
      primaryKey: { key: '01', value: GTIN },
      ais: [
        { key: '10', value: 'L42' },
        { key: '21', value: 'S7' },
      ],
      ...(mode.includes('DIGITAL_LINK') ? { digitalLinkStem: 'https://example.com' } : {}),
      ...extra,
    },
    { requireMode: true, render: true },
  )
  if (!r.ok) throw new Error(JSON.stringify(r.errors))
  return { symbol: symbolFor(r.result, mode, r.result.errorCorrectionLevel), result: r.result }
}

function options(fields: Record<string, unknown>): PrintOptions {
  const read = readPrintOptions(fields)
  if (!read.ok) throw new Error(JSON.stringify(read.errors))
  return read.options
}

async function draw(mode: Mode, fields: Record<string, unknown>, format: Format) {
  const { symbol, result } = symbolOf(mode)
  const drawing = await drawPrint(symbol, result.hri, options(fields), format)
  if (drawing.kind !== 'drawn') throw new Error(JSON.stringify(drawing))
  return { file: drawing.file, result }
}

/** The file as pixels at `dpi`: a PNG as it is, SVG through resvg, PDF through MuPDF. */
async function raster(bytes: Uint8Array, format: Format, dpi: number): Promise<Raster & { png: Uint8Array }> {
  if (format === 'svg') return rasterizeSvgAt(new TextDecoder().decode(bytes), dpi)
  if (format === 'pdf') return rasterizePdfAt(bytes, dpi)
  const { Resvg } = await import('@resvg/resvg-js')
  // A PNG is read back as drawn: embedded in an SVG at its own pixel size, rasterized one to one.
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const [w, h] = [view.getUint32(16), view.getUint32(20)]
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><image width="${w}" height="${h}" href="data:image/png;base64,${Buffer.from(bytes).toString('base64')}"/></svg>`
  const rendered = new Resvg(svg, { background: 'white' }).render()
  return { png: bytes, pixels: rendered.pixels, width: rendered.width, height: rendered.height, channels: 4 }
}

describe('print fields', () => {
  test('moduleSize and width exclude each other; bad types, dpi and application name their path', () => {
    const read = readPrintOptions({ moduleSize: 0.5, width: 20, dpi: 10, hri: 'yes', application: 'shop' })
    expect(read.ok).toBe(false)
    if (read.ok) return
    expect(read.errors.map((e) => [e.code, e.path])).toEqual([
      ['Validation.Exclusive.width', 'width'],
      ['Validation.Range.dpi', 'dpi'],
      ['Validation.Type.hri', 'hri'],
      ['Validation.Invalid.application', 'application'],
    ])
  })

  test('a batch item sizing itself replaces both shared sizes', () => {
    const base = options({ width: 20, dpi: 600 })
    const item = readPrintOptions({ moduleSize: 0.5 }, base, 'codes[1].')
    expect(item).toEqual({ ok: true, options: { ...base, width: null, moduleSize: 0.5 } })
  })

  test('every table row has min <= target <= max and names its source section', () => {
    for (const [name, table] of Object.entries(SIZE_TABLES)) {
      expect(table.source).toMatch(name === 'general' ? /no GS1/ : /General Specifications 26\.0 §5\.12\.3/)
      for (const range of Object.values(table.rows)) {
        expect(range.min).toBeLessThanOrEqual(range.target)
        expect(range.target).toBeLessThanOrEqual(range.max)
      }
    }
    expect(rangeOf('retail-dl', 'qr-dl')).toEqual({ min: 0.396, target: 0.495, max: 0.99 })
    expect(rangeOf('healthcare', 'gs1-qr')).toBeNull()
  })
})

describe('sizes outside the tables', () => {
  test('a module size outside the table is refused naming the range; a carrier the table lacks too', async () => {
    const { symbol, result } = symbolOf('QR_GS1_DIGITAL_LINK_URI')
    const small = await drawPrint(
      symbol,
      result.hri,
      options({ moduleSize: 0.3, application: 'retail-dl' }),
      'pdf',
    )
    expect(small).toMatchObject({
      kind: 'invalid',
      errors: [{ code: 'Validation.Range.moduleSize', path: 'moduleSize' }],
    })
    if (small.kind === 'invalid') expect(small.errors[0]?.message).toContain('0.396 to 0.990 mm')
    const gs1qr = symbolOf('GS1_QR')
    const none = await drawPrint(gs1qr.symbol, '', options({ application: 'healthcare' }), 'png')
    expect(none).toMatchObject({
      kind: 'invalid',
      errors: [{ code: 'Validation.NotInTable.mode', path: 'mode' }],
    })
  })

  test('a width whose module falls outside the table, and a quiet zone under the minimum, are refused', async () => {
    const { symbol, result } = symbolOf('QR_GS1_DIGITAL_LINK_URI')
    const wide = await drawPrint(symbol, result.hri, options({ width: 200, application: 'retail-dl' }), 'svg')
    expect(wide).toMatchObject({
      kind: 'invalid',
      errors: [{ code: 'Validation.Range.width', path: 'width' }],
    })
    const qz = await drawPrint(symbol, result.hri, options({ quietZone: 2 }), 'svg')
    expect(qz).toMatchObject({
      kind: 'invalid',
      errors: [{ code: 'Validation.Range.quietZone', path: 'quietZone' }],
    })
  })

  test('a PNG over 4096 x 4096 pixels is refused at dpi', async () => {
    const { symbol, result } = symbolOf('QR_GS1_DIGITAL_LINK_URI')
    const huge = await drawPrint(symbol, result.hri, options({ moduleSize: 9, dpi: 2400 }), 'png')
    expect(huge).toMatchObject({
      kind: 'invalid',
      errors: [{ code: 'Validation.TooLarge.dpi', path: 'dpi' }],
    })
  })
})

const MODES: readonly Mode[] = [
  'GS1_DATAMATRIX',
  'DATAMATRIX_GS1_DIGITAL_LINK_URI',
  'GS1_QR',
  'QR_GS1_DIGITAL_LINK_URI',
]
const FORMATS: readonly Format[] = ['svg', 'png', 'pdf']

describe('every format and size reads back as the same text, at the size stated', () => {
  for (const format of FORMATS) {
    for (const mode of MODES) {
      for (const fields of [
        { moduleSize: 0.5 },
        { width: 12.5, dpi: 600 },
        { moduleSize: 0.42, hri: true, quietZone: 6 },
      ]) {
        test(`${format} ${mode} ${JSON.stringify(fields)}`, async () => {
          const dpi = (fields as { dpi?: number }).dpi ?? DEFAULT_PRINT.dpi
          const { file, result } = await draw(mode, fields, format)
          const pixels = await raster(file.bytes, format, dpi)
          const [read] = await scanImage(pixels.png)
          const expected = mode.startsWith('GS1_') ? result.hri : result.barcodeText
          expect(read?.text).toBe(expected)
          // The image is the size stated, within a pixel at the dpi.
          const px = (mm: number) => (mm / 25.4) * dpi
          expect(Math.abs(pixels.width - px(file.size.imageWidth))).toBeLessThanOrEqual(1)
          expect(Math.abs(pixels.height - px(file.size.imageHeight))).toBeLessThanOrEqual(1)
          // The symbol's dark box (without HRI: its width) is the stated symbol size, within a pixel.
          const box = darkBox(pixels)
          if (!('hri' in fields))
            expect(Math.abs(box.width - px(file.size.symbolWidth))).toBeLessThanOrEqual(1)
          // The module drawn is the one asked, within a pixel at the dpi.
          const asked =
            'width' in fields
              ? (fields.width ?? 0) / (file.size.symbolWidth / file.size.moduleSize)
              : fields.moduleSize
          expect(Math.abs(px(file.size.moduleSize) - px(asked))).toBeLessThanOrEqual(1)
          // The quiet zone above the symbol (the HRI goes below it) is the one asked.
          const quiet = 'quietZone' in fields ? (fields.quietZone ?? 0) : mode.includes('QR') ? 4 : 1
          expect(Math.abs(box.top - px(quiet * file.size.moduleSize))).toBeLessThanOrEqual(1)
        })
      }
    }
  }
})

test('a PNG module is an even number of pixels, and the PNG states its dpi', async () => {
  const { file } = await draw('QR_GS1_DIGITAL_LINK_URI', { moduleSize: 0.5, dpi: 300 }, 'png')
  expect(file.size.modulePixels).toBe(6)
  expect(file.size.moduleSize).toBeCloseTo(0.508, 3)
  const bytes = Buffer.from(file.bytes)
  const phys = bytes.indexOf('pHYs')
  expect(bytes.readUInt32BE(phys + 4)).toBe(Math.floor(300 / 0.0254))
})

test('PDFs drawn one after another or at once are each their own: nothing of one file is left in the next', async () => {
  const fileOf = async (mode: Mode, fields: Record<string, unknown>) =>
    Buffer.from((await draw(mode, fields, 'pdf')).file.bytes)
  const small = await fileOf('GS1_DATAMATRIX', { moduleSize: 0.5 })
  const large = await fileOf('QR_GS1_DIGITAL_LINK_URI', { moduleSize: 0.8, hri: true })
  expect(large.equals(small)).toBe(false)
  expect((await fileOf('GS1_DATAMATRIX', { moduleSize: 0.5 })).equals(small)).toBe(true)
  const together = await Promise.all([
    fileOf('QR_GS1_DIGITAL_LINK_URI', { moduleSize: 0.8, hri: true }),
    fileOf('GS1_DATAMATRIX', { moduleSize: 0.5 }),
  ])
  expect(together[0]?.equals(large)).toBe(true)
  expect(together[1]?.equals(small)).toBe(true)
  const raster = await rasterizePdfAt(small, 600)
  expect(await scanImage(raster.png)).toHaveLength(1)
})

test('the PDF page is the image: symbol plus quiet zone, in points', async () => {
  const { file } = await draw('GS1_DATAMATRIX', { moduleSize: 0.5 }, 'pdf')
  const text = new TextDecoder('latin1').decode(file.bytes)
  const box = /\/MediaBox \[ 0 0 ([\d.]+) ([\d.]+) \]/.exec(text)
  const points = (file.size.imageWidth / 25.4) * 72
  expect(Number(box?.[1])).toBeCloseTo(points, 3)
  expect(file.size.imageWidth).toBeCloseTo(file.size.symbolWidth + 2 * 0.5, 6)
})
