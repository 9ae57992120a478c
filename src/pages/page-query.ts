/** The product page's raw query: single parameters, the pinned versions and the language switch (DESIGN §6). */
import { PINNED, rawParam } from '../resolver/query.ts'

export { decodeParam, rawParam } from '../resolver/query.ts'

/** The language picker's parameter: `?setLocale=fr` stores the choice and redirects to the page in `fr`. */
export const SET_LOCALE = 'setLocale'

/** The name of one `name=value` entry of a raw query. */
function entryName(entry: string): string {
  const eq = entry.indexOf('=')
  return eq === -1 ? entry : entry.slice(0, eq)
}

/** The query without any `name` parameter; every other entry is kept byte for byte, in order. */
export function withoutParam(query: string, name: string): string {
  if (query === '') return ''
  return query
    .split('&')
    .filter((entry) => entry !== '' && entryName(entry) !== name)
    .join('&')
}

/** `10`, `21` and `17` as sent, in that order ('' when none): what links to the product's other pages keep. */
export function pinnedParams(query: string): string {
  const out: string[] = []
  for (const ai of PINNED) {
    const raw = rawParam(query, ai)
    if (raw !== null && raw !== '') out.push(`${ai}=${raw}`)
  }
  return out.join('&')
}

/** The query with one more raw `name=value` entry at the end. */
export function appendParam(query: string, entry: string): string {
  return query === '' ? entry : `${query}&${entry}`
}

/** `path` with `?query` when the query is not empty. */
export function withQuery(path: string, query: string): string {
  return query === '' ? path : `${path}?${query}`
}
