import { describe, expect, test } from 'bun:test'
import { VND_JSON } from '../../../src/api/media.ts'
import { listAudit } from '../../../src/services/audit.ts'
import { importCatalog } from '../../../src/services/catalog/import.ts'
import { apiRequest } from '../../support/app.ts'
import { PRODUCT, useCatalogApi, type Who } from './harness.ts'

const api = useCatalogApi()
const call = (method: string, path: string, who: Who, body?: unknown, headers: Record<string, string> = {}) =>
  api().call(method, path, who, body, headers)

describe('scopes', () => {
  test('reading needs read:catalog, writing write:catalog; write:codes alone gets 403 with the scope named', async () => {
    const denied = await call('GET', '/products', 'coder')
    expect(denied.status).toBe(403)
    expect(denied.headers.get('www-authenticate')).toBe(
      'Bearer realm="api", error="insufficient_scope", scope="read:catalog"',
    )
    expect((await call('PUT', '/products/9506000134352', 'reader', PRODUCT)).status).toBe(403)
    const anonymous = await api().app.handle(apiRequest('/brands'))
    expect(anonymous.status).toBe(401)
  })
})

describe('products', () => {
  test('PUT creates (201) with an ETag, then 200; GET reads it back with the same ETag; both media types', async () => {
    const created = await call('PUT', '/products/9506000134352', 'writer', PRODUCT)
    expect(created.status).toBe(201)
    const etag = created.headers.get('etag')
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/)
    expect(await created.json()).toEqual({ gtin: '09506000134352', published: true, ...PRODUCT })
    const read = await call('GET', '/products/09506000134352', 'reader')
    expect(read.status).toBe(200)
    expect(read.headers.get('etag')).toBe(etag)
    const vnd = await call('GET', '/products/9506000134352', 'reader', undefined, { accept: VND_JSON })
    expect(vnd.headers.get('content-type')).toBe(VND_JSON)
    const again = await call('PUT', '/products/09506000134352', 'writer', PRODUCT)
    expect(again.status).toBe(200)
  })

  test('a GET naming the current ETag in If-None-Match is 304 without a body; after a change it is 200 again', async () => {
    const first = await call('PUT', '/products/9506000134352', 'writer', PRODUCT)
    const etag = first.headers.get('etag') ?? ''
    for (const held of [etag, `"0", ${etag}`, `W/${etag}`, '*']) {
      const unchanged = await call('GET', '/products/09506000134352', 'reader', undefined, {
        'if-none-match': held,
      })
      expect([held, unchanged.status, unchanged.headers.get('etag'), await unchanged.text()]).toEqual([
        held,
        304,
        etag,
        '',
      ])
    }
    const other = await call('GET', '/products/09506000134352', 'reader', undefined, {
      'if-none-match': '"0"',
    })
    expect(other.status).toBe(200)
    const changed = await call('PUT', '/products/09506000134352', 'writer', { ...PRODUCT, published: false })
    const stale = await call('GET', '/products/09506000134352', 'reader', undefined, {
      'if-none-match': etag,
    })
    expect([stale.status, stale.headers.get('etag')]).toEqual([200, changed.headers.get('etag')])
    expect(stale.headers.get('etag')).not.toBe(etag)
    await call('PUT', '/products/09506000134352', 'writer', PRODUCT)
  })

  test('If-Match: a stale ETag is 412 and changes nothing; If-None-Match: * refuses an existing product', async () => {
    const current = (await call('GET', '/products/09506000134352', 'reader')).headers.get('etag') ?? ''
    const stale = await call(
      'PUT',
      '/products/09506000134352',
      'writer',
      { ...PRODUCT, slug: 'other' },
      { 'if-match': '"0"' },
    )
    expect(stale.status).toBe(412)
    expect((await stale.json()).errors[0].code).toBe('PreconditionFailed')
    expect((await call('GET', '/products/09506000134352', 'reader')).headers.get('etag')).toBe(current)
    const fresh = await call(
      'PUT',
      '/products/09506000134352',
      'writer',
      { ...PRODUCT, published: false },
      { 'if-match': current },
    )
    expect(fresh.status).toBe(200)
    expect(fresh.headers.get('etag')).not.toBe(current)
    expect(fresh.headers.get('vary')).toBe('Accept')
    const create = await call('PUT', '/products/09506000134352', 'writer', PRODUCT, { 'if-none-match': '*' })
    expect(create.status).toBe(412)
    expect((await create.json()).errors).toEqual([
      { code: 'PreconditionFailed', path: null, message: 'the product exists already (If-None-Match: *)' },
    ])
  })

  test('an invalid product is 422 with Catalog codes and paths relative to the body', async () => {
    const r = await call('PUT', '/products/09506000134369', 'writer', {
      ...PRODUCT,
      slug: 'x',
      pages: [{ ...PRODUCT.pages[0], default: false }],
    })
    expect(r.status).toBe(422)
    const body = await r.json()
    expect(body.errors.map((e: { code: string }) => e.code)).toContain('Catalog.DefaultPage')
    expect((await call('PUT', '/products/09506000134369', 'writer', '{nope')).status).toBe(400)
    const text = await call('PUT', '/products/09506000134369', 'writer', undefined, {
      'content-type': 'text/plain',
    })
    expect(text.status).toBe(415)
  })

  test('a GTIN with a wrong check digit in the path is 400 saying the digit expected, for GET, PUT and DELETE', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      for (const [gtin, expected] of [
        ['09506000134353', 2],
        ['9506000134353', 2],
        ['40000004', 8],
      ] as const) {
        const r = await call(method, `/products/${gtin}`, 'writer', method === 'PUT' ? PRODUCT : undefined, {
          accept: VND_JSON,
        })
        expect({ method, gtin, status: r.status, type: r.headers.get('content-type') }).toEqual({
          method,
          gtin,
          status: 400,
          type: VND_JSON,
        })
        expect(await r.json()).toEqual({
          errors: [
            {
              code: 'Validation.CheckDigit.gtin',
              path: 'gtin',
              message: `GTIN ${gtin} has a wrong check digit: it ends in ${gtin.slice(-1)}, expected ${expected}`,
            },
          ],
        })
      }
      // A segment that is no GTIN at all names no product.
      for (const other of ['abc', '123456789', '950600013435200'])
        expect(
          (await call(method, `/products/${other}`, 'writer', method === 'PUT' ? PRODUCT : undefined)).status,
        ).toBe(404)
    }
  })

  test('a product in a language tag that is no ISO 639-1 language (with a region) is 422 Catalog.Language at its path', async () => {
    const r = await call('PUT', '/products/09506000134369', 'writer', {
      ...PRODUCT,
      slug: 'unknown-tongue',
      languages: ['en', 'qq', 'de-xx'],
    })
    expect(r.status).toBe(422)
    expect((await r.json()).errors).toEqual([
      { code: 'Catalog.Language', path: 'languages[1]', message: "'qq' is not an ISO 639-1 language code" },
      {
        code: 'Catalog.Language',
        path: 'languages[2]',
        message: "'de-xx': 'xx' is not an ISO 3166-1 region code",
      },
      { code: 'Catalog.Language', path: 'names.de', message: "'de' is not one of the product's languages" },
      {
        code: 'Catalog.Language',
        path: 'pages[0].titles.de',
        message: "'de' is not one of the product's languages",
      },
    ])
    expect((await call('GET', '/products/09506000134369', 'reader')).status).toBe(404)
  })

  test("another organization's product is 404 to read and delete, and 409 to take over", async () => {
    expect((await call('GET', '/products/4000000000006', 'reader')).status).toBe(404)
    expect((await call('DELETE', '/products/4000000000006', 'writer')).status).toBe(404)
    const take = await call('PUT', '/products/4000000000006', 'writer', PRODUCT)
    expect(take.status).toBe(409)
    expect((await take.json()).errors[0]).toMatchObject({ code: 'Catalog.Ownership', path: 'gtin' })
  })

  test('DELETE is 204, then 404; the change is audited as the API client', async () => {
    await call('PUT', '/products/09506000134376', 'writer', { ...PRODUCT, slug: 'gone-soon' })
    const etag = (await call('GET', '/products/09506000134376', 'reader')).headers.get('etag') ?? ''
    for (const ifNoneMatch of ['*', etag, `"x", ${etag}`]) {
      const kept = await call('DELETE', '/products/09506000134376', 'writer', undefined, {
        'if-none-match': ifNoneMatch,
      })
      expect({ ifNoneMatch, status: kept.status }).toEqual({ ifNoneMatch, status: 412 })
    }
    const gone = await call('DELETE', '/products/9506000134376', 'writer', undefined, {
      'if-none-match': '"x"',
    })
    expect(gone.status).toBe(204)
    expect(await gone.text()).toBe('')
    expect((await call('GET', '/products/09506000134376', 'reader')).status).toBe(404)
    const [event] = await listAudit(api().database.db, api().acmeId, { limit: 1 })
    expect(event).toMatchObject({
      action: 'product.delete',
      actorKind: 'api_client',
      targetId: '09506000134376',
    })
  })

  test('GET /products pages with an opaque cursor and checks its parameters', async () => {
    for (const gtin of ['09506000134383', '09506000134390'])
      await call('PUT', `/products/${gtin}`, 'writer', { ...PRODUCT, slug: `p${gtin.slice(-3)}` })
    const first = await call('GET', '/products?limit=2', 'reader')
    const page = await first.json()
    expect(page.products.map((p: { gtin: string }) => p.gtin)).toEqual(['09506000134352', '09506000134383'])
    expect(page.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/)
    const second = await (await call('GET', `/products?limit=2&cursor=${page.nextCursor}`, 'reader')).json()
    expect(second).toEqual({
      products: [expect.objectContaining({ gtin: '09506000134390' })],
      nextCursor: null,
    })
    const unpublished = await (await call('GET', '/products?published=false', 'reader')).json()
    expect(unpublished.products.map((p: { gtin: string }) => p.gtin)).toEqual(['09506000134352'])
    for (const bad of ['limit=0', 'limit=501', 'limit=x', 'published=yes', 'cursor=abc']) {
      const r = await call('GET', `/products?${bad}`, 'reader')
      expect({ bad, status: r.status }).toEqual({ bad, status: 400 })
    }
  })
})

describe('query parameters', () => {
  test('a parameter an operation does not take, or one given twice, is 400 naming it; nothing is done', async () => {
    const typo = await call('GET', '/products?limt=1', 'reader', undefined, { accept: VND_JSON })
    expect([typo.status, typo.headers.get('content-type')]).toEqual([400, VND_JSON])
    expect(await typo.json()).toEqual({
      errors: [
        {
          code: 'Validation.Unknown.limt',
          path: 'limt',
          message: 'limt is not a parameter of this operation; it takes brand, published, q, cursor, limit',
        },
      ],
    })
    const twice = await (await call('GET', '/products?limit=1&limit=2&limit=3', 'reader')).json()
    expect(twice.errors).toEqual([
      { code: 'Validation.Invalid.limit', path: 'limit', message: 'limit is given more than once' },
    ])
    const none = await (await call('GET', '/products/9506000134352?fields=name', 'reader')).json()
    expect(none.errors[0].message).toBe('fields is not a parameter of this operation; it takes none')
    // A name that is no identifier is not echoed into a code or a path.
    const odd = await (await call('GET', `/brands?${encodeURIComponent('a"<b>')}=1`, 'reader')).json()
    expect(odd.errors).toEqual([
      {
        code: 'Validation.Unknown.parameter',
        path: null,
        message: 'a parameter is not a parameter of this operation; it takes none',
      },
    ])
    const before = await exportCatalogCount()
    const dry = await call('POST', '/catalog/import?dry_run=true', 'writer', {
      products: [{ ...PRODUCT, gtin: '09506000134406', slug: 'typo-import' }],
    })
    expect(dry.status).toBe(400)
    expect((await dry.json()).errors[0].code).toBe('Validation.Unknown.dry_run')
    expect(await exportCatalogCount()).toBe(before)
  })
})

/** How many products Acme's export holds. */
async function exportCatalogCount(): Promise<number> {
  const exported = await (await call('GET', '/catalog/export', 'reader')).json()
  return exported.products?.length ?? 0
}

describe('brands, import and export', () => {
  test('PUT /brands/{slug} creates and renames; a custom domain is requested inactive', async () => {
    const created = await call('PUT', '/brands/acme-snacks', 'writer', {
      name: 'Acme Snacks',
      customDomain: 'snacks.example',
    })
    expect(created.status).toBe(201)
    expect(await created.json()).toEqual({
      slug: 'acme-snacks',
      name: 'Acme Snacks',
      customDomain: 'snacks.example',
      customDomainActive: false,
      products: 0,
    })
    expect((await call('PUT', '/brands/acme-snacks', 'writer', { name: 'Snacks' })).status).toBe(200)
    const foreign = await call('PUT', '/brands/globex-tools', 'writer', { name: 'Mine' })
    expect(foreign.status).toBe(422)
    // Nothing of another organization's is named to a client that may not see it.
    expect((await foreign.json()).errors).toEqual([
      {
        code: 'Catalog.Ownership',
        path: 'organization',
        message: "brand 'globex-tools' belongs to another organization; choose another slug",
      },
    ])
    const operator = await importCatalog(api().database.db, {
      brands: [
        { slug: 'globex-tools', name: 'Globex Tools', organization: 'globex', customDomain: 'tools.example' },
      ],
    })
    expect(operator.ok).toBe(true)
    const taken = await call('PUT', '/brands/acme-snacks', 'writer', {
      name: 'Snacks',
      customDomain: 'tools.example',
    })
    expect((await taken.json()).errors).toEqual([
      {
        code: 'Catalog.Duplicate',
        path: 'customDomain',
        message: "custom domain 'tools.example' is already in use",
      },
    ])
    const brands = await (await call('GET', '/brands', 'reader')).json()
    expect(brands.brands.map((b: { slug: string }) => b.slug)).toEqual(['acme-oats', 'acme-snacks'])
  })

  test('export then import round-trips; dryRun reports without writing; errors are 422', async () => {
    const exported = await (await call('GET', '/catalog/export', 'reader')).json()
    expect(exported.organizations).toEqual([
      { slug: 'acme', name: 'Acme', plan: 'starter', subscriptionStatus: 'active' },
    ])
    exported.products[0].names.en = 'Oat drink, barista'
    const dry = await call('POST', '/catalog/import?dryRun=true', 'writer', exported)
    expect(dry.status).toBe(200)
    expect(await dry.json()).toMatchObject({ dryRun: true, changes: 1, products: { updated: 1 } })
    expect((await (await call('GET', '/products/09506000134352', 'reader')).json()).names.en).toBe(
      'Oat drink',
    )
    const real = await call('POST', '/catalog/import', 'writer', exported)
    expect(await real.json()).toMatchObject({ dryRun: false, changes: 1 })
    expect((await (await call('GET', '/products/09506000134352', 'reader')).json()).names.en).toBe(
      'Oat drink, barista',
    )
    const plan = await call('POST', '/catalog/import', 'writer', {
      organizations: [{ slug: 'acme', name: 'Acme', plan: 'enterprise' }],
    })
    expect(plan.status).toBe(422)
    expect((await plan.json()).errors[0]).toMatchObject({ code: 'Catalog.Scope', path: 'organizations[0]' })
  })

  test('an import lists what is out of the client’s scope with every other error of the file, at once', async () => {
    const r = await call('POST', '/catalog/import?dryRun=true', 'writer', {
      brands: [{ slug: 'globex-more', name: 'More', organization: 'globex' }],
      products: [
        { ...PRODUCT, gtin: '09506000134353', slug: 'bad-digit' },
        {
          ...PRODUCT,
          gtin: '09506000134369',
          slug: 'hammer-2',
          brand: 'globex-tools',
          languages: ['en', 'xx'],
        },
      ],
    })
    expect(r.status).toBe(422)
    expect((await r.json()).errors.map((e: { code: string; path: string }) => `${e.code} ${e.path}`)).toEqual(
      [
        'Catalog.CheckDigit products[0].gtin',
        'Catalog.Language products[1].languages[1]',
        'Catalog.Language products[1].names.de',
        'Catalog.Language products[1].pages[0].titles.de',
        'Catalog.Scope brands[0].organization',
        'Catalog.Scope products[1].brand',
      ],
    )
  })
})

describe('hostile and sloppy input never reaches the database as a 500', () => {
  test('dryRun is true or false; any other value is 400 and writes nothing', async () => {
    const before = await (await call('GET', '/catalog/export', 'reader')).text()
    const changed = { brands: [{ slug: 'acme-oats', name: 'Renamed', organization: 'acme' }] }
    for (const value of ['1', 'yes', 'True', 'TRUE', 'on', '']) {
      const r = await call('POST', `/catalog/import?dryRun=${value}`, 'writer', changed)
      expect({ value, status: r.status }).toEqual({ value, status: 400 })
      expect((await r.json()).errors).toEqual([
        { code: 'Validation.Invalid.dryRun', path: 'dryRun', message: 'dryRun must be true or false' },
      ])
    }
    const bare = await call('POST', '/catalog/import?dryRun', 'writer', changed)
    expect(bare.status).toBe(400)
    expect(await (await call('GET', '/catalog/export', 'reader')).text()).toBe(before)
    const off = await call('POST', '/catalog/import?dryRun=false', 'writer', { brands: [] })
    expect(off.status).toBe(200)
  })

  test('a NUL character in a filter, a path or a name the body refers to is a 4xx in the envelope', async () => {
    const cases: [string, string, unknown, number][] = [
      ['GET', '/products?q=%00', undefined, 400],
      ['GET', '/products?brand=a%00b', undefined, 400],
      ['PUT', '/brands/a%00b', { name: 'X' }, 422],
      ['PUT', '/brands/acme-oats', { name: 'X', customDomain: 'a\u0000.example' }, 422],
      ['PUT', '/products/09506000134352', { ...PRODUCT, brand: 'ac\u0000me' }, 422],
      [
        'POST',
        '/catalog/import?dryRun=true',
        { brands: [{ slug: 'b', name: 'B', organization: 're\u0000v' }] },
        422,
      ],
      [
        'POST',
        '/catalog/import?dryRun=true',
        { products: [{ ...PRODUCT, gtin: '09506000134352', brand: 'a\u0000' }] },
        422,
      ],
    ]
    for (const [method, path, body, status] of cases) {
      const r = await call(method, path, 'writer', body)
      const errors = (await r.json()).errors
      expect({ path, status: r.status }).toEqual({ path, status })
      // A slug is checked against its pattern first (Catalog.Schema); free text for what the database can hold.
      expect(errors[0].code).toMatch(/^(Validation\.Invalid\.(q|brand)|Catalog\.(Text|Schema))$/)
    }
  })

  test('a search longer than 200 characters is 400, never cut to a different search', async () => {
    const r = await call('GET', `/products?q=${'x'.repeat(200)}y`, 'reader')
    expect(r.status).toBe(400)
    expect((await r.json()).errors[0]).toMatchObject({ code: 'Validation.Invalid.q', path: 'q' })
    expect((await call('GET', `/products?q=${'x'.repeat(200)}`, 'reader')).status).toBe(200)
  })

  test('a product or brand path that is not percent-encoded text is 404 like any unknown one, never 500', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      for (const path of ['/products/%zz', '/products/%E0%A4%A']) {
        const r = await call(method, path, 'writer', method === 'PUT' ? PRODUCT : undefined)
        expect({ method, path, status: r.status }).toEqual({ method, path, status: 404 })
        expect((await r.json()).errors[0].code).toBe('NotFound')
      }
    }
    expect((await call('PUT', '/brands/%zz', 'writer', { name: 'X' })).status).toBe(404)
  })
})

describe('methods', () => {
  test('another method on a product or brand path is 405 with Allow, not a 404 that says the product is missing', async () => {
    for (const [method, path, allow] of [
      ['PATCH', '/products/09506000134352', 'GET, PUT, DELETE, HEAD'],
      ['POST', '/products/09506000134352', 'GET, PUT, DELETE, HEAD'],
      ['DELETE', '/brands/acme-oats', 'PUT'],
      ['GET', '/brands/acme-oats', 'PUT'],
    ] as const) {
      const r = await call(method, path, 'writer')
      expect({ method, path, status: r.status, allow: r.headers.get('allow') }).toEqual({
        method,
        path,
        status: 405,
        allow,
      })
    }
    expect((await call('GET', '/products/09506000134352/extra', 'writer')).status).toBe(404)
  })
})
