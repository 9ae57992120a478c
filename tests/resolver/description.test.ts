import { describe, expect, test } from 'bun:test'
import { dlPrimaryKeys } from '../../src/gs1/ai-table.ts'
import { createResolver } from '../../src/resolver/index.ts'
import { createMemoryCatalog } from '../../src/resolver/memory-catalog.ts'
import { CONTEXT_URL, CUSTOM, config, RESOLVER, req, SHORT, send } from './fixtures.ts'
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
        // DESIGN §12: the catalog holds entries of every key, so every Digital Link primary key is served.
        supportedPrimaryKeys: [...dlPrimaryKeys()],
        supportedLinkType: [{ namespace: 'https://ref.gs1.org/voc/', prefix: 'gs1:' }],
        linkTypeDefaultCanBeLinkset: false,
        jsonLdContextLocation: CONTEXT_URL,
      })
    })
  }

  test('a catalog of products alone (no entries of other keys) serves the GTIN only', async () => {
    const { findByKey: _find, peekByKey: _peek, ...productsOnly } = createMemoryCatalog([])
    const resolver = createResolver({ catalog: productsOnly, config })
    const body = (await (await resolver(req(PATH))).json()) as { supportedPrimaryKeys: string[] }
    expect(body.supportedPrimaryKeys).toEqual(['01'])
    // Every key's path is still read with the dictionary's rules: a valid GLN is not found, a bad one invalid.
    expect((await resolver(req('/414/9506000000008'))).status).toBe(404)
    expect((await resolver(req('/414/9506000000005'))).status).toBe(400)
  })

  test('tolerates a trailing slash', async () => {
    expect((await send(`${PATH}/`)).status).toBe(200)
  })

  test.skipIf(!hasSchemas)('validates against description-file-schema-1.2.0.json', async () => {
    for (const origin of [RESOLVER, SHORT, CUSTOM]) {
      expect(descriptionErrors(await (await send(PATH, {}, origin)).json())).toEqual([])
    }
  })
})
