/**
 * The query string of a catalog or scans request, read against the parameters the operation takes. An unknown
 * name (a typo such as `limt`) or a name given twice is refused: either would otherwise change nothing, silently.
 */
import { type Issue, issue } from '../gs1/issue.ts'
import { splitRequestUrl } from '../resolver/request-url.ts'

/** A name safe to put in an error code and path as it is; others are said as "a parameter". */
const SAFE_NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/

export type QueryResult =
  | { readonly ok: true; readonly params: Readonly<Record<string, string>> }
  | { readonly ok: false; readonly errors: readonly Issue[] }

/** The parameters of `url`'s query by name, or every unknown and repeated one as a `Validation.*` issue. */
export function readQuery(url: string, takes: readonly string[]): QueryResult {
  const params: Record<string, string> = {}
  const errors: Issue[] = []
  const seen = new Set<string>()
  for (const [name, value] of new URLSearchParams(splitRequestUrl(url).query)) {
    const safe = SAFE_NAME.test(name)
    if (!takes.includes(name)) {
      if (seen.has(name)) continue
      seen.add(name)
      const takesList = takes.length === 0 ? 'none' : takes.join(', ')
      errors.push(
        issue(
          `Validation.Unknown.${safe ? name : 'parameter'}`,
          safe ? name : null,
          `${safe ? name : 'a parameter'} is not a parameter of this operation; it takes ${takesList}`,
        ),
      )
    } else if (Object.hasOwn(params, name)) {
      if (!seen.has(name))
        errors.push(issue(`Validation.Invalid.${name}`, name, `${name} is given more than once`))
      seen.add(name)
    } else {
      params[name] = value
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, params }
}
