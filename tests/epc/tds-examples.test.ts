/**
 * TDS 2.3 Annex E.3 ("Summary Examples of All EPC schemes"): each worked example decodes to the element
 * string it states, and the encoder writes the same bits, the filter value aside (E.3 uses 3 where the
 * encoder writes 0). Facts copied from the standard's text; errata as in EPC-NOTES §6.4.
 */
import { describe, expect, test } from 'bun:test'
import {
  decodeHex,
  decodeSegment,
  type EpcScheme,
  encodeLink,
  toDigitalLinkPath,
} from '../../src/epc/index.ts'
import { bin, bitsOf, eh, okLink } from './helpers.ts'

interface Example {
  scheme: EpcScheme
  hex: string
  /** The Digital Link path of the example's GS1 element string. */
  dl: string
  /** GS1 Company Prefix digits, from the example's EPC URI (fixed-length schemes only). */
  gcp?: number
}

/** TDS 2.3 Annex E.3, in the standard's order. */
const E3: Example[] = [
  { scheme: 'SGTIN-96', hex: '3066C4409047E140075BCD15', dl: '/01/09506000134352/21/123456789', gcp: 11 },
  {
    scheme: 'SGTIN-198',
    hex: '3666C4409047E159B2C2BF100000000000000000000000000000',
    dl: '/01/09506000134352/21/32a%2Fb',
    gcp: 11,
  },
  { scheme: 'SGTIN+', hex: 'F73795211411234538566CB0AFC4', dl: '/01/79521141123453/21/32a%2Fb' },
  {
    scheme: 'DSGTIN+',
    hex: 'FB342CDE795211411234538566CB0AFC4',
    dl: '/01/79521141123453/21/32a%2Fb?17=220630',
  },
  { scheme: 'SSCC-96', hex: '311BA1B300CE0A6A83000000', dl: '/00/095201234567891235', gcp: 6 },
  { scheme: 'SSCC+', hex: 'F90095201234567891235', dl: '/00/095201234567891235' },
  { scheme: 'SGLN-96', hex: '3276451FD46072000000162E', dl: '/414/9521141123454/254/5678', gcp: 7 },
  {
    scheme: 'SGLN-195',
    hex: '3976451FD46072CD9615F8800000000000000000000000000000',
    dl: '/414/9521141123454/254/32a%2Fb',
    gcp: 7,
  },
  { scheme: 'SGLN+', hex: 'F2395211411234548566CB0AFC4', dl: '/414/9521141123454/254/32a%2Fb' },
  { scheme: 'GRAI-96', hex: '3376451FD40C0E400000162E', dl: '/8003/095211411234545678', gcp: 7 },
  {
    scheme: 'GRAI-170',
    hex: '3776451FD40C0E59B2C2BF1000000000000000000000',
    dl: '/8003/0952114112345432a%2Fb',
    gcp: 7,
  },
  { scheme: 'GRAI+', hex: 'F13095211411234548566CB0AFC4', dl: '/8003/0952114112345432a%2Fb' },
  { scheme: 'GIAI-96', hex: '3476451FD40000000000162E', dl: '/8004/95211415678', gcp: 7 },
  {
    scheme: 'GIAI-202',
    hex: '3876451FD59B2C2BF10000000000000000000000000000000000',
    dl: '/8004/952114132a%2Fb',
    gcp: 7,
  },
  { scheme: 'GIAI+', hex: 'FA3952114132E83C2BF10', dl: '/8004/952114132a%2Fb' },
  { scheme: 'GSRN-96', hex: '2D76451FD4499602D2000000', dl: '/8018/952114112345678906', gcp: 7 },
  { scheme: 'GSRN+', hex: 'F43952114112345678906', dl: '/8018/952114112345678906' },
  { scheme: 'GSRNP-96', hex: '2E76451FD4499602D2000000', dl: '/8017/952114112345678906', gcp: 7 },
  { scheme: 'GSRNP+', hex: 'F53952114112345678906', dl: '/8017/952114112345678906' },
  { scheme: 'GDTI-96', hex: '2C76451FD46072000000162E', dl: '/253/95211411234545678', gcp: 7 },
  {
    scheme: 'GDTI-174',
    hex: '3E76451FD7039B061438997367D0C18B266D1AB66EE0',
    dl: '/253/9521141987650ABCDefgh012345678',
    gcp: 7,
  },
  { scheme: 'GDTI+', hex: 'F6395211411234540458B8', dl: '/253/95211411234545678' },
  { scheme: 'CPI-96', hex: '3C76451FD400C0E680003039', dl: '/8010/952114198765/8011/12345', gcp: 7 },
  {
    scheme: 'CPI-var',
    hex: '3D76451FD75411DEF6B4CC00000003039000',
    dl: '/8010/95211415PQ7%2FZ43/8011/12345',
    gcp: 7,
  },
  { scheme: 'CPI+', hex: 'F0395211415E87A145BAFB4D19A8C0E4', dl: '/8010/95211415PQ7%2FZ43/8011/12345' },
  { scheme: 'SGCN-96', hex: '3F76451FD612640000019907', dl: '/255/952114167890904711', gcp: 7 },
  { scheme: 'SGCN+', hex: 'F839521141678909509338', dl: '/255/952114167890904711' },
  { scheme: 'ITIP-110', hex: '4076451FD40C0E40820000000F54', dl: '/8006/095211411234540102/21/981', gcp: 7 },
  {
    scheme: 'ITIP-212',
    hex: '4176451FD40C0E4082DBDD8B36600000000000000000000000000000',
    dl: '/8006/095211411234540102/21/mw133',
    gcp: 7,
  },
  { scheme: 'ITIP+', hex: 'F3309521141123454010266AE27FDF35', dl: '/8006/095211411234540102/21/rif981' },
]

/**
 * E.3 '++' examples, all with the hostname id.example.com (EPC-NOTES §6.4). The SSCC++ and ITIP++ examples
 * print the '+' headers F9 and F3 (erratum); they are given here with EF and ED, the rest of their bits
 * unchanged.
 */
const E3_PLUS_PLUS: Example[] = [
  {
    scheme: 'SGTIN++',
    hex: 'FD3795211411234538566CB0AFC525065F1876F0D996D800',
    dl: '/01/79521141123453/21/32a%2Fb',
  },
  {
    scheme: 'DSGTIN++',
    hex: 'FC342CDE795211411234538566CB0AFC525065F1876F0D996D80',
    dl: '/01/79521141123453/21/32a%2Fb?17=220630',
  },
  { scheme: 'SSCC++', hex: 'EF009520123456789123592832F8C3B786CCB6C0', dl: '/00/095201234567891235' },
  {
    scheme: 'SGLN++',
    hex: 'E9395211411234548566CB0AFC525065F1876F0D996D8000',
    dl: '/414/9521141123454/254/32a%2Fb',
  },
  {
    scheme: 'GRAI++',
    hex: 'EB3095211411234548566CB0AFC525065F1876F0D996D800',
    dl: '/8003/0952114112345432a%2Fb',
  },
  { scheme: 'GIAI++', hex: 'EE3952114132E83C2BF1494197C61DBC3665B600', dl: '/8004/952114132a%2Fb' },
  { scheme: 'GSRN++', hex: 'E7395211411234567890692832F8C3B786CCB6C0', dl: '/8018/952114112345678906' },
  { scheme: 'GSRNP++', hex: 'E8395211411234567890692832F8C3B786CCB6C0', dl: '/8017/952114112345678906' },
  { scheme: 'GDTI++', hex: 'EA395211411234540458BA4A0CBE30EDE1B32DB0', dl: '/253/95211411234545678' },
  {
    scheme: 'CPI++',
    hex: 'E6395211415E87A145BAFB4D19A8C0E64A0CBE30EDE1B32DB000',
    dl: '/8010/95211415PQ7%2FZ43/8011/12345',
  },
  { scheme: 'SGCN++', hex: 'EC3952114167890950933C94197C61DBC3665B60', dl: '/255/952114167890904711' },
  {
    scheme: 'ITIP++',
    hex: 'ED309521141123454010266AE27FDF3592832F8C3B786CCB6C00',
    dl: '/8006/095211411234540102/21/rif981',
  },
]

/** The example's bits with the filter value set to 0: bits 8–10, or 9–11 after a '+' toggle bit. */
function withFilter0(hex: string, plus: boolean): string {
  const bits = bitsOf(`eh${hex}`)
  const at = plus ? 9 : 8
  return `${bits.slice(0, at)}000${bits.slice(at + 3)}`
}

/** The link of a Digital Link path, as the encoder takes it. */
function linkOf(dl: string) {
  const [path = '', query = ''] = dl.split('?')
  const [ai = '', value = '', ...rest] = path.slice(1).split('/').map(decodeURIComponent)
  const qualifiers = []
  for (let i = 0; i < rest.length; i += 2)
    qualifiers.push({ ai: rest[i] as string, value: rest[i + 1] as string })
  const attributes =
    query === ''
      ? []
      : query.split('&').map((p) => ({ ai: p.split('=')[0] as string, value: p.split('=')[1] as string }))
  return { key: { ai, value }, qualifiers, attributes }
}

describe('TDS 2.3 Annex E.3 examples decode to their element strings', () => {
  for (const x of [...E3, ...E3_PLUS_PLUS]) {
    test(`${x.scheme} ${x.hex} is ${x.dl}`, () => {
      const link = okLink(decodeHex(x.hex))
      expect({ scheme: link.scheme, dl: toDigitalLinkPath(link) }).toEqual({ scheme: x.scheme, dl: x.dl })
      expect(decodeSegment(`eh${x.hex.toLowerCase()}`)).toEqual(decodeHex(x.hex))
    })
  }
  test('the misprinted SSCC++ and ITIP++ examples (headers F9, F3) are rejected: their hostname reads as data', () => {
    for (const hex of [
      'F9009520123456789123592832F8C3B786CCB6C0',
      'F3309521141123454010266AE27FDF3592832F8C3B786CCB6C00',
    ])
      expect(decodeHex(hex).ok).toBe(false)
  })
})

describe('the encoder writes the Annex E.3 bits (filter value 0)', () => {
  for (const x of E3) {
    const plus = x.gcp === undefined
    test(`${x.scheme} from ${x.dl}${plus ? '' : ` with a ${x.gcp}-digit GS1 Company Prefix`}`, () => {
      const r = encodeLink(linkOf(x.dl), 'hex', { scheme: x.scheme, ...(plus ? {} : { gcpLength: x.gcp }) })
      if (!r.ok) throw new Error(`${r.reason}: ${r.message}`)
      expect(r.scheme).toBe(x.scheme)
      const expected = withFilter0(x.hex, plus)
      // The example's hex may end in padding nibbles beyond the EPC; compare up to the segment's last nibble.
      expect(bitsOf(r.segment)).toBe(expected.slice(0, bitsOf(r.segment).length))
      expect(expected.slice(bitsOf(r.segment).length)).toMatch(/^0*$/)
    })
  }
})

describe('GDTI-113 (deprecated in TDS 1.9, decoded only)', () => {
  const head = `00111010 011 101 ${bin(9521141, 24)}${bin(12345, 17)}`
  test('reads its serial as a Numeric String: a leading 1 keeps the zeros (TDS 14.4.6)', () => {
    const link = okLink(decodeSegment(eh(`${head} ${bin(10004711n, 58)}`)))
    expect({ scheme: link.scheme, dl: toDigitalLinkPath(link) }).toEqual({
      scheme: 'GDTI-113',
      dl: '/253/95211411234540004711',
    })
  })
  test('is never written, even when asked for', () => {
    const r = encodeLink(linkOf('/253/95211411234540004711'), 'hex', { scheme: 'GDTI-113', gcpLength: 7 })
    expect(r.ok ? r.segment : r.reason).toBe('unencodable-ai')
  })
})
