/** decodeSegment / decodeHex: segment syntax, the six scheme layouts, hostname skipping and the output shape. */
import { describe, expect, test } from 'bun:test'
import { decodeHex, decodeSegment } from '../../src/epc/index.ts'
import { gs1CheckDigit } from '../../src/gs1/check-digit.ts'
import { ascii7, bcd, bin, date16, eh, ex, okLink } from './helpers.ts'

function reason(segment: string): string {
  const r = decodeSegment(segment)
  return r.ok ? 'decoded' : r.reason
}

/** SGTIN-96 bits for a partition row [P, GCP bits, GCP digits, item bits, item digits]. */
function sgtin96(
  p: number,
  gcpBits: number,
  gcp: number,
  itemBits: number,
  item: number,
  serial: number,
): string {
  return `00110000 001 ${bin(p, 3)} ${bin(gcp, gcpBits)} ${bin(item, itemBits)} ${bin(serial, 38)}`
}

const GTIN = '09506000134352'
const SERIAL_S1 = `100 ${bin(2, 5)} ${ascii7('S1')}`

describe('segment syntax', () => {
  test('length must be 3 to 1024 characters, prefix included', () => {
    expect(reason('')).toBe('syntax')
    expect(reason('eh')).toBe('syntax')
    expect(reason(`eh${'0'.repeat(1023)}`)).toBe('syntax')
    expect(reason(`eh30${'0'.repeat(1019)}1`)).toBe('trailing-data')
  })
  test('only eh and ex prefixes, in lower case', () => {
    expect(reason('EH3066C4409047E140075BCD15')).toBe('syntax')
    expect(reason('ez3066C4409047E140075BCD15')).toBe('syntax')
    expect(reason('3066C4409047E140075BCD15')).toBe('syntax')
  })
  test('hex after eh in either case; anything else is a syntax error', () => {
    expect(reason('eh3066c4409047e140075bcd15')).toBe('decoded')
    expect(reason('eh3066C4409047E140075BCD1g')).toBe('syntax')
    expect(reason('eh3066C4409047E140075BCD1é')).toBe('syntax')
  })
  test('base64url after ex without padding; + / = are syntax errors', () => {
    expect(reason('exMBZFlvQMDly-mRqD')).toBe('decoded')
    expect(reason('exMBZFlvQMDly+mRqD')).toBe('syntax')
    expect(reason('exMBZFlvQMDly-mRqD==')).toBe('syntax')
    expect(reason('exMBZFlvQMDly/mRqD')).toBe('syntax')
  })
  test('a segment too short to hold a header is malformed', () => {
    expect(reason('eh3')).toBe('malformed')
    expect(reason('exM')).toBe('malformed')
  })
  test('a bare hex EPC decodes like the eh segment', () => {
    expect(decodeHex('30164596F40C0E5CBE991A83')).toEqual(decodeSegment('eh30164596f40c0e5cbe991a83'))
    expect(decodeHex('').ok).toBe(false)
    expect(decodeHex('eh30164596f40c0e5cbe991a83').ok).toBe(false)
  })
  test('non-string input is rejected, never thrown', () => {
    expect(decodeSegment(undefined as unknown as string).ok).toBe(false)
    expect(decodeHex(42 as unknown as string).ok).toBe(false)
  })
})

describe('SGTIN-96 (TDS 14.6.1.1)', () => {
  const rows: ReadonlyArray<readonly [number, number, number, number, number]> = [
    [0, 40, 12, 4, 1],
    [1, 37, 11, 7, 2],
    [2, 34, 10, 10, 3],
    [3, 30, 9, 14, 4],
    [4, 27, 8, 17, 5],
    [5, 24, 7, 20, 6],
    [6, 20, 6, 24, 7],
  ]
  for (const [p, gcpBits, gcpDigits, itemBits, itemDigits] of rows) {
    test(`partition ${p}: ${gcpDigits}-digit company prefix, ${itemDigits}-digit item reference`, () => {
      const gcp = 10 ** (gcpDigits - 1) + 7
      const item = 10 ** (itemDigits - 1) + 3
      const body = String(item)[0] + String(gcp) + String(item).slice(1)
      const link = okLink(decodeSegment(eh(sgtin96(p, gcpBits, gcp, itemBits, item, 42))))
      expect(link).toEqual({
        scheme: 'SGTIN-96',
        key: { ai: '01', value: body + gs1CheckDigit(body) },
        qualifiers: [{ ai: '21', value: '42' }],
        attributes: [],
      })
    })
  }
  test('serial 0 is "0"; zero padding after bit 96 is fine; non-zero bits there are trailing data', () => {
    const bits = sgtin96(5, 24, 9528765, 20, 12345, 0)
    expect(okLink(decodeSegment(eh(`${bits} 0000 0000`))).qualifiers).toEqual([{ ai: '21', value: '0' }])
    expect(reason(eh(`${bits} 0001`))).toBe('trailing-data')
  })
})

describe('SGTIN-198 (TDS 14.6.1.2)', () => {
  const head = `00110110 001 101 ${bin(9528765, 24)}${bin(12345, 20)}`
  test('a 20-character serial needs no terminator', () => {
    const serial = 'ABCDEFGHIJ0123456789'
    expect(okLink(decodeSegment(eh(head + ascii7(serial)))).qualifiers).toEqual([{ ai: '21', value: serial }])
  })
  test('an empty serial is malformed', () => {
    expect(reason(eh(head + '0'.repeat(140)))).toBe('malformed')
  })
})

describe('SGTIN+ family (TDS 14.6.1.3–14.6.1.6)', () => {
  test('DSGTIN+ maps each date type indicator to its AI', () => {
    const ais = ['11', '13', '15', '16', '17', '7006', '7007']
    ais.forEach((ai, i) => {
      const bits = `11111011 0 000 ${bin(i, 4)} ${date16('250301')} ${bcd(GTIN)} ${SERIAL_S1}`
      expect(okLink(decodeSegment(eh(bits))).attributes).toEqual([{ ai, value: '250301' }])
    })
  })
  test('SGTIN++ skips a URN Code 40 hostname by its length, then reads +AIDC data', () => {
    const host = `0 ${bin(5, 6)} ${'1'.repeat(32)}`
    const bits = `11111101 1 000 ${bcd(GTIN)} ${SERIAL_S1} ${host} ${bcd('11')} ${date16('250101')}`
    const link = okLink(decodeSegment(eh(bits)))
    expect(link.scheme).toBe('SGTIN++')
    expect(link.attributes).toEqual([{ ai: '11', value: '250101' }])
  })
  test('DSGTIN++ skips a 7-bit hostname of L units (7·L bits)', () => {
    const host = `1 ${bin(3, 6)} ${ascii7('a.b')}`
    const bits = `11111100 0 000 0100 ${date16('261231')} ${bcd(GTIN)} ${SERIAL_S1} ${host}`
    const link = okLink(decodeSegment(ex(bits)))
    expect(link.scheme).toBe('DSGTIN++')
    expect(link.attributes).toEqual([{ ai: '17', value: '261231' }])
  })
  test('a hostname longer than the segment is malformed', () => {
    const bits = `11111101 0 000 ${bcd(GTIN)} ${SERIAL_S1} 1 ${bin(63, 6)} ${ascii7('abc')}`
    expect(reason(eh(bits))).toBe('malformed')
  })
  test('the filter value is ignored', () => {
    const a = decodeSegment(eh(`11110111 0 000 ${bcd(GTIN)} ${SERIAL_S1}`))
    const b = decodeSegment(eh(`11110111 0 111 ${bcd(GTIN)} ${SERIAL_S1}`))
    expect(a).toEqual(b)
  })
})

describe('decoded links must be valid Digital Links', () => {
  test('an AI a Digital Link query may not carry (8200, 7040) is invalid-link, as the encoder refuses it', () => {
    for (const segment of [
      'ehf7809506000134352624b58200846454a9429ba5ebec2e8b620cda13228',
      'ehf7809506000134352624b57040306af0',
    ]) {
      const r = decodeSegment(segment)
      expect(r.ok ? 'decoded' : [r.reason, r.message]).toEqual([
        'invalid-link',
        expect.stringMatching(/^AI \((8200|7040)\) is not a valid Digital Link data attribute$/),
      ])
    }
  })
})
