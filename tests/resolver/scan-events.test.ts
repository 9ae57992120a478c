/** The analytics port (DESIGN §9): one event per scan, with what was served, and nothing of the client but its device class. */
import { describe, expect, test } from 'bun:test'
import { createResolver, type ScanEvent } from '../../src/resolver/index.ts'
import { createMemoryCatalog } from '../../src/resolver/memory-catalog.ts'
import { CUSTOM, config, oliveOil, products, req, risotto, SHORT } from './fixtures.ts'

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1'
const ORG = '00000000-0000-4000-8000-0000000000aa'

/** A resolver over the fixtures, owned by one organization, that keeps every event it is told. */
function recording(onScanThrows = false) {
  const events: ScanEvent[] = []
  const owned = products.map((p) => ({ ...p, organizationId: ORG }))
  const resolver = createResolver({
    catalog: createMemoryCatalog(owned),
    config,
    onScan: (e) => {
      events.push(e)
      if (onScanThrows) throw new Error('analytics broke')
    },
  })
  return { resolver, events }
}

const base = {
  organizationId: ORG,
  host: 'resolver' as const,
  lot: false,
  serial: false,
  expiry: false,
  compressed: false,
}

describe('onScan', () => {
  test('a redirect reports the page served and its language, also when answered from memory', async () => {
    const { resolver, events } = recording()
    const headers = { 'accept-language': 'en', 'user-agent': IPHONE }
    for (let i = 0; i < 3; i++) {
      const r = await resolver(req(`/01/${oliveOil.gtin}`, { headers }))
      expect(r.status).toBe(307)
    }
    expect(events).toHaveLength(3)
    for (const e of events) {
      expect(e).toEqual({
        ...base,
        gtin: oliveOil.gtin,
        outcome: 'redirect',
        linkType: 'gs1:pip',
        language: 'en',
        device: 'mobile',
        at: expect.any(Number),
      })
    }
    expect(JSON.stringify(events)).not.toContain('iPhone')
  })

  test('lot, serial and expiry are flags, never values; a linkset has no page or language', async () => {
    const { resolver, events } = recording()
    await resolver(req(`/01/${oliveOil.gtin}/10/LOT-SECRET/21/SERIAL-SECRET?17=271231`))
    await resolver(req(`/01/${oliveOil.gtin}?linkType=linkset`, { headers: { accept: 'application/json' } }))
    expect(events.map(({ at: _at, ...e }) => e)).toEqual([
      {
        ...base,
        gtin: oliveOil.gtin,
        outcome: 'redirect',
        linkType: 'gs1:pip',
        language: 'fr',
        lot: true,
        serial: true,
        expiry: true,
        device: 'other',
      },
      { ...base, gtin: oliveOil.gtin, outcome: 'linkset', linkType: null, language: null, device: 'other' },
    ])
    expect(JSON.stringify(events)).not.toMatch(/SECRET/)
  })

  test('not found, a missing link type and an invalid link are reported with their outcome', async () => {
    const { resolver, events } = recording()
    expect((await resolver(req('/01/09506000134383'))).status).toBe(404)
    expect((await resolver(req(`/01/${oliveOil.gtin}?linkType=gs1:menuInfo`))).status).toBe(404)
    expect((await resolver(req('/01/12345'))).status).toBe(400)
    expect(events.map((e) => [e.outcome, e.gtin, e.organizationId])).toEqual([
      ['not_found', '09506000134383', null],
      ['not_found', oliveOil.gtin, ORG],
      ['invalid', null, null],
    ])
  })

  test('the hop to a custom domain is counted as domain_redirect on the host scanned; the arrival there under its answer', async () => {
    const { resolver, events } = recording()
    const hop = await resolver(
      req(`/01/${risotto.gtin}/10/LOT-SECRET?17=271231`, { headers: { 'user-agent': IPHONE } }),
    )
    expect(hop.status).toBe(307)
    expect(hop.headers.get('location')).toBe(`${CUSTOM}/01/${risotto.gtin}/10/LOT-SECRET?17=271231`)
    const short = await resolver(req(`${SHORT}/eh3066C4409047E140075BCD15`))
    expect(short.headers.get('location')).toStartWith(`${CUSTOM}/01/${risotto.gtin}/21/`)
    await resolver(req(`${CUSTOM}/eh3066C4409047E140075BCD15`))
    expect(events.map(({ at: _at, ...e }) => e)).toEqual([
      {
        ...base,
        gtin: risotto.gtin,
        outcome: 'domain_redirect',
        linkType: null,
        language: null,
        lot: true,
        expiry: true,
        device: 'mobile',
      },
      {
        ...base,
        host: 'short',
        gtin: risotto.gtin,
        outcome: 'domain_redirect',
        linkType: null,
        language: null,
        serial: true,
        compressed: true,
        device: 'other',
      },
      {
        ...base,
        host: 'custom',
        gtin: risotto.gtin,
        outcome: 'redirect',
        linkType: 'gs1:pip',
        language: 'en',
        serial: true,
        compressed: true,
        device: 'other',
      },
    ])
    expect(JSON.stringify(events)).not.toMatch(/SECRET/)
  })

  test('what is not a hop to the custom domain keeps its outcome: a linkset on the resolver host, a HEAD not counted', async () => {
    const { resolver, events } = recording()
    const linkset = await resolver(
      req(`/01/${risotto.gtin}`, { headers: { accept: 'application/linkset+json' } }),
    )
    expect(linkset.status).toBe(200)
    expect((await resolver(req(`/01/${risotto.gtin}`, { method: 'HEAD' }))).status).toBe(307)
    expect(events.map((e) => [e.host, e.outcome])).toEqual([['resolver', 'linkset']])
  })

  test('HEAD and OPTIONS are link checks, not scans: answered as always, never counted', async () => {
    const { resolver, events } = recording()
    for (let i = 0; i < 2; i++) {
      const head = await resolver(req(`/01/${oliveOil.gtin}`, { method: 'HEAD' }))
      expect(head.status).toBe(307)
    }
    expect((await resolver(req('/01/123', { method: 'HEAD' }))).status).toBe(400)
    expect((await resolver(req(`/01/${oliveOil.gtin}`, { method: 'OPTIONS' }))).status).toBe(204)
    expect(events).toEqual([])
    expect((await resolver(req(`/01/${oliveOil.gtin}`))).status).toBe(307)
    expect(events).toHaveLength(1)
  })

  test('a failing analytics port never changes the answer', async () => {
    const { resolver, events } = recording(true)
    const r = await resolver(req(`/01/${oliveOil.gtin}`))
    expect(r.status).toBe(307)
    expect(r.headers.get('location')).toBe('/fr/northwind/olive-oil/info')
    expect(events).toHaveLength(1)
  })

  test('without a port nothing is built or told (the standalone resolver)', async () => {
    const resolver = createResolver({ catalog: createMemoryCatalog(products), config })
    expect((await resolver(req(`/01/${oliveOil.gtin}`))).status).toBe(307)
  })
})
