/** The resolver description file at `/.well-known/gs1resolver` (GS1-Conformant Resolver 1.2 §3, schema 1.2.0). */
import { dropOldest } from '../lib/bounded-map.ts'
import { CACHE_DESCRIPTION, GS1_VOC_BASE, JSON_LD_CONTEXT_URL, MEDIA_JSON } from './constants.ts'
import { bodyResponse } from './responses.ts'

const NAME = 'GS1 Digital Link resolver'
/** GTIN links only (SPEC), for a catalog of products alone; `all` would claim every primary key. */
export const GTIN_ONLY: readonly string[] = ['01']

/**
 * The description of the resolver as seen on one host: `resolverRoot` is that host's origin; `keys` the primary
 * keys it resolves (every Digital Link primary key when the catalog holds entries of other keys, DESIGN §12).
 */
export function descriptionFile(
  origin: string,
  keys: readonly string[] = GTIN_ONLY,
): Record<string, unknown> {
  return {
    name: NAME,
    resolverRoot: origin,
    supportedPrimaryKeys: keys,
    supportedLinkType: [{ namespace: GS1_VOC_BASE, prefix: 'gs1:' }],
    linkTypeDefaultCanBeLinkset: false,
    jsonLdContextLocation: JSON_LD_CONTEXT_URL,
  }
}

/** Origins whose description file is kept serialised. */
const MAX_ORIGINS = 1000
const bodies = new Map<string, string>()

/** `200` with the description file for the host's origin (CORS included: GS1's test suite fetches it from a browser). */
export function descriptionResponse(
  origin: string,
  head: boolean,
  keys: readonly string[] = GTIN_ONLY,
): Response {
  const key = `${origin} ${keys.length}`
  let body = bodies.get(key)
  if (body === undefined) {
    body = JSON.stringify(descriptionFile(origin, keys))
    // Custom domains are few; the bound only guards against an unexpected flood of them.
    bodies.set(key, body)
    dropOldest(bodies, MAX_ORIGINS)
  }
  return bodyResponse(200, { 'content-type': MEDIA_JSON, 'cache-control': CACHE_DESCRIPTION }, body, head)
}
