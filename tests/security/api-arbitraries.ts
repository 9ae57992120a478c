/** fast-check generators of hostile requests to the code API: paths, headers, JSON and form bodies, Basic credentials, JWTs. */
import fc from 'fast-check'
import { text } from './resolver-arbitraries.ts'

const PRINTABLE =
  ' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~'
/** Everything a header value may carry (the Fetch API refuses CR, LF and NUL itself), non-ASCII included. */
const HEADER_CHARS = `${PRINTABLE}\t\u0001\u007féü\u00ff`
const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

export const headerValue = (max: number) => text(HEADER_CHARS, max)

const PATHS = [
  '/oauth/token',
  '/code',
  '/codes',
  '/render',
  '/healthz',
  '/readyz',
  '/openapi.json',
  '/docs',
  '/.well-known/jwks.json',
  '/01/09506000134352',
]

export const apiPathArb = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...PATHS) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(...PATHS).map((p) => `${p}/`),
  },
  { weight: 2, arbitrary: text(`${PRINTABLE}é€%`, 40).map((p) => `/${p}`) },
)

export const apiQueryArb = fc.oneof(
  { weight: 4, arbitrary: fc.constant('') },
  {
    weight: 1,
    arbitrary: fc.constantFrom('?client_id=x', '?client_secret=y', '?grant_type=client_credentials'),
  },
  { weight: 1, arbitrary: text(`${PRINTABLE}é€`, 40).map((q) => `?${q}`) },
)

export const apiMethodArb = fc.oneof(
  { weight: 6, arbitrary: fc.constant('POST') },
  { weight: 3, arbitrary: fc.constantFrom('GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'PATCH') },
)

export const contentTypeArb = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.constantFrom(
      'application/json',
      'application/vnd.service.public.v1+json',
      'application/x-www-form-urlencoded',
      'application/x-www-form-urlencoded; charset=UTF-8',
      'application/json; charset=utf-8',
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('text/plain', 'multipart/form-data; boundary=x', 'application/xml', ''),
  },
  { weight: 1, arbitrary: headerValue(50) },
)

export const acceptArb = fc.option(
  fc.oneof(
    fc.constantFrom(
      'application/json',
      'application/vnd.service.public.v1+json',
      'image/svg+xml',
      '*/*',
      'text/html',
      'application/vnd.service.public.v2+json',
      'application/json;q=0',
    ),
    headerValue(60),
  ),
  { nil: undefined },
)

const MODES = ['GS1_DATAMATRIX', 'DATAMATRIX_GS1_DIGITAL_LINK_URI', 'GS1_QR', 'QR_GS1_DIGITAL_LINK_URI']
const junk = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.constant(null),
  fc.boolean(),
  fc.anything(),
)
const aiValue = fc.oneof(
  fc.constantFrom(
    '9506000134352',
    '09506000134352',
    '12345670',
    'ABC123',
    '261231',
    '-000100',
    '%',
    '\u0000',
  ),
  fc.string({ maxLength: 30 }),
  fc.stringMatching(/^\d{1,20}$/),
)
const aiPair = fc.record(
  {
    key: fc.oneof(
      fc.constantFrom('01', '10', '21', '17', '22', '235', '3103', '4330', '8006', '03', '99'),
      junk,
    ),
    value: fc.oneof(aiValue, junk),
  },
  { requiredKeys: [] },
)

/** A code definition with every field sometimes right, sometimes wrong in type or content. */
export const definitionArb = fc.record(
  {
    reference: junk,
    mode: fc.oneof(fc.constantFrom(...MODES), junk),
    primaryKey: fc.oneof(aiPair, junk),
    ais: fc.oneof(fc.array(fc.oneof(aiPair, junk), { maxLength: 5 }), junk),
    extensionParameters: fc.oneof(
      fc.array(fc.record({ key: fc.oneof(fc.string(), junk), value: fc.oneof(fc.string(), junk) }), {
        maxLength: 3,
      }),
      junk,
    ),
    digitalLinkStem: fc.oneof(
      fc.constantFrom(
        'https://example.com',
        'https://example.com/',
        'javascript:alert(1)',
        'https://u:p@example.com',
        'https://example.com//x',
        'https://example.com?q=1',
        'http://[::1]',
      ),
      junk,
    ),
    linkType: fc.oneof(fc.constantFrom('gs1:pip', 'gs1:handledBy', 'https://example.com/x', 'gs1:'), junk),
    context: junk,
    language: junk,
    errorCorrectionLevel: fc.oneof(fc.constantFrom('L', 'M', 'Q', 'H', 'X'), junk),
    compression: fc.oneof(fc.constantFrom('EPC_HEX', 'EPC_BASE64', 'ZIP'), junk),
  },
  { requiredKeys: [] },
)

/** JSON texts: definitions, batches, any JSON, deep nesting, huge numbers, broken syntax, invalid UTF-8. */
export const jsonBodyArb: fc.Arbitrary<string | Uint8Array<ArrayBuffer>> = fc.oneof(
  { weight: 4, arbitrary: definitionArb.map((d) => JSON.stringify(d)) },
  {
    weight: 2,
    arbitrary: fc.array(definitionArb, { maxLength: 4 }).map((codes) => JSON.stringify({ codes })),
  },
  { weight: 2, arbitrary: fc.json() },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 1, max: 20_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      '{',
      '{"codes": 1e999999}',
      '{"__proto__": {"polluted": true}, "primaryKey": {"key": "01", "value": "9506000134352"}}',
      '{"constructor": {"prototype": {"x": 1}}}',
      '\ufeff{}',
      'null',
    ),
  },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => new Uint8Array(bytes)) },
)

/** Form bodies of the token endpoint: the grant, repeats, credentials in the body, junk. */
export const formBodyArb = fc.oneof(
  fc
    .array(
      fc.tuple(
        fc.constantFrom('grant_type', 'scope', 'client_id', 'client_secret', 'x', ''),
        fc.oneof(
          fc.constantFrom('client_credentials', 'password', 'write:codes', 'write:codes admin', ''),
          text(`${PRINTABLE}é€`, 20),
        ),
      ),
      { maxLength: 4 },
    )
    .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')),
  text(`${PRINTABLE}é€%&=+`, 60),
)

const latin1 = (max: number) => text(`${PRINTABLE}\u0000\u00e9\u00ff:%`, max)
const b64url = (max: number) => text(B64URL, max)
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

export interface KnownCredentials {
  clientId: string
  clientSecret: string
  token: string
}

/**
 * Placeholders for the real secret and token: generated values (and so the counterexamples fast-check
 * prints) never hold them; {@link withCredentials} puts them in just before the request is built.
 */
const VALID_BASIC = '{{VALID_BASIC}}'
const TOKEN = '{{TOKEN}}'
const UNSIGNED = '{{TOKEN_WITHOUT_SIGNATURE}}'
const MUTATED = /\{\{TOKEN@(\d+)=(.)\}\}/

/** The real `Authorization` value a generated one stands for. */
export function withCredentials(
  authorization: string | undefined,
  known: KnownCredentials,
): string | undefined {
  if (authorization === undefined) return undefined
  const [header, payload] = known.token.split('.')
  const mutated = MUTATED.exec(authorization)
  if (mutated !== null) {
    const at = Number(mutated[1]) % known.token.length
    return authorization.replace(
      mutated[0],
      known.token.slice(0, at) + mutated[2] + known.token.slice(at + 1),
    )
  }
  return authorization
    .replace(VALID_BASIC, btoa(`${known.clientId}:${encodeURIComponent(known.clientSecret)}`))
    .replace(UNSIGNED, `${header}.${payload}.`)
    .replace(TOKEN, known.token)
}

/** True when a generated value stands for the valid token itself. */
export const isValidBearer = (authorization: string | undefined) => authorization === `Bearer ${TOKEN}`

/**
 * `Authorization` values: Basic with junk, with the real client ID and wrong secrets, and (rarely, a
 * hash each) the right one; Bearer with the real token, mutated tokens, forged `alg` values and junk.
 * Pass each through {@link withCredentials}.
 */
export function authorizationArb(clientId: string): fc.Arbitrary<string | undefined> {
  const mutated = fc
    .tuple(fc.nat({ max: 1000 }), fc.constantFrom(...B64URL))
    .map(([at, c]) => `Bearer {{TOKEN@${at}=${c}}}`)
  const forged = fc
    .tuple(
      fc.record({
        alg: fc.constantFrom('none', 'HS256', 'EdDSA', 'RS256', 'None', ''),
        typ: fc.constantFrom('at+jwt', 'JWT'),
        kid: fc.oneof(fc.string({ maxLength: 40 }), fc.constant('../../etc/passwd'), fc.integer()),
      }),
      fc.oneof(
        fc.json().map((j) => JSON.parse(j) as unknown),
        fc.constant({ sub: clientId, scope: 'write:codes' }),
      ),
      b64url(90),
    )
    .map(([header, payload, signature]) => `Bearer ${encode(header)}.${encode(payload)}.${signature}`)
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: latin1(60).map((s) => `Basic ${btoa(s)}`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'Basic',
        'Basic ',
        'Bearer',
        'Bearer ',
        'Digest x',
        'basic ===',
        `Bearer ${'a'.repeat(5000)}`,
      ),
    },
    { weight: 2, arbitrary: latin1(40).map((s) => `Basic ${btoa(`${clientId}:${s}`)}`) },
    { weight: 1, arbitrary: fc.constant(`Basic ${VALID_BASIC}`) },
    { weight: 3, arbitrary: fc.constant(`Bearer ${TOKEN}`) },
    { weight: 3, arbitrary: mutated },
    { weight: 3, arbitrary: forged },
    { weight: 1, arbitrary: fc.constant(`Bearer ${UNSIGNED}`) },
    { weight: 1, arbitrary: headerValue(80) },
  )
}
