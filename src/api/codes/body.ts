/** Reads the JSON body of a code request: declared type (415), size (413) and syntax (400), in that order. */

import { readLimitedBytes } from '../../lib/read-body.ts'
import { MAX_BODY_BYTES } from '../app.ts'
import { isJsonRequest } from '../media.ts'

export type BodyFailure = 'unsupportedMediaType' | 'payloadTooLarge' | 'malformedJson'

/** A read body: its value and its size in bytes (0 when a global parser read it first). */
export type BodyResult = { ok: true; value: unknown; bytes: number } | { ok: false; failure: BodyFailure }

/**
 * What the routes' own parser hands on: nothing is read before the handler has checked the
 * credentials and media types, and every body is read here with the size limit, also when the
 * request has no `Content-Length` (chunked).
 */
export const UNREAD: unique symbol = Symbol('unread body')

/** Elysia `parse` hook that leaves the body unread for {@link readJsonBody}. */
export function leaveUnread(): typeof UNREAD {
  return UNREAD
}

const UTF8 = new TextDecoder('utf-8', { fatal: true })

/** Reads and parses the body; `parsed` is what Elysia already parsed, when a global parser ran first. */
export async function readJsonBody(request: Request, parsed: unknown): Promise<BodyResult> {
  if (parsed !== UNREAD && parsed !== undefined) {
    return isJsonRequest(request.headers.get('content-type'))
      ? { ok: true, value: parsed, bytes: 0 }
      : { ok: false, failure: 'unsupportedMediaType' }
  }
  const read = await readJsonBytes(request)
  if (!read.ok) return read
  const parsedBytes = parseJsonBytes(read.bytes)
  return parsedBytes.ok ? { ...parsedBytes, bytes: read.bytes.byteLength } : parsedBytes
}

export type BytesResult =
  | { ok: true; bytes: Uint8Array }
  | { ok: false; failure: Exclude<BodyFailure, 'malformedJson'> }

/** The body's bytes after the declared type (415) and the size (413) are checked; the JSON is not parsed. */
export async function readJsonBytes(request: Request): Promise<BytesResult> {
  if (!isJsonRequest(request.headers.get('content-type')))
    return { ok: false, failure: 'unsupportedMediaType' }
  // With a Content-Length the app has already refused more than the limit, and the server delivers no more
  // than declared: the body is read natively in one go. Without one (chunked) it is read chunk by chunk.
  const declared = request.headers.get('content-length') !== null
  const bytes = declared
    ? new Uint8Array(await request.arrayBuffer())
    : await readLimitedBytes(request, MAX_BODY_BYTES)
  if (bytes === null || bytes.byteLength > MAX_BODY_BYTES) return { ok: false, failure: 'payloadTooLarge' }
  return { ok: true, bytes }
}

/** The JSON value of UTF-8 bytes, or `malformedJson` (invalid UTF-8 included). */
export function parseJsonBytes(
  bytes: Uint8Array,
): { ok: true; value: unknown } | { ok: false; failure: 'malformedJson' } {
  try {
    return { ok: true, value: JSON.parse(UTF8.decode(bytes)) }
  } catch {
    return { ok: false, failure: 'malformedJson' }
  }
}
