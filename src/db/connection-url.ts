/**
 * libpq's ways of naming a Unix socket in a connection URL, which postgres.js does not read itself: a directory in
 * the `host` query parameter (`postgresql:///gs1dl?host=/var/lib/postgresql`) or percent-encoded as the host
 * (`postgresql://user@%2Fvar%2Flib%2Fpostgresql/gs1dl`). Pure: no I/O.
 */

/** The URL postgres.js gets, and the socket file to connect to instead of TCP when the URL names one. */
export interface PostgresTarget {
  readonly url: string
  readonly socket: string | null
}

const DEFAULT_PORT = '5432'

export function postgresTarget(connectionUrl: string): PostgresTarget {
  const url = new URL(connectionUrl)
  const hostParam = url.searchParams.get('host')
  const host = hostParam ?? decodeURIComponent(url.hostname)
  if (hostParam === null && !host.startsWith('/')) return { url: connectionUrl, socket: null }
  // postgres.js would send `host` to the server as a setting, which the server refuses.
  url.searchParams.delete('host')
  if (!host.startsWith('/')) {
    if (host !== '') url.hostname = host
    return { url: url.toString(), socket: null }
  }
  // The socket file's name carries the port, as libpq names it: `{directory}/.s.PGSQL.{port}`.
  const socket = `${host.replace(/\/+$/, '')}/.s.PGSQL.${url.port || DEFAULT_PORT}`
  url.hostname = 'localhost'
  return { url: url.toString(), socket }
}

/** postgres.js's option for a target: it connects to `path` instead of the URL's host and port when given one. */
export function socketOption(target: PostgresTarget): { path?: string } {
  return target.socket === null ? {} : { path: target.socket }
}
