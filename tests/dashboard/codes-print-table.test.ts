/** The Codes page's GS1 size table: chosen in plain words, and chosen by the code when the person chooses none. */
import { describe, expect, test } from 'bun:test'
import { unzipSync } from 'fflate'
import { newFormId } from '../../src/dashboard/form.ts'
import { importCatalog } from '../../src/services/catalog/import.ts'
import { type Browser, linkedEntry, signedIn, textOf, useHarness } from './harness.ts'

const h = useHarness()
const GTIN = '09506000134352'
const GLN = '9506000000008'

/** A viewer of Acme, whose catalog has a product (GTIN) and an item (GLN). */
async function viewer(): Promise<Browser> {
  const imported = await importCatalog(h.database.db, {
    products: [linkedEntry({ gtin: GTIN }, 'oat-drink', 'https://oats.example/')],
    items: [linkedEntry({ key: '414', value: GLN }, 'depot', 'https://maps.example/{value}')],
  })
  if (!imported.ok) throw new Error(JSON.stringify(imported.errors))
  return signedIn(h, 'viewer')
}

/** The options of the page's select `id`: value, label, and whether it is selected. */
function optionsOf(body: string, id: string) {
  const select = new RegExp(`<select id="${id}"[^>]*>(.*?)</select>`, 's').exec(body)?.[1] ?? ''
  return [...select.matchAll(/<option value="([^"]*)"( selected)?>([^<]*)<\/option>/g)].map((m) => ({
    value: m[1],
    label: m[3],
    selected: m[2] !== undefined,
  }))
}

/** The 1.2 mm module the on-pack table refuses (its largest is 0.990 mm) and no table would. */
const LARGE = 'moduleSize=1.2'
const ON_PACK_REFUSAL = 'Module size must be from 0.396 to 0.990 mm for retail-dl'

describe('Codes: the GS1 size table', () => {
  test('each table is named by where the code is scanned, its source said under the select, never in the option', async () => {
    const b = await viewer()
    const body = await (await b.get(`/orgs/acme/codes?gtin=${GTIN}`)).text()
    for (const id of ['f-code-application', 'f-application']) {
      const labels = optionsOf(body, id).map((o) => o.label)
      expect(labels).toContain('On pack: scanned at the till and by phones')
      expect(labels).toContain('Healthcare items')
      expect(labels).toContain('Anything else (no GS1 table)')
      for (const label of labels) expect(label).not.toMatch(/§|General Specifications|retail-dl/)
    }
    expect(body).toContain(
      '<span class="hint" id="f-code-application-hint">GS1 table: GS1 General Specifications 26.0 §5.12.3.1, symbol specification table 1 addendum 2.</span>',
    )
    const chosen = await (await b.get(`/orgs/acme/codes?gtin=${GTIN}&application=healthcare`)).text()
    expect(chosen).toContain(
      'id="f-code-application-hint">GS1 table: GS1 General Specifications 26.0 §5.12.3.6',
    )
  })

  test("a GTIN's code is printed by the on-pack table unless another is chosen; another key's, or a GS1 QR Code's, by none", async () => {
    const b = await viewer()
    const gtin = `gtin=${GTIN}&host=resolver&symbol=qr`
    const page = await b.get(`/orgs/acme/codes?${gtin}`)
    expect(optionsOf(await page.text(), 'f-code-application').find((o) => o.selected)).toEqual({
      value: '',
      label: 'Chosen by the code — On pack: scanned at the till and by phones',
      selected: true,
    })
    const large = await b.get(`/orgs/acme/codes?${gtin}&${LARGE}`)
    expect(large.status).toBe(422)
    expect(textOf(await large.text())).toContain(ON_PACK_REFUSAL)
    for (const format of ['svg', 'png', 'pdf']) {
      expect((await b.get(`/orgs/acme/codes/${format}?${gtin}&${LARGE}`)).status).toBe(422)
      const general = await b.get(`/orgs/acme/codes/${format}?${gtin}&${LARGE}&application=general`)
      expect(general.status).toBe(200)
    }
    const others = [`key=414&value=${GLN}&host=resolver&symbol=qr`, `gtin=${GTIN}&host=none&symbol=qr`]
    for (const query of others) {
      const body = await (await b.get(`/orgs/acme/codes?${query}`)).text()
      expect(optionsOf(body, 'f-code-application').find((o) => o.selected)?.label).toBe(
        'Chosen by the code — Anything else (no GS1 table)',
      )
      expect((await b.get(`/orgs/acme/codes/png?${query}&${LARGE}`)).status).toBe(200)
    }
  })

  test("the bulk form's rows are each printed by their code's table unless the form chooses one", async () => {
    const b = await viewer()
    const csv = [
      'reference,mode,primaryKey,ais,digitalLinkStem',
      'on-pack,QR_GS1_DIGITAL_LINK_URI,(01)09506000134352,,http://id.test',
      'element-string,GS1_QR,(01)09506000134352,,',
      'gln,QR_GS1_DIGITAL_LINK_URI,(414)9506000000008,,http://id.test',
    ].join('\r\n')
    const manifest = async (fields: Record<string, string>) => {
      const form = new FormData()
      form.set('csrf', b.csrf ?? '')
      form.set('once', newFormId())
      for (const [k, v] of Object.entries({ format: 'svg', moduleSize: '1.2', ...fields })) form.set(k, v)
      form.set('file', new Blob([csv], { type: 'text/csv' }), 'labels.csv')
      const res = await h.dashboard(
        new Request(`${h.origin}/orgs/acme/codes/batch`, {
          method: 'POST',
          headers: { origin: h.origin, cookie: `session=${b.cookie}` },
          body: form,
        }),
      )
      expect(res.status).toBe(200)
      const files = unzipSync(new Uint8Array(await res.arrayBuffer()))
      return new TextDecoder().decode(files['manifest.csv']).trimEnd().split('\r\n').slice(1)
    }
    const [onPack, elementString, gln] = await manifest({})
    expect(onPack).toContain('moduleSize must be from 0.396 to 0.990 mm for retail-dl')
    expect(elementString).toContain('element-string.svg')
    expect(gln).toContain('gln.svg')
    const chosen = await manifest({ application: 'general' })
    expect(chosen.every((row) => row.includes('.svg'))).toBe(true)
  })
})
