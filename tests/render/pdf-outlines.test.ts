/** The outline drawing's shared operator buffer: each drawing's stream is its own, whatever happened to the one before. */
import { expect, test } from 'bun:test'
import { render } from 'bwip-js/generic'
import { pdfOf } from '../../src/render/pdf-file.ts'
import { type Outlines, outlineDrawing } from '../../src/render/pdf-outlines.ts'

const SYMBOL = {
  bcid: 'datamatrix',
  text: '^FNC101095060001343521021S7',
  parsefnc: true,
  scale: 1,
  padding: 2,
}
const draw = () => render({ ...SYMBOL }, outlineDrawing()) as unknown as Outlines
const pdf = (outlines: Outlines) => Buffer.from(pdfOf(outlines, 0.25))

test('a drawing after one that failed half way holds nothing of it', () => {
  const whole = pdf(draw())
  const failing = outlineDrawing() as unknown as { polygon(points: unknown): void }
  const polygon = failing.polygon.bind(failing)
  let polygons = 0
  failing.polygon = (points) => {
    if (++polygons === 3) throw new Error('half way')
    polygon(points)
  }
  expect(() => render({ ...SYMBOL }, failing as never)).toThrow('half way')
  expect(pdf(draw()).equals(whole)).toBe(true)
})

test('outlines a later drawing has overwritten are refused, never written under their own size', () => {
  const first = draw()
  draw()
  expect(() => pdfOf(first, 0.25)).toThrow('overwritten by a later drawing')
})

test('a drawing made but not yet rendered does not take in the stream of one rendered meanwhile', () => {
  const other = { ...SYMBOL, text: '^FNC101095060001343521021S8' }
  const early = outlineDrawing()
  draw()
  const late = pdf(render({ ...other }, early) as unknown as Outlines)
  expect(late.equals(pdf(render({ ...other }, outlineDrawing()) as unknown as Outlines))).toBe(true)
})
