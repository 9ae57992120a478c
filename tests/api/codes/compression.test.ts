/** `compression` (DESIGN §6): EPC_HEX / EPC_BASE64 links over HTTP decode back, through the resolver's decoder, to the same data. */
import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { percentDecode } from '../../../src/gs1/index.ts'
import { decodeCompressed } from '../../../src/resolver/compressed.ts'
import { generate } from '../../../src/services/codes/generate.ts'
import { dlDefinition, GTIN, gtinDefinition, postJson, STEM, useCodeApi } from './harness.ts'

const api = useCodeApi()

async function code(definition: unknown) {
  const res = await postJson(api(), '/code', definition)
  return { status: res.status, body: await res.json() }
}

/** The GS1 data of a link: GTIN, key qualifiers in path order, and the other AIs in any order. */
function dataOf(
  gtin: string,
  qualifiers: readonly { ai: string; value: string }[],
  attributes: [string, string][],
) {
  return {
    gtin,
    qualifiers: qualifiers.map((q) => [q.ai, q.value]),
    attributes: [...attributes].sort(([a], [b]) => a.localeCompare(b)),
  }
}

/** Decodes the compressed segment of `barcodeText` as the resolver does; returns its data and the query left over. */
function decodeText(barcodeText: string) {
  const [path = '', query = ''] = barcodeText.slice(STEM.length + 1).split('?')
  const link = decodeCompressed(path)
  if (link === null) throw new Error(`does not decode: ${barcodeText}`)
  const attributes = link.attributeQuery
    .split('&')
    .filter((p) => p !== '')
    .map((p) => p.split('=').map((s) => percentDecode(s, true)) as [string, string])
  return { data: dataOf(link.value, link.qualifiers, attributes), query, segment: path }
}

/** The data of the same definition generated uncompressed. */
function uncompressed(definition: Record<string, unknown>) {
  const r = generate({ ...definition, compression: null })
  if (!r.ok || r.result.digitalLink === null) throw new Error(JSON.stringify(r))
  const dl = r.result.digitalLink
  return {
    data: dataOf(
      dl.primaryKey.value,
      dl.qualifiers,
      dl.attributes.map((a) => [a.ai, a.value]),
    ),
    hri: r.result.hri,
  }
}

describe('compression over POST /code', () => {
  test('EPC_HEX writes {stem}/eh… (SGTIN+), decoding to the same GTIN, qualifiers and attributes, same HRI', async () => {
    const def = dlDefinition(
      [
        ['21', 'S1'],
        ['10', 'L/1'],
        ['3103', '000195'],
      ],
      { compression: 'EPC_HEX' },
    )
    const { status, body } = await code(def)
    expect(status).toBe(200)
    expect(body.barcodeText).toMatch(/^https:\/\/example\.com\/ehf7[0-9a-f]+$/)
    expect(decodeText(body.barcodeText).data).toEqual(uncompressed(def).data)
    expect(body.hri).toBe(uncompressed(def).hri)
  })

  test('EPC_BASE64 writes {stem}/ex… in base64url; a date makes it DSGTIN+', async () => {
    const def = dlDefinition(
      [
        ['21', 'ABC-123'],
        ['17', '261231'],
      ],
      { compression: 'EPC_BASE64' },
    )
    const { body } = await code(def)
    expect(body.barcodeText).toMatch(/^https:\/\/example\.com\/ex[A-Za-z0-9_-]+$/)
    const decoded = decodeText(body.barcodeText)
    expect(decoded.data).toEqual(uncompressed(def).data)
    // DSGTIN+ header byte FB: 0xFB = 111110 11 → base64url '-' first.
    expect(decoded.segment).toStartWith('ex-')
  })

  test('linkType, context and extension parameters stay in the query after the segment', async () => {
    const def = dlDefinition([['21', 'S1']], {
      compression: 'EPC_HEX',
      linkType: 'gs1:pip',
      context: 'dpp',
      extensionParameters: [{ key: 'k', value: 'v' }],
    })
    const decoded = decodeText((await code(def)).body.barcodeText)
    expect(decoded.query).toBe('linkType=gs1%3Apip&context=dpp&k=v')
    expect(decoded.data).toEqual(uncompressed(def).data)
  })

  test('is refused without (21), without digitalLinkStem, with another primary key, or with another value', async () => {
    const errors = async (def: unknown) => (await code(def)).body.errors.map((e: { code: string }) => e.code)
    expect(await errors(dlDefinition([['10', 'L']], { compression: 'EPC_HEX' }))).toEqual([
      'Validation.Requires.compression',
    ])
    expect(await errors(gtinDefinition([['21', 'S']], { compression: 'EPC_HEX' }))).toEqual([
      'Validation.NotAllowed.compression',
    ])
    expect(
      await errors({
        digitalLinkStem: STEM,
        // GINC (401): a Digital Link primary key no EPC scheme carries.
        primaryKey: { key: '401', value: '9521141XYZ47' },
        compression: 'EPC_HEX',
      }),
    ).toEqual(['Validation.NotAllowed.compression'])
    expect(await errors(dlDefinition([['21', 'S']], { compression: 'ZIP' }))).toEqual([
      'Validation.Invalid.compression',
    ])
  })

  test('an AI the EPC binary encoding cannot carry is 422 Validation.Unencodable.compression', async () => {
    expect(
      await code(
        dlDefinition(
          [
            ['21', 'S1'],
            ['717', 'ABC'],
          ],
          { compression: 'EPC_HEX' },
        ),
      ),
    ).toEqual({
      status: 422,
      body: {
        errors: [
          {
            code: 'Validation.Unencodable.compression',
            path: 'compression',
            message: 'the link cannot be written in the EPC binary encoding: AI (717) is not in TDS Table F',
          },
        ],
      },
    })
  })

  test('works per item in a batch', async () => {
    const res = await postJson(api(), '/codes', {
      codes: [
        { ...dlDefinition([['21', '42']], { compression: 'EPC_HEX' }), mode: 'QR_GS1_DIGITAL_LINK_URI' },
      ],
    })
    const body = await res.json()
    expect(decodeText(body.codes[0].barcodeText).data).toEqual({
      gtin: GTIN,
      qualifiers: [['21', '42']],
      attributes: [],
    })
  })
})

describe('compression property', () => {
  const cset82 = fc.stringMatching(/^[A-Za-z0-9!"%&'()*+,\-./:;<=>?_]{1,20}$/)
  const date = fc
    .tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }))
    .map(([y, m, d]) => [y, m, d].map((n) => String(n).padStart(2, '0')).join(''))

  test('every generated link with serial, optional lot, variant and expiry decodes back to the same data', () => {
    fc.assert(
      fc.property(
        cset82,
        fc.option(cset82, { nil: undefined }),
        fc.option(cset82, { nil: undefined }),
        fc.option(date, { nil: undefined }),
        fc.constantFrom('EPC_HEX', 'EPC_BASE64'),
        (serial, lot, variant, expiry, compression) => {
          const ais: [string, string][] = [['21', serial]]
          if (lot !== undefined) ais.push(['10', lot])
          if (variant !== undefined) ais.push(['22', variant])
          if (expiry !== undefined) ais.push(['17', expiry])
          const def = dlDefinition(ais, { compression })
          const r = generate(def)
          if (!r.ok) throw new Error(JSON.stringify(r.errors))
          expect(decodeText(r.result.barcodeText).data).toEqual(uncompressed(def).data)
        },
      ),
      { numRuns: 200, seed: 20261121 },
    )
  })
})
