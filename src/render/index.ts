/** Rendering of generated codes as SVG: symbol choice, bwip-js drawing and a bounded cache. */
import type { CodeResult, ErrorCorrectionLevel, Mode } from '../gs1/index.ts'
import { createSvgCache, type SvgCacheOptions } from './cache.ts'
import { renderSvg } from './svg.ts'
import { symbolFor } from './symbol.ts'

export { createSvgCache, type SvgCache, type SvgCacheOptions } from './cache.ts'
export { renderSvg } from './svg.ts'
export { gs1SymbolData, type SymbolSpec, symbolFor } from './symbol.ts'

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
