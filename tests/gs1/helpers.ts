/** Test helpers for the GS1 core: small definitions and error-code extraction. */

import type { DefinitionOptions } from '../../src/gs1/index.ts'
import { generateCode } from '../../src/gs1/index.ts'

export const GTIN = '09506000134352'
export const STEM = 'https://example.com'
export const SSCC = '006141411234567890'

/** A definition with a GTIN primary key and the given AIs. */
export function gtinDef(
  ais: [string, string][] = [],
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    primaryKey: { key: '01', value: GTIN },
    ais: ais.map(([key, value]) => ({ key, value })),
    ...extra,
  }
}

/** The `{code, path}` of every error, or [] when generation succeeds. */
export function errorsOf(
  input: unknown,
  options: DefinitionOptions = {},
): { code: string; path: string | null }[] {
  const r = generateCode(input, options)
  return r.ok ? [] : r.errors.map(({ code, path }) => ({ code, path }))
}

/** The codes of every error. */
export function codesOf(input: unknown, options: DefinitionOptions = {}): string[] {
  return errorsOf(input, options).map((e) => e.code)
}

/** The barcode text, or throws with the errors. */
export function textOf(input: unknown, options: DefinitionOptions = {}): string {
  const r = generateCode(input, options)
  if (!r.ok) throw new Error(JSON.stringify(r.errors))
  return r.result.barcodeText
}
