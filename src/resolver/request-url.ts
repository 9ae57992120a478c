/** Splits a request URL into authority, raw path and raw query without a URL object (hot path). */

export interface RequestTarget {
  /** The whole URL it was split from. */
  readonly url: string
  /** Lower-case `host[:port]`. */
  readonly authority: string
  /** Raw path as sent, always starting with `/`. */
  readonly path: string
  /** Raw query without `?`, byte for byte as sent; '' when there is none. */
  readonly query: string
}

/**
 * The runtimes hand us an absolute, already-normalised URL (`scheme://authority/path?query`); slicing it keeps
 * the query exactly as sent, which GS1-Conformant Resolver 1.2 §2.12 needs for pass-through.
 */
export function splitRequestUrl(url: string): RequestTarget {
  const schemeEnd = url.indexOf('://')
  const authStart = schemeEnd === -1 ? 0 : schemeEnd + 3
  let end = url.indexOf('#', authStart)
  if (end === -1) end = url.length
  let pathStart = url.indexOf('/', authStart)
  let queryStart = url.indexOf('?', authStart)
  if (queryStart > end) queryStart = -1
  if (pathStart > end || (queryStart !== -1 && pathStart > queryStart)) pathStart = -1
  const authEnd = pathStart !== -1 ? pathStart : queryStart !== -1 ? queryStart : end
  let authority = url.slice(authStart, authEnd)
  const at = authority.lastIndexOf('@')
  if (at !== -1) authority = authority.slice(at + 1)
  const pathEnd = queryStart !== -1 ? queryStart : end
  const path = pathStart === -1 ? '/' : url.slice(pathStart, pathEnd)
  const query = queryStart === -1 ? '' : url.slice(queryStart + 1, end)
  return { url, authority: authority.toLowerCase(), path, query }
}
