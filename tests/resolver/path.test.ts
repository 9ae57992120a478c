import { describe, expect, test } from 'bun:test'
import { decodePathSegment, parseGtinPath } from '../../src/resolver/path.ts'
import { JSON_ACCEPT, send } from './fixtures.ts'

const GTIN = '04012345000009'

describe('parseGtinPath', () => {
  test('reads the GTIN and the qualifiers in GS1 order', () => {
    expect(parseGtinPath(`/${GTIN}/22/V1/10/L1/21/S1`)).toEqual({
      key: '01',
      value: GTIN,
      qualifiers: [
        { ai: '22', value: 'V1' },
        { ai: '10', value: 'L1' },
        { ai: '21', value: 'S1' },
      ],
      attributeQuery: '',
    })
  })

  test('pads GTIN-8, GTIN-12 and GTIN-13 to 14 digits', () => {
    expect(parseGtinPath('/95060002')?.value).toBe('00000095060002')
    expect(parseGtinPath('/036000291452')?.value).toBe('00036000291452')
    expect(parseGtinPath('/4012345000009')?.value).toBe(GTIN)
  })

  test('percent-decodes values, so that %2F stands for a slash inside a value', () => {
    expect(parseGtinPath(`/${GTIN}/21/32a%2Fb`)?.qualifiers).toEqual([{ ai: '21', value: '32a/b' }])
  })

  test('keeps a qualifier repeated right after itself with the same value once', () => {
    expect(parseGtinPath(`/${GTIN}/10/L1/10/L1`)?.qualifiers).toEqual([{ ai: '10', value: 'L1' }])
    expect(parseGtinPath(`/${GTIN}/10/L1/21/S1/21/S1`)?.qualifiers).toEqual([
      { ai: '10', value: 'L1' },
      { ai: '21', value: 'S1' },
    ])
  })

  test('accepts 235 alone, up to 28 characters', () => {
    expect(parseGtinPath(`/${GTIN}/235/${'T'.repeat(28)}`)?.qualifiers).toEqual([
      { ai: '235', value: 'T'.repeat(28) },
    ])
  })

  test('accepts every character of set 82 in a value', () => {
    const value = `!"%&'()*+,-./:;<=>?_` // the 20 punctuation characters of set 82
    expect(parseGtinPath(`/${GTIN}/10/${encodeURIComponent(value)}`)?.qualifiers[0]?.value).toBe(value)
    expect(parseGtinPath(`/${GTIN}/10/${encodeURIComponent(`${value}a`)}`)).toBeNull() // 21 characters
  })
})

describe('decodePathSegment', () => {
  test('decodes upper- and lower-case escapes', () => {
    expect(decodePathSegment('a%2Fb%2fc')).toBe('a/b/c')
  })
  test('refuses a lone or malformed escape', () => {
    expect(decodePathSegment('a%')).toBeNull()
    expect(decodePathSegment('a%2')).toBeNull()
    expect(decodePathSegment('a%zz')).toBeNull()
  })
  test('refuses escapes of bytes outside ASCII', () => {
    expect(decodePathSegment('%C3%A9')).toBeNull()
  })
})

// SPEC "A request is 400 with INVALID_GS1_DIGITAL_LINK when", one row per case.
const invalid: [string, string][] = [
  ['the GTIN has 11 digits', '/01/40123450000'],
  ['the GTIN has 15 digits', '/01/040123450000090'],
  ['the GTIN has letters', '/01/4012345000A09'],
  ['the GTIN check digit is wrong', '/01/04012345000008'],
  ['the GTIN is missing', '/01'],
  ['the GTIN is empty', '/01//10/L1'],
  ['a qualifier has no value (end of path)', `/01/${GTIN}/10`],
  ['a qualifier has no value (empty segment)', `/01/${GTIN}/10//21/S1`],
  ['an AI in the path is 17', `/01/${GTIN}/17/261231`],
  ['an AI in the path is not an AI', `/01/${GTIN}/foo`],
  ['an AI in the path is 254', `/01/${GTIN}/254/X`],
  ['the qualifiers are out of order (21 before 10)', `/01/${GTIN}/21/S1/10/L1`],
  ['the qualifiers are out of order (10 before 22)', `/01/${GTIN}/10/L1/22/V1`],
  ['235 follows another qualifier', `/01/${GTIN}/21/S1/235/T1`],
  ['235 is followed by another qualifier', `/01/${GTIN}/235/T1/21/S1`],
  ['a lot is 21 characters long', `/01/${GTIN}/10/${'L'.repeat(21)}`],
  ['a CPV is 21 characters long', `/01/${GTIN}/22/${'V'.repeat(21)}`],
  ['a serial is 21 characters long', `/01/${GTIN}/21/${'S'.repeat(21)}`],
  ['a TPX is 29 characters long', `/01/${GTIN}/235/${'T'.repeat(29)}`],
  ['a value has a space', `/01/${GTIN}/10/L%201`],
  ['a value has a hash', `/01/${GTIN}/10/L%231`],
  ['a value has a non-ASCII letter', `/01/${GTIN}/10/L%C3%A9`],
  ['a qualifier is repeated with a different value', `/01/${GTIN}/10/L1/10/L2`],
  ['a qualifier is repeated in the query with a different value', `/01/${GTIN}/10/A?10=B`],
  ['a serial is repeated in the query with another value after others', `/01/${GTIN}/21/S1?x=1&21=S1&21=S2`],
  ['a qualifier is named in the query without a value', `/01/${GTIN}/10/A?10`],
  ['a qualifier in the query has an empty value', `/01/${GTIN}/22/V1?22=`],
  ['a percent-encoded qualifier name in the query has another value', `/01/${GTIN}/10/A?%31%30=B`],
  ['a TPX is repeated in the query with another value', `/01/${GTIN}/235/T1?235=T2`],
  ['a qualifier is repeated after a later one (out of order)', `/01/${GTIN}/10/L1/21/S1/10/L1`],
  ['a qualifier is repeated after a later one (22 after 10)', `/01/${GTIN}/22/V1/10/L1/22/V1`],
  ['the path has a malformed escape', `/01/${GTIN}/10/L%2`],
  ['the path has a non-hex escape', `/01/${GTIN}/10/L%G1`],
  ['the GTIN has an escape of a non-digit', '/01/0401234500000%2F'],
]

describe('GET /01/{gtin} answers 400 INVALID_GS1_DIGITAL_LINK', () => {
  for (const [why, path] of invalid) {
    test(`when ${why}`, async () => {
      const res = await send(path, { headers: JSON_ACCEPT })
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ status: 400, error: 'INVALID_GS1_DIGITAL_LINK' })
    })
  }
})

describe('GET /01/{gtin} accepts', () => {
  const valid: [string, string][] = [
    ['a GTIN-13', '/01/4012345000009'],
    ['22, 10 and 21 in order', `/01/${GTIN}/22/V1/10/L1/21/S1`],
    ['any subset in order (22, 21)', `/01/${GTIN}/22/V1/21/S1`],
    ['235 alone', `/01/${GTIN}/235/TPX1`],
    ['a trailing slash', `/01/${GTIN}/10/L1/`],
    ['values of exactly 20 characters', `/01/${GTIN}/10/${'L'.repeat(20)}`],
    ['a percent-encoded slash in a serial', `/01/${GTIN}/21/A%2FB`],
    ['a qualifier repeated with the same value', `/01/${GTIN}/10/L1/10/L1`],
    ['a qualifier repeated in the query with the same value', `/01/${GTIN}/10/A?10=A`],
    ['the same value in the query, percent-encoded', `/01/${GTIN}/21/A%2FB?21=A%2fB&21=A/B`],
    ['a qualifier in the query that the path does not have', `/01/${GTIN}/10/A?21=S9&17=261231`],
    ['a query name that only starts like a qualifier', `/01/${GTIN}/10/A?100=B&1=B&10x=B`],
  ]
  for (const [what, path] of valid) {
    test(`${what} (307)`, async () => {
      expect((await send(path)).status).toBe(307)
    })
  }

  test('an unknown lot or serial: the GTIN decides, never 404', async () => {
    const res = await send(`/01/${GTIN}/10/NOSUCHLOT/21/NOSUCHSERIAL`)
    expect(res.status).toBe(307)
    expect(res.headers.get('location')).toBe('/en/northwind/green-tea/about?10=NOSUCHLOT&21=NOSUCHSERIAL')
  })
})
