/**
 * `generate` with `compression` for every key an EPC carries: the smallest scheme, decoding back to the same
 * link.
 */
import { describe, expect, test } from 'bun:test'
import { decodeSegment, type EpcScheme } from '../../../src/epc/index.ts'
import { gcpLengths, generate, generateBatch } from '../../../src/services/codes/generate.ts'

const STEM = 'https://example.com'

/** A Digital Link definition of a key with AIs (Annex E.3 values of TDS 2.3 where it has one). */
function definition(key: string, value: string, ais: [string, string][], compression: string | null) {
  return {
    primaryKey: { key, value },
    ais: ais.map(([k, v]) => ({ key: k, value: v })),
    digitalLinkStem: STEM,
    compression,
  }
}

const CASES: ReadonlyArray<readonly [string, string, [string, string][], EpcScheme]> = [
  ['01', '09506000134352', [['21', 'S1']], 'SGTIN+'],
  ['00', '095201234567891235', [], 'SSCC+'],
  ['414', '9521141123454', [['254', '32a/b']], 'SGLN+'],
  ['414', '9521141123454', [['400', 'PO-1']], 'SGLN+'],
  ['8003', '0952114112345432a/b', [], 'GRAI+'],
  ['8004', '952114132a/b', [], 'GIAI+'],
  ['8006', '095211411234540102', [['21', 'rif981']], 'ITIP+'],
  ['8010', '95211415PQ7/Z43', [['8011', '12345']], 'CPI+'],
  ['8017', '952114112345678906', [['8019', '12']], 'GSRNP+'],
  ['8018', '952114112345678906', [], 'GSRN+'],
  ['253', '95211411234545678', [], 'GDTI+'],
  ['255', '952114167890904711', [], 'SGCN+'],
]

describe('compression of every key an EPC carries', () => {
  for (const [key, value, ais, scheme] of CASES) {
    test(`(${key}) ${ais.map(([a]) => `(${a})`).join('')} is written as ${scheme} and decodes back`, () => {
      const plain = generate(definition(key, value, ais, null))
      if (!plain.ok || plain.result.digitalLink === null) throw new Error(JSON.stringify(plain))
      const dl = plain.result.digitalLink
      for (const compression of ['EPC_HEX', 'EPC_BASE64']) {
        const r = generate(definition(key, value, ais, compression))
        if (!r.ok) throw new Error(JSON.stringify(r.errors))
        const segment = r.result.barcodeText.slice(STEM.length + 1)
        expect(segment).toMatch(compression === 'EPC_HEX' ? /^eh[0-9a-f]+$/ : /^ex[A-Za-z0-9_-]+$/)
        const back = decodeSegment(segment)
        if (!back.ok) throw new Error(`${back.reason}: ${back.message}`)
        expect(back.link).toEqual({
          scheme,
          key: dl.primaryKey,
          qualifiers: dl.qualifiers,
          attributes: dl.attributes,
        })
      }
    })
  }
  test('a GRAI without its serial component, or a key no EPC carries, is refused', () => {
    const grai = generate(definition('8003', '09521141123454', [], 'EPC_HEX'))
    expect(grai.ok ? grai.result.barcodeText : grai.errors.map((e) => e.code)).toEqual([
      'Validation.Unencodable.compression',
    ])
    const ginc = generate(definition('401', '9521141XYZ47', [], 'EPC_HEX'))
    expect(ginc.ok ? ginc.result.barcodeText : ginc.errors.map((e) => e.code)).toEqual([
      'Validation.NotAllowed.compression',
    ])
  })
  test('an ITIP needs its serial (21) and a CPID its serial (8011)', () => {
    const itip = generate(definition('8006', '095211411234540102', [], 'EPC_HEX'))
    const cpi = generate(definition('8010', '95211415PQ7/Z43', [], 'EPC_HEX'))
    expect([itip, cpi].map((r) => (r.ok ? r.result.barcodeText : r.errors.map((e) => e.message)))).toEqual([
      ['compression needs a serial number, AI (21), in ais'],
      ['compression needs AI (8011) in ais'],
    ])
  })
})

describe('compression with the organization’s GS1 Company Prefixes', () => {
  const sgtin = (serial: string) => definition('01', '09506000134352', [['21', serial]], 'EPC_HEX')
  const segmentOf = (r: ReturnType<typeof generate>) =>
    r.ok ? r.result.barcodeText.slice(STEM.length + 1) : r.errors.map((e) => e.code)
  /** SGTIN-96 of GTIN 09506000134352 and serial 12345 at partition 5 (a 7-digit GCP) and 6 (6 digits), as epc-tds writes them. */
  const GCP_7 = 'eh30164433400d1ec000003039'
  const GCP_6 = 'eh301ba052000d1ec000003039'

  test('the lengths are those of the prefixes starting the key’s company part, 6 to 12 digits, longest first', () => {
    expect(gcpLengths({ ai: '01', value: '09506000134352' }, ['9506000'])).toEqual([7])
    expect(gcpLengths({ ai: '01', value: '09506000134352' }, ['0950600'])).toEqual([])
    expect(gcpLengths({ ai: '00', value: '095060001234567893' }, ['950600', '9506000', '9521141'])).toEqual([
      7, 6,
    ])
    expect(gcpLengths({ ai: '8003', value: '09506000123455123' }, ['9506000'])).toEqual([7])
    expect(gcpLengths({ ai: '414', value: '9506000123455' }, ['95060', '9506', '9506000123455'])).toEqual([])
    expect(gcpLengths({ ai: '414', value: '9506000123455' }, ['950600012345'])).toEqual([12])
    expect(gcpLengths({ ai: '414', value: '9506000123455' }, [])).toEqual([])
  })

  test('a matching prefix makes SGTIN-96 a candidate; none, or a shorter one than 6 digits, changes nothing', () => {
    const today = segmentOf(generate(sgtin('12345')))
    expect(today).toBe('ehf700950600013435205181c8')
    expect(segmentOf(generate(sgtin('12345'), { companyPrefixes: ['9506000'] }))).toBe(GCP_7)
    expect(segmentOf(generate(sgtin('12345'), { companyPrefixes: ['95060'] }))).toBe(today)
    expect(segmentOf(generate(sgtin('12345'), { companyPrefixes: ['9521141'] }))).toBe(today)
    expect(segmentOf(generate(sgtin('12345'), { companyPrefixes: [] }))).toBe(today)
  })

  test('two prefixes of one organization, one inside the other: equal lengths go to the longer prefix', () => {
    expect(segmentOf(generate(sgtin('12345'), { companyPrefixes: ['950600'] }))).toBe(GCP_6)
    expect(segmentOf(generate(sgtin('12345'), { companyPrefixes: ['950600', '9506000'] }))).toBe(GCP_7)
    expect(segmentOf(generate(sgtin('12345'), { companyPrefixes: ['9506000', '950600'] }))).toBe(GCP_7)
  })

  test('a batch passes the prefixes to every definition; without them it is as before', () => {
    const body = {
      codes: [
        { ...sgtin('12345'), mode: 'QR_GS1_DIGITAL_LINK_URI' },
        { ...sgtin('ABC'), mode: 'QR_GS1_DIGITAL_LINK_URI' },
      ],
    }
    const texts = (r: ReturnType<typeof generateBatch>) =>
      r.ok ? r.result.codes.map((c) => c.barcodeText.slice(STEM.length + 1).slice(0, 4)) : r.errors
    expect(texts(generateBatch(body, { companyPrefixes: ['9506000'] }))).toEqual(['eh30', 'ehf7'])
    expect(texts(generateBatch(body))).toEqual(['ehf7', 'ehf7'])
  })
})
