/**
 * libpq's ways of naming a Unix socket in a connection URL, which postgres.js does not read itself: a directory in
 * the `host` query parameter (`postgresql:///gs1dl?host=/var/lib/postgresql`) or percent-encoded as the host
 * (`postgresql://user@%2Fvar%2Flib%2Fpostgresql/gs1dl`); and the one form a connection URL is printed in, without
 * its secrets. Pure: no I/O.
 */

/** The URL postgres.js gets, and the socket file to connect to instead of TCP when the URL names one. */
export interface PostgresTarget {
  readonly url: string
  readonly socket: string | null
}

const DEFAULT_PORT = '5432'

/**
 * The target of a connection URL; libpq's `host` and `port` query parameters are read and taken out of the query.
 * Throws a TypeError for what cannot be served: a list of hosts, a malformed port or host.
 */
export function postgresTarget(connectionUrl: string): PostgresTarget {
  const url = new URL(connectionUrl)
  const hostParam = url.searchParams.get('host')
  const portParam = url.searchParams.get('port')
  const host = hostParam ?? decodedHost(url.hostname)
  if (hostParam === null && portParam === null && !host.startsWith('/'))
    return { url: connectionUrl, socket: null }
  // postgres.js would send these to the server as settings, which the server refuses.
  url.searchParams.delete('host')
  url.searchParams.delete('port')
  if (portParam !== null && (!/^\d{1,5}$/.test(portParam) || Number(portParam) > 65535))
    throw new TypeError('port must be a port number')
  if (host.includes(','))
    throw new TypeError('a list of hosts is not supported here; name one host or socket directory')
  if (!host.startsWith('/')) {
    if (host !== '') url.hostname = host
    if (portParam !== null) url.port = portParam
    return { url: url.toString(), socket: null }
  }
  // The socket file's name carries the port, as libpq names it: `{directory}/.s.PGSQL.{port}`.
  const socket = `${host.replace(/\/+$/, '')}/.s.PGSQL.${portParam ?? (url.port || DEFAULT_PORT)}`
  url.hostname = 'localhost'
  return { url: url.toString(), socket }
}

function decodedHost(hostname: string): string {
  try {
    return decodeURIComponent(hostname)
  } catch {
    throw new TypeError('the host has a malformed percent-encoding')
  }
}

/** postgres.js's option for a target: it connects to `path` instead of the URL's host and port when given one. */
export function socketOption(target: PostgresTarget): { path?: string } {
  return target.socket === null ? {} : { path: target.socket }
}

/**
 * Query parameters whose value may be a secret: libpq's `password` and `sslpassword`, and anything named like a
 * password, secret, token, key or credential (a key file's path is hidden too; a message loses nothing by it).
 */
const SECRET_PARAMETER = /pass|secret|token|key|cred/i

/**
 * A connection URL for messages: the password of the userinfo and every secret-looking query parameter become
 * `***`, the fragment goes; the rest stays as written. The only form in which a connection URL is ever printed.
 */
export function redactConnectionUrl(connectionUrl: string): string {
  if (!URL.canParse(connectionUrl)) return '(unparseable URL)'
  const url = new URL(connectionUrl)
  if (url.password !== '') url.password = '***'
  url.hash = ''
  // Rewritten by hand, not through searchParams, which would re-encode every other parameter.
  url.search = url.search
    .slice(1)
    .split('&')
    .map((pair) => (SECRET_PARAMETER.test(parameterName(pair)) ? `${pair.split('=')[0]}=***` : pair))
    .join('&')
  return url.toString()
}

/** The decoded name of one `name=value` pair; a malformed escape is read as written. */
function parameterName(pair: string): string {
  const name = pair.split('=')[0] ?? ''
  try {
    return decodeURIComponent(name.replaceAll('+', ' '))
  } catch {
    return name
  }
}
