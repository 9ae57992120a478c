/** What the Codes page says of a code it cannot make: the reason first, in plain words, with the form's labels. */
import { describe, expect, test } from 'bun:test'
import { type Browser, importProducts, OAT_DRINK, signedIn, textOf, useHarness } from './harness.ts'

const h = useHarness()

async function viewer(): Promise<Browser> {
  await importProducts(h.database, [OAT_DRINK])
  return signedIn(h, 'viewer')
}

async function pageText(b: Browser, query: string): Promise<{ status: number; text: string }> {
  const page = await b.get(`/orgs/acme/codes?${query}`)
  return { status: page.status, text: textOf(await page.text()) }
}

describe('Codes page messages', () => {
  test('a GTIN with a wrong check digit is said to have one, not to be unknown', async () => {
    const b = await viewer()
    const { status, text } = await pageText(b, 'key=01&value=09506000134391')
    expect(status).toBe(422)
    expect(text).toContain('The check digit is wrong:')
    expect(text).toContain("'09506000134391' ends in 1, expected 0")
    expect(text).not.toContain('No product of this organization has that GTIN')
  })

  test('a valid GTIN of no product of the organization is still said to be unknown', async () => {
    const b = await viewer()
    const { status, text } = await pageText(b, 'key=01&value=09506000134369')
    expect(status).toBe(422)
    expect(text).toContain('No product of this organization has that GTIN, and no prefix rule answers it.')
  })

  test('generator messages are shown without their codes', async () => {
    const b = await viewer()
    const { status, text } = await pageText(b, 'key=01&value=09506000134352&expiry=261331')
    expect(status).toBe(422)
    expect(text).toContain('AI (17) expects a date YYMMDD (day 00 allowed); 261331 has month 13')
    expect(text).not.toContain('Validation.')
  })

  test('print size messages name the fields by their labels', async () => {
    const b = await viewer()
    const range = await pageText(b, 'key=01&value=09506000134352&moduleSize=1.2&application=retail-dl')
    expect(range.text).toContain('Module size must be from 0.396 to 0.990 mm for retail-dl')
    const { text } = await pageText(b, 'key=01&value=09506000134352&dpi=30')
    expect(text).toContain('PNG resolution must be from 72 to 2400')
    expect(text).not.toContain('moduleSize must')
    expect(text).not.toContain('dpi must')
  })
})
