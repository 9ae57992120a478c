/** The `Catalog.Duplicate` errors of a list: every item whose key an earlier item already has. */
import { type Issue, issue } from '../gs1/issue.ts'

export function duplicates<T>(
  items: readonly T[],
  key: (item: T) => string,
  path: (i: number) => string,
  what: string,
): Issue[] {
  const seen = new Map<string, number>()
  const errors: Issue[] = []
  items.forEach((item, i) => {
    const k = key(item)
    const first = seen.get(k)
    if (first === undefined) seen.set(k, i)
    else
      errors.push(issue('Catalog.Duplicate', path(i), `${what} '${k}' is already defined at ${path(first)}`))
  })
  return errors
}
