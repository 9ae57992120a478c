/** End to end with the typed client: a token, one code, a batch and a rendered SVG from the real app. */
import { describe, expect, test } from 'bun:test'
import { createCodeApiClient } from '../../src/client/index.ts'
import { useCodeApi } from '../api/codes/harness.ts'
import { scan } from '../render/scanner.ts'

const api = useCodeApi()
const GTIN = '09506000134352'

function client(now?: () => number) {
  const a = api()
  let tokenRequests = 0
  const fetch = (request: Request) => {
    if (new URL(request.url).pathname === '/oauth/token') tokenRequests++
    return Promise.resolve(a.app.handle(request))
  }
  const c = createCodeApiClient({
    baseUrl: 'http://api.test',
    clientId: a.clientId,
    clientSecret: a.clientSecret,
    fetch,
    now,
  })
  return { c, tokenRequests: () => tokenRequests }
}

describe('typed client', () => {
  test('without a fetch of its own, it talks to the service over HTTP with the platform fetch (the docs example)', async () => {
    const a = api()
    const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (request) => a.app.handle(request) })
    try {
      const c = createCodeApiClient({
        baseUrl: `http://127.0.0.1:${server.port}`,
        clientId: a.clientId,
        clientSecret: a.clientSecret,
      })
      const single = await c.POST('/code', { body: { primaryKey: { key: '01', value: GTIN } } })
      expect(single.response.status).toBe(200)
      expect(single.data?.hri).toBe(`(01)${GTIN}`)
    } finally {
      await server.stop(true)
    }
  })

  test('generates a single code, a batch and a rendered SVG with one token', async () => {
    const { c, tokenRequests } = client()
    const single = await c.POST('/code', {
      body: {
        digitalLinkStem: 'https://example.com',
        primaryKey: { key: '01', value: GTIN },
        ais: [{ key: '10', value: 'A1' }],
      },
    })
    expect(single.response.status).toBe(200)
    expect(single.data).toEqual({
      barcodeText: `https://example.com/01/${GTIN}/10/A1`,
      hri: `(01)${GTIN}(10)A1`,
    })

    const batch = await c.POST('/codes', {
      body: {
        codes: [
          { reference: 'one', mode: 'GS1_DATAMATRIX', primaryKey: { key: '01', value: '9506000134352' } },
          { reference: 'two', mode: 'GS1_QR', primaryKey: { key: '01', value: '9506000134353' } },
        ],
      },
    })
    expect(batch.data?.codes.map((x) => [x.index, x.reference, x.primaryKey.value])).toEqual([
      [0, 'one', GTIN],
    ])
    expect(batch.data?.failures.map((f) => [f.index, f.reference, f.errors[0]?.code])).toEqual([
      [1, 'two', 'Validation.CheckDigit.primaryKey'],
    ])

    const rendered = await c.POST('/render', {
      body: { mode: 'GS1_QR', primaryKey: { key: '01', value: GTIN }, errorCorrectionLevel: 'Q' },
      parseAs: 'text',
    })
    expect(rendered.response.headers.get('content-type')).toBe('image/svg+xml')
    const [read] = await scan(rendered.data as string)
    expect([read?.symbologyIdentifier, read?.text, read?.ecLevel]).toEqual([']Q3', `(01)${GTIN}`, 'Q'])
    expect(tokenRequests()).toBe(1)
  })

  test('reports a 422 as typed validation errors', async () => {
    const { c } = client()
    const res = await c.POST('/code', { body: { primaryKey: { key: '10', value: 'A' } } })
    expect(res.response.status).toBe(422)
    expect(res.error).toMatchObject({
      errors: [{ code: 'Validation.Invalid.primaryKey', path: 'primaryKey' }],
    })
  })

  test('re-authenticates once when the API answers 401 to a token it still holds as fresh', async () => {
    const a = api()
    const { c, tokenRequests } = client(() => 0)
    expect(
      (await c.POST('/code', { body: { primaryKey: { key: '01', value: GTIN } } })).response.status,
    ).toBe(200)
    a.clock.advance(3601 * 1000)
    try {
      const res = await c.POST('/code', { body: { primaryKey: { key: '01', value: GTIN } } })
      expect(res.response.status).toBe(200)
      expect(tokenRequests()).toBe(2)
    } finally {
      a.clock.advance(-3601 * 1000)
    }
  })
})
