/** The validation issue shape shared by every GS1 check: `{code, path, message}` (DESIGN §6). */

/** One problem found in input; `path` is a JSON path relative to the checked object, or null. */
export interface Issue {
  code: string
  path: string | null
  message: string
}

/** Builds an Issue. */
export function issue(code: string, path: string | null, message: string): Issue {
  return { code, path, message }
}

const MAX_QUOTE = 40

/** Quotes untrusted input for a message, truncated so that messages never echo unbounded input. */
export function quote(value: string): string {
  const s = value.length > MAX_QUOTE ? `${value.slice(0, MAX_QUOTE)}…` : value
  return `'${s}'`
}
