/** SVG rendering of generated codes, read back by a real decoder: symbology, payload, EC level, quiet zone, colours. */
import { describe, expect, test } from 'bun:test'
import { type ErrorCorrectionLevel, generateCode } from '../../src/gs1/index.ts'
import {
  createRenderer,
  createSvgCache,
  gs1SymbolData,
  renderSvg,
  symbolFor,
} from '../../src/render/index.ts'
import { quietZones, rasterize, scan } from './scanner.ts'

const GTIN = '09506000134352'

function code(definition: Record<string, unknown>) {
  const r = generateCode(definition, { requireMode: true, render: true })
  if (!r.ok) throw new Error(JSON.stringify(r.errors))
  return r.result
}

const elementString = code({
  mode: 'GS1_QR',
  primaryKey: { key: '01', value: GTIN },
  ais: [
    { key: '10', value: 'AB(C' },
    { key: '17', value: '261231' },
    { key: '21', value: 'S/42' },
  ],
})
const digitalLink = code({
  mode: 'QR_GS1_DIGITAL_LINK_URI',
  digitalLinkStem: 'https://example.com',
  primaryKey: { key: '01', value: GTIN },
  ais: [{ key: '10', value: 'AB/C%1' }],
})
const GS = '\u001d'

describe('GS1 symbol data', () => {
  test('starts with FNC1 and separates only after variable-length values that are followed by data', () => {
    expect(gs1SymbolData(elementString)).toBe(`^FNC101${GTIN}10AB(C^FNC11726123121S/42`)
  })

  test('a code with a single fixed-length AI is FNC1 then the data', () => {
    expect(gs1SymbolData({ primaryKey: { key: '00', value: '006141411234567890' }, ais: [] })).toBe(
      '^FNC100006141411234567890',
    )
  })
})

describe('a scanner reads every mode', () => {
  test('GS1_DATAMATRIX is GS1 Data Matrix (]d2) carrying the FNC1-separated element string', async () => {
    const [read] = await scan(renderSvg(symbolFor(elementString, 'GS1_DATAMATRIX', null)) ?? '')
    expect(read).toMatchObject({ format: 'DataMatrix', symbologyIdentifier: ']d2' })
    expect(read?.raw).toBe(`01${GTIN}10AB(C${GS}1726123121S/42`)
    expect(read?.text).toBe(`(01)${GTIN}(10)AB(C(17)261231(21)S/42`)
  })

  test('GS1_QR is GS1 QR (]Q3) carrying the FNC1-separated element string', async () => {
    const [read] = await scan(renderSvg(symbolFor(elementString, 'GS1_QR', 'M')) ?? '')
    expect(read).toMatchObject({ format: 'QRCode', symbologyIdentifier: ']Q3' })
    expect(read?.raw).toBe(`01${GTIN}10AB(C${GS}1726123121S/42`)
  })

  test('DATAMATRIX_GS1_DIGITAL_LINK_URI is a plain Data Matrix (]d1) of the URI', async () => {
    const [read] = await scan(
      renderSvg(symbolFor(digitalLink, 'DATAMATRIX_GS1_DIGITAL_LINK_URI', null)) ?? '',
    )
    expect(read).toMatchObject({
      format: 'DataMatrix',
      symbologyIdentifier: ']d1',
      text: digitalLink.barcodeText,
    })
  })

  test('QR_GS1_DIGITAL_LINK_URI is a plain QR (]Q1) of the URI', async () => {
    const [read] = await scan(renderSvg(symbolFor(digitalLink, 'QR_GS1_DIGITAL_LINK_URI', 'L')) ?? '')
    expect(read).toMatchObject({
      format: 'QRCode',
      symbologyIdentifier: ']Q1',
      text: digitalLink.barcodeText,
    })
  })

  for (const level of ['L', 'M', 'Q', 'H'] as ErrorCorrectionLevel[]) {
    test(`QR uses exactly level ${level}, never a higher one`, async () => {
      for (const mode of ['GS1_QR', 'QR_GS1_DIGITAL_LINK_URI'] as const) {
        const [read] = await scan(
          renderSvg(symbolFor(mode === 'GS1_QR' ? elementString : digitalLink, mode, level)) ?? '',
        )
        expect(read?.ecLevel).toBe(level)
      }
    })
  }

  test('QR without a level uses L', async () => {
    const [read] = await scan(renderSvg(symbolFor(digitalLink, 'QR_GS1_DIGITAL_LINK_URI', null)) ?? '')
    expect(read?.ecLevel).toBe('L')
  })
})

describe('image', () => {
  const qr = renderSvg(symbolFor(digitalLink, 'QR_GS1_DIGITAL_LINK_URI', 'L')) ?? ''
  const dm = renderSvg(symbolFor(elementString, 'GS1_DATAMATRIX', null)) ?? ''

  test('QR has a quiet zone of exactly 4 modules on every side', () => {
    expect(quietZones(qr)).toEqual({ top: 4, bottom: 4, left: 4, right: 4 })
  })

  test('Data Matrix has a quiet zone of exactly 1 module on every side', () => {
    expect(quietZones(dm)).toEqual({ top: 1, bottom: 1, left: 1, right: 1 })
  })

  test('is black on an opaque white background, with no other colour and no text', () => {
    for (const svg of [qr, dm]) {
      const { pixels } = rasterize(svg, 1)
      const colours = new Set<string>()
      for (let i = 0; i < pixels.length; i += 4)
        colours.add(`${pixels[i]},${pixels[i + 1]},${pixels[i + 2]},${pixels[i + 3]}`)
      expect([...colours].sort()).toEqual(['0,0,0,255', '255,255,255,255'])
      expect(svg).not.toContain('<text')
    }
  })

  test('carries width and height equal to its viewBox', () => {
    // 22 × 22 modules plus 1 module of quiet zone on each side, 4 units per module.
    expect(dm).toStartWith('<svg width="96" height="96" viewBox="0 0 96 96"')
  })

  test('data too long for the symbol cannot be rendered (null)', () => {
    const long = { ...digitalLink, barcodeText: `https://example.com/${'x'.repeat(3000)}` }
    expect(renderSvg(symbolFor(long, 'QR_GS1_DIGITAL_LINK_URI', 'H'))).toBeNull()
  })
})

describe('cache', () => {
  test('an identical request is answered from the cache with the same SVG', () => {
    const render = createRenderer({ maxEntries: 2 })
    const first = render(digitalLink, 'QR_GS1_DIGITAL_LINK_URI', 'M')
    expect(render(digitalLink, 'QR_GS1_DIGITAL_LINK_URI', 'M')).toBe(first as string)
    expect(render(digitalLink, 'QR_GS1_DIGITAL_LINK_URI', 'Q')).not.toBe(first as string)
  })

  test('keeps at most maxEntries, dropping the least recently used', () => {
    const cache = createSvgCache({ maxEntries: 2 })
    cache.set('a', '1')
    cache.set('b', '2')
    cache.get('a')
    cache.set('c', '3')
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.size]).toEqual(['1', undefined, '3', 2])
  })

  test('keeps at most maxChars over keys and SVGs, and never stores an entry larger than that', () => {
    const cache = createSvgCache({ maxChars: 10 })
    cache.set('a', '1234')
    cache.set('b', '5678')
    cache.set('c', '9')
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, '5678', '9'])
    cache.set('d', 'x'.repeat(20))
    expect(cache.get('d')).toBeUndefined()
  })
})
