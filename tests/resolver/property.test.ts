import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { gs1CheckDigit } from '../../src/gs1/check-digit.ts'
import { RESOLVER, send } from './fixtures.ts'

const ALLOWED = new Set([200, 307, 400, 404])
const RUNS = { numRuns: 1000 }

const CSET82 = `ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!"%&'()*+,-./:;<=>?_`
const URLISH = `${CSET82}#[]@$~ \\^{}|\`é€`

const char = (alphabet: string) => fc.constantFrom(...alphabet.split(''))
const text = (alphabet: string, maxLength: number, minLength = 0) =>
  fc.string({ unit: char(alphabet), minLength, maxLength })

/** A raw path segment: printable junk, percent escapes (valid or not), or encoded set-82 values. */
const segment = fc.oneof(
  text(URLISH, 24),
  text('0123456789', 16),
  fc.constantFrom('01', '10', '21', '22', '235', '17', '', '%', '%2', '%zz', '%2F', '%C3%A9', '..', '.'),
  text(CSET82, 30).map(encodeURIComponent),
)

/** A GTIN with a valid check digit, 8 to 14 digits. */
const gtin = fc
  .constantFrom(7, 11, 12, 13)
  .chain((n) => fc.string({ unit: char('0123456789'), minLength: n, maxLength: n }))
  .map((body) => body + gs1CheckDigit(body))

/**
 * A non-empty set-82 value that survives a URL: WHATWG URL parsing drops `.` and `..` segments (even as
 * `%2E`), in every client, before the request is sent.
 */
const value = (max: number) => text(CSET82, max, 1).filter((v) => v !== '.' && v !== '..')

const accept = fc.constantFrom(
  undefined,
  'application/json',
  'application/linkset+json',
  'application/ld+json',
  'text/html',
  '*/*',
  'undefined',
  ';;;q=',
)
const acceptLanguage = fc.oneof(
  fc.constant(undefined),
  text('abcdefghijklmnopqrstuvwxyz-,;=.0123456789* ', 30),
)
const query = fc.oneof(
  fc.constant(''),
  text(`${CSET82}=&;`, 40).map((q) => `?${q}`),
)

async function status(path: string, a?: string, l?: string, method = 'GET'): Promise<number | null> {
  let url: string
  try {
    url = new URL(path, RESOLVER).href
  } catch {
    return null
  }
  const headers: Record<string, string> = {}
  if (a !== undefined) headers.accept = a
  if (l !== undefined) headers['accept-language'] = l
  const res = await send(url, { method, headers })
  return res.status
}

describe('property: the resolver never fails', () => {
  test('random /01/… paths answer only 200, 307, 400 or 404', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(segment, { maxLength: 8 }),
        query,
        accept,
        acceptLanguage,
        async (segs, q, a, l) => {
          const s = await status(`/01/${segs.join('/')}${q}`, a, l)
          if (s !== null) expect(ALLOWED.has(s)).toBe(true)
        },
      ),
      RUNS,
    )
  })

  test('random single segments and compressed links answer only 200, 307, 400 or 404', async () => {
    const compressed = fc.oneof(
      text('0123456789abcdefABCDEF', 60).map((h) => `eh${h}`),
      text('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=+/', 60).map((b) => `ex${b}`),
      fc
        .constantFrom('ehF7', 'ehFB', 'ehFC', 'ehFD', 'eh30', 'eh36')
        .chain((h) => text('0123456789ABCDEF', 60).map((t) => h + t)),
      segment,
    )
    await fc.assert(
      fc.asyncProperty(
        fc.array(compressed, { minLength: 1, maxLength: 3 }),
        query,
        accept,
        async (segs, q, a) => {
          const s = await status(`/${segs.join('/')}${q}`, a)
          if (s !== null) expect(ALLOWED.has(s)).toBe(true)
        },
      ),
      RUNS,
    )
  })

  test('random well-formed GTIN links are never 400, and HEAD agrees with GET', async () => {
    const link = fc.record({
      gtin,
      cpv: fc.option(value(20)),
      lot: fc.option(value(20)),
      serial: fc.option(value(20)),
    })
    await fc.assert(
      fc.asyncProperty(link, query, accept, acceptLanguage, async (l, q, a, lang) => {
        let path = `/01/${l.gtin}`
        if (l.cpv !== null) path += `/22/${encodeURIComponent(l.cpv)}`
        if (l.lot !== null) path += `/10/${encodeURIComponent(l.lot)}`
        if (l.serial !== null) path += `/21/${encodeURIComponent(l.serial)}`
        const s = await status(path + q, a, lang)
        expect(s === 200 || s === 307 || s === 404).toBe(true)
        expect(await status(path + q, a, lang, 'HEAD')).toBe(s)
      }),
      RUNS,
    )
  })

  test('known products with random qualifiers and queries always resolve (200 or 307)', async () => {
    const known = fc.constantFrom('04012345000009', '4012345000009', '09506000134376', '79521141123453')
    await fc.assert(
      fc.asyncProperty(known, fc.option(value(20)), accept, acceptLanguage, async (g, lot, a, l) => {
        const path = `/01/${g}${lot === null ? '' : `/10/${encodeURIComponent(lot)}`}`
        const s = await status(path, a, l)
        expect(s === 200 || s === 307).toBe(true)
      }),
      RUNS,
    )
  })
})
