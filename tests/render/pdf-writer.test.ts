/** The synchronous PDF writer: byte for byte what pdf-lib's own PDFWriter writes, for the pages drawn and others. */
import { describe, expect, test } from 'bun:test'
import {
  PDFCatalog,
  PDFContext,
  PDFDocument,
  PDFName,
  PDFPageLeaf,
  PDFPageTree,
  PDFWriter,
  rgb,
  StandardFonts,
} from 'pdf-lib'
import { trailerDictOf, writePdf } from '../../src/render/pdf-writer.ts'

const byPdfLib = (context: PDFContext) =>
  PDFWriter.forContext(context, Number.POSITIVE_INFINITY).serializeToBuffer()

describe('writePdf', () => {
  test('a one-page file of a content stream equals PDFWriter’s, with the trailer built apart or not', async () => {
    const context = PDFContext.create()
    const contents = context.register(
      context.stream(new TextEncoder().encode('q 0 g 2 2 m 6 2 l 6 6 l h f* Q\n')),
    )
    const tree = PDFPageTree.withContext(context)
    const treeRef = context.register(tree)
    const page = PDFPageLeaf.withContextAndParent(context, treeRef)
    page.set(PDFName.of('MediaBox'), context.obj([0, 0, 12.5, 40]))
    page.set(PDFName.of('Contents'), contents)
    tree.pushLeafNode(context.register(page))
    context.trailerInfo.Root = context.register(PDFCatalog.withContextAndPages(context, treeRef))
    const expected = await byPdfLib(context)
    expect(Buffer.from(writePdf(context)).equals(Buffer.from(expected))).toBe(true)
    expect(Buffer.from(writePdf(context, trailerDictOf(context))).equals(Buffer.from(expected))).toBe(true)
  })

  test('a document with fonts, text, metadata and two pages equals PDFWriter’s', async () => {
    const doc = await PDFDocument.create({ updateMetadata: false })
    doc.setTitle('GS1 codes')
    const font = await doc.embedFont(StandardFonts.Helvetica)
    doc.addPage([200, 100]).drawText('(01)09506000134352', { x: 10, y: 50, size: 12, font })
    doc.addPage([50, 50]).drawRectangle({ x: 5, y: 5, width: 10, height: 20, color: rgb(0, 0, 0) })
    await doc.flush()
    const expected = await byPdfLib(doc.context)
    const written = writePdf(doc.context)
    expect(written.length).toBe(expected.length)
    expect(Buffer.from(written).equals(Buffer.from(expected))).toBe(true)
  })
})
