/** OAuth scopes (SPEC "Authentication" scope table) and the parsing of a `scope` request parameter. */

/**
 * Every scope the service defines: `write:codes` (SPEC "API client"), and the catalog and scan scopes of DESIGN §8
 * and §9. Reading and writing the catalog are separate scopes: an ERP that publishes products holds both.
 */
export const SCOPES = ['write:codes', 'read:catalog', 'write:catalog', 'read:scans'] as const

export type Scope = (typeof SCOPES)[number]

/** The scope the code endpoints demand. */
export const WRITE_CODES: Scope = 'write:codes'
/** `GET /brands`, `GET /products…`, `GET /catalog/export`. */
export const READ_CATALOG: Scope = 'read:catalog'
/** `PUT /brands/…`, `PUT` and `DELETE /products/…`, `POST /catalog/import`. */
export const WRITE_CATALOG: Scope = 'write:catalog'
/** `GET /scans`. */
export const READ_SCANS: Scope = 'read:scans'

/** What each scope grants, in the words of the OpenAPI document, the dashboard and the CLI. */
export const SCOPE_DESCRIPTIONS: Readonly<Record<Scope, string>> = {
  'write:codes': 'Generate codes and Digital Link URIs: single, batch and render.',
  'read:catalog': "Read the organization's brands, products, items and prefix rules, and export its catalog.",
  'write:catalog':
    "Create, change and delete the organization's brands, products, items and prefix rules, and import a catalog.",
  'read:scans': "Read the scan counts of the organization's products.",
}

/** RFC 6749 §3.3: scope-token = 1*( %x21 / %x23-5B / %x5D-7E ), joined by single spaces. */
const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]+$/

/** True when `value` is a scope this service defines. */
export function isKnownScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value)
}

/**
 * Reads a `scope` parameter: `null` when absent or blank (the client's own scopes apply), the list
 * of distinct tokens when well formed, or `'invalid'` when a token breaks the RFC 6749 §3.3 grammar.
 */
export function parseScopeParameter(value: string | null): string[] | null | 'invalid' {
  if (value === null || value.trim() === '') return null
  const tokens = value.split(' ').filter((token) => token !== '')
  if (!tokens.every((token) => SCOPE_TOKEN.test(token))) return 'invalid'
  return [...new Set(tokens)]
}

/** Serialises scopes for the `scope` claim (RFC 9068 §2.2.3: space-delimited). */
export function formatScopes(scopes: readonly string[]): string {
  return scopes.join(' ')
}
