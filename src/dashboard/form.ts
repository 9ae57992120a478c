/** Reads a posted web form (`application/x-www-form-urlencoded`), bounded in size. */
import { readLimitedBytes } from '../api/read-body.ts'

/** The largest form the dashboard reads (its forms carry a few short fields). */
export const MAX_FORM_BYTES = 64 * 1024

export type FormResult =
  | { readonly kind: 'ok'; readonly form: URLSearchParams }
  | { readonly kind: 'too_large' }
  | { readonly kind: 'unsupported' }

export async function readForm(request: Request, limit = MAX_FORM_BYTES): Promise<FormResult> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase()
  if (type !== 'application/x-www-form-urlencoded') return { kind: 'unsupported' }
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > limit) return { kind: 'too_large' }
  const bytes = await readLimitedBytes(request, limit)
  if (bytes === null) return { kind: 'too_large' }
  return { kind: 'ok', form: new URLSearchParams(new TextDecoder().decode(bytes)) }
}
