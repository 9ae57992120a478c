/**
 * Draws a symbol at a physical size as SVG, PNG or PDF, every format by bwip-js: its SVG drawing (with width and
 * height in mm), its own PNG encoder (`toBuffer`, one module a whole number of pixels) and its vector drawing
 * interface, whose outlines go into a one-page PDF built with pdf-lib. Pure apart from the libraries: no I/O.
 */

import bwipGeneric, { type RenderOptions, render, toSVG } from 'bwip-js/generic'
import bwipNode from 'bwip-js/node'
import { carrierOf } from './gs1-size-tables.ts'
import { pdfOf } from './pdf-file.ts'
import { type Outlines, outlineDrawing, UNITS_PER_MODULE } from './pdf-outlines.ts'
import {
  checkPrint,
  FORMAT_TYPES,
  type Format,
  MAX_PNG_PIXELS,
  MM_PER_INCH,
  type PrintOptions,
  type PrintTarget,
  planSize,
  type SizePlan,
} from './print.ts'
import type { SymbolSpec } from './symbol.ts'

/** HRI font size in mm: OCR-B capitals are then about 2 mm high. */
const HRI_FONT_MM = 3
/** Light space between the quiet zone under the symbol and the HRI, in modules. */
const HRI_GAP_MODULES = 1

/** The physical sizes of a drawn image, in mm. */
export interface DrawnSize {
  readonly moduleSize: number
  /** The symbol's modules, without the quiet zone. */
  readonly symbolWidth: number
  readonly symbolHeight: number
  /** The whole image: symbol, quiet zone and HRI. */
  readonly imageWidth: number
  readonly imageHeight: number
  /** PNG only: pixels per module and the resolution. */
  readonly modulePixels: number | null
  readonly dpi: number | null
}

export interface DrawnFile {
  readonly bytes: Uint8Array<ArrayBuffer>
  readonly type: string
  readonly size: DrawnSize
}

/** A drawing, or the issues of its size (422), or `unrenderable` (the data does not fit the symbol: 400). */
export type PrintDrawing =
  | { readonly kind: 'drawn'; readonly file: DrawnFile }
  | {
      readonly kind: 'invalid'
      readonly errors: readonly { code: string; path: string | null; message: string }[]
    }
  | { readonly kind: 'unrenderable' }

/** The drawer's target for a symbol: its symbology and its carrier in the GS1 tables. */
export function targetOf(symbol: SymbolSpec): PrintTarget {
  return { encoder: symbol.encoder, carrier: carrierOf(symbol.encoder, symbol.fnc1) }
}

/** The bwip-js options of a symbol at scale 1 with a quiet zone of `quietZone` modules. */
function baseOptions(symbol: SymbolSpec, quietZone: number): RenderOptions & Record<string, unknown> {
  const options: RenderOptions & Record<string, unknown> = {
    bcid: symbol.encoder,
    text: symbol.text,
    scale: 1,
    padding: quietZone * UNITS_PER_MODULE,
    backgroundcolor: 'FFFFFF',
  }
  if (symbol.fnc1) options.parsefnc = true
  if (symbol.eclevel !== null) Object.assign(options, { eclevel: symbol.eclevel, fixedeclevel: true })
  return options
}

/** bwip-js options that print `hri` centred under the symbol, past its quiet zone. */
function hriOptions(hri: string, moduleSize: number, quietZone: number): Record<string, unknown> {
  return {
    alttext: hri,
    includetext: true,
    textxalign: 'center',
    textsize: (HRI_FONT_MM / moduleSize) * UNITS_PER_MODULE,
    textyoffset: -(quietZone + HRI_GAP_MODULES) * UNITS_PER_MODULE,
  }
}

/**
 * Draws `symbol` as `format` with `options` (already read and checked by `checkPrint`); `hri` is the text printed
 * under it when `options.hri`. Never throws: bwip-js refusing the data is `unrenderable`.
 */
export async function drawPrint(
  symbol: SymbolSpec,
  hri: string,
  options: PrintOptions,
  format: Format,
  prefix = '',
): Promise<PrintDrawing> {
  const target = targetOf(symbol)
  const checked = checkPrint(options, target, prefix)
  if (checked.length > 0) return { kind: 'invalid', errors: checked }
  try {
    if (format === 'png') return await drawPng(symbol, hri, options, target, prefix)
    return await drawVector(symbol, hri, options, target, format, prefix)
  } catch (error) {
    if (error instanceof Error && /size over/.test(error.message)) {
      const message = `the image would be over ${MAX_PNG_PIXELS} pixels; lower dpi, the size or the quiet zone`
      return { kind: 'invalid', errors: [{ code: 'Validation.TooLarge.dpi', path: `${prefix}dpi`, message }] }
    }
    return { kind: 'unrenderable' }
  }
}

/** The symbol's width in modules, encoded once without drawing (needed before a PNG is drawn to a width). */
function columnsOf(symbol: SymbolSpec): number {
  const [first] = bwipGeneric.raw(baseOptions(symbol, 0) as never) as unknown as { pixx: number }[]
  return first?.pixx ?? 0
}

async function drawPng(
  symbol: SymbolSpec,
  hri: string,
  options: PrintOptions,
  target: PrintTarget,
  prefix: string,
): Promise<PrintDrawing> {
  // The module count is needed first only for a width, or for the symbol's size beside an HRI that may be wider.
  const columns = options.width !== null || options.hri ? columnsOf(symbol) : null
  const planned = planSize(options, target, columns ?? 1, 'png', prefix)
  if (!planned.ok) return { kind: 'invalid', errors: planned.errors }
  const plan = planned.plan
  const scale = (plan.modulePixels ?? UNITS_PER_MODULE) / UNITS_PER_MODULE
  const png = (await bwipNode.toBuffer({
    ...baseOptions(symbol, plan.quietZone),
    ...(options.hri ? hriOptions(hri, plan.moduleSize, plan.quietZone) : {}),
    scale,
    dpi: options.dpi,
    sizelimit: MAX_PNG_PIXELS,
  } as RenderOptions)) as Uint8Array
  // IHDR: width and height are the big-endian words at bytes 16 and 20.
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength)
  const pixelsWide = view.getUint32(16)
  const pixelsHigh = view.getUint32(20)
  const px = (n: number) => (n * MM_PER_INCH) / options.dpi
  const modulesWide = columns ?? pixelsWide / (plan.modulePixels ?? 1) - 2 * plan.quietZone
  const symbolSide = modulesWide * plan.moduleSize
  return {
    kind: 'drawn',
    file: {
      // bwip-js allocates the PNG on its own (Buffer.alloc, never the shared pool): its view is handed on, not copied.
      bytes: new Uint8Array(png.buffer, png.byteOffset, png.byteLength) as Uint8Array<ArrayBuffer>,
      type: FORMAT_TYPES.png,
      size: {
        moduleSize: plan.moduleSize,
        symbolWidth: symbolSide,
        symbolHeight: symbolSide,
        imageWidth: px(pixelsWide),
        imageHeight: px(pixelsHigh),
        modulePixels: plan.modulePixels,
        dpi: options.dpi,
      },
    },
  }
}

/**
 * SVG or PDF: the symbol is drawn once at scale 1 (one module = 2 units) and scaled to the planned X-dimension. A
 * `width` needs the module count first; the HRI is sized for the planned module.
 */
async function drawVector(
  symbol: SymbolSpec,
  hri: string,
  options: PrintOptions,
  target: PrintTarget,
  format: 'svg' | 'pdf',
  prefix: string,
): Promise<PrintDrawing> {
  const known = options.width !== null || (options.hri && format === 'svg') ? columnsOf(symbol) : null
  const planned = planSize(options, target, known ?? 1, format, prefix)
  if (!planned.ok) return { kind: 'invalid', errors: planned.errors }
  const plan = planned.plan
  const bwipOptions = {
    ...baseOptions(symbol, plan.quietZone),
    ...(options.hri ? hriOptions(hri, plan.moduleSize, plan.quietZone) : {}),
  } as RenderOptions
  const mmPerUnit = plan.moduleSize / UNITS_PER_MODULE
  if (format === 'svg') {
    const svg = toSVG(bwipOptions)
    const box = /^<svg viewBox="0 0 (\d+) (\d+)"/.exec(svg)
    const unitsWide = Number(box?.[1] ?? 0)
    const unitsHigh = Number(box?.[2] ?? 0)
    const columns = known ?? unitsWide / UNITS_PER_MODULE - 2 * plan.quietZone
    const size = sizeOf(plan, columns, unitsWide * mmPerUnit, unitsHigh * mmPerUnit)
    const sized = `<svg width="${mmText(size.imageWidth)}" height="${mmText(size.imageHeight)}"${svg.slice(4)}`
    return {
      kind: 'drawn',
      file: { bytes: UTF8.encode(sized) as Uint8Array<ArrayBuffer>, type: FORMAT_TYPES.svg, size },
    }
  }
  const outlines = render(bwipOptions, outlineDrawing()) as unknown as Outlines
  const size = sizeOf(plan, outlines.columns, outlines.width * mmPerUnit, outlines.height * mmPerUnit)
  return { kind: 'drawn', file: { bytes: pdfOf(outlines, mmPerUnit), type: FORMAT_TYPES.pdf, size } }
}

const UTF8 = new TextEncoder()

/** `12.7mm`: an SVG length in millimetres. */
function mmText(value: number): string {
  return `${Number(value.toFixed(4))}mm`
}

function sizeOf(plan: SizePlan, columns: number, imageWidth: number, imageHeight: number): DrawnSize {
  const side = columns * plan.moduleSize
  return {
    moduleSize: plan.moduleSize,
    symbolWidth: side,
    symbolHeight: side,
    imageWidth,
    imageHeight,
    modulePixels: null,
    dpi: null,
  }
}
