/**
 * `compression` with the GS1 Company Prefixes of the client's organization (DESIGN §12): a key within one is written in
 * the smallest scheme of all, fixed-length ones included (checked against epc-tds); without a matching prefix every
 * code endpoint answers exactly as it did before.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import epcTds from 'epc-tds'
import { unzipSync } from 'fflate'
import { createApp } from '../../../src/api/app.ts'
import {
  codesFeature,
  companyPrefixReader,
  inlineCodeWork,
  pooledCodeWork,
} from '../../../src/api/codes/index.ts'
import { type AiPair, decodeSegment, type EpcScheme, encodeLink } from '../../../src/epc/index.ts'
import { CLI_ACTOR } from '../../../src/services/audit.ts'
import { addCompanyPrefix, removeCompanyPrefix } from '../../../src/services/catalog/company-prefixes.ts'
import { createClient } from '../../../src/services/clients/api-clients.ts'
import { generate, generateBatch } from '../../../src/services/codes/generate.ts'
import { createOrganization } from '../../../src/services/people/organizations.ts'
import { scan, scanImage } from '../../render/scanner.ts'
import { type CodeApi, fetchToken, GTIN, postJson, STEM, useCodeApi } from './harness.ts'

const api = useCodeApi()

/** acme records 9506000 (7 digits); `plain` records no prefix; `other` records 9521141, which no GTIN here starts with. */
type Org = 'acme' | 'plain' | 'other'
const tokens = new Map<Org, string>()

beforeAll(async () => {
  const { database, deps, app, token } = api()
  tokens.set('acme', token)
  expect(await addCompanyPrefix(database.db, 'acme', '9506000')).toMatchObject({ ok: true })
  for (const slug of ['plain', 'other'] as const) {
    await createOrganization(database.db, { slug, name: slug, plan: 'starter', subscriptionStatus: 'active' })
    const client = await createClient(database.db, {
      actor: CLI_ACTOR,
      organizationSlug: slug,
      name: 'Label printer',
      scopes: ['write:codes'],
      clock: deps.clock,
    })
    if (!client.ok) throw new Error(client.message)
    tokens.set(slug, await fetchToken(app, client.clientId, client.clientSecret))
  }
  expect(await addCompanyPrefix(database.db, 'other', '9521141')).toMatchObject({ ok: true })
}, 60_000)

/** The code API as the organization's client calls it (`app`: another app on the same auth service). */
function as(org: Org, app: CodeApi['app'] = api().app) {
  return { app, token: tokens.get(org) as string }
}

/** A Digital Link definition of a key and its AIs, compressed. */
function definition(
  key: string,
  value: string,
  ais: [string, string][] = [],
  extra: Record<string, unknown> = {},
) {
  return {
    primaryKey: { key, value },
    ais: ais.map(([k, v]) => ({ key: k, value: v })),
    digitalLinkStem: STEM,
    compression: 'EPC_HEX',
    ...extra,
  }
}

const sgtin = (serial: string, extra: Record<string, unknown> = {}) =>
  definition('01', GTIN, [['21', serial]], extra)

async function barcodeText(org: Org, body: unknown): Promise<string> {
  const res = await postJson(as(org), '/code', body)
  const answer = await res.json()
  expect({ status: res.status, answer }).toMatchObject({ status: 200 })
  return answer.barcodeText
}

/** The segment of a compressed barcode text (after the stem). */
const segmentOf = (text: string) => text.slice(STEM.length + 1)

/** The scheme the segment holds, decoded by the project's codec back to the same link. */
function schemeOf(segment: string, key: AiPair, qualifiers: AiPair[] = []): EpcScheme {
  const decoded = decodeSegment(segment)
  if (!decoded.ok) throw new Error(`${decoded.reason}: ${decoded.message}`)
  expect(decoded.link).toMatchObject({ key, qualifiers, attributes: [] })
  return decoded.link.scheme
}

/** epc-tds's reading of a fixed-length `eh` segment of `bits` bits. */
function theirs(segment: string, bits: number) {
  return epcTds.valueOf(
    segment
      .slice(2)
      .toUpperCase()
      .padEnd(Math.ceil(bits / 8) * 2, '0'),
  )
}

/** epc-tds's reading of an SGTIN-96 segment. */
const theirSgtin = (segment: string) => theirs(segment, 96) as InstanceType<typeof epcTds.Sgtin96>

/** The SGTIN-96 of GTIN 09506000134352, serial 12345, GCP 9506000 (partition 5), filter 0. */
const SGTIN_96 = 'eh30164433400d1ec000003039'
/** The same link as every client got it before prefixes counted: SGTIN+. */
const SGTIN_PLUS = 'ehf700950600013435205181c8'

describe('POST /code with the organization’s company prefixes', () => {
  test('a GTIN within 9506000 with serial 12345 is SGTIN-96 at partition 5, the bits epc-tds writes', async () => {
    const text = await barcodeText('acme', sgtin('12345'))
    expect(text).toBe(`${STEM}/${SGTIN_96}`)
    expect(schemeOf(SGTIN_96, { ai: '01', value: GTIN }, [{ ai: '21', value: '12345' }])).toBe('SGTIN-96')
    const read = theirSgtin(SGTIN_96)
    expect([read.getType(), read.getPartition(), read.getGtin(), String(read.getSerial())]).toEqual([
      'SGTIN-96',
      5,
      GTIN,
      '12345',
    ])
    expect(read.toIdURI()).toBe('urn:epc:id:sgtin:9506000.013435.12345')
    const written = new epcTds.Sgtin96().setFilter(0).setPartition(5).setGtin(GTIN).setSerial(12345)
    expect(written.toHexString().toLowerCase()).toBe(SGTIN_96.slice(2))
  })

  test('SGTIN-96 is chosen where it is shorter than SGTIN+: the largest serial it holds, 2^38 - 1', async () => {
    const serial = String(2 ** 38 - 1)
    const acme = segmentOf(await barcodeText('acme', sgtin(serial)))
    const plain = segmentOf(await barcodeText('plain', sgtin(serial)))
    expect(acme).toBe('eh30164433400d1effffffffff')
    expect(plain).toBe('ehf70095060001343520c3fffffffff')
    expect(String(theirSgtin(acme).getSerial())).toBe(serial)
  })

  test('a serial SGTIN-96 cannot hold falls back to the smallest scheme that fits', async () => {
    const cases: [string, EpcScheme][] = [
      [String(2 ** 38), 'SGTIN+'],
      ['123456789012345', 'SGTIN+'],
      ['ABC-123', 'SGTIN+'],
      ['!"%&\'()*+,-./:;<=>?', 'SGTIN-198'],
    ]
    for (const [serial, scheme] of cases) {
      const segment = segmentOf(await barcodeText('acme', sgtin(serial)))
      const link = {
        key: { ai: '01', value: GTIN },
        qualifiers: [{ ai: '21', value: serial }],
        attributes: [],
      }
      const lengths = (['SGTIN-96', 'SGTIN-198', 'SGTIN+'] as const).map((s) => {
        const r = encodeLink(link, 'hex', { gcpLength: 7, scheme: s })
        return r.ok ? r.segment.length : Number.POSITIVE_INFINITY
      })
      expect({ serial, scheme: schemeOf(segment, link.key, link.qualifiers) }).toEqual({ serial, scheme })
      expect(segment.length).toBe(Math.min(...lengths))
    }
    expect<string>(
      theirs(segmentOf(await barcodeText('acme', sgtin(cases[3]?.[0] ?? ''))), 198).getType(),
    ).toBe('SGTIN-198')
  })

  test('an SSCC within the prefix stays SSCC+: its 84 bits are fewer than SSCC-96’s 96', async () => {
    const sscc = definition('00', '095060001234567893')
    const acme = segmentOf(await barcodeText('acme', sscc))
    expect(acme).toBe('ehf90095060001234567893')
    expect(acme).toBe(segmentOf(await barcodeText('plain', sscc)))
    const fixed = encodeLink(
      { key: { ai: '00', value: '095060001234567893' }, qualifiers: [], attributes: [] },
      'hex',
      {
        gcpLength: 7,
        scheme: 'SSCC-96',
      },
    )
    expect(fixed.ok && fixed.segment.length).toBe(26)
  })

  test('an organization without prefixes gets exactly today’s answer', async () => {
    const res = await postJson(as('plain'), '/code', sgtin('12345'))
    expect(await res.text()).toBe(
      JSON.stringify({ barcodeText: `${STEM}/${SGTIN_PLUS}`, hri: `(01)${GTIN}(21)12345` }),
    )
    const before = generate(sgtin('12345'))
    expect(before.ok && before.result.barcodeText).toBe(`${STEM}/${SGTIN_PLUS}`)
  })

  test('an organization whose prefix does not start the value gets today’s answer; its own keys take theirs', async () => {
    expect(await barcodeText('other', sgtin('12345'))).toBe(`${STEM}/${SGTIN_PLUS}`)
    const gln = definition('414', '9521141123454', [['254', '1234567890123']])
    const segment = segmentOf(await barcodeText('other', gln))
    expect(
      schemeOf(segment, { ai: '414', value: '9521141123454' }, [{ ai: '254', value: '1234567890123' }]),
    ).toBe('SGLN-96')
    expect(theirs(segment, 96).toIdURI()).toBe('urn:epc:id:sgln:9521141.12345.1234567890123')
    expect(segmentOf(await barcodeText('acme', gln))).toMatch(/^ehf2/)
  })

  test('a prefix removed or added counts from the next request', async () => {
    const { database } = api()
    expect(await removeCompanyPrefix(database.db, 'acme', '9506000')).toEqual({ ok: true, prefixes: [] })
    try {
      expect(await barcodeText('acme', sgtin('12345'))).toBe(`${STEM}/${SGTIN_PLUS}`)
    } finally {
      await addCompanyPrefix(database.db, 'acme', '9506000')
    }
    expect(await barcodeText('acme', sgtin('12345'))).toBe(`${STEM}/${SGTIN_96}`)
  })

  test('EPC_BASE64 takes the same scheme', async () => {
    const segment = segmentOf(await barcodeText('acme', sgtin('12345', { compression: 'EPC_BASE64' })))
    expect(segment).toBe('exMBZEM0ANHsAAADA5')
    expect(schemeOf(segment, { ai: '01', value: GTIN }, [{ ai: '21', value: '12345' }])).toBe('SGTIN-96')
  })
})

/** One definition per key whose fixed-length scheme is shorter than its '+' one, within 9506000. */
const FIXED: [ReturnType<typeof definition>, EpcScheme, string][] = [
  [sgtin('12345'), 'SGTIN-96', 'urn:epc:id:sgtin:9506000.013435.12345'],
  [
    definition('414', '9506000123455', [['254', '1234567890123']]),
    'SGLN-96',
    'urn:epc:id:sgln:9506000.12345.1234567890123',
  ],
  [definition('8003', '09506000123455123456789012'), 'GRAI-96', 'urn:epc:id:grai:9506000.12345.123456789012'],
  [definition('253', '9506000123455123456789012'), 'GDTI-96', 'urn:epc:id:gdti:9506000.12345.123456789012'],
  [definition('255', '950600012345551234567890'), 'SGCN-96', 'urn:epc:id:sgcn:9506000.12345.51234567890'],
]

/** A batch of those, an SSCC, a serial beyond SGTIN-96 and an uncompressed code, with mode as a batch needs. */
function batchBody() {
  const codes = [
    ...FIXED.map(([d]) => d),
    definition('00', '095060001234567893'),
    sgtin('ABC-123'),
    sgtin('12345', { compression: null }),
  ]
  return { codes: codes.map((c, i) => ({ ...c, mode: 'QR_GS1_DIGITAL_LINK_URI', reference: `r${i}` })) }
}

/** Checks a batch answer of acme's: each fixed-length scheme as epc-tds reads it, the rest as without prefixes. */
function expectAcmeBatch(texts: string[]) {
  FIXED.forEach(([d, scheme, uri], i) => {
    const segment = segmentOf(texts[i] as string)
    const key = { ai: d.primaryKey.key, value: d.primaryKey.value }
    expect(
      schemeOf(
        segment,
        key,
        d.ais.map((a) => ({ ai: a.key, value: a.value })),
      ),
    ).toBe(scheme)
    expect<string>(theirs(segment, 96).getType()).toBe(scheme)
    expect(theirs(segment, 96).toIdURI()).toBe(uri)
  })
  const today = generateBatch(batchBody())
  if (!today.ok) throw new Error('the batch is refused')
  expect(texts.slice(FIXED.length)).toEqual(today.result.codes.slice(FIXED.length).map((c) => c.barcodeText))
}

describe('POST /codes with the organization’s company prefixes', () => {
  test('each key within the prefix takes its fixed-length scheme where it is smallest', async () => {
    const res = await postJson(as('acme'), '/codes', batchBody())
    const body = await res.json()
    expect(res.status).toBe(200)
    expect(body.failures).toEqual([])
    expectAcmeBatch(body.codes.map((c: { barcodeText: string }) => c.barcodeText))
  })

  test('an organization without prefixes, or whose prefix matches none, gets today’s bytes', async () => {
    const today = generateBatch(batchBody())
    if (!today.ok) throw new Error('the batch is refused')
    for (const org of ['plain', 'other'] as const) {
      const res = await postJson(as(org), '/codes', batchBody())
      expect(await res.text()).toBe(JSON.stringify(today.result))
    }
    expect(today.result.codes[0]?.barcodeText).toBe(`${STEM}/${SGTIN_PLUS}`)
  })
})

/** The text of the one symbol an SVG holds. */
async function scannedSvg(res: Response): Promise<string | undefined> {
  expect(res.status).toBe(200)
  return (await scan(await res.text()))[0]?.text
}

describe('POST /render with the organization’s company prefixes', () => {
  const qr = sgtin('12345', { mode: 'QR_GS1_DIGITAL_LINK_URI' })
  const svg = { accept: 'image/svg+xml' }

  test('the SVG holds the SGTIN-96 link; the render cache never gives one organization’s symbol to another', async () => {
    expect(await scannedSvg(await postJson(as('acme'), '/render', qr, svg))).toBe(`${STEM}/${SGTIN_96}`)
    expect(await scannedSvg(await postJson(as('plain'), '/render', qr, svg))).toBe(`${STEM}/${SGTIN_PLUS}`)
    expect(await scannedSvg(await postJson(as('other'), '/render', qr, svg))).toBe(`${STEM}/${SGTIN_PLUS}`)
    expect(await scannedSvg(await postJson(as('acme'), '/render', qr, svg))).toBe(`${STEM}/${SGTIN_96}`)
  }, 30_000)

  test('a file at a physical size (PNG) holds the SGTIN-96 link too', async () => {
    const res = await postJson(as('acme'), '/render', { ...qr, moduleSize: 0.5 }, { accept: 'image/png' })
    expect(res.status).toBe(200)
    const [read] = await scanImage(new Uint8Array(await res.arrayBuffer()))
    expect(read?.text).toBe(`${STEM}/${SGTIN_96}`)
  }, 30_000)
})

/** The barcodeText column of a bulk render's manifest, in order. */
async function manifestTexts(res: Response): Promise<string[]> {
  expect(res.status).toBe(200)
  const files = unzipSync(new Uint8Array(await res.arrayBuffer()))
  const lines = new TextDecoder().decode(files['manifest.csv']).trimEnd().split('\r\n').slice(1)
  return lines.map((line) => line.split(',')[2] as string)
}

describe('POST /render/batch with the organization’s company prefixes', () => {
  test('the manifest and files carry the fixed-length schemes for acme, today’s links for the others', async () => {
    const res = await postJson(as('acme'), '/render/batch', batchBody(), { accept: 'image/svg+xml' })
    const texts = await manifestTexts(res)
    // The uncompressed code's text is the plain Digital Link, as in the batch.
    expectAcmeBatch(texts)
    const today = generateBatch(batchBody())
    if (!today.ok) throw new Error('the batch is refused')
    for (const org of ['plain', 'other'] as const) {
      const others = await postJson(as(org), '/render/batch', batchBody(), { accept: 'image/svg+xml' })
      expect(await manifestTexts(others)).toEqual(today.result.codes.map((c) => c.barcodeText))
    }
  }, 60_000)
})

describe('the worker pool reads no database: the prefixes travel with the task', () => {
  const pooled = pooledCodeWork({ threads: 2, maxQueue: 64 })
  afterAll(() => pooled.close())

  /** The code routes on worker threads, and inline, both reading prefixes from the test database. */
  function apps() {
    const { deps, auth, database } = api()
    const companyPrefixes = companyPrefixReader(database.db)
    return {
      pooled: createApp(deps, [codesFeature({ auth, work: pooled, companyPrefixes })]),
      inline: createApp(deps, [codesFeature({ auth, work: inlineCodeWork(), companyPrefixes })]),
    }
  }

  test('POST /codes on worker threads gives acme the fixed-length schemes, byte for byte as inline', async () => {
    const { pooled: app, inline } = apps()
    const fromPool = await (await postJson(as('acme', app), '/codes', batchBody())).text()
    expect(fromPool).toBe(await (await postJson(as('acme', inline), '/codes', batchBody())).text())
    expectAcmeBatch(JSON.parse(fromPool).codes.map((c: { barcodeText: string }) => c.barcodeText))
    const plain = await (await postJson(as('plain', app), '/codes', batchBody())).text()
    const today = generateBatch(batchBody())
    expect(plain).toBe(JSON.stringify(today.ok && today.result))
  })

  test('POST /render/batch on worker threads does the same', async () => {
    const { pooled: app } = apps()
    const res = await postJson(as('acme', app), '/render/batch', batchBody(), { accept: 'image/svg+xml' })
    expectAcmeBatch(await manifestTexts(res))
  }, 60_000)
})
