/**
 * A PDF file from pdf-lib's objects, synchronously: byte for byte what pdf-lib's `PDFWriter` writes (a test holds them
 * equal), each object writing its own bytes; like `PDFWriter`, and unlike `PDFStreamWriter`, it writes no object
 * streams. `PDFWriter` is asynchronous: it yields to the event loop at least once, where another file could change
 * objects that pdf-file.ts shares between files. No I/O.
 */

import {
  type PDFContext,
  PDFCrossRefSection,
  type PDFDict,
  PDFHeader,
  type PDFObject,
  type PDFRef,
  PDFTrailer,
  PDFTrailerDict,
} from 'pdf-lib'

const HEADER = PDFHeader.forVersion(1, 7)
const OBJECT_END = '\nendobj\n\n'

/**
 * The trailer dictionary `PDFWriter` writes for `context`: to be built again when the largest object number or the
 * trailer's Root, Info, ID or Encrypt change (pdf-file.ts replaces objects, never adds any).
 */
export function trailerDictOf(context: PDFContext): PDFTrailerDict {
  const { Root, Encrypt, Info, ID } = context.trailerInfo
  return PDFTrailerDict.of(
    context.obj({ Size: context.largestObjectNumber + 1, Root, Encrypt, Info, ID }) as PDFDict,
  )
}

/** Header, objects, cross-reference section and trailer, in one array of exactly the file's size. */
export function writePdf(
  context: PDFContext,
  trailerDict: PDFTrailerDict = trailerDictOf(context),
): Uint8Array<ArrayBuffer> {
  const objects = context.enumerateIndirectObjects() as [PDFRef, PDFObject][]
  const xref = PDFCrossRefSection.create()
  let size = HEADER.sizeInBytes() + 2
  for (const [ref, object] of objects) {
    xref.addEntry(ref, size)
    size += objectHead(ref).length + object.sizeInBytes() + OBJECT_END.length
  }
  const trailer = PDFTrailer.forLastCrossRefSectionOffset(size)
  size += xref.sizeInBytes() + 1 + trailerDict.sizeInBytes() + 2 + trailer.sizeInBytes()
  const file = new Uint8Array(size)
  let at = HEADER.copyBytesInto(file, 0)
  at += ascii('\n\n', file, at)
  for (const [ref, object] of objects) {
    at += ascii(objectHead(ref), file, at)
    at += object.copyBytesInto(file, at)
    at += ascii(OBJECT_END, file, at)
  }
  at += xref.copyBytesInto(file, at)
  at += ascii('\n', file, at)
  at += trailerDict.copyBytesInto(file, at)
  at += ascii('\n\n', file, at)
  trailer.copyBytesInto(file, at)
  return file
}

function objectHead(ref: PDFRef): string {
  return `${ref.objectNumber} ${ref.generationNumber} obj\n`
}

function ascii(text: string, into: Uint8Array, at: number): number {
  for (let i = 0; i < text.length; i++) into[at + i] = text.charCodeAt(i)
  return text.length
}
