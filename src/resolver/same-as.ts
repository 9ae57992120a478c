/** The uncompressed link of a compressed scan, exposed in `Link` with `rel="owl:sameAs"` (GS1-Conformant Resolver 1.2). */
import { type KeyLink, linkPath } from './link.ts'
import { effectiveQuery } from './query.ts'

/** RFC 8288 §3 entry suffix after `<` + target; the relation name GS1's conformance suite looks for. */
const SAME_AS = '>; rel="owl:sameAs"'

/**
 * The request URI uncompressed, on the scanned host's configured origin: the path of the link, then the AIs decoded
 * from the EPC and the scan's own query as sent (the same URI the scan would have been without compression).
 */
export function sameAsUri(origin: string, link: KeyLink, scanQuery: string): string {
  const query = effectiveQuery(link, scanQuery)
  return `${origin}${linkPath(link)}${query === '' ? '' : `?${query}`}`
}

/**
 * A `Link` value with the `owl:sameAs` entry first, or as it was for an uncompressed scan (`sameAs` null). First,
 * because GS1's conformance suite checks the relation of the first entry that contains the uncompressed URI, and
 * the linkset entry (`<uri?linkType=linkset>`) contains it too.
 */
export function withSameAs(link: string, sameAs: string | null): string {
  return sameAs === null ? link : `<${sameAs}${SAME_AS}, ${link}`
}

/** An answer's own `Link`, or only the `owl:sameAs` one when it has none (errors). */
export function sameAsLink(sameAs: string): string {
  return `<${sameAs}${SAME_AS}`
}
