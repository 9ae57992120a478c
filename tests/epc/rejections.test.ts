/**
 * Every `400` case of the schemes beyond the SGTIN family: unknown headers, truncation, partition 7,
 * overflowing partition fields, wrong check digits in the '+' forms, reserved bits, trailing data and each
 * method's validity tests (TDS 2.3 §14.4, §14.5). Built from the Annex E.3 examples (see
 * tds-examples.test.ts) or from the TDS text.
 */
import { describe, expect, test } from 'bun:test'
import { decodeHex, decodeSegment } from '../../src/epc/index.ts'
import { ascii7, bcd, bin, bitsOf, eh } from './helpers.ts'

function reason(hexOrSegment: string): string {
  const r = hexOrSegment.startsWith('e') ? decodeSegment(hexOrSegment) : decodeHex(hexOrSegment)
  return r.ok ? `decoded as ${r.link.scheme}` : r.reason
}

/**
 * Annex E.3 examples of the fixed-length schemes, with their partition table's GCP bits per partition value.
 */
const FIXED: ReadonlyArray<readonly [string, string]> = [
  ['SSCC-96', '311BA1B300CE0A6A83000000'],
  ['SGLN-96', '3276451FD46072000000162E'],
  ['SGLN-195', '3976451FD46072CD9615F8800000000000000000000000000000'],
  ['GRAI-96', '3376451FD40C0E400000162E'],
  ['GRAI-170', '3776451FD40C0E59B2C2BF1000000000000000000000'],
  ['GIAI-96', '3476451FD40000000000162E'],
  ['GIAI-202', '3876451FD59B2C2BF10000000000000000000000000000000000'],
  ['GSRN-96', '2D76451FD4499602D2000000'],
  ['GSRNP-96', '2E76451FD4499602D2000000'],
  ['GDTI-96', '2C76451FD46072000000162E'],
  ['GDTI-174', '3E76451FD7039B061438997367D0C18B266D1AB66EE0'],
  ['CPI-96', '3C76451FD400C0E680003039'],
  ['CPI-var', '3D76451FD75411DEF6B4CC00000003039000'],
  ['SGCN-96', '3F76451FD612640000019907'],
  ['ITIP-110', '4076451FD40C0E40820000000F54'],
  ['ITIP-212', '4176451FD40C0E4082DBDD8B36600000000000000000000000000000'],
]

const PLUS: ReadonlyArray<readonly [string, string]> = [
  ['SSCC+', 'F90095201234567891235'],
  ['SGLN+', 'F2395211411234548566CB0AFC4'],
  ['GRAI+', 'F13095211411234548566CB0AFC4'],
  ['GIAI+', 'FA3952114132E83C2BF10'],
  ['GSRN+', 'F43952114112345678906'],
  ['GSRNP+', 'F53952114112345678906'],
  ['GDTI+', 'F6395211411234540458B8'],
  ['CPI+', 'F0395211415E87A145BAFB4D19A8C0E4'],
  ['SGCN+', 'F839521141678909509338'],
  ['ITIP+', 'F3309521141123454010266AE27FDF35'],
]

/** GCP bits by partition value (all TDS 1.x partition tables share them). */
const GCP_BITS = [40, 37, 34, 30, 27, 24, 20]

/** The example's bits with `bits` written at position `at`. */
function patched(hex: string, at: number, bits: string): string {
  const all = bitsOf(`eh${hex}`)
  return eh(all.slice(0, at) + bits + all.slice(at + bits.length))
}

describe('headers (TDS 2.3 Table 14-1)', () => {
  test('every header without a scheme of a GS1 key is unsupported-header; the others are not', () => {
    const supported = new Set([...FIXED, ...PLUS].map(([, hex]) => hex.slice(0, 2)))
    for (const h of [
      '30',
      '36',
      'F7',
      'FB',
      'FC',
      'FD',
      '3A',
      'E6',
      'E7',
      'E8',
      'E9',
      'EA',
      'EB',
      'EC',
      'ED',
      'EE',
      'EF',
    ])
      supported.add(h)
    for (let header = 0; header < 256; header++) {
      const hh = header.toString(16).toUpperCase().padStart(2, '0')
      const r = reason(`${hh}${'0'.repeat(60)}`)
      if (supported.has(hh)) expect(`${hh} ${r}`).not.toBe(`${hh} unsupported-header`)
      else expect(`${hh} ${r}`).toBe(`${hh} unsupported-header`)
    }
  })
  test('GID-96, USDoD-96 and ADI-var are named: valid EPCs without a GS1 key (E.3 examples)', () => {
    for (const [hex, name] of [
      ['3500E86F8000A9E000000586', 'GID-96'],
      ['2F320434147455900000162E', 'USDoD-96'],
      ['3B0E0CF5E76C9047759AD00373DC7602E7200', 'ADI-var'],
    ] as const) {
      const r = decodeHex(hex)
      expect(r.ok ? 'decoded' : [r.reason, r.message]).toEqual([
        'unsupported-header',
        expect.stringContaining(`${name}, which carries no GS1 key`),
      ])
    }
  })
})

describe('structure of every scheme', () => {
  for (const [scheme, hex] of [...FIXED, ...PLUS]) {
    test(`${scheme}: truncated anywhere inside the EPC is malformed`, () => {
      for (const keep of [3, 6, 10, 14, 18]) {
        if (keep < hex.length - 3) expect(`${keep} ${reason(hex.slice(0, keep))}`).toBe(`${keep} malformed`)
      }
    })
    test(`${scheme}: a non-zero nibble after the EPC is trailing data; zero padding is fine`, () => {
      expect(reason(`${hex}1`)).toBe('trailing-data')
      expect(reason(`${hex}0000`)).toBe(`decoded as ${scheme}`)
    })
  }
  for (const [scheme, hex] of FIXED) {
    test(`${scheme}: partition 7 is malformed (TDS 14.4.3)`, () => {
      expect(reason(patched(hex, 11, '111'))).toBe('malformed')
    })
    test(`${scheme}: a GS1 Company Prefix of 10^L or more is malformed (TDS 14.4.3)`, () => {
      const p = Number.parseInt(bitsOf(`eh${hex}`).slice(11, 14), 2)
      const m = GCP_BITS[p] as number
      expect(reason(patched(hex, 14, '1'.repeat(m)))).toBe('malformed')
    })
  }
  test('a reference of 10^K or more after the GCP is malformed (TDS 14.4.3)', () => {
    // Partition 5 (GCP 24 bits): SSCC serial reference 34 bits for 10 digits, SGLN location 17 bits for 5
    // digits.
    expect(reason(patched('311BA1B300CE0A6A83000000', 11, `101${bin(9521141, 24)}${'1'.repeat(34)}`))).toBe(
      'malformed',
    )
    expect(reason(patched('3276451FD46072000000162E', 38, '1'.repeat(17)))).toBe('malformed')
    // CPI-96 partition 5: a component/part reference of at most 8 digits in 27 bits.
    expect(reason(patched('3C76451FD400C0E680003039', 38, bin(10 ** 8, 27)))).toBe('malformed')
  })
  test('the reserved 24 bits of SSCC-96, GSRN-96 and GSRNP-96 must be zero', () => {
    for (const hex of ['311BA1B300CE0A6A83000000', '2D76451FD4499602D2000000', '2E76451FD4499602D2000000'])
      expect(reason(`${hex.slice(0, 23)}1`)).toBe('malformed')
  })
})

describe("wrong check digits in the '+' forms are invalid links", () => {
  // The key digits of the Annex E.3 examples with the check digit changed; the rest of each example
  // unchanged.
  const cases: ReadonlyArray<readonly [string, string]> = [
    ['SSCC+', 'F90095201234567891234'],
    ['SGLN+', 'F2395211411234538566CB0AFC4'],
    ['GRAI+', 'F13095211411234538566CB0AFC4'],
    ['GSRN+', 'F43952114112345678905'],
    ['GSRNP+', 'F53952114112345678907'],
    ['GDTI+', 'F6395211411234550458B8'],
    ['SGCN+', 'F839521141678908509338'],
    ['ITIP+', 'F3309521141123455010266AE27FDF35'],
  ]
  for (const [scheme, hex] of cases) test(scheme, () => expect(reason(hex)).toBe('invalid-link'))
  test('a BCD nibble above 9 in a key is malformed (TDS 14.5.4)', () => {
    expect(reason('F900952012345678912A5')).toBe('malformed')
  })
})

describe('values inside the fixed-length schemes', () => {
  const gcp7 = `101 ${bin(9521141, 24)}`
  test('SGLN-96 extension 0 is a GLN without AI (254) (TDS 2.3 §7.5)', () => {
    const r = decodeSegment(eh(`00110010 000 ${gcp7} ${bin(12345, 17)} ${bin(0, 41)}`))
    expect(r.ok && r.link.qualifiers).toEqual([])
  })
  test('strings (SGLN-195, GRAI-170, GIAI-202, GDTI-174, ITIP-212): empty, after the terminator, outside set 82', () => {
    const head = `00111001 000 ${gcp7} ${bin(12345, 17)}`
    expect(reason(eh(`${head} ${'0'.repeat(140)}`))).toBe('malformed')
    expect(reason(eh(`${head} ${ascii7('A')}0000000${ascii7('B')} ${'0'.repeat(119)}`))).toBe('malformed')
    expect(reason(eh(`${head} ${ascii7('A B')} ${'0'.repeat(119)}`))).toBe('invalid-link')
    // GIAI-202 partition 0: at most 18 characters in 148 bits, so a 19th is malformed (TDS 14.4.5).
    const giai = `00111000 000 000 ${bin(952114100000, 40)}`
    expect(reason(eh(`${giai} ${ascii7('A'.repeat(18))} ${'0'.repeat(22)}`))).toBe('decoded as GIAI-202')
    expect(reason(eh(`${giai} ${ascii7('A'.repeat(19))} ${'0'.repeat(15)}`))).toBe('malformed')
  })
  test('numeric strings (SGCN-96, GDTI-113) start with their marker digit 1 (TDS 14.4.6)', () => {
    const sgcn = `00111111 000 ${gcp7} ${bin(67890, 17)}`
    expect(reason(eh(`${sgcn} ${bin(104711n, 41)}`))).toBe('decoded as SGCN-96')
    expect(reason(eh(`${sgcn} ${bin(204711n, 41)}`))).toBe('malformed')
    expect(reason(eh(`${sgcn} ${bin(1n, 41)}`))).toBe('malformed')
    expect(reason(eh(`00111010 000 ${gcp7} ${bin(12345, 17)} ${bin(2n * 10n ** 17n, 58)}`))).toBe('malformed')
  })
  test('CPI-var: 6-bit characters of Table G-1 up to 000000, at most K, a serial of at most 12 digits', () => {
    const head = `00111101 000 ${gcp7}`
    const chars = (s: string) => [...s].map((c) => bin(c.charCodeAt(0) & 63, 6)).join('')
    const serial = bin(12345, 40)
    expect(reason(eh(`${head} ${chars('5PQ7/Z43')} 000000 ${serial}`))).toBe('decoded as CPI-var')
    expect(reason(eh(`${head} ${bin(0x3b, 6)} 000000 ${serial}`))).toBe('malformed') // ';' is not in G-1
    expect(reason(eh(`${head} 000000 ${serial}`))).toBe('malformed') // empty reference
    expect(reason(eh(`${head} ${chars('A'.repeat(24))} 000000 ${serial}`))).toBe('malformed') // K = 23
    expect(reason(eh(`${head} ${chars('5PQ7')}`))).toBe('malformed') // no terminator
    expect(reason(eh(`${head} ${chars('5PQ7')} 000000 ${bin(10n ** 12n, 40)}`))).toBe('malformed')
  })
  test('CPI serial 0 is invalid: AI (8011) takes no leading zero (GS1 syntax dictionary nozeroprefix)', () => {
    expect(reason(eh(`00111100 000 ${gcp7} ${bin(98765, 27)} ${bin(0, 31)}`))).toBe('invalid-link')
    expect(reason(eh(`00111100 000 ${gcp7} ${bin(98765, 27)} ${bin(1, 31)}`))).toBe('decoded as CPI-96')
  })
  test('ITIP piece and total: 01–99, piece not above total (8006 pieceoftotal)', () => {
    const head = `01000000 000 ${gcp7} ${bin(12345, 20)}`
    const serial = bin(981, 38)
    expect(reason(eh(`${head} ${bin(1, 7)} ${bin(2, 7)} ${serial}`))).toBe('decoded as ITIP-110')
    expect(reason(eh(`${head} ${bin(3, 7)} ${bin(2, 7)} ${serial}`))).toBe('invalid-link')
    expect(reason(eh(`${head} ${bin(0, 7)} ${bin(2, 7)} ${serial}`))).toBe('invalid-link')
    expect(reason(eh(`${head} ${bin(1, 7)} ${bin(100, 7)} ${serial}`))).toBe('malformed')
  })
})

describe("values inside the '+' forms", () => {
  test('an EPC always carries the serial component of a GRAI, GDTI or GCN: length 0 is malformed', () => {
    expect(reason(eh(`11110001 0 000 ${bcd('09521141123454')} 100 00000`))).toBe('malformed')
    expect(reason(eh(`11110110 0 000 ${bcd('9521141123454')} 100 00000`))).toBe('malformed')
    expect(reason(eh(`11111000 0 000 ${bcd('9521141678909')} 0000`))).toBe('malformed')
  })
  test('a GLN extension of "0" in SGLN+ is a GLN without AI (254) (TDS 2.3 §7.5)', () => {
    const r = decodeSegment(eh(`11110010 0 000 ${bcd('9521141123454')} 000 00001 0000`))
    expect(r.ok && r.link.qualifiers).toEqual([])
  })
  test('the GS1 core judges the decoded values: a GRAI pad digit other than 0, a CPI serial with a leading 0', () => {
    expect(reason(eh(`11110001 0 000 ${bcd('19521141123454')} 100 00001 ${ascii7('A')}`))).toBe(
      'invalid-link',
    )
    expect(
      reason(
        eh(`11110000 0 000 ${bcd('9521141')} 1110 011 00010 ${bin(15, 6)}${bin(16, 6)} 0011 ${bin(12, 10)}`),
      ),
    ).toBe('invalid-link')
  })
  test('+AIDC data: a key AI repeated with another value conflicts; 254 and 7040 together are not one path', () => {
    const sscc = `11111001 1 000 ${bcd('095201234567891235')}`
    expect(reason(eh(`${sscc} ${bcd('00')} ${bcd('095201234567891235')}`))).toBe('decoded as SSCC+')
    expect(reason(eh(`${sscc} ${bcd('00')} ${bcd('195201234567891232')}`))).toBe('conflicting-duplicate-ai')
    const sgln = `11110010 1 000 ${bcd('9521141123454')} 100 00001 ${ascii7('A')}`
    expect(reason(eh(`${sgln} ${bcd('7040')} 100 100 ${ascii7('1ABC')}`))).toBe('invalid-link')
  })
  test('an AI that is no Digital Link data attribute in +AIDC data is an invalid link', () => {
    // GSRN+ with +AIDC (254): 254 qualifies a GLN only.
    expect(
      reason(eh(`11110100 1 000 ${bcd('952114112345678906')} ${bcd('254')} 100 00001 ${ascii7('A')}`)),
    ).toBe('invalid-link')
  })
})
