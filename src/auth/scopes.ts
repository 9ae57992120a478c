/** OAuth scopes (SPEC "Authentication" scope table) and the parsing of a `scope` request parameter. */

/** Every scope the service defines; `write:codes` is the only one (SPEC "API client"). */
export const SCOPES = ['write:codes'] as const

export type Scope = (typeof SCOPES)[number]

/** The scope the code endpoints demand. */
export const WRITE_CODES: Scope = 'write:codes'

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
