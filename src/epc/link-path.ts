/** The uncompressed Digital Link path and query of a decoded EPC, e.g. `/01/…/21/…?17=…` (GS1 DL 1.6 §4). */
import { percentEncode, percentEncodeQuery } from '../gs1/index.ts'
import { keyOf } from './key-link.ts'
import type { LinkInput } from './types.ts'

/**
 * `/{key AI}/{value}` + each key qualifier as a path segment + the other AIs as query parameters, in order;
 * values percent-encoded except RFC 3986 unreserved characters (as in the shared EPC vectors).
 * @example toDigitalLinkPath({ key: { ai: '00', value: '095201234567891235' }, qualifiers: [], attributes: [] })
 */
export function toDigitalLinkPath(link: LinkInput): string {
  const key = keyOf(link)
  let path = `/${key.ai}/${percentEncode(key.value)}`
  for (const q of link.qualifiers) path += `/${q.ai}/${percentEncode(q.value)}`
  const query = link.attributes.map((a) => `${a.ai}=${percentEncodeQuery(a.value)}`).join('&')
  return query === '' ? path : `${path}?${query}`
}
