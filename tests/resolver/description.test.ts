import { describe, expect, test } from 'bun:test'
import { CONTEXT_URL, CUSTOM, RESOLVER, SHORT, send } from './fixtures.ts'
import { descriptionErrors, hasSchemas } from './schemas.ts'

const PATH = '/.well-known/gs1resolver'

describe('GET /.well-known/gs1resolver', () => {
  for (const origin of [RESOLVER, SHORT, CUSTOM]) {
    test(`answers the description file on ${origin} with that host as resolverRoot`, async () => {
      const res = await send(PATH, { headers: { accept: 'application/json' } }, origin)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('application/json')
      expect(res.headers.get('access-control-allow-origin')).toBe('*')
      expect(res.headers.get('cache-control')).toBe('public, max-age=3600')
      expect(await res.json()).toEqual({
        name: 'GS1 Digital Link resolver',
        resolverRoot: origin,
        supportedPrimaryKeys: ['01'],
        supportedLinkType: [{ namespace: 'https://ref.gs1.org/voc/', prefix: 'gs1:' }],
        linkTypeDefaultCanBeLinkset: false,
        jsonLdContextLocation: CONTEXT_URL,
      })
    })
  }

  test('tolerates a trailing slash', async () => {
    expect((await send(`${PATH}/`)).status).toBe(200)
  })

  test.skipIf(!hasSchemas)('validates against description-file-schema-1.2.0.json', async () => {
    for (const origin of [RESOLVER, SHORT, CUSTOM]) {
      expect(descriptionErrors(await (await send(PATH, {}, origin)).json())).toEqual([])
    }
  })
})
