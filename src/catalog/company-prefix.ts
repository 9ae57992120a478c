/**
 * GS1 Company Prefixes (DESIGN §12): where a key's value holds its company prefix, and whether an entry or a prefix
 * rule stays within an organization's. Pure; the facts are the GS1 General Specifications' key formats (§3, §4).
 */
import { type Issue, issue } from '../gs1/issue.ts'

/** How many digits a GS1 Company Prefix has (GS1 General Specifications §1.4.4: U.P.C. Company Prefixes are written with a leading 0). */
export const COMPANY_PREFIX_DIGITS = { min: 4, max: 12 } as const
export const COMPANY_PREFIX = new RegExp(`^[0-9]{${COMPANY_PREFIX_DIGITS.min},${COMPANY_PREFIX_DIGITS.max}}$`)

/**
 * Keys whose value starts with one digit before the company prefix: the GTIN's indicator (01 and the GTIN inside an
 * ITIP, 8006), the SSCC's extension digit (00), and the GRAI's leading zero (8003). Every other key starts with it.
 */
const ONE_DIGIT_BEFORE: ReadonlySet<string> = new Set(['01', '00', '8003', '8006'])

/** The part of a key's value that starts with its company prefix. */
export function companyPart(key: string, value: string): string {
  return ONE_DIGIT_BEFORE.has(key) ? value.slice(1) : value
}

/**
 * Whether the value (or a rule's prefix, which must reach past a whole company prefix) lies within one of the
 * prefixes. An organization with none recorded is not checked: true.
 */
export function withinPrefixes(key: string, value: string, prefixes: readonly string[]): boolean {
  if (prefixes.length === 0) return true
  const part = companyPart(key, value)
  return prefixes.some((p) => part.startsWith(p))
}

/** Why a company prefix cannot be recorded, or null. */
export function companyPrefixProblem(prefix: string): string | null {
  return COMPANY_PREFIX.test(prefix)
    ? null
    : `a GS1 Company Prefix has 4 to 12 digits; ${JSON.stringify(prefix)} has not`
}

/** True when one of the two prefixes starts the other: two organizations can never hold both. */
export function overlaps(a: string, b: string): boolean {
  return a.startsWith(b) || b.startsWith(a)
}

/** The ownership issue of an entry outside its organization's prefixes. */
export function outsidePrefixes(
  path: string,
  what: string,
  organization: string,
  prefixes: readonly string[],
): Issue {
  return issue(
    'Catalog.Ownership',
    path,
    `${what} is outside the GS1 Company Prefixes of organization '${organization}' (${prefixes.join(', ')})`,
  )
}
