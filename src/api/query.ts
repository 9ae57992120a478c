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

/** Most issues one query gets: enough to fix it, bounded whatever the URL holds. */
const MAX_ISSUES = 20

/**
 * The parameters of `url`'s query by name, or the problems: each unknown name once (names that are no identifier
 * together, as "a parameter"), each repeated one once, at most {@link MAX_ISSUES}.
 */
export function readQuery(url: string, takes: readonly string[]): QueryResult {
  const params: Record<string, string> = {}
  const errors: Issue[] = []
  const reported = new Set<string>()
  const report = (key: string, problem: () => Issue) => {
    if (reported.has(key) || errors.length >= MAX_ISSUES) return
    reported.add(key)
    errors.push(problem())
  }
  for (const [name, value] of new URLSearchParams(splitRequestUrl(url).query)) {
    if (!takes.includes(name)) {
      const shown = SAFE_NAME.test(name) ? name : null
      report(`unknown ${shown}`, () => unknownParameter(shown, takes))
    } else if (Object.hasOwn(params, name)) {
      report(`twice ${name}`, () =>
        issue(`Validation.Invalid.${name}`, name, `${name} is given more than once`),
      )
    } else {
      params[name] = value
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, params }
}

function unknownParameter(name: string | null, takes: readonly string[]): Issue {
  const takesList = takes.length === 0 ? 'none' : takes.join(', ')
  return issue(
    `Validation.Unknown.${name ?? 'parameter'}`,
    name,
    `${name ?? 'a parameter'} is not a parameter of this operation; it takes ${takesList}`,
  )
}
