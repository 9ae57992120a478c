/** Reads a posted web form (`application/x-www-form-urlencoded`), bounded in size. */
import { readLimitedBytes } from '../api/read-body.ts'

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
