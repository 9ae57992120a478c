/** The Codes page's bulk form: a CSV of `cli codes generate` to a ZIP with its manifest, a plain form post without JavaScript. */
import { describe, expect, test } from 'bun:test'
import { unzipSync } from 'fflate'
import { newFormId } from '../../src/dashboard/form.ts'
import { addCompanyPrefix, removeCompanyPrefix } from '../../src/services/catalog/company-prefixes.ts'
import { scanImage } from '../render/scanner.ts'
import {
  type Browser,
  importProducts,
  linkedEntry,
  OAT_DRINK,
  signedIn,
  textOf,
  useHarness,
} from './harness.ts'

const h = useHarness()

const CSV = [
  'reference,mode,primaryKey,ais,digitalLinkStem',
  'label 1,QR_GS1_DIGITAL_LINK_URI,(01)09506000134352,(10)L1(21)S1,http://id.test',
  'label 2,GS1_DATAMATRIX,(01)09506000134352,(10)L2,',
  'broken,GS1_QR,01-09506000134352,,',
  ',DATAMATRIX_GS1_DIGITAL_LINK_URI,(01)09506000134352,(21)S9,http://id.test',
].join('\r\n')

/** A viewer of Acme, whose catalog has the oat drink (09506000134352). */
async function signedInViewer(): Promise<Browser> {
  await importProducts(h.database, [OAT_DRINK])
  return signedIn(h, 'viewer')
}

/** Posts the bulk form as the page does (multipart, CSRF token, one-time id). */
function postBatch(b: Browser, fields: Record<string, string>, csv: string | null = CSV, once = newFormId()) {
  const form = new FormData()
  form.set('csrf', b.csrf ?? '')
  form.set('once', once)
  for (const [k, v] of Object.entries(fields)) form.set(k, v)
  if (csv !== null) form.set('file', new Blob([csv], { type: 'text/csv' }), 'labels.csv')
  return h.dashboard(
    new Request(`${h.origin}/orgs/acme/codes/batch`, {
      method: 'POST',
      headers: { origin: h.origin, cookie: `session=${b.cookie}` },
      body: form,
    }),
  )
}

describe('Codes: many codes from a CSV file', () => {
  test('the CSV becomes a ZIP of PNGs named from reference or data, and a manifest with each failure by line', async () => {
    const viewer = await signedInViewer()
    const res = await postBatch(viewer, {
      format: 'png',
      moduleSize: '0.5',
      application: 'retail-dl',
      hri: 'on',
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/zip')
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="acme-codes-png.zip"')
    expect(res.headers.get('x-code-count')).toBe('4')
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()))
    expect(Object.keys(files).sort()).toEqual([
      '09506000134352-S9.png',
      'label_1.png',
      'label_2.png',
      'manifest.csv',
    ])
    const manifest = new TextDecoder().decode(files['manifest.csv']).trimEnd().split('\r\n')
    expect(manifest[0]).toBe('line,reference,barcodeText,hri,file,moduleSize,symbolSize,imageSize,errors')
    expect(manifest[1]).toStartWith('2,label 1,http://id.test/01/09506000134352/10/L1/21/S1,')
    expect(manifest[3]).toStartWith('4,,,,,,,,Csv.Invalid.primaryKey at primaryKey')
    const [read] = await scanImage(files['label_1.png'] as Uint8Array)
    expect(read?.text).toBe('http://id.test/01/09506000134352/10/L1/21/S1')
  })

  test("compressed links in the ZIP use the organization's GS1 Company Prefixes (SGTIN-96 for a long serial)", async () => {
    const viewer = await signedInViewer()
    const csv = [
      'reference,mode,primaryKey,ais,digitalLinkStem,compression',
      `long,QR_GS1_DIGITAL_LINK_URI,(01)09506000134352,(21)${2 ** 38 - 1},http://id.test,EPC_HEX`,
    ].join('\r\n')
    const manifestOf = async () => {
      const res = await postBatch(viewer, { format: 'svg' }, csv)
      const files = unzipSync(new Uint8Array(await res.arrayBuffer()))
      return new TextDecoder().decode(files['manifest.csv']).split('\r\n')[1] ?? ''
    }
    expect(await manifestOf()).toStartWith('2,long,http://id.test/ehf70095060001343520c3fffffffff,')
    expect((await addCompanyPrefix(h.database.db, 'acme', '9506000')).ok).toBe(true)
    try {
      expect(await manifestOf()).toStartWith('2,long,http://id.test/eh30164433400d1effffffffff,')
    } finally {
      await removeCompanyPrefix(h.database.db, 'acme', '9506000')
    }
  })

  test("rows without mode or digitalLinkStem take the form's link and symbol; a row's own value wins", async () => {
    const viewer = await signedInViewer()
    const csv = [
      'reference,mode,primaryKey,ais,digitalLinkStem',
      'plain,,(01)09506000134352,(10)L1,',
      'own mode,GS1_QR,(01)09506000134352,(10)L2,',
      'own stem,,(01)09506000134352,(10)L3,http://id.test',
    ].join('\r\n')
    const manifest = async (fields: Record<string, string>, file = csv) => {
      const res = await postBatch(viewer, { format: 'svg', ...fields }, file)
      expect(res.status).toBe(200)
      const files = unzipSync(new Uint8Array(await res.arrayBuffer()))
      return new TextDecoder().decode(files['manifest.csv']).trimEnd().split('\r\n').slice(1)
    }
    const short = await manifest({ host: 'short', symbol: 'dm' })
    expect(short[0]).toStartWith('2,plain,http://s.test/01/09506000134352/10/L1,')
    expect(short[1]).toStartWith('3,own mode,(01)09506000134352(10)L2,')
    expect(short[2]).toStartWith('4,own stem,http://id.test/01/09506000134352/10/L3,')
    // No active custom domain: the resolver's host, as the single form does.
    expect((await manifest({ host: 'custom' }))[0]).toStartWith(
      '2,plain,http://id.test/01/09506000134352/10/L1,',
    )
    expect((await manifest({ host: 'none' }))[0]).toStartWith('2,plain,(01)09506000134352(10)L1,')
    const withoutColumns = 'reference,primaryKey\r\nbare,(01)09506000134352'
    expect(await manifest({}, withoutColumns)).toEqual([
      expect.stringMatching(/^2,bare,http:\/\/id\.test\/01\/09506000134352,/),
    ])
    const res = await postBatch(viewer, { format: 'svg', symbol: 'dm' }, withoutColumns)
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()))
    expect(new TextDecoder().decode(files['bare.svg'])).toStartWith('<svg')
  })

  test("a row of another organization's key, or linking to another host, fails as the single form would; a wrong check digit says so", async () => {
    const viewer = await signedInViewer()
    await importProducts(h.database, [
      linkedEntry({ gtin: '09506000134369', brand: 'globex-tools' }, 'globex-drill', 'https://g.example/'),
    ])
    const csv = [
      'reference,primaryKey,digitalLinkStem',
      'mine,(01)09506000134352,',
      'theirs,(01)09506000134369,',
      'evil,(01)09506000134352,https://evil.example',
      'slip,(01)09506000134391,',
      'mine again,(01)09506000134352,http://s.test/',
      'mine shouted,(01)09506000134352,HTTP://S.TEST:80',
    ].join('\r\n')
    const res = await postBatch(viewer, { format: 'svg' }, csv)
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()))
    // A host written in capitals or with its scheme's default port is the same host, as the generator writes it.
    expect(Object.keys(files).sort()).toEqual([
      'manifest.csv',
      'mine.svg',
      'mine_again.svg',
      'mine_shouted.svg',
    ])
    const rows = new TextDecoder().decode(files['manifest.csv']).trimEnd().split('\r\n').slice(1)
    expect(rows[1]).toStartWith('3,theirs,,,,,,,')
    expect(rows[1]).toContain(
      'No product of this organization has that GTIN, and no prefix rule answers it. Check the digits, or find the product under Products.',
    )
    expect(rows[2]).toStartWith('4,evil,,,,,,,')
    expect(rows[2]).toContain('The link host must be one of http://id.test, http://s.test')
    expect(rows[3]).toStartWith('5,slip,,,,,,,')
    expect(rows[3]).toContain("'09506000134391' ends in 1, expected 0")
    expect(rows[4]).toStartWith('6,mine again,http://s.test/01/09506000134352,')
  })

  test('a download changes nothing: the same form may be sent again', async () => {
    const viewer = await signedInViewer()
    const once = newFormId()
    for (let i = 0; i < 2; i++) {
      const res = await postBatch(viewer, { format: 'svg' }, CSV, once)
      expect(res.status).toBe(200)
      await res.arrayBuffer()
    }
  })

  test('no file, a bad dpi or more than 1000 codes shows the page again; a size outside the table fails each code', async () => {
    const viewer = await signedInViewer()
    const none = await postBatch(viewer, { format: 'pdf' }, null)
    expect(none.status).toBe(422)
    expect(textOf(await none.text())).toContain('Choose a CSV file with a header row.')
    const dpi = await postBatch(viewer, { format: 'png', dpi: '10' })
    expect(dpi.status).toBe(422)
    expect(textOf(await dpi.text())).toContain('PNG resolution must be from 72 to 2400')
    const small = await postBatch(viewer, { format: 'pdf', moduleSize: '0.2', application: 'retail-dl' })
    const files = unzipSync(new Uint8Array(await small.arrayBuffer()))
    expect(Object.keys(files)).toEqual(['manifest.csv'])
    expect(new TextDecoder().decode(files['manifest.csv'])).toContain(
      'moduleSize must be from 0.396 to 0.990 mm for retail-dl',
    )
    const header = 'reference,mode,primaryKey\r\n'
    const many = `${header}${Array.from({ length: 1001 }, (_, i) => `r${i},GS1_QR,(01)09506000134352`).join('\r\n')}`
    const tooMany = await postBatch(viewer, { format: 'png' }, many)
    expect(tooMany.status).toBe(422)
    expect(textOf(await tooMany.text())).toContain('The file holds more than 1000 codes')
  })

  test("the bulk section speaks of columns in words, and its template CSV is drawn whole with the form's defaults", async () => {
    const viewer = await signedInViewer()
    const text = textOf(await (await viewer.get('/orgs/acme/codes')).text())
    expect(text).not.toContain('bun run cli')
    expect(text).toContain('(10)LOT1(21)S1 for lot LOT1 and serial S1')
    expect(text).toContain('Download a template CSV')
    const template = await viewer.get('/orgs/acme/codes/template.csv')
    expect(template.status).toBe(200)
    expect(template.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(template.headers.get('content-disposition')).toBe('attachment; filename="codes-template.csv"')
    const csv = await template.text()
    expect(csv.split('\r\n')[0]).toBe('reference,primaryKey,ais,mode,digitalLinkStem')
    const res = await postBatch(viewer, { format: 'svg' }, csv)
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()))
    expect(Object.keys(files).sort()).toEqual(['label-1.svg', 'label-2.svg', 'manifest.csv'])
    expect((await h.dashboard(new Request(`${h.origin}/orgs/acme/codes/template.csv`))).status).not.toBe(200)
  })

  test('the page has the bulk form, which works as a plain post, and its progress script', async () => {
    const viewer = await signedInViewer()
    const page = await (await viewer.get('/orgs/acme/codes')).text()
    expect(page).toContain('action="/orgs/acme/codes/batch" enctype="multipart/form-data"')
    expect(page).toContain('data-zip-progress')
    const script = await viewer.get('/orgs/acme/codes/batch.js')
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(await script.text()).toContain('x-code-count')
  })
})
