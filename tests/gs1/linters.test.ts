/** Every linter of the dictionary, both sides. */
import { describe, expect, test } from 'bun:test'
import { LINTERS } from '../../src/gs1/linters.ts'

/** An IBAN with ISO 13616 check digits: 98 - (BBAN + country + "00", letters as 10-35) mod 97. */
function ibanOf(country: string, bban: string): string {
  const digits = [...`${bban}${country}00`].map((c) => Number.parseInt(c, 36)).join('')
  const check = 98n - (BigInt(digits) % 97n)
  return `${country}${check.toString().padStart(2, '0')}${bban}`
}
// Checksum-valid IBANs at the length bounds 11-34.
const IBAN_34 = ibanOf('GB', 'MIDL'.padEnd(30, '7'))
const IBAN_35 = ibanOf('GB', 'MIDL'.padEnd(31, '7'))
const IBAN_11 = ibanOf('NO', '8601117')
const IBAN_10 = ibanOf('NO', '860111')

// name -> [passing values, failing values]
const CASES: Record<string, [string[], string[]]> = {
  csum: [['09506000134352', '006141411234567890'], ['09506000134353']],
  csumalpha: [
    ['1987654Ad4X4bL5ttr2310c2K', '22', '12345_!"%&\'()*+,-./LC'],
    ['1987654Ad4X4bL5ttr2310cXK', '33', '2'],
  ],
  gcppos1: [
    ['1234', '9520ABC'],
    ['123', 'AB12345'],
  ],
  gcppos2: [
    ['01234', '91234567'],
    ['0123', '0AB12'],
  ],
  yymmd0: [
    ['261231', '260200', '000229', '200229'],
    ['261301', '210229', '260431', '260032'],
  ],
  yymmdd: [
    ['261231', '240229'],
    ['260200', '250229'],
  ],
  yyyymmdd: [
    ['20240229', '20000229'],
    ['19000229', '20241301', '20240100'],
  ],
  hh: [['00', '23'], ['24']],
  mi: [['00', '59'], ['60']],
  ss: [['00', '59'], ['60']],
  hhmi: [
    ['0000', '2359'],
    ['2400', '1260'],
  ],
  yesno: [['0', '1'], ['2']],
  zero: [['0', '00'], ['1']],
  nonzero: [['0001', '1'], ['0000']],
  nozeroprefix: [
    ['1', '120'],
    ['0', '01'],
  ],
  winding: [['0', '1', '9'], ['2']],
  pieceoftotal: [
    ['0102', '0202', '11'],
    ['0201', '0002', '0100', '012'],
  ],
  posinseqslash: [
    ['1/2', '2/2'],
    ['3/2', '0/2', '1-2', '/12'],
  ],
  hasnondigit: [['A1', '12-'], ['123']],
  hyphen: [['-'], ['X', '0']],
  pcenc: [
    ['ABC%20DEF', 'plain', '%2f'],
    ['50%', '%G1', 'A%2'],
  ],
  iso3166: [
    ['826', '004', '894'],
    ['999', '000', '001'],
  ],
  iso3166999: [['826', '999'], ['000']],
  iso3166alpha2: [
    ['GB', 'FR', 'ZW'],
    ['ZZ', 'gb', 'UK'],
  ],
  iso4217: [
    ['978', '840', '999'],
    ['000', '001'],
  ],
  iso5218: [['0', '1', '2', '9'], ['3']],
  iban: [
    ['GB98MIDL07009312345678', 'BE71096123456769', 'MT90MALT011000012345MTLCAST001SABC', IBAN_34, IBAN_11],
    ['BE71096123456760', 'XX361234567890', 'BE71', 'LC14BOSLxx3456789012345678901230', IBAN_35, IBAN_10],
  ],
  importeridx: [
    ['A', 'z', '0', '-', '_'],
    ['#', 'AB'],
  ],
  latitude: [['0000000000', '1800000000'], ['1800000001']],
  longitude: [['3600000000'], ['3600000001']],
  mediatype: [
    ['01', '10', '80', '99'],
    ['00', '11', '79'],
  ],
  packagetype: [
    ['1A', 'BX', '200', 'RB1', '8'],
    ['XXX', 'bx', '0'],
  ],
  couponcode: [
    ['012345612345611110123', '0123456123456111101231011234012345678'],
    ['a12345612345611110123', '71234567890123', '01234561234560', '0123456123456111101239'],
  ],
  couponposoffer: [
    ['001234561234560123456', '061234567890121234569123456789012345'],
    ['201234561234560123456', '0012345612345601234567', '00123456'],
  ],
}

describe('linters', () => {
  test('every linter has cases', () => {
    expect(Object.keys(LINTERS).sort()).toEqual(Object.keys(CASES).sort())
  })

  for (const [name, [good, bad]] of Object.entries(CASES)) {
    test(`${name} accepts ${good.join(', ')}`, () => {
      for (const v of good) expect([v, LINTERS[name]?.(v)]).toEqual([v, null])
    })
    test(`${name} rejects ${bad.join(', ')} saying what it expects`, () => {
      for (const v of bad) expect(LINTERS[name]?.(v) ?? 'passed').toStartWith('expects ')
    })
  }
})

describe('iban length bounds', () => {
  test('ibanOf reproduces published IBAN check digits', () => {
    expect(ibanOf('GB', 'MIDL07009312345678')).toBe('GB98MIDL07009312345678')
    expect(ibanOf('BE', '096123456769')).toBe('BE71096123456769')
    expect(ibanOf('MT', 'MALT011000012345MTLCAST001SABC')).toBe('MT90MALT011000012345MTLCAST001SABC')
  })

  test('accepts checksum-valid IBANs of 34 and 11 characters', () => {
    expect([IBAN_34.length, IBAN_11.length]).toEqual([34, 11])
    expect([LINTERS.iban?.(IBAN_34), LINTERS.iban?.(IBAN_11)]).toEqual([null, null])
  })

  test('refuses a checksum-valid IBAN of 35 characters as too long', () => {
    expect(IBAN_35.length).toBe(35)
    expect(LINTERS.iban?.(IBAN_35)).toBe(
      `expects an IBAN (ISO 13616); '${IBAN_35}' is longer than 34 characters`,
    )
  })

  test('refuses a checksum-valid IBAN of 10 characters as too short', () => {
    expect(IBAN_10.length).toBe(10)
    expect(LINTERS.iban?.(IBAN_10)).toBe(`expects an IBAN (ISO 13616); '${IBAN_10}' is too short`)
  })
})
