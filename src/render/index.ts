/** Rendering of generated codes: symbol choice, bwip-js drawing (SVG, and SVG, PNG, PDF at a physical size) and a bounded cache. */
import type { CodeResult, ErrorCorrectionLevel, Mode } from '../gs1/index.ts'
import { createSvgCache, type SvgCacheOptions } from './cache.ts'
import { renderSvg } from './svg.ts'
import { symbolFor } from './symbol.ts'

export { createSvgCache, type SvgCache, type SvgCacheOptions } from './cache.ts'
export {
  APPLICATIONS,
  type Application,
  type Carrier,
  carrierOf,
  DEFAULT_APPLICATION,
  rangeOf,
  SIZE_TABLES,
  type XRange,
} from './gs1-size-tables.ts'
export {
  checkPrint,
  DEFAULT_DPI,
  DEFAULT_PRINT,
  FORMAT_TYPES,
  type Format,
  MAX_DPI,
  MAX_PNG_PIXELS,
  MAX_QUIET_ZONE,
  MIN_DPI,
  MIN_QUIET_ZONE,
  mmValue,
  PRINT_FIELDS,
  type PrintFields,
  type PrintOptions,
  type PrintResult,
  planSize,
  readPrintOptions,
  splitPrintFields,
} from './print.ts'
export { type DrawnFile, type DrawnSize, drawPrint, type PrintDrawing, targetOf } from './print-draw.ts'
export { renderSvg } from './svg.ts'
export { carrierOfMode, gs1SymbolData, type SymbolSpec, symbolFor } from './symbol.ts'

export type CodeRenderer = (
  result: Pick<CodeResult, 'primaryKey' | 'ais' | 'barcodeText'>,
  mode: Mode,
  level: ErrorCorrectionLevel | null,
) => string | null

/**
 * A renderer with its own bounded cache. Unrenderable symbols are not cached: they are rare, and
 * caching refusals would let junk requests push out useful entries.
 */
export function createRenderer(options: SvgCacheOptions = {}): CodeRenderer {
  const cache = createSvgCache(options)
  return (result, mode, level) => {
    const symbol = symbolFor(result, mode, level)
    const hit = cache.get(symbol.key)
    if (hit !== undefined) return hit
    const svg = renderSvg(symbol)
    if (svg !== null) cache.set(symbol.key, svg)
    return svg
  }
}
