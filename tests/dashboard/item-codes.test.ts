/** Codes of other GS1 keys on the Codes page (DESIGN §12): an item's, a value a prefix rule answers, and the links to them. */
import { describe, expect, test } from 'bun:test'
import { createResolver } from '../../src/resolver/index.ts'
import { addCompanyPrefix, removeCompanyPrefix } from '../../src/services/catalog/company-prefixes.ts'
import { createDbCatalog } from '../../src/services/catalog/db-catalog.ts'
import { importCatalog } from '../../src/services/catalog/import.ts'
import { rasterizePdfAt, scanImage } from '../render/scanner.ts'
import { type Browser, linkedEntry, signedIn, textOf, useHarness } from './harness.ts'

const h = useHarness()
const GTIN = '09506000134352'
const GLN = '9506000000008'
const SSCC = '095060000000000008'
/** An SSCC no rule of the organization answers. */
const OTHER_SSCC = '040123450000000009'
/** A GTIN no product lists, which the rule of GTIN prefix 095060009 answers. */
const RULED_GTIN = '09506000900001'
/** A GLN of another organization's item. */
const RIVAL_GLN = '9506000000015'

async function viewer(): Promise<Browser> {
  const imported = await importCatalog(h.database.db, {
    products: [linkedEntry({ gtin: GTIN }, 'oat-drink', 'https://oats.example/')],
    items: [
      linkedEntry({ key: '414', value: GLN }, 'depot', 'https://maps.example/{value}'),
      linkedEntry(
        { key: '414', value: RIVAL_GLN, brand: 'globex-tools' },
        'globex-depot',
        'https://g.example/',
      ),
    ],
    rules: [
      linkedEntry(
        { key: '00', prefix: '0950600', published: false },
        'pallets',
        'https://track.example/{value}',
      ),
      linkedEntry({ key: '01', prefix: '095060009' }, 'samples', 'https://samples.example/{gtin}'),
    ],
  })
  if (!imported.ok) throw new Error(JSON.stringify(imported.errors))
  return signedIn(h, 'viewer')
}

async function scannedText(bytes: Uint8Array, format: 'png' | 'pdf'): Promise<string[]> {
  const image = format === 'png' ? bytes : (await rasterizePdfAt(bytes, 300)).png
  return (await scanImage(image)).map((s) => s.text)
}

describe('codes of items and prefix rules', () => {
  test("a GLN's item with its extension (254): the link, the entry it opens, its PNG named by key, value and extension, which resolves to the item's page", async () => {
    const b = await viewer()
    const query = new URLSearchParams({ key: '414', value: GLN, attributes: '254=A1', host: 'resolver' })
    const page = await b.get(`/orgs/acme/codes?${query}`)
    expect(page.status).toBe(200)
    const body = await page.text()
    const text = textOf(body)
    const link = `http://id.test/414/${GLN}/254/A1`
    expect(text).toContain(`depot Scans open the pages of item (414) ${GLN}.`)
    expect(body).toContain(`<a href="/orgs/acme/items/414/${GLN}">item (414) ${GLN}</a>`)
    expect(text).toContain(`Barcode text ${link}`)
    expect(text).toContain(`Element string (414)${GLN}(254)A1`)
    expect(body).toContain('<option value="414" selected>(414) LOC No.: the GLN of a location</option>')
    const png = await b.get(`/orgs/acme/codes/png?${query}`)
    expect(png.status).toBe(200)
    expect(png.headers.get('content-type')).toBe('image/png')
    expect(png.headers.get('content-disposition')).toBe(`attachment; filename="414-${GLN}-254-A1-qr.png"`)
    const [decoded] = await scannedText(new Uint8Array(await png.arrayBuffer()), 'png')
    expect(decoded).toBe(link)
    const catalog = createDbCatalog(h.database)
    await catalog.start()
    try {
      const resolver = createResolver({
        catalog,
        config: { resolverUrl: 'http://id.test', shortUrl: 'http://s.test', customDomainScheme: 'https' },
      })
      const scan = await resolver(new Request(decoded ?? ''))
      expect(scan.status).toBe(307)
      expect(scan.headers.get('location')).toBe(`https://maps.example/${GLN}`)
    } finally {
      await catalog.close()
    }
  })

  test('an SSCC that a prefix rule answers: the rule is named and linked, a warning says it is not published, the PDF reads back', async () => {
    const b = await viewer()
    const query = new URLSearchParams({ key: '00', value: SSCC, host: 'short', symbol: 'dm' })
    const page = await b.get(`/orgs/acme/codes?${query}`)
    expect(page.status).toBe(200)
    const body = await page.text()
    expect(body).toContain('<a href="/orgs/acme/rules/00/0950600">prefix rule (00) 0950600*</a>')
    expect(textOf(body)).toContain(
      'This prefix rule is not published: scans of this code answer “not found” until you publish it.',
    )
    const pdf = await b.get(`/orgs/acme/codes/pdf?${query}`)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="00-${SSCC}-dm.pdf"`)
    expect(await scannedText(new Uint8Array(await pdf.arrayBuffer()), 'pdf')).toEqual([
      `http://s.test/00/${SSCC}`,
    ])
  })

  test('a GTIN no product lists, which a prefix rule of GTINs answers, gets its code under that rule', async () => {
    const b = await viewer()
    const page = await b.get('/orgs/acme/codes?key=01&value=9506000900001&serial=7')
    expect(page.status).toBe(200)
    const body = await page.text()
    expect(textOf(body)).toContain(`Barcode text http://id.test/01/${RULED_GTIN}/21/7`)
    expect(textOf(body)).toContain('samples Scans open the pages of prefix rule')
    expect(body).toContain('<a href="/orgs/acme/rules/01/095060009">')
    const svg = await b.get('/orgs/acme/codes/svg?key=01&value=9506000900001&serial=7')
    expect(svg.headers.get('content-disposition')).toBe(
      `attachment; filename="${RULED_GTIN}-serial-7-qr.svg"`,
    )
  })

  test("compression writes the shortest EPC scheme with the organization's GS1 Company Prefixes (SGTIN-96 here)", async () => {
    const b = await viewer()
    const serial = String(2 ** 38 - 1)
    const query = new URLSearchParams({ key: '01', value: GTIN, serial, compression: 'EPC_HEX' })
    const plain = textOf(await (await b.get(`/orgs/acme/codes?${query}`)).text())
    expect(plain).toContain('Barcode text http://id.test/ehf70095060001343520c3fffffffff')
    expect((await addCompanyPrefix(h.database.db, 'acme', '9506000')).ok).toBe(true)
    try {
      const fixed = textOf(await (await b.get(`/orgs/acme/codes?${query}`)).text())
      expect(fixed).toContain('Barcode text http://id.test/eh30164433400d1effffffffff')
      const png = await b.get(`/orgs/acme/codes/png?${query}`)
      expect(await scannedText(new Uint8Array(await png.arrayBuffer()), 'png')).toEqual([
        'http://id.test/eh30164433400d1effffffffff',
      ])
    } finally {
      // The other tests' entries lie outside this prefix.
      await removeCompanyPrefix(h.database.db, 'acme', '9506000')
    }
  })

  test("a value no entry of the organization answers, another organization's item and a wrong check digit make no code (422)", async () => {
    const b = await viewer()
    for (const [key, value] of [
      ['00', OTHER_SSCC],
      ['414', RIVAL_GLN],
    ]) {
      for (const path of ['codes', 'codes/svg', 'codes/png']) {
        const refused = await b.get(`/orgs/acme/${path}?key=${key}&value=${value}`)
        expect(refused.status).toBe(422)
        expect(refused.headers.get('content-disposition')).toBeNull()
        const text = textOf(await refused.text())
        expect(text).toContain(
          `No item or prefix rule of this organization answers that value of (${key}). Check it, or find them under Items and rules.`,
        )
        expect(text).not.toContain('globex-depot')
      }
    }
    const wrong = await b.get('/orgs/acme/codes?key=00&value=095060000000000003')
    expect(wrong.status).toBe(422)
    const wrongText = textOf(await wrong.text())
    expect(wrongText).toContain(
      "No code for (00) 095060000000000003: The check digit is wrong: AI (00) expects a valid mod-10 check digit; '095060000000000003' ends in 3, expected 8",
    )
    expect(wrongText).not.toContain('Validation.')
  })

  test("an item's page links to the Codes page with its key and value; a rule's with its key; a product's with its GTIN", async () => {
    const b = await viewer()
    const makeCode = async (path: string) => {
      const body = await (await b.get(`/orgs/acme${path}`)).text()
      return /<a class="button secondary" href="([^"]+)">Make a code<\/a>/.exec(body)?.[1] ?? null
    }
    expect(await makeCode(`/items/414/${GLN}`)).toBe(`/orgs/acme/codes?key=414&amp;value=${GLN}`)
    expect(await makeCode('/rules/00/0950600')).toBe('/orgs/acme/codes?key=00')
    expect(await makeCode(`/products/${GTIN}`)).toBe(`/orgs/acme/codes?key=01&amp;value=${GTIN}`)
    const item = await b.get(`/orgs/acme/codes?key=414&value=${GLN}`)
    expect(item.status).toBe(200)
    expect(textOf(await item.text())).toContain(`Barcode text http://id.test/414/${GLN}`)
    const rule = await b.get('/orgs/acme/codes?key=00')
    expect(rule.status).toBe(200)
    const form = await rule.text()
    expect(form).toContain('<option value="00" selected>')
    expect(form).not.toContain('Barcode text')
  })
})
