/**
 * `generate` with `compression` for every key an EPC carries: the smallest scheme, decoding back to the same
 * link.
 */
import { describe, expect, test } from 'bun:test'
import { decodeSegment, type EpcScheme } from '../../../src/epc/index.ts'
import { generate } from '../../../src/services/codes/generate.ts'

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
