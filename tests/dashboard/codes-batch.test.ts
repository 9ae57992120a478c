/** The Codes page's bulk form: a CSV of `cli codes generate` to a ZIP with its manifest, a plain form post without JavaScript. */
import { describe, expect, test } from 'bun:test'
import { unzipSync } from 'fflate'
import { newFormId } from '../../src/dashboard/form.ts'
import { addCompanyPrefix, removeCompanyPrefix } from '../../src/services/catalog/company-prefixes.ts'
import { scanImage } from '../render/scanner.ts'
import { type Browser, signedIn, textOf, useHarness } from './harness.ts'

const h = useHarness()

const CSV = [
  'reference,mode,primaryKey,ais,digitalLinkStem',
  'label 1,QR_GS1_DIGITAL_LINK_URI,(01)09506000134352,(10)L1(21)S1,https://id.example.com',
  'label 2,GS1_DATAMATRIX,(01)09506000134352,(10)L2,',
  'broken,GS1_QR,01-09506000134352,,',
  ',DATAMATRIX_GS1_DIGITAL_LINK_URI,(01)09506000134352,(21)S9,https://id.example.com',
].join('\r\n')

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
    const viewer = await signedIn(h, 'viewer')
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
    expect(manifest[1]).toStartWith('2,label 1,https://id.example.com/01/09506000134352/10/L1/21/S1,')
    expect(manifest[3]).toStartWith('4,,,,,,,,Csv.Invalid.primaryKey at primaryKey')
    const [read] = await scanImage(files['label_1.png'] as Uint8Array)
    expect(read?.text).toBe('https://id.example.com/01/09506000134352/10/L1/21/S1')
  })

  test("compressed links in the ZIP use the organization's GS1 Company Prefixes (SGTIN-96 for a long serial)", async () => {
    const viewer = await signedIn(h, 'viewer')
    const csv = [
      'reference,mode,primaryKey,ais,digitalLinkStem,compression',
      `long,QR_GS1_DIGITAL_LINK_URI,(01)09506000134352,(21)${2 ** 38 - 1},https://id.example.com,EPC_HEX`,
    ].join('\r\n')
    const manifestOf = async () => {
      const res = await postBatch(viewer, { format: 'svg' }, csv)
      const files = unzipSync(new Uint8Array(await res.arrayBuffer()))
      return new TextDecoder().decode(files['manifest.csv']).split('\r\n')[1] ?? ''
    }
    expect(await manifestOf()).toStartWith('2,long,https://id.example.com/ehf70095060001343520c3fffffffff,')
    expect((await addCompanyPrefix(h.database.db, 'acme', '9506000')).ok).toBe(true)
    try {
      expect(await manifestOf()).toStartWith('2,long,https://id.example.com/eh30164433400d1effffffffff,')
    } finally {
      await removeCompanyPrefix(h.database.db, 'acme', '9506000')
    }
  })

  test('a download changes nothing: the same form may be sent again', async () => {
    const viewer = await signedIn(h, 'viewer')
    const once = newFormId()
    for (let i = 0; i < 2; i++) {
      const res = await postBatch(viewer, { format: 'svg' }, CSV, once)
      expect(res.status).toBe(200)
      await res.arrayBuffer()
    }
  })

  test('no file, a bad dpi or more than 1000 codes shows the page again; a size outside the table fails each code', async () => {
    const viewer = await signedIn(h, 'viewer')
    const none = await postBatch(viewer, { format: 'pdf' }, null)
    expect(none.status).toBe(422)
    expect(textOf(await none.text())).toContain('Choose a CSV file with a header row.')
    const dpi = await postBatch(viewer, { format: 'png', dpi: '10' })
    expect(dpi.status).toBe(422)
    expect(textOf(await dpi.text())).toContain('dpi must be from 72 to 2400')
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

  test('the page has the bulk form, which works as a plain post, and its progress script', async () => {
    const viewer = await signedIn(h, 'viewer')
    const page = await (await viewer.get('/orgs/acme/codes')).text()
    expect(page).toContain('action="/orgs/acme/codes/batch" enctype="multipart/form-data"')
    expect(page).toContain('data-zip-progress')
    const script = await viewer.get('/orgs/acme/codes/batch.js')
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(await script.text()).toContain('x-code-count')
  })
})
