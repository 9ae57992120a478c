/** fast-check generators of hostile requests to the resolver port: hosts, paths, compressed segments, queries, headers. */
import fc from 'fast-check'
import demoCatalog from '../../src/catalog/demo-catalog.json' with { type: 'json' }
import { encodeLink } from '../../src/epc/index.ts'
import { TEST_CONFIG } from '../support/app.ts'
import { ACTIVE_CUSTOM_DOMAINS } from './harness.ts'

const CSET82 = `ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!"%&'()*+,-./:;<=>?_`
/** Characters that URLs, HTML and headers treat specially, plus controls and non-ASCII. */
const HOSTILE = `${CSET82}#[]@$~ \\^{}|\`\r\n\t\u0000\u007féü€😀<>`

const char = (alphabet: string) => fc.constantFrom(...[...alphabet])
export const text = (alphabet: string, maxLength: number, minLength = 0) =>
  fc.string({ unit: char(alphabet), minLength, maxLength })

const host = (url: string) => new URL(url).host
const GTINS = demoCatalog.products.map((p) => p.gtin.padStart(14, '0'))

/** Mostly the hosts that resolve, plus look-alikes with ports, case, trailing dots and userinfo, and junk. */
export const hostArb = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      host(TEST_CONFIG.resolverUrl),
      host(TEST_CONFIG.shortUrl),
      ...ACTIVE_CUSTOM_DOMAINS,
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      host(TEST_CONFIG.apiUrl),
      ...ACTIVE_CUSTOM_DOMAINS.map((d) => d.toUpperCase()),
      ...ACTIVE_CUSTOM_DOMAINS.map((d) => `${d}.`),
      ...ACTIVE_CUSTOM_DOMAINS.map((d) => `${d}:8443`),
      `${host(TEST_CONFIG.resolverUrl)}:1`,
      `evil@${host(TEST_CONFIG.resolverUrl)}`,
      'evil.example',
      '127.0.0.1',
      '[::1]',
    ),
  },
  { weight: 1, arbitrary: text('abcdefghijklmnopqrstuvwxyz0123456789.-', 30, 1) },
)

/** A raw path segment: junk, percent escapes valid or not, or encoded values. */
const segment = fc.oneof(
  text(HOSTILE, 24),
  text('0123456789', 16),
  fc.constantFrom(
    '01',
    '10',
    '21',
    '22',
    '235',
    '17',
    '',
    '%',
    '%2',
    '%zz',
    '%2F',
    '%5C',
    '%0D%0A',
    '%00',
    '..',
  ),
  text(HOSTILE, 30).map(encodeURIComponent),
)

/** Qualifiers: mostly well-formed (so links resolve), sometimes any AI with any segment. */
const qualifier = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.tuple(fc.constantFrom('22', '10', '21'), text(CSET82, 20, 1).map(encodeURIComponent)),
  },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('22', '10', '21', '235', '17', '99'), segment) },
)

/** `/01/{gtin}/…` with a demo GTIN (so products are found) or junk, and random qualifiers. */
const gtinPath = fc
  .tuple(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...GTINS) },
      { weight: 1, arbitrary: text('0123456789', 15) },
    ),
    fc.array(qualifier, { maxLength: 3 }),
  )
  .map(([gtin, qs]) => `/01/${gtin}${qs.map(([ai, v]) => `/${ai}/${v}`).join('')}`)

/** Compressed links: valid encodings of demo GTINs (so they resolve), their mutations, and junk. */
const compressedPath = fc.oneof(
  fc
    .tuple(fc.constantFrom(...GTINS), text(CSET82, 20, 1), fc.constantFrom('hex' as const, 'base64' as const))
    .map(([gtin, serial, form]) => {
      const encoded = encodeLink({ gtin, qualifiers: [{ ai: '21', value: serial }], attributes: [] }, form)
      return encoded.ok ? `/${encoded.segment}` : '/eh00'
    }),
  fc
    .tuple(fc.constantFrom('eh', 'ex', 'EH', 'eX'), text('0123456789abcdefABCDEF-_=+/%', 60))
    .map(([prefix, body]) => `/${prefix}${body}`),
)

/** Every published page of the demo catalog in every product language, as `/{locale}/{brand}/{product}/{page}`. */
const PAGE_PATHS = demoCatalog.products.flatMap((p) =>
  p.pages.flatMap((g) => p.languages.map((l) => `/${l}/${p.brand}/${p.slug}/${g.name}`)),
)

/** Product-page paths: real ones, and demo names mixed with junk. */
const pagePath = fc.oneof(
  fc.constantFrom(...PAGE_PATHS),
  fc
    .tuple(
      fc.oneof(fc.constantFrom('en', 'fr', 'EN', 'de-ch', 'x-evil'), segment),
      fc.oneof(fc.constantFrom(...demoCatalog.brands.map((b) => b.slug)), segment),
      fc.oneof(fc.constantFrom(...demoCatalog.products.map((p) => p.slug)), segment),
      fc.oneof(fc.constantFrom(...demoCatalog.products.flatMap((p) => p.pages.map((g) => g.name))), segment),
    )
    .map((parts) => `/${parts.join('/')}`),
)

export const resolverPathArb = fc.oneof(
  { weight: 4, arbitrary: gtinPath },
  { weight: 2, arbitrary: compressedPath },
  { weight: 2, arbitrary: pagePath },
  fc.constantFrom('/', '/.well-known/gs1resolver', '/healthz', '/readyz', '//evil.example/x', '/01'),
  fc.array(segment, { maxLength: 5 }).map((s) => `/${s.join('/')}`),
  fc.tuple(pagePath, fc.constantFrom('/', '//', '/..', '/%2e%2e')).map(([p, tail]) => p + tail),
)

const linkTypes = [
  'gs1:pip',
  'linkset',
  'gs1:defaultLink',
  'gs1:defaultLinkMulti',
  'https://ref.gs1.org/voc/pip',
]

/** Queries with linkType, setLocale, pinned AIs and junk, raw (the URL parser encodes what it must). */
export const queryArb = fc.oneof(
  fc.constant(''),
  fc
    .array(
      fc.tuple(
        fc.constantFrom('linkType', 'linktype', 'setLocale', 'context', '17', '10', '21', 'x'),
        fc.oneof(fc.constantFrom(...linkTypes, 'fr', 'de-ch', 'en'), text(HOSTILE, 20)),
      ),
      { maxLength: 4 },
    )
    .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`),
  text(HOSTILE, 40).map((q) => `?${q}`),
)

/** Header values may carry any byte but CR, LF and NUL (the Fetch API refuses those itself). */
const headerValue = (max: number) => text([...HOSTILE].filter((c) => !'\r\n\u0000'.includes(c)).join(''), max)

export const resolverHeadersArb = fc.record(
  {
    accept: fc.oneof(
      fc.constantFrom(
        'application/json',
        'application/linkset+json',
        'application/ld+json',
        'text/html',
        '*/*',
        'application/json;q=0, text/html;q=0',
      ),
      headerValue(60),
    ),
    'accept-language': fc.oneof(fc.constantFrom('fr-CH, de;q=0.5', '*', 'en-GB'), headerValue(40)),
    cookie: fc.oneof(
      fc.constantFrom('locale=fr', 'locale=de-ch'),
      headerValue(40).map((v) => `locale=${v}`),
    ),
    'if-none-match': headerValue(40),
    'x-forwarded-host': fc.constantFrom('evil.example', 'id.dalgiardino.example'),
    'x-forwarded-proto': fc.constantFrom('https', 'javascript'),
  },
  { requiredKeys: [] },
)

export const resolverMethodArb = fc.oneof(
  { weight: 8, arbitrary: fc.constant('GET') },
  { weight: 2, arbitrary: fc.constantFrom('HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH') },
)
