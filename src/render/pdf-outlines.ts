/**
 * A bwip-js drawing that keeps a symbol's filled outlines, modules and HRI glyphs alike, as PDF path operators in
 * bwip-js's own units and orientation (y down); the PDF's matrix moves, flips and scales them (`pdfOf`). No I/O; the
 * operators go into one buffer that every drawing of the thread reuses.
 */

import bwipGeneric, { type RenderOptions, type render } from 'bwip-js/generic'
import { OperatorBytes } from './pdf-operators.ts'

/** bwip-js draws a 2D module as 2 × 2 units at scale 1; its `padding` counts in the same units. */
export const UNITS_PER_MODULE = 2

/** Filled outlines in bwip-js units (y down), and the image's extent. */
export interface Outlines {
  /** The path operators, bwip-js's padding left out (`dx`, `dy`): `generation` of this writer, until the next starts. */
  readonly operators: OperatorBytes
  readonly generation: number
  readonly width: number
  readonly height: number
  /** The symbol's module count across (from the fills' extent). */
  readonly columns: number
  /** Where bwip-js's origin lies in the image: its padding on the left and at the top. */
  readonly dx: number
  readonly dy: number
}

/** One writer for every drawing: a drawing runs to its end, and its PDF takes the bytes, before the next one starts. */
const WRITER = new OperatorBytes()

type Drawing = Parameters<typeof render>[1]

/** A drawing whose `render` result is its `Outlines`. */
export function outlineDrawing(): Drawing {
  // Started here too, so that a drawing bwip-js never initialises holds nothing of the one before.
  const ops = WRITER.reset()
  let opts: RenderOptions = { bcid: '', text: '' }
  let width = 0
  let height = 0
  let dx = 0
  let dy = 0
  let minX = Number.POSITIVE_INFINITY
  let maxX = Number.NEGATIVE_INFINITY
  return {
    setopts(options: RenderOptions) {
      opts = options
    },
    scale: () => null,
    measure: measureText,
    // bwip-js calls this once the symbol is encoded, right before it draws: the drawing's stream starts here.
    init(w: number, h: number) {
      ops.reset()
      dx = opts.paddingleft ?? 0
      dy = opts.paddingtop ?? 0
      width = w + dx + (opts.paddingright ?? 0)
      height = h + dy + (opts.paddingbottom ?? 0)
    },
    line() {},
    polygon(pts: [number, number][]) {
      for (let i = 0; i < pts.length; i++) {
        const point = pts[i] as [number, number]
        const x = point[0]
        if (x < minX) minX = x
        if (x > maxX) maxX = x
        ops.number(x)
        ops.number(point[1])
        ops.operator(i === 0 ? 'm' : 'l')
      }
      if (pts.length > 0) ops.lastOperator('h')
    },
    hexagon() {},
    ellipse() {},
    fill() {
      ops.lastOperator('f*')
    },
    text(x: number, y: number, str: string, _rgb: string, font: Font) {
      drawGlyphs(ops, x, y, str, font)
    },
    end(): Outlines {
      const columns = (maxX - minX) / UNITS_PER_MODULE
      return { operators: ops, generation: ops.generation, width, height, dx, dy, columns }
    },
  } as unknown as Drawing
}

interface Font {
  name: string
  width: number
  height: number
  dx?: number
}

interface Glyph {
  top: number
  height: number
  left: number
  width: number
  advance: number
}

type Segment =
  | { type: 'M' | 'L'; x: number; y: number }
  | { type: 'Q'; cx: number; cy: number; x: number; y: number }
  | { type: 'C'; cx1: number; cy1: number; cx2: number; cy2: number; x: number; y: number }

interface FontLib {
  lookup(name: string): number
  getglyph(id: number, ch: number, w: number, h: number): Glyph | null
  getpaths(id: number, ch: number, w: number, h: number): Segment[] | null
}

const FONTS = (bwipGeneric as unknown as { FontLib: FontLib }).FontLib

/** The extent of `str` in bwip-js's font, as its own drawings measure it. */
function measureText(str: string, font: string, fwidth: number, fheight: number) {
  const id = FONTS.lookup(font)
  let width = 0
  let ascent = 0
  let descent = 0
  for (let i = 0; i < str.length; i++) {
    const glyph = FONTS.getglyph(id, str.charCodeAt(i), fwidth | 0, fheight | 0)
    if (!glyph) continue
    ascent = Math.max(ascent, glyph.top)
    descent = Math.max(descent, glyph.height - glyph.top)
    width += i === str.length - 1 ? glyph.left + glyph.width : glyph.advance
  }
  return { width, ascent, descent }
}

/** The outlines of `str`'s glyphs from (x, y) on its baseline, each a filled path. */
function drawGlyphs(ops: OperatorBytes, x: number, y: number, str: string, font: Font): void {
  const id = FONTS.lookup(font.name)
  let left = x
  const point = (px: number, py: number) => {
    ops.number(px + left)
    ops.number(y - py)
  }
  for (let k = 0; k < str.length; k++) {
    const ch = str.charCodeAt(k)
    const glyph = FONTS.getpaths(id, ch, font.width | 0, font.height | 0)
    if (glyph?.length) {
      let cx = 0
      let cy = 0
      for (const seg of glyph) {
        switch (seg.type) {
          case 'M':
          case 'L':
            point(seg.x, seg.y)
            ops.lastOperator(seg.type === 'M' ? 'm' : 'l')
            break
          case 'Q':
            // A quadratic Bézier as the cubic PDF draws: control points 2/3 of the way to the quadratic's.
            point(cx + ((seg.cx - cx) * 2) / 3, cy + ((seg.cy - cy) * 2) / 3)
            point(seg.x + ((seg.cx - seg.x) * 2) / 3, seg.y + ((seg.cy - seg.y) * 2) / 3)
            point(seg.x, seg.y)
            ops.lastOperator('c')
            break
          case 'C':
            point(seg.cx1, seg.cy1)
            point(seg.cx2, seg.cy2)
            point(seg.x, seg.y)
            ops.lastOperator('c')
        }
        cx = seg.x
        cy = seg.y
      }
      ops.operator('h')
      ops.lastOperator('f')
    }
    left += (FONTS.getglyph(id, ch, font.width | 0, font.height | 0)?.advance ?? 0) + (font.dx ?? 0)
  }
}
