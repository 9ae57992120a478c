/** A symbol's outlines as a one-page PDF, through pdf-lib's core objects. No I/O; one set of objects for every file. */

import { PDFCatalog, PDFContext, PDFName, PDFPageLeaf, PDFPageTree } from 'pdf-lib'
import { pdfNumber } from './pdf-operators.ts'
import type { Outlines } from './pdf-outlines.ts'
import { trailerDictOf, writePdf } from './pdf-writer.ts'
import { MM_PER_INCH } from './print.ts'

const POINTS_PER_INCH = 72
const MEDIA_BOX = PDFName.of('MediaBox')
const CONTENTS = PDFName.of('Contents')

/**
 * The objects every file shares, built once from pdf-lib's core objects: catalog, page tree, and one page whose
 * MediaBox and content stream each file replaces. Safe to share because a file is written synchronously
 * (`writePdf`), from the replacement to its last byte. Not pdf-lib's `PDFDocument`, whose form, font and metadata
 * caches would cost a small symbol half again its time. Building these four objects anew takes about 4 µs a file on
 * its own, but among the drawings (more garbage, colder caches) sharing them gained about 2% of a small symbol's time
 * (bench/RESULTS.md).
 */
const SHARED = (() => {
  const context = PDFContext.create()
  const contents = context.register(context.stream(new Uint8Array(0)))
  const tree = PDFPageTree.withContext(context)
  const treeRef = context.register(tree)
  const page = PDFPageLeaf.withContextAndParent(context, treeRef)
  page.set(CONTENTS, contents)
  tree.pushLeafNode(context.register(page))
  context.trailerInfo.Root = context.register(PDFCatalog.withContextAndPages(context, treeRef))
  return { context, contents, page, trailer: trailerDictOf(context) }
})()

/**
 * A one-page PDF exactly the image's size (MediaBox in points), the outlines filled black on white through one
 * content stream scaled from bwip-js units to points. No metadata: identical requests give identical files.
 */
export function pdfOf(outlines: Outlines, mmPerUnit: number): Uint8Array<ArrayBuffer> {
  const pointsPerUnit = (mmPerUnit / MM_PER_INCH) * POINTS_PER_INCH
  const pageWidth = pdfNumber(outlines.width * pointsPerUnit)
  const pageHeight = pdfNumber(outlines.height * pointsPerUnit)
  const k = pointsPerUnit.toFixed(6)
  // Units to points, y up, bwip-js's origin moved past the padding: X = k (x + dx), Y = k (height - y - dy).
  const e = pdfNumber(outlines.dx * pointsPerUnit)
  const f = pdfNumber((outlines.height - outlines.dy) * pointsPerUnit)
  const head = `q 1 g 0 0 ${pageWidth} ${pageHeight} re f Q\nq ${k} 0 0 -${k} ${e} ${f} cm 0 g\n`
  const { context, contents, page, trailer } = SHARED
  context.assign(contents, context.stream(outlines.operators.contents(outlines.generation, head, 'Q\n')))
  page.set(MEDIA_BOX, context.obj([0, 0, Number(pageWidth), Number(pageHeight)]))
  return writePdf(context, trailer)
}
