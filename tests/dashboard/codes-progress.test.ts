/** The bulk form's progress script, run against the dashboard with a stand-in page: what its status says at the end. */
import { describe, expect, test } from 'bun:test'
import { type Browser, importProducts, OAT_DRINK, signedIn, useHarness } from './harness.ts'

const h = useHarness()

/** Runs the served script on a page of one bulk form holding `csv`, submits it, and answers the status it ends with. */
async function statusAfterSubmit(b: Browser, csv: string): Promise<string> {
  const script = await (await b.get('/orgs/acme/codes/batch.js')).text()
  const status = { textContent: '' }
  const bar = { hidden: true, value: 0, max: 1, removeAttribute() {} }
  let submit: ((event: { preventDefault(): void }) => Promise<void>) | null = null
  const form = {
    action: `${h.origin}/orgs/acme/codes/batch`,
    querySelector: (selector: string) => (selector === 'progress' ? bar : status),
    addEventListener: (_: string, handler: typeof submit) => {
      submit = handler
    },
  }
  /** The form's fields, as `new FormData(form)` reads them from the page. */
  class PageFormData extends FormData {
    constructor() {
      super()
      this.set('csrf', b.csrf ?? '')
      this.set('format', 'svg')
      this.set('file', new Blob([csv], { type: 'text/csv' }), 'labels.csv')
    }
  }
  const fetch = (url: string, init: RequestInit) =>
    h.dashboard(new Request(url, { ...init, headers: { origin: h.origin, cookie: `session=${b.cookie}` } }))
  const document = {
    querySelector: () => form,
    createElement: () => ({ click() {}, remove() {} }),
    body: { append() {} },
  }
  const window = { fetch, ReadableStream, crypto }
  const url = { createObjectURL: () => 'blob:zip', revokeObjectURL() {} }
  const run = new Function('document', 'window', 'fetch', 'FormData', 'URL', 'setTimeout', script)
  run(document, window, fetch, PageFormData, url, () => {})
  await (submit as unknown as (event: { preventDefault(): void }) => Promise<void>)({ preventDefault() {} })
  return status.textContent
}

describe('Codes: the bulk form says how many codes were drawn and how many could not be made', () => {
  test('some rows failed: both counts, and where to find why', async () => {
    await importProducts(h.database, [OAT_DRINK])
    const b = await signedIn(h, 'viewer')
    const csv = [
      'reference,primaryKey',
      'one,(01)09506000134352',
      'x,(01)09506000134369',
      'y,(01)09506000134391',
      'z,01-09506000134352',
      'w,(01)09506000134376',
    ].join('\r\n')
    expect(await statusAfterSubmit(b, csv)).toBe(
      'Done: acme-codes-svg.zip: 1 code drawn, 4 could not be made (see manifest.csv).',
    )
  })

  test('every row drawn: the count alone', async () => {
    const b = await signedIn(h, 'viewer')
    const csv = 'reference,primaryKey\r\none,(01)09506000134352\r\ntwo,(01)09506000134352'
    expect(await statusAfterSubmit(b, csv)).toBe('Done: acme-codes-svg.zip: 2 codes drawn.')
  })
})
