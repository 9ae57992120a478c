/** Draws a symbol as SVG with bwip-js (the platform-neutral `generic` build, so Bun and Deno run it alike). */
import { type RenderOptions, toSVG } from 'bwip-js/generic'
import type { SymbolSpec } from './symbol.ts'

/** bwip-js default scale: one module is 2 × 2 = 4 SVG units; `padding` counts 2 per module (pre-scale). */
const SCALE = 2
const PADDING_PER_MODULE = 2

/**
 * Black modules on a white background with the symbol's quiet zone and no text (SPEC "Render 2D barcode").
 * Returns null when the data cannot be drawn (too long for the symbol, or refused by the encoder).
 */
export function renderSvg(symbol: SymbolSpec): string | null {
  const options: RenderOptions & Record<string, unknown> = {
    bcid: symbol.encoder,
    text: symbol.text,
    scale: SCALE,
    padding: symbol.quietZone * PADDING_PER_MODULE,
    barcolor: '000000',
    backgroundcolor: 'FFFFFF',
    includetext: false,
  }
  if (symbol.fnc1) options.parsefnc = true
  // BWIPP treats `eclevel` as a minimum and raises it when the symbol has room; SPEC rule 14 wants
  // exactly the requested level.
  if (symbol.eclevel !== null) Object.assign(options, { eclevel: symbol.eclevel, fixedeclevel: true })
  let svg: string
  try {
    svg = toSVG(options)
  } catch {
    return null
  }
  return withIntrinsicSize(svg)
}

/** bwip-js writes only a `viewBox`; `width`/`height` in user units give the image an intrinsic size. */
function withIntrinsicSize(svg: string): string {
  const match = /^<svg viewBox="0 0 (\d+) (\d+)"/.exec(svg)
  if (match === null) return svg
  const [whole, width, height] = match
  return `<svg width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"${svg.slice(whole.length)}`
}
