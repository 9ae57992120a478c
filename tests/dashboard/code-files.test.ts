/** One code's files on the Codes page: SVG, PNG and PDF under one name, at a print size, read back by a scanner. */
import { describe, expect, test } from 'bun:test'
import { downloadName } from '../../src/dashboard/code-form.ts'
import { attachment } from '../../src/dashboard/http.ts'
import type { Mode } from '../../src/gs1/index.ts'
import { drawPrint, type Format, readPrintOptions, symbolFor } from '../../src/render/index.ts'
import { generate, RENDER_OPTIONS } from '../../src/services/codes/generate.ts'
import { rasterizePdfAt, rasterizeSvgAt, scanImage } from '../render/scanner.ts'
import { type Browser, importProducts, OAT_DRINK, signedIn, textOf, useHarness } from './harness.ts'

const h = useHarness()
const GTIN = '09506000134352'

async function viewer(): Promise<Browser> {
  await importProducts(h.database, [OAT_DRINK])
  return signedIn(h, 'viewer')
}

/** The file `POST /render` draws for this definition and these print fields: what the dashboard must send. */
async function rendered(
  definition: Record<string, unknown>,
  fields: Record<string, unknown>,
  format: Format,
) {
  const generated = generate(definition, RENDER_OPTIONS)
  const print = readPrintOptions(fields)
  if (!generated.ok || !print.ok) throw new Error('bad fixture')
  const { result } = generated
  const symbol = symbolFor(result, result.mode as Mode, result.errorCorrectionLevel)
  const drawing = await drawPrint(symbol, result.hri, print.options, format)
  if (drawing.kind !== 'drawn') throw new Error(JSON.stringify(drawing))
  return drawing.file.bytes
}

async function bytesOf(response: Response): Promise<Uint8Array> {
  return new Uint8Array(await response.arrayBuffer())
}

/** What a scanner reads from a PNG, or from an SVG or PDF rasterised at 300 dpi. */
async function scanned(bytes: Uint8Array, format: Format) {
  const image =
    format === 'png'
      ? bytes
      : format === 'svg'
        ? rasterizeSvgAt(new TextDecoder().decode(bytes), 300).png
        : (await rasterizePdfAt(bytes, 300)).png
  return (await scanImage(image)).map((s) => ({ text: s.text, symbologyIdentifier: s.symbologyIdentifier }))
}

/** The parameters of a Content-Disposition value, split where a `;` stands outside a quoted string. */
function parameters(value: string): string[] {
  return (value.match(/(?:[^;"]|"(?:[^"\\]|\\.)*")+/g) ?? []).map((p) => p.trim())
}

describe("one code's files", () => {
  test('the page offers SVG, PNG and PDF; all three carry one name, and PNG and PDF are drawn as POST /render draws them by default', async () => {
    const b = await viewer()
    const query = 'key=01&value=9506000134352&lot=L42&serial=S1&host=resolver&symbol=qr&ecc=M'
    const page = await b.get(`/orgs/acme/codes?${query}`)
    expect(page.status).toBe(200)
    const body = await page.text()
    const links = [...body.matchAll(/href="(\/orgs\/acme\/codes\/(?:svg|png|pdf)\?[^"]*)"/g)].map((m) => m[1])
    const linked = query.replaceAll('&', '&amp;')
    expect(links).toEqual(['svg', 'png', 'pdf'].map((f) => `/orgs/acme/codes/${f}?${linked}`))
    const text = 'http://id.test/01/09506000134352/10/L42/21/S1'
    const definition = {
      mode: 'QR_GS1_DIGITAL_LINK_URI',
      primaryKey: { key: '01', value: GTIN },
      ais: [
        { key: '10', value: 'L42' },
        { key: '21', value: 'S1' },
      ],
      digitalLinkStem: 'http://id.test',
      errorCorrectionLevel: 'M',
    }
    const svg = await b.get(`/orgs/acme/codes/svg?${query}`)
    expect(svg.status).toBe(200)
    expect(svg.headers.get('content-disposition')).toBe(
      `attachment; filename="${GTIN}-lot-L42-serial-S1-qr.svg"`,
    )
    for (const format of ['png', 'pdf'] as const) {
      const file = await b.get(`/orgs/acme/codes/${format}?${query}`)
      expect(file.status).toBe(200)
      expect(file.headers.get('content-type')).toBe(format === 'png' ? 'image/png' : 'application/pdf')
      expect(file.headers.get('content-disposition')).toBe(
        `attachment; filename="${GTIN}-lot-L42-serial-S1-qr.${format}"`,
      )
      expect(file.headers.get('cache-control')).toBe('no-store')
      expect(file.headers.get('x-content-type-options')).toBe('nosniff')
      const bytes = await bytesOf(file)
      expect(bytes).toEqual(await rendered(definition, {}, format))
      expect(await scanned(bytes, format)).toEqual([{ text, symbologyIdentifier: ']Q1' }])
    }
  })

  test('a Data Matrix element string at the size and resolution the form asks, with its HRI; a lot typed among the other attributes names the file too', async () => {
    const b = await viewer()
    const query = new URLSearchParams({
      gtin: GTIN,
      attributes: '10=L7\n21=S9',
      host: 'none',
      symbol: 'dm',
      moduleSize: '0.5',
      dpi: '600',
      hri: 'on',
      application: 'healthcare',
    })
    const definition = {
      mode: 'GS1_DATAMATRIX',
      primaryKey: { key: '01', value: GTIN },
      ais: [
        { key: '10', value: 'L7' },
        { key: '21', value: 'S9' },
      ],
    }
    const fields = { moduleSize: 0.5, dpi: 600, hri: true, application: 'healthcare' }
    for (const format of ['svg', 'png', 'pdf'] as const) {
      const file = await b.get(`/orgs/acme/codes/${format}?${query}`)
      expect(file.status).toBe(200)
      expect(file.headers.get('content-disposition')).toBe(
        `attachment; filename="${GTIN}-lot-L7-serial-S9-dm.${format}"`,
      )
      const bytes = await bytesOf(file)
      expect(bytes).toEqual(await rendered(definition, fields, format))
      expect(await scanned(bytes, format)).toEqual([
        { text: `(01)${GTIN}(10)L7(21)S9`, symbologyIdentifier: ']d2' },
      ])
    }
  })

  test('the SVG file is drawn at the module size asked, in mm, with the HRI under the symbol when asked', async () => {
    const b = await viewer()
    const query = (extra: Record<string, string>) =>
      new URLSearchParams({ gtin: GTIN, host: 'resolver', symbol: 'qr', moduleSize: '0.6', ...extra })
    const plain = await b.get(`/orgs/acme/codes/svg?${query({})}`)
    expect(plain.status).toBe(200)
    expect(plain.headers.get('content-type')).toBe('image/svg+xml')
    const svg = await plain.text()
    const [, width = '', height = ''] = /^<svg width="([\d.]+)mm" height="([\d.]+)mm"/.exec(svg) ?? []
    // A square symbol in its quiet zone: a whole number of 0.6 mm modules each way.
    expect(Number(width)).toBe(Number(height))
    expect(Number.isInteger(Math.round((Number(width) / 0.6) * 1000) / 1000)).toBe(true)
    const text = `http://id.test/01/${GTIN}`
    expect(await scanned(new TextEncoder().encode(svg), 'svg')).toEqual([
      { text, symbologyIdentifier: ']Q1' },
    ])
    const withHri = await (await b.get(`/orgs/acme/codes/svg?${query({ hri: 'on' })}`)).text()
    const definition = {
      mode: 'QR_GS1_DIGITAL_LINK_URI',
      primaryKey: { key: '01', value: GTIN },
      ais: [],
      digitalLinkStem: 'http://id.test',
      errorCorrectionLevel: 'L',
    }
    const fields = { moduleSize: 0.6, hri: true, application: 'retail-dl' }
    expect(withHri).toBe(new TextDecoder().decode(await rendered(definition, fields, 'svg')))
    const paths = (file: string) => file.match(/<path /g)?.length ?? 0
    expect(paths(withHri)).toBeGreaterThan(paths(svg))
    expect(Number(/height="([\d.]+)mm"/.exec(withHri)?.[1])).toBeGreaterThan(Number(height))
    expect(await scanned(new TextEncoder().encode(withHri), 'svg')).toEqual([
      { text, symbologyIdentifier: ']Q1' },
    ])
  })

  test('a size outside the GS1 table, or not a number, is said beside its field; the page is 422 and offers no SVG, PNG or PDF, and their links answer the same page', async () => {
    const b = await viewer()
    const cases = [
      ['moduleSize=1.2&application=retail-dl', 'Module size must be from 0.396 to 0.990 mm for retail-dl'],
      ['moduleSize=abc', 'Module size must be a number of millimetres above 0'],
      ['dpi=30', 'PNG resolution must be from 72 to 2400'],
    ] as const
    for (const [size, message] of cases) {
      const query = `gtin=${GTIN}&host=resolver&symbol=qr&${size}`
      const page = await b.get(`/orgs/acme/codes?${query}`)
      expect(page.status).toBe(422)
      const body = await page.text()
      expect(textOf(body)).toContain(`No SVG, PNG or PDF at this print size: ${message}`)
      expect(body).toContain(`<span class="error-text" id="f-code-${size.split('=')[0]}-error">${message}`)
      expect(body).not.toContain('/codes/svg?')
      expect(body).not.toContain('/codes/png?')
      expect(body).not.toContain('/codes/pdf?')
      for (const format of ['svg', 'png', 'pdf']) {
        const file = await b.get(`/orgs/acme/codes/${format}?${query}`)
        expect(file.status).toBe(422)
        expect(file.headers.get('content-type')).toBe('text/html; charset=utf-8')
        expect(file.headers.get('content-disposition')).toBeNull()
        expect(textOf(await file.text())).toContain(message)
      }
    }
  })

  test('a resolution with no whole module in the table refuses the PNG only; an image over the most pixels is refused once drawn', async () => {
    const b = await viewer()
    const query = `gtin=${GTIN}&host=resolver&symbol=qr&application=retail-distribution&dpi=72`
    const body = await (await b.get(`/orgs/acme/codes?${query}`)).text()
    expect(textOf(body)).toContain(
      'No PNG at this print size: at 72 dpi no module of an even number of pixels lies within 0.743 to 0.990 mm; choose another dpi',
    )
    expect(body).not.toContain('/codes/png?')
    expect(body).toContain('>Download SVG</a>')
    expect(body).toContain('>Download PDF</a>')
    expect((await b.get(`/orgs/acme/codes/png?${query}`)).status).toBe(422)
    expect((await b.get(`/orgs/acme/codes/svg?${query}`)).status).toBe(200)
    expect((await b.get(`/orgs/acme/codes/pdf?${query}`)).status).toBe(200)
    // Only drawing finds that 10 mm modules at 2400 dpi are over 4096 × 4096 pixels.
    const huge = `gtin=${GTIN}&host=resolver&symbol=qr&application=general&moduleSize=10&dpi=2400`
    expect((await b.get(`/orgs/acme/codes?${huge}`)).status).toBe(200)
    const refused = await b.get(`/orgs/acme/codes/png?${huge}`)
    expect(refused.status).toBe(422)
    expect(refused.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(textOf(await refused.text())).toContain(
      'No PNG at this print size: the image would be over 16777216 pixels; lower dpi, the size or the quiet zone',
    )
    expect((await b.get(`/orgs/acme/codes/pdf?${huge}`)).status).toBe(200)
  })

  test('a lot cannot end the file name, add a parameter or a header: quoted, then percent-encoded in filename*', async () => {
    const b = await viewer()
    // Quote, semicolon and equals sign are GS1 characters (set 82): the code is made, and its file named.
    const lot = 'A";filename=evil.js'
    const query = new URLSearchParams({ gtin: GTIN, lot, host: 'resolver', symbol: 'qr' })
    const expected =
      `attachment; filename="${GTIN}-lot-A__filename_evil.js-qr.png"; ` +
      `filename*=UTF-8''${GTIN}-lot-A_%3Bfilename%3Devil.js-qr.png`
    const png = await b.get(`/orgs/acme/codes/png?${query}`)
    expect(png.status).toBe(200)
    const disposition = png.headers.get('content-disposition') ?? ''
    expect(disposition).toBe(expected)
    expect(parameters(disposition)).toEqual([
      'attachment',
      `filename="${GTIN}-lot-A__filename_evil.js-qr.png"`,
      `filename*=UTF-8''${GTIN}-lot-A_%3Bfilename%3Devil.js-qr.png`,
    ])
    expect(await scanned(await bytesOf(png), 'png')).toEqual([
      { text: `http://id.test/01/${GTIN}/10/A%22%3Bfilename%3Devil.js`, symbologyIdentifier: ']Q1' },
    ])
    // A line break is no GS1 character: no code, so no file and no header of it.
    const injected = new URLSearchParams({ gtin: GTIN, lot: 'L1\r\nSet-Cookie: x=1', host: 'resolver' })
    for (const format of ['svg', 'png', 'pdf']) {
      const refused = await b.get(`/orgs/acme/codes/${format}?${injected}`)
      expect(refused.status).toBe(422)
      expect(refused.headers.get('content-disposition')).toBeNull()
      expect(refused.headers.getSetCookie()).toEqual([])
      expect(textOf(await refused.text())).toContain('No code for Oat drink:')
    }
  })
})

describe('file names', () => {
  test('the name carries the key, its qualifiers, the lot and the serial; what no file name may hold becomes _', () => {
    const gtin = { primaryKey: { key: '01', value: GTIN } }
    const lotAndSerial = [
      { key: '10', value: 'L/42' },
      { key: '17', value: '271231' },
      { key: '21', value: 'S:7' },
    ]
    expect(downloadName({ ...gtin, ais: lotAndSerial }, 'qr', 'svg')).toBe(
      `${GTIN}-lot-L_42-serial-S_7-qr.svg`,
    )
    expect(downloadName({ ...gtin, ais: [] }, 'dm', 'pdf')).toBe(`${GTIN}-dm.pdf`)
    const gln = { primaryKey: { key: '414', value: '9506000000008' }, ais: [{ key: '254', value: 'A*1' }] }
    expect(downloadName(gln, 'qr', 'png')).toBe('414-9506000000008-254-A_1-qr.png')
  })

  test('Content-Disposition: a plain name alone; any other with a plain fallback and its UTF-8 spelling in filename*', () => {
    expect(attachment('a-b_c.1.png')).toBe('attachment; filename="a-b_c.1.png"')
    expect(attachment("50%'off(x).pdf")).toBe(
      `attachment; filename="50__off_x_.pdf"; filename*=UTF-8''50%25%27off%28x%29.pdf`,
    )
    expect(attachment('é\r\n"\\.png')).toBe(
      `attachment; filename="_____.png"; filename*=UTF-8''%C3%A9%0D%0A%22%5C.png`,
    )
  })
})
