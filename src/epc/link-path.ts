/** The uncompressed Digital Link path and query of a decoded EPC, e.g. `/01/…/21/…?17=…` (GS1 DL 1.6 §4). */
import { percentEncode, percentEncodeQuery } from '../gs1/index.ts'
import type { AiPair } from './types.ts'

/**
 * `/01/{gtin}` + each key qualifier as a path segment + the other AIs as query parameters, in order;
 * values percent-encoded except RFC 3986 unreserved characters (as in the shared EPC vectors).
 * @example toDigitalLinkPath({ gtin: '09506000134352', qualifiers: [{ ai: '21', value: 'S1' }], attributes: [] })
 */
export function toDigitalLinkPath(link: {
  gtin: string
  qualifiers: ReadonlyArray<AiPair>
  attributes: ReadonlyArray<AiPair>
}): string {
  let path = `/01/${link.gtin}`
  for (const q of link.qualifiers) path += `/${q.ai}/${percentEncode(q.value)}`
  const query = link.attributes.map((a) => `${a.ai}=${percentEncodeQuery(a.value)}`).join('&')
  return query === '' ? path : `${path}?${query}`
}
