/** A real scanner for tests: rasterize an SVG (resvg) and decode it with zxing-wasm, the wasm loaded from node_modules. */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Resvg } from '@resvg/resvg-js'
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader'

let ready: Promise<unknown> | null = null

/** zxing-wasm fetches its .wasm from a CDN unless handed the binary; the installed one is used. */
function prepare(): Promise<unknown> {
  ready ??= (async () => {
    const file = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'))
    // The Buffer may be a view into a larger pool: hand over exactly its bytes.
    const wasmBinary = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer
    return prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true })
  })()
  return ready
}

export interface Scan {
  format: string
  /** `]d2` GS1 Data Matrix, `]Q3` GS1 QR, `]d1` / `]Q1` plain. */
  symbologyIdentifier: string
  /** zxing's text: for GS1 symbols the HRI form `(01)…`. */
  text: string
  /** The raw data; for GS1 symbols AIs separated by GS (0x1D) where FNC1 stood. */
  raw: string
  ecLevel: string
  version: string
}

/** Rasterizes `svg` `pixelsPerUnit` pixels per SVG unit, on white. */
export function rasterize(svg: string, pixelsPerUnit = 1) {
  const width = Number(/viewBox="0 0 (\d+)/.exec(svg)?.[1] ?? 0) * pixelsPerUnit
  const rendered = new Resvg(svg, { fitTo: { mode: 'width', value: width }, background: 'white' }).render()
  return { png: rendered.asPng(), pixels: rendered.pixels, width: rendered.width, height: rendered.height }
}

/** Decodes every Data Matrix or QR symbol in the SVG. */
export async function scan(svg: string): Promise<Scan[]> {
  await prepare()
  const { png } = rasterize(svg, 2)
  const results = await readBarcodes(new Uint8Array(png), {
    formats: ['DataMatrix', 'QRCode'],
    tryHarder: true,
  })
  return results.map((r) => ({
    format: r.format,
    symbologyIdentifier: r.symbologyIdentifier,
    text: r.text,
    raw: new TextDecoder('latin1').decode(r.bytes),
    ecLevel: r.ecLevel,
    version: r.version,
  }))
}

/**
 * Width in modules of the white border around the symbol: the SVG is rasterized one pixel per SVG
 * unit and the first dark pixel is searched from each edge (one module is 4 units at bwip-js scale 2).
 */
export function quietZones(svg: string, unitsPerModule = 4) {
  const { pixels, width, height } = rasterize(svg, 1)
  const dark = (x: number, y: number) => (pixels[(y * width + x) * 4] ?? 255) < 128
  const firstDark = (count: number, probe: (i: number) => boolean) => {
    for (let i = 0; i < count; i++) if (probe(i)) return i
    return count
  }
  const rowHas = (y: number) => Array.from({ length: width }, (_, x) => x).some((x) => dark(x, y))
  const colHas = (x: number) => Array.from({ length: height }, (_, y) => y).some((y) => dark(x, y))
  return {
    top: firstDark(height, (i) => rowHas(i)) / unitsPerModule,
    bottom: firstDark(height, (i) => rowHas(height - 1 - i)) / unitsPerModule,
    left: firstDark(width, (i) => colHas(i)) / unitsPerModule,
    right: firstDark(width, (i) => colHas(width - 1 - i)) / unitsPerModule,
  }
}

/** Decodes every Data Matrix or QR symbol in a PNG (or any image zxing reads). */
export async function scanImage(image: Uint8Array): Promise<Scan[]> {
  await prepare()
  const results = await readBarcodes(image, { formats: ['DataMatrix', 'QRCode'], tryHarder: true })
  return results.map((r) => ({
    format: r.format,
    symbologyIdentifier: r.symbologyIdentifier,
    text: r.text,
    raw: new TextDecoder('latin1').decode(r.bytes),
    ecLevel: r.ecLevel,
    version: r.version,
  }))
}

/** A raster: its pixels (`channels` bytes each, red first), width and height. */
export interface Raster {
  pixels: Uint8Array
  width: number
  height: number
  channels: number
}

/** Rasterizes an SVG sized in mm at `dpi` (resvg converts mm to pixels at its `dpi`). */
export function rasterizeSvgAt(svg: string, dpi: number): Raster & { png: Uint8Array } {
  const rendered = new Resvg(svg, { dpi, background: 'white' }).render()
  return {
    png: rendered.asPng(),
    pixels: rendered.pixels,
    width: rendered.width,
    height: rendered.height,
    channels: 4,
  }
}

/** Rasterizes page 1 of a PDF at `dpi` with MuPDF (WebAssembly), on white. */
export async function rasterizePdfAt(pdf: Uint8Array, dpi: number): Promise<Raster & { png: Uint8Array }> {
  const mupdf = await import('mupdf')
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf')
  const page = doc.loadPage(0)
  const pix = page.toPixmap(mupdf.Matrix.scale(dpi / 72, dpi / 72), mupdf.ColorSpace.DeviceRGB, false, true)
  const width = pix.getWidth()
  const height = pix.getHeight()
  // Copies: the samples and the PNG are views into MuPDF's memory, freed with the pixmap.
  const samples = new Uint8Array(pix.getPixels())
  const png = new Uint8Array(pix.asPNG())
  pix.destroy()
  page.destroy()
  doc.destroy()
  return { png, pixels: samples, width, height, channels: 3 }
}

/** The box of dark pixels (the symbol and any HRI) in a raster. */
export function darkBox(raster: Raster) {
  const channels = raster.channels
  let left = raster.width
  let right = -1
  let top = raster.height
  let bottom = -1
  for (let y = 0; y < raster.height; y++) {
    for (let x = 0; x < raster.width; x++) {
      if ((raster.pixels[(y * raster.width + x) * channels] ?? 255) < 128) {
        left = Math.min(left, x)
        right = Math.max(right, x)
        top = Math.min(top, y)
        bottom = Math.max(bottom, y)
      }
    }
  }
  return { left, top, width: right - left + 1, height: bottom - top + 1 }
}
