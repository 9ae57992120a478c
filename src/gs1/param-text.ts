/** Character rules of Digital Link parameters (SPEC rules 10, 12, 13): unreserved characters and URI punctuation. */
import { charTable } from './charset.ts'
import { type Issue, issue, quote } from './issue.ts'

export const MAX_TEXT = 1024

// SPEC rule 10: unreserved ASCII characters and URI punctuation (RFC 3986 gen-delims and sub-delims).
const PARAM_CHARS = charTable(
  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=",
)

function badParamChar(s: string): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c >= 128 || PARAM_CHARS[c] !== 1) return i
  }
  return -1
}

function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102)
}

// An absolute URI may also carry %XX escapes.
export function badUriChar(s: string): number {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c === 37 && isHex(s.charCodeAt(i + 1)) && isHex(s.charCodeAt(i + 2))) i += 2
    else if (c >= 128 || PARAM_CHARS[c] !== 1) return i
  }
  return -1
}

const PARAM_RULE = "letters, digits and -._~:/?#[]@!$&'()*+,;="

/** Problem with a parameter text (SPEC rules 10 and 13), or null. */
export function paramTextProblem(s: string, what: string): string | null {
  if (s.length > MAX_TEXT) return `${what} must be at most ${MAX_TEXT} characters; got ${s.length}`
  const bad = badParamChar(s)
  if (bad < 0) return null
  return `${what} may only contain ${PARAM_RULE}; ${quote(s)} has a character not allowed at position ${bad + 1}`
}

export function notAllowedWithoutStem(field: string, issues: Issue[]): void {
  issues.push(issue(`Validation.NotAllowed.${field}`, field, `${field} is only allowed with digitalLinkStem`))
}
