/** Reads a posted web form (`application/x-www-form-urlencoded`), bounded in size, and checks what a request carries. */

import { storableText } from '../catalog/validate.ts'
import { readLimitedBytes } from '../lib/read-body.ts'
import type { ErrorView } from './views/errors.ts'

/** The largest form the dashboard reads (its forms carry a few short fields). */
export const MAX_FORM_BYTES = 64 * 1024

/** The largest upload (a catalog file) a form with a file field may send. */
export const MAX_UPLOAD_BYTES = 32 * 1024 * 1024

export type FormResult =
  | { readonly kind: 'ok'; readonly form: URLSearchParams; readonly files: ReadonlyMap<string, string> }
  | { readonly kind: 'too_large' }
  | { readonly kind: 'unsupported' }

const URLENCODED = 'application/x-www-form-urlencoded'
const MULTIPART = 'multipart/form-data'

/**
 * Reads a web form. Every route takes `application/x-www-form-urlencoded` up to 64 KiB; a route that takes a file
 * (`uploads`) also takes `multipart/form-data` up to {@link MAX_UPLOAD_BYTES}, its files read as UTF-8 text.
 */
export async function readForm(request: Request, uploads = false): Promise<FormResult> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase()
  const multipart = uploads && type === MULTIPART
  if (type !== URLENCODED && !multipart) return { kind: 'unsupported' }
  const limit = multipart ? MAX_UPLOAD_BYTES : MAX_FORM_BYTES
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > limit) return { kind: 'too_large' }
  const bytes = await readLimitedBytes(request, limit)
  if (bytes === null) return { kind: 'too_large' }
  if (!multipart)
    return { kind: 'ok', form: new URLSearchParams(new TextDecoder().decode(bytes)), files: new Map() }
  let parts: FormData
  try {
    parts = await new Response(new Blob([bytes as Uint8Array<ArrayBuffer>]), {
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
    }).formData()
  } catch {
    return { kind: 'unsupported' }
  }
  const form = new URLSearchParams()
  const files = new Map<string, string>()
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value)
    else if (value.size > 0) files.set(name, await value.text())
  }
  return { kind: 'ok', form, files }
}

const FORM_ID = /^[A-Za-z0-9_-]{22}$/

/** A new one-time form id (128 random bits): each rendered form of a signed-in page carries one. */
export function newFormId(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64url')
}

/** True for a string shaped like {@link newFormId}'s ids (anything else is refused, not looked up). */
export function isFormId(value: string): boolean {
  return FORM_ID.test(value)
}

/** The answer to a request whose address or form holds text no page or query can take: `400`, as the API's. */
export const UNREADABLE_INPUT: ErrorView = {
  status: 400,
  title: 'Not readable',
  message:
    'The address or the form holds a character the dashboard does not take (a NUL character). Remove it and try again.',
}

/**
 * True when every value of the request (path parameters, query and form, names and values) is text Postgres stores
 * unchanged: no NUL, no half of a surrogate pair. The API refuses such text with `400` where it reads a parameter
 * (`storableText`); the dashboard checks it once, before any route, so a NUL never reaches a query and fails there.
 */
export function storableInput(
  params: Readonly<Record<string, string>>,
  ...lists: readonly URLSearchParams[]
): boolean {
  for (const value of Object.values(params)) if (!storableText(value)) return false
  for (const list of lists) {
    for (const [name, value] of list) if (!storableText(name) || !storableText(value)) return false
  }
  return true
}
