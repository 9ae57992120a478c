/** A symbol's outlines as a one-page PDF, through pdf-lib's core objects. Pure apart from the library: no I/O. */

import { PDFCatalog, PDFContext, PDFName, PDFPageLeaf, PDFPageTree, PDFWriter } from 'pdf-lib'
import type { Outlines } from './pdf-outlines.ts'

const MM_PER_INCH = 25.4
const POINTS_PER_INCH = 72
const MEDIA_BOX = PDFName.of('MediaBox')
const CONTENTS = PDFName.of('Contents')

/**
 * A one-page PDF exactly the image's size (MediaBox in points), the outlines filled black on white through one
 * content stream scaled from bwip-js units to points. Built from pdf-lib's core objects (context, page tree, page,
 * catalog, writer): its `PDFDocument` would add form, font and metadata caches and half again the time of a small
 * symbol. No metadata: identical requests give identical files. Takes the outlines' bytes before its first await.
 */
export async function pdfOf(outlines: Outlines, mmPerUnit: number): Promise<Uint8Array<ArrayBuffer>> {
  const pointsPerUnit = (mmPerUnit / MM_PER_INCH) * POINTS_PER_INCH
  const pageWidth = round(outlines.width * pointsPerUnit)
  const pageHeight = round(outlines.height * pointsPerUnit)
  const k = pointsPerUnit.toFixed(6)
  // Units to points, y up, bwip-js's origin moved past the padding: X = k (x + dx), Y = k (height - y - dy).
  const e = round(outlines.dx * pointsPerUnit)
  const f = round((outlines.height - outlines.dy) * pointsPerUnit)
  const head = `q 1 g 0 0 ${pageWidth} ${pageHeight} re f Q\nq ${k} 0 0 -${k} ${e} ${f} cm 0 g\n`
  const context = PDFContext.create()
  const contents = context.register(context.stream(outlines.operators.contents(head, 'Q\n')))
  const tree = PDFPageTree.withContext(context)
  const treeRef = context.register(tree)
  const page = PDFPageLeaf.withContextAndParent(context, treeRef)
  page.set(MEDIA_BOX, context.obj([0, 0, Number(pageWidth), Number(pageHeight)]))
  page.set(CONTENTS, contents)
  tree.pushLeafNode(context.register(page))
  context.trailerInfo.Root = context.register(PDFCatalog.withContextAndPages(context, treeRef))
  // Never pause between objects: a one-page file has five.
  const writer = PDFWriter.forContext(context, Number.POSITIVE_INFINITY)
  return (await writer.serializeToBuffer()) as Uint8Array<ArrayBuffer>
}

function round(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(3)
}
