/** Malformed HTTP/1.x request heads for raw-socket tests: the ones that once killed the process, and a fast-check generator. */
import fc from 'fast-check'

/**
 * Heads that ended the whole process (issue #17 item 1): Bun hands the handler a URL no parser takes (`/healthz`
 * alone, `http://[::1/healthz`), and the API's request log threw on it after the answer, outside any catch.
 */
export const KNOWN_KILLERS: readonly string[] = [
  'GET /healthz HTTP/1.0\r\n\r\n',
  'GET /healthz HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n',
  'GET /healthz HTTP/1.1\r\nHost: x#y\r\nConnection: close\r\n\r\n',
  'GET /healthz HTTP/1.1\r\nHost: [::1\r\nConnection: close\r\n\r\n',
  'GET /oauth/token?client_secret=x HTTP/1.0\r\n\r\n',
  'POST /oauth/token HTTP/1.0\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 29\r\n\r\ngrant_type=client_credentials',
  'GET /nope HTTP/1.1\r\nHost: a:99999\r\nConnection: close\r\n\r\n',
  'DELETE /healthz HTTP/1.1\r\nHost: [zz]\r\nConnection: close\r\n\r\n',
  'GET /docs/ HTTP/1.1\r\nHost: \u00e9\r\nConnection: close\r\n\r\n',
]

/** Other odd heads worth sending every time: absolute and authority forms, odd methods, NUL bytes, bare LF. */
export const ODD_HEADS: readonly string[] = [
  'GET http://evil.example/healthz HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n',
  'CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1:443\r\nConnection: close\r\n\r\n',
  'OPTIONS * HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n',
  'PROPFIND / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n',
  'GET /heal\u0000thz HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n',
  'GET /healthz HTTP/1.1\r\nHost: a\u0000b\r\nConnection: close\r\n\r\n',
  'GET /healthz HTTP/1.1\nHost: a\nConnection: close\n\n',
  'GET /01/09506000134352 HTTP/1.0\r\nAccept: application/json\r\n\r\n',
  'GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\nConnection: close\r\n\r\n',
  'POST /code HTTP/1.1\r\nHost: [::1\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n',
  '\r\n\r\n',
]

/**
 * Bun's own answer to a request line it cannot split into method, target and version (a space or NUL inside the
 * target, a bare LF): sent by its parser before any handler runs, so no code of the service can change it.
 */
export const BUN_BAD_REQUEST_LINE = 'HTTP/1.1 505 HTTP Version Not Supported\r\nConnection: close\r\n\r\n'

const char = (alphabet: string) => fc.constantFrom(...[...alphabet])
const text = (alphabet: string, maxLength: number) => fc.string({ unit: char(alphabet), maxLength })

/** URL-special characters, controls and non-ASCII: what a Host or a target must survive. */
const HOSTILE = `abcXYZ019-._~:/?#[]@!$&'()*+,;=%<>"{}|\\^\` \t\u0000\u007f\u00e9\u20ac`

const hostArb = fc.oneof(
  fc.constantFrom('127.0.0.1', 'localhost', 'api.test', 'resolver.test', 'id.example:8443', '[::1]'),
  fc.constantFrom(
    'a b',
    'x#y',
    '[::1',
    '[zz]',
    'a:99999',
    'a:b',
    '',
    'user@a',
    'a/b',
    'a?b',
    'a%20b',
    '\u00e9',
  ),
  text(HOSTILE, 24),
)

const pathArb = fc.oneof(
  fc.constantFrom(
    '/healthz',
    '/readyz',
    '/oauth/token',
    '/code',
    '/docs/',
    '/openapi.json',
    '/01/09506000134352',
    '/01/09506000134352/10/A?10=B',
    '/eh3066C4409047E140075BCD15',
    '/.well-known/gs1resolver',
    '/en/northwind/green-tea/about',
  ),
  text(HOSTILE, 40).map((p) => `/${p}`),
)

/** Request targets in every form of RFC 9112 §3.2, well and badly formed. */
const targetArb = fc.oneof(
  { weight: 5, arbitrary: pathArb },
  { weight: 2, arbitrary: fc.tuple(hostArb, pathArb).map(([h, p]) => `http://${h}${p}`) },
  { weight: 1, arbitrary: hostArb },
  { weight: 1, arbitrary: fc.constantFrom('*', '', '//evil.example/x', 'healthz') },
)

const methodArb = fc.oneof(
  fc.constantFrom('GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH', 'TRACE', 'CONNECT', 'PROPFIND'),
  text('ABCXYZabc-!#\u0000', 8),
)

const versionArb = fc.constantFrom('HTTP/1.1', 'HTTP/1.1', 'HTTP/1.0', 'HTTP/1.2', 'HTTP/2.0', 'http/1.1', '')

/** Header fields besides Host; a body only where its length says so, so the server never waits for more. */
const fieldArb = fc.oneof(
  fc.constantFrom(
    'Accept: application/json',
    'Accept: application/linkset+json',
    'Accept: text/html',
    'Accept-Language: fr-CA, en;q=0.5',
    'Content-Type: application/json',
    'Transfer-Encoding: gzip',
    'Content-Length: -1',
    'Content-Length: abc',
    'Content-Length: 0',
    'Authorization: Bearer x',
    'Host: second.example',
    'X-Forwarded-For: 1.2.3.4, junk',
    'Cookie: locale=fr',
  ),
  fc.tuple(text('abcXYZ-_!#', 12), text(HOSTILE, 30)).map(([name, value]) => `${name}: ${value}`),
)

export interface Head {
  readonly method: string
  readonly target: string
  readonly version: string
  /** Null: no Host field at all. */
  readonly host: string | null
  readonly fields: readonly string[]
  /** `\r\n`, or a bare `\n` some clients send. */
  readonly eol: string
}

export const headArb: fc.Arbitrary<Head> = fc.record({
  method: methodArb,
  target: targetArb,
  version: versionArb,
  host: fc.option(hostArb, { freq: 4 }),
  fields: fc.array(fieldArb, { maxLength: 4 }),
  eol: fc.constantFrom('\r\n', '\r\n', '\r\n', '\n'),
})

/** The bytes of a head; `Connection: close` last, so that the server ends the exchange once it has answered. */
export function headText(head: Head): string {
  const lines = [`${head.method} ${head.target} ${head.version}`.trimEnd()]
  if (head.host !== null) lines.push(`Host: ${head.host}`)
  lines.push(...head.fields, 'Connection: close')
  return lines.join(head.eol) + head.eol + head.eol
}
