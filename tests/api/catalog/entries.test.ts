/** Items of every other GS1 key and prefix rules over the catalog API (DESIGN §8, §12): as products are served. */
import { describe, expect, test } from 'bun:test'
import { VND_JSON } from '../../../src/api/media.ts'
import { CATALOG_CHANNEL } from '../../../src/db/channels.ts'
import { gs1CheckDigit } from '../../../src/gs1/check-digit.ts'
import { listAudit } from '../../../src/services/audit.ts'
import { addCompanyPrefix, removeCompanyPrefix } from '../../../src/services/catalog/company-prefixes.ts'
import { PRODUCT, useCatalogApi, type Who } from './harness.ts'

/** A GLN (AI 414) of Acme's: 950600000 and a counter, with its check digit. */
function gln(n: number): string {
  const body = `950600000${String(n).padStart(3, '0')}`
  return `${body}${gs1CheckDigit(body)}`
}

/** An item's body in the import format, without its key and value (the path names them). */
const ITEM = {
  ...PRODUCT,
  slug: 'warehouse-north',
  names: { en: 'Warehouse North', de: 'Lager Nord' },
  pages: [
    {
      name: 'location',
      linkType: 'gs1:locationInfo',
      default: true,
      titles: { en: 'Where we are', de: 'Wo wir sind' },
    },
  ],
}

/** A rule's body: every value of its key that starts with the prefix opens the tracking page. */
const RULE = {
  ...PRODUCT,
  slug: 'pallets',
  names: { en: 'Pallets' },
  languages: ['en'],
  pages: [
    {
      name: 'tracking',
      linkType: 'gs1:traceability',
      default: true,
      titles: { en: 'Where it is' },
      href: 'https://track.example/sscc/{value}',
    },
  ],
}

/** Globex's own item and rule, beside its product of the harness's seed. */
const GLOBEX = {
  items: [{ ...ITEM, key: '414', value: '4000000000006', brand: 'globex-tools', slug: 'depot' }],
  rules: [{ ...RULE, key: '00', prefix: '0400000', brand: 'globex-tools', slug: 'globex-pallets' }],
}

const api = useCatalogApi(GLOBEX)
const call = (method: string, path: string, who: Who, body?: unknown, headers: Record<string, string> = {}) =>
  api().call(method, path, who, body, headers)

async function errorsOf(r: Response): Promise<unknown> {
  return (await r.json()).errors
}

describe('items', () => {
  test('PUT creates (201) with an ETag, then 200; GET reads it back with the same ETag; both media types', async () => {
    const created = await call('PUT', `/items/414/${gln(1)}`, 'writer', ITEM)
    expect(created.status).toBe(201)
    const etag = created.headers.get('etag')
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/)
    expect(await created.json()).toEqual({ key: '414', value: gln(1), published: true, ...ITEM })
    const read = await call('GET', `/items/414/${gln(1)}`, 'reader', undefined, { accept: VND_JSON })
    expect([read.status, read.headers.get('etag'), read.headers.get('content-type')]).toEqual([
      200,
      etag,
      VND_JSON,
    ])
    expect(read.headers.get('vary')).toBe('Accept')
    // Key and value may be given, when they are the path's.
    const again = await call('PUT', `/items/414/${gln(1)}`, 'writer', { key: '414', value: gln(1), ...ITEM })
    expect([again.status, again.headers.get('etag')]).toEqual([200, etag])
  })

  test('a key or value in the body other than the path’s is 422 Catalog.Mismatch, each at its member', async () => {
    const r = await call('PUT', `/items/414/${gln(2)}`, 'writer', { ...ITEM, key: '417', value: gln(1) })
    expect(r.status).toBe(422)
    expect(await errorsOf(r)).toEqual([
      { code: 'Catalog.Mismatch', path: 'key', message: "key must be the path's key '414' (or be left out)" },
      {
        code: 'Catalog.Mismatch',
        path: 'value',
        message: `value must be the path's value '${gln(2)}' (or be left out)`,
      },
    ])
    expect((await call('GET', `/items/414/${gln(2)}`, 'reader')).status).toBe(404)
  })

  test('If-Match: a stale ETag is 412 and changes nothing; If-None-Match: * refuses an existing item', async () => {
    const current = (await call('GET', `/items/414/${gln(1)}`, 'reader')).headers.get('etag') ?? ''
    const stale = await call('PUT', `/items/414/${gln(1)}`, 'writer', ITEM, { 'if-match': '"0"' })
    expect(stale.status).toBe(412)
    expect(await errorsOf(stale)).toEqual([
      { code: 'PreconditionFailed', path: null, message: 'the item changed since it was read (If-Match)' },
    ])
    const fresh = await call(
      'PUT',
      `/items/414/${gln(1)}`,
      'writer',
      { ...ITEM, published: false },
      { 'if-match': current },
    )
    expect(fresh.status).toBe(200)
    expect(fresh.headers.get('etag')).not.toBe(current)
    const create = await call('PUT', `/items/414/${gln(1)}`, 'writer', ITEM, { 'if-none-match': '*' })
    expect(create.status).toBe(412)
    expect(await errorsOf(create)).toEqual([
      { code: 'PreconditionFailed', path: null, message: 'the item exists already (If-None-Match: *)' },
    ])
  })

  test('an invalid item is 422 with Catalog codes and paths relative to the body; nothing is written', async () => {
    const r = await call('PUT', `/items/414/${gln(3)}`, 'writer', {
      ...ITEM,
      slug: 'unknown-tongue',
      languages: ['en', 'qq'],
      names: { en: 'Depot' },
      pages: [{ ...ITEM.pages[0], titles: { en: 'Where' }, default: false }],
    })
    expect(r.status).toBe(422)
    expect(await errorsOf(r)).toEqual([
      { code: 'Catalog.Language', path: 'languages[1]', message: "'qq' is not an ISO 639-1 language code" },
      {
        code: 'Catalog.DefaultPage',
        path: 'pages',
        message: 'exactly one page must be the default; found 0',
      },
    ])
    const shape = await call('PUT', `/items/414/${gln(3)}`, 'writer', { ...ITEM, gtin: '09506000134352' })
    expect(await errorsOf(shape)).toEqual([expect.objectContaining({ code: 'Catalog.Schema', path: 'gtin' })])
    expect((await call('PUT', `/items/414/${gln(3)}`, 'writer', [ITEM])).status).toBe(422)
    expect((await call('GET', `/items/414/${gln(3)}`, 'reader')).status).toBe(404)
  })

  test('a value its key refuses is 400 Validation.* at `value` for GET, PUT and DELETE, like a GTIN’s check digit', async () => {
    const cases = [
      ['414', '9506000000009', 'Validation.CheckDigit.value'],
      ['414', '950600000000', 'Validation.Length.value'],
      ['8003', '09506000134376%E2%82%AC', 'Validation.Charset.value'],
      ['8004', 'A%00B', 'Validation.Charset.value'],
    ] as const
    for (const method of ['GET', 'PUT', 'DELETE']) {
      for (const [key, value, code] of cases) {
        const r = await call(
          method,
          `/items/${key}/${value}`,
          'writer',
          method === 'PUT' ? ITEM : undefined,
          {
            accept: VND_JSON,
          },
        )
        expect({ method, value, status: r.status, type: r.headers.get('content-type') }).toEqual({
          method,
          value,
          status: 400,
          type: VND_JSON,
        })
        expect(await errorsOf(r)).toEqual([{ code, path: 'value', message: expect.any(String) }])
      }
    }
    const digit = await call('GET', '/items/414/9506000000009', 'reader')
    expect(((await errorsOf(digit)) as { message: string }[])[0]?.message).toContain('ends in 9, expected 8')
  })

  test('a key that is no Digital Link primary key, or 01, names nothing: 404 as an unknown item', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      for (const path of [
        '/items/01/09506000134352',
        '/items/10/ABC',
        '/items/999/1',
        '/items/x/1',
        '/items/414/%zz',
      ]) {
        const r = await call(method, path, 'writer', method === 'PUT' ? ITEM : undefined)
        expect({ method, path, status: r.status }).toEqual({ method, path, status: 404 })
        expect(((await errorsOf(r)) as { code: string }[])[0]?.code).toBe('NotFound')
      }
    }
  })

  test('a value may hold any character of GS1 character set 82, a / sent as %2F included', async () => {
    const value = '09506000134376A/B%&+'
    const path = `/items/8003/${encodeURIComponent(value)}`
    expect(path).toBe('/items/8003/09506000134376A%2FB%25%26%2B')
    const created = await call('PUT', path, 'writer', { ...ITEM, slug: 'crate' })
    expect(created.status).toBe(201)
    expect((await created.json()).value).toBe(value)
    const read = await call('GET', path.replace('%2F', '%2f'), 'reader')
    expect([read.status, (await read.json()).value]).toEqual([200, value])
    // Unencoded, the / splits the path: another route, which does not exist.
    expect((await call('GET', `/items/8003/09506000134376A/B`, 'reader')).status).toBe(404)
    const listed = await (await call('GET', '/items?key=8003', 'reader')).json()
    expect(listed.items.map((i: { value: string }) => i.value)).toEqual([value])
    const exported = await (await call('GET', '/catalog/export', 'reader')).json()
    expect(exported.items.map((i: { value: string }) => i.value)).toContain(value)
  })

  test("another organization's item is 404 to read and delete, and 409 Catalog.Ownership to put", async () => {
    expect((await call('GET', '/items/414/4000000000006', 'reader')).status).toBe(404)
    expect((await call('DELETE', '/items/414/4000000000006', 'writer')).status).toBe(404)
    const take = await call('PUT', '/items/414/4000000000006', 'writer', { ...ITEM, slug: 'taken' })
    expect(take.status).toBe(409)
    expect(await errorsOf(take)).toEqual([
      {
        code: 'Catalog.Ownership',
        path: 'value',
        message: '(414) 4000000000006 belongs to another organization',
      },
    ])
  })

  test('an item outside the organization’s GS1 Company Prefixes is 422 Catalog.Ownership at `value`', async () => {
    const added = await addCompanyPrefix(api().database.db, 'acme', '9507000')
    expect(added.ok).toBe(true)
    try {
      const outside = await call('PUT', `/items/414/${gln(4)}`, 'writer', { ...ITEM, slug: 'outside' })
      expect(outside.status).toBe(422)
      expect(await errorsOf(outside)).toEqual([
        expect.objectContaining({ code: 'Catalog.Ownership', path: 'value' }),
      ])
    } finally {
      await removeCompanyPrefix(api().database.db, 'acme', '9507000')
    }
  })

  test('DELETE is 204, then 404; every change is audited as the API client and told to every instance', async () => {
    const seen: string[] = []
    const stop = await api().database.listen(CATALOG_CHANNEL, (p) => seen.push(p))
    try {
      expect(
        (await call('PUT', `/items/414/${gln(5)}`, 'writer', { ...ITEM, slug: 'gone-soon' })).status,
      ).toBe(201)
      const etag = (await call('GET', `/items/414/${gln(5)}`, 'reader')).headers.get('etag') ?? ''
      const kept = await call('DELETE', `/items/414/${gln(5)}`, 'writer', undefined, {
        'if-none-match': etag,
      })
      expect(kept.status).toBe(412)
      const stale = await call('DELETE', `/items/414/${gln(5)}`, 'writer', undefined, { 'if-match': '"x"' })
      expect(stale.status).toBe(412)
      const gone = await call('DELETE', `/items/414/${gln(5)}`, 'writer', undefined, { 'if-match': etag })
      expect([gone.status, await gone.text()]).toEqual([204, ''])
      expect((await call('GET', `/items/414/${gln(5)}`, 'reader')).status).toBe(404)
      expect((await call('DELETE', `/items/414/${gln(5)}`, 'writer')).status).toBe(404)
      await Bun.sleep(50)
    } finally {
      await stop()
    }
    expect(seen).toEqual(['import', 'item'])
    const events = await listAudit(api().database.db, api().acmeId, { limit: 2 })
    expect(events.map((e) => [e.action, e.actorKind, e.targetKind, e.targetId, e.summary])).toEqual([
      [
        'product.delete',
        'api_client',
        'item',
        `414/${gln(5)}`,
        { brand: 'acme-oats', slug: 'gone-soon', published: true },
      ],
      [
        'product.create',
        'api_client',
        'item',
        `414/${gln(5)}`,
        { brand: 'acme-oats', slug: 'gone-soon', published: true },
      ],
    ])
  })

  test('GET /items pages with an opaque cursor, filters by key, brand, published and q; products and rules are not items', async () => {
    for (const n of [6, 7])
      await call('PUT', `/items/414/${gln(n)}`, 'writer', { ...ITEM, slug: `site-${n}` })
    await call('PUT', '/rules/00/0950600', 'writer', RULE)
    const all = await (await call('GET', '/items', 'reader')).json()
    const ids = all.items.map((i: { key: string; value: string }) => `${i.key}/${i.value}`)
    expect(ids).toEqual(
      expect.arrayContaining([
        `414/${gln(1)}`,
        `414/${gln(6)}`,
        `414/${gln(7)}`,
        '8003/09506000134376A/B%&+',
      ]),
    )
    expect(ids).toHaveLength(4)
    expect(all.items[0]).toEqual({
      key: expect.any(String),
      value: expect.any(String),
      brand: 'acme-oats',
      slug: expect.any(String),
      published: expect.any(Boolean),
      defaultLanguage: 'en',
      languages: ['en', 'de'],
      name: expect.any(String),
      updatedAt: expect.stringMatching(/Z$/),
    })
    const paged: string[] = []
    let cursor: string | null = null
    do {
      const page = await (
        await call('GET', `/items?limit=1${cursor === null ? '' : `&cursor=${cursor}`}`, 'reader')
      ).json()
      paged.push(...page.items.map((i: { key: string; value: string }) => `${i.key}/${i.value}`))
      cursor = page.nextCursor
    } while (cursor !== null)
    expect(paged).toEqual(ids)
    const glns = await (await call('GET', '/items?key=414&published=true&brand=acme-oats', 'reader')).json()
    expect(glns.items.map((i: { value: string }) => i.value)).toEqual([gln(6), gln(7)])
    const byValue = await (await call('GET', `/items?q=${gln(6).slice(0, 12)}`, 'reader')).json()
    expect(byValue.items.map((i: { value: string }) => i.value)).toEqual([gln(6)])
    const byName = await (await call('GET', '/items?q=LAGER%20nord&key=8003', 'reader')).json()
    expect(byName.items.map((i: { slug: string }) => i.slug)).toEqual(['crate'])
    const products = await (await call('GET', '/products', 'reader')).json()
    expect(products.products).toEqual([])
    const productCursor = Buffer.from('g:09506000134352').toString('base64url')
    for (const bad of [
      'key=01',
      'key=10',
      'key=abc',
      'limit=0',
      'published=yes',
      `cursor=${productCursor}`,
    ]) {
      const r = await call('GET', `/items?${bad}`, 'reader')
      expect({ bad, status: r.status }).toEqual({ bad, status: 400 })
      const [name] = bad.split('=')
      expect(await errorsOf(r)).toEqual([
        expect.objectContaining({ code: `Validation.Invalid.${name}`, path: name }),
      ])
    }
  })
})

describe('prefix rules', () => {
  test('PUT creates (201) with an ETag, then 200; GET reads it back; prefix and key may be left out', async () => {
    const created = await call('PUT', '/rules/00/0950601', 'writer', { ...RULE, slug: 'more-pallets' })
    expect(created.status).toBe(201)
    const etag = created.headers.get('etag')
    expect(await created.json()).toEqual({
      key: '00',
      prefix: '0950601',
      published: true,
      ...RULE,
      slug: 'more-pallets',
    })
    const read = await call('GET', '/rules/00/0950601', 'reader')
    expect([read.status, read.headers.get('etag')]).toEqual([200, etag])
    const again = await call('PUT', '/rules/00/0950601', 'writer', {
      key: '00',
      prefix: '0950601',
      ...RULE,
      slug: 'more-pallets',
      published: false,
    })
    expect(again.status).toBe(200)
    expect(again.headers.get('etag')).not.toBe(etag)
    const stale = await call('PUT', '/rules/00/0950601', 'writer', RULE, { 'if-match': etag ?? '' })
    expect([stale.status, await errorsOf(stale)]).toEqual([
      412,
      [{ code: 'PreconditionFailed', path: null, message: 'the rule changed since it was read (If-Match)' }],
    ])
    const mismatch = await call('PUT', '/rules/00/0950601', 'writer', { ...RULE, prefix: '095060' })
    expect(await errorsOf(mismatch)).toEqual([
      {
        code: 'Catalog.Mismatch',
        path: 'prefix',
        message: "prefix must be the path's prefix '0950601' (or be left out)",
      },
    ])
  })

  test('a prefix no value of its key can start with is 400 at `prefix`; a key that is none is 404', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const body = method === 'PUT' ? RULE : undefined
      for (const [path, code] of [
        ['/rules/00/09506A', 'Validation.Charset.prefix'],
        [`/rules/00/${'1'.repeat(19)}`, 'Validation.Length.prefix'],
        ['/rules/8004/A%20B', 'Validation.Charset.prefix'],
        ['/rules/01/0950600A', 'Validation.Charset.prefix'],
      ] as const) {
        const r = await call(method, path, 'writer', body)
        expect({ method, path, status: r.status }).toEqual({ method, path, status: 400 })
        expect(await errorsOf(r)).toEqual([{ code, path: 'prefix', message: expect.any(String) }])
      }
      for (const path of ['/rules/21/ABC', '/rules/00/%zz']) {
        const r = await call(method, path, 'writer', body)
        expect({ method, path, status: r.status }).toEqual({ method, path, status: 404 })
      }
    }
  })

  test('a rule may cover GTINs (01) no product lists; an item may not be a GTIN (404, a product is)', async () => {
    const created = await call('PUT', '/rules/01/09506000', 'writer', { ...RULE, slug: 'all-gtins' })
    expect(created.status).toBe(201)
    expect(await created.json()).toMatchObject({ key: '01', prefix: '09506000', slug: 'all-gtins' })
    expect((await call('GET', '/rules/01/09506000', 'reader')).status).toBe(200)
    const listed = await (await call('GET', '/rules?key=01', 'reader')).json()
    expect(listed.rules.map((r: { key: string; prefix: string }) => `${r.key}/${r.prefix}`)).toEqual([
      '01/09506000',
    ])
    expect((await call('GET', '/items?key=01', 'reader')).status).toBe(400)
    expect((await call('PUT', '/items/01/09506000134352', 'writer', ITEM)).status).toBe(404)
    expect((await call('DELETE', '/rules/01/09506000', 'writer')).status).toBe(204)
  })

  test('a prefix of GS1 character set 82 may hold a / as %2F; GET /rules lists by key and brand with a cursor', async () => {
    const created = await call('PUT', '/rules/8004/950600A%2F', 'writer', { ...RULE, slug: 'assets' })
    expect(created.status).toBe(201)
    expect((await created.json()).prefix).toBe('950600A/')
    const all = await (await call('GET', '/rules?limit=2', 'reader')).json()
    expect(all.rules.map((r: { key: string; prefix: string }) => `${r.key}/${r.prefix}`)).toEqual([
      '00/0950600',
      '00/0950601',
    ])
    const rest = await (await call('GET', `/rules?limit=2&cursor=${all.nextCursor}`, 'reader')).json()
    expect(rest).toEqual({
      rules: [expect.objectContaining({ key: '8004', prefix: '950600A/' })],
      nextCursor: null,
    })
    const sscc = await (await call('GET', '/rules?key=00&brand=acme-oats', 'reader')).json()
    expect(sscc.rules.map((r: { prefix: string }) => r.prefix)).toEqual(['0950600', '0950601'])
    expect((await (await call('GET', '/rules?brand=globex-tools', 'reader')).json()).rules).toEqual([])
    // A rule list takes no search and no published filter.
    const q = await call('GET', '/rules?q=pallets', 'reader')
    expect([q.status, await errorsOf(q)]).toEqual([
      400,
      [expect.objectContaining({ code: 'Validation.Unknown.q' })],
    ])
  })

  test("another organization's rule is 404 to read and delete and 409 to put; DELETE is 204 and audited", async () => {
    expect((await call('GET', '/rules/00/0400000', 'reader')).status).toBe(404)
    expect((await call('DELETE', '/rules/00/0400000', 'writer')).status).toBe(404)
    const take = await call('PUT', '/rules/00/0400000', 'writer', { ...RULE, slug: 'taken-rule' })
    expect([take.status, await errorsOf(take)]).toEqual([
      409,
      [
        {
          code: 'Catalog.Ownership',
          path: 'prefix',
          message: '(00) 0400000* belongs to another organization',
        },
      ],
    ])
    const gone = await call('DELETE', '/rules/8004/950600A%2F', 'writer')
    expect(gone.status).toBe(204)
    expect((await call('GET', '/rules/8004/950600A%2F', 'reader')).status).toBe(404)
    const [event] = await listAudit(api().database.db, api().acmeId, { limit: 1 })
    expect(event).toMatchObject({
      action: 'product.delete',
      actorKind: 'api_client',
      targetKind: 'rule',
      targetId: '8004/950600A/~',
    })
  })
})

describe('scopes, methods and parameters', () => {
  test('reading needs read:catalog and writing write:catalog, as for products', async () => {
    const denied = await call('GET', '/items', 'coder')
    expect([denied.status, denied.headers.get('www-authenticate')]).toEqual([
      403,
      'Bearer realm="api", error="insufficient_scope", scope="read:catalog"',
    ])
    expect((await call('GET', '/rules/00/0950600', 'coder')).status).toBe(403)
    expect((await call('PUT', `/items/414/${gln(1)}`, 'reader', ITEM)).status).toBe(403)
    expect((await call('DELETE', '/rules/00/0950600', 'reader')).status).toBe(403)
  })

  test('another method is 405 with Allow; a parameter the operation does not take is 400', async () => {
    for (const [method, path] of [
      ['PATCH', `/items/414/${gln(1)}`],
      ['POST', '/rules/00/0950600'],
    ] as const) {
      const r = await call(method, path, 'writer')
      expect([r.status, r.headers.get('allow')]).toEqual([405, 'GET, PUT, DELETE, HEAD'])
    }
    const r = await call('GET', `/items/414/${gln(1)}?fields=name`, 'reader')
    expect([r.status, await errorsOf(r)]).toEqual([
      400,
      [
        {
          code: 'Validation.Unknown.fields',
          path: 'fields',
          message: 'fields is not a parameter of this operation; it takes none',
        },
      ],
    ])
  })
})
