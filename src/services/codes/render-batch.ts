/**
 * The body of a bulk render (`POST /render/batch`): `{codes: [definition, …]}` with at most {@link MAX_BATCH}
 * definitions, and print fields beside `codes` that every definition takes unless it sends its own.
 */
import { type Issue, isObject } from '../../gs1/index.ts'
import { PRINT_FIELDS, type PrintFields, type PrintOptions, readPrintOptions } from '../../render/index.ts'
import { MAX_BATCH } from './generate.ts'
import type { RenderEntry } from './render-zip.ts'

export type RenderBatchRequest =
  | { ok: true; entries: RenderEntry[]; base: PrintOptions }
  | { ok: false; errors: Issue[] }

const NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/

/** Checks the envelope and the shared print fields; the definitions are checked one by one as they are drawn. */
export function readRenderBatch(body: unknown): RenderBatchRequest {
  if (!isObject(body)) {
    return {
      ok: false,
      errors: [
        {
          code: 'Validation.Type.body',
          path: null,
          message: 'the body must be a JSON object {codes: [...]}',
        },
      ],
    }
  }
  const errors: Issue[] = []
  const fields: PrintFields = {}
  for (const [name, value] of Object.entries(body)) {
    if (name === 'codes') continue
    if ((PRINT_FIELDS as readonly string[]).includes(name)) {
      if (value !== null) fields[name as keyof PrintFields] = value
      continue
    }
    const safe = NAME.test(name)
    errors.push({
      code: `Validation.Unknown.${safe ? name : 'property'}`,
      path: safe ? name : null,
      message: `${safe ? name : 'a property'} is not a property of a batch render; codes and ${PRINT_FIELDS.join(', ')} are`,
    })
  }
  const print = readPrintOptions(fields)
  if (!print.ok) errors.push(...print.errors)
  const codes = body.codes
  if (codes === undefined || codes === null) {
    errors.push({ code: 'Validation.Required.codes', path: 'codes', message: 'codes is required' })
  } else if (!Array.isArray(codes)) {
    errors.push({ code: 'Validation.Type.codes', path: 'codes', message: 'codes must be an array' })
  } else if (codes.length > MAX_BATCH) {
    errors.push({
      code: 'Validation.TooMany.codes',
      path: 'codes',
      message: `codes may hold at most ${MAX_BATCH} definitions; got ${codes.length}`,
    })
  }
  if (errors.length > 0 || !print.ok) return { ok: false, errors }
  const entries = (codes as unknown[]).map((value): RenderEntry => ({ kind: 'definition', value }))
  return { ok: true, entries, base: print.options }
}
