import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import type { Database } from '../../../src/db/database.ts'
import type { ListenEvents } from '../../../src/db/listener.ts'
import { organizations } from '../../../src/db/schema.ts'
import { gs1CheckDigit } from '../../../src/gs1/check-digit.ts'
import { createDbCatalog, type DbCatalog } from '../../../src/services/catalog/db-catalog.ts'
import { importCatalog } from '../../../src/services/catalog/import.ts'
import { productOf, smallCatalog, smallCatalogProduct } from '../../catalog/fixtures.ts'
import { DATABASE_HOOK_TIMEOUT_MS, openTestDatabase } from '../../support/db.ts'

let database: Database
let catalog: DbCatalog

beforeAll(async () => {
  database = await openTestDatabase()
  const file = smallCatalog()
  file.products?.push({ ...productOf(file), gtin: '4012345000009', slug: 'hidden', published: false })
  const imported = await importCatalog(database.db, file)
  if (!imported.ok) throw new Error(JSON.stringify(imported.errors))
  catalog = createDbCatalog(database)
  await catalog.start()
}, DATABASE_HOOK_TIMEOUT_MS)
afterAll(async () => {
  await catalog.close()
  await database.close()
}, DATABASE_HOOK_TIMEOUT_MS)

async function waitFor(check: () => Promise<boolean>, ms = 1000): Promise<boolean> {
  const until = Date.now() + ms
  while (Date.now() < until) {
    if (await check()) return true
    await Bun.sleep(10)
  }
  return false
}

describe('database catalog', () => {
  test('finds a published product by GTIN-14 with its brand, languages, names and pages in order, and its organization', async () => {
    const [acme] = await database.db.select().from(organizations).where(eq(organizations.slug, 'acme'))
    expect(await catalog.findByGtin('09506000134352')).toEqual({
      ...smallCatalogProduct,
      organizationId: acme?.id,
    })
  })

  test('does not find an unpublished or unknown product', async () => {
    expect(await catalog.findByGtin('04012345000009')).toBeNull()
    expect(await catalog.findByGtin('00000000000000')).toBeNull()
    expect(await catalog.findBySlug('acme-foods', 'hidden')).toBeNull()
  })

  test('finds a product by brand and product slug', async () => {
    expect((await catalog.findBySlug('acme-foods', 'rice'))?.gtin).toBe('09506000134352')
  })

  test('knows active custom domains only', async () => {
    expect(await catalog.isActiveCustomDomain('id.acme.example')).toBe(true)
    expect(await catalog.isActiveCustomDomain('other.example')).toBe(false)
  })

  test('peekByGtin answers from the cache only: nothing before a lookup, the same object once kept', async () => {
    const fresh = createDbCatalog(database, { admitOnRepeat: false })
    expect(fresh.peekByGtin?.('09506000134352')).toBeUndefined()
    const found = await fresh.findByGtin('09506000134352')
    expect(found).not.toBeNull()
    expect(fresh.peekByGtin?.('09506000134352')).toBe(found)
    await fresh.findByGtin('00000000000000')
    expect(fresh.peekByGtin?.('00000000000000')).toBeNull()
    fresh.invalidate()
    expect(fresh.peekByGtin?.('09506000134352')).toBeUndefined()
  })

  test('keeps a product or an absence only from its second lookup on, so one-off scans never fill the cache', async () => {
    const fresh = createDbCatalog(database)
    for (const gtin of ['09506000134352', '00000000000000']) {
      const first = await fresh.findByGtin(gtin)
      expect(fresh.peekByGtin?.(gtin)).toBeUndefined()
      const second = await fresh.findByGtin(gtin)
      expect(second).toEqual(first)
      expect(fresh.peekByGtin?.(gtin)).toBe(second)
    }
    // Known demand survives an invalidation: the next lookup is kept at once.
    fresh.invalidate()
    const reloaded = await fresh.findByGtin('09506000134352')
    expect(fresh.peekByGtin?.('09506000134352')).toBe(reloaded)
    const bySlug = () => fresh.findBySlug('acme-foods', 'rice')
    const once = await bySlug()
    expect(fresh.peekBySlug?.('acme-foods', 'rice')).toBeUndefined()
    const twice = await bySlug()
    expect(twice).not.toBe(once)
    expect(fresh.peekBySlug?.('acme-foods', 'rice')).toBe(twice)
    expect(await bySlug()).toBe(twice)
  })

  test('sees a catalog change within one second through the notification', async () => {
    expect((await catalog.findByGtin('09506000134352'))?.names.fr).toBe('Riz')
    const changed = await importCatalog(database.db, smallCatalog({ names: { en: 'Rice', fr: 'Riz rond' } }))
    expect(changed.ok).toBe(true)
    expect(
      await waitFor(async () => (await catalog.findByGtin('09506000134352'))?.names.fr === 'Riz rond'),
    ).toBe(true)
  })

  test('sees an unpublish and a deactivated domain within one second', async () => {
    const file = smallCatalog({ published: false })
    ;(file.brands?.[0] as { customDomainActive: boolean }).customDomainActive = false
    expect((await importCatalog(database.db, file)).ok).toBe(true)
    expect(await waitFor(async () => (await catalog.findByGtin('09506000134352')) === null)).toBe(true)
    expect(await catalog.isActiveCustomDomain('id.acme.example')).toBe(false)
  })
})

describe('createDbCatalog listener', () => {
  test('the loss and the return of the change listener are reported; every payload, the renewal too, drops the cache', async () => {
    let deliver: (payload: string) => void = () => {}
    let events: ListenEvents = {}
    // The test database, with its notifications and connection events delivered by hand.
    const manual: Database = {
      ...database,
      listen: async (_channel, onPayload, given = {}) => {
        deliver = onPayload
        events = given
        return async () => {}
      },
    }
    const heard: string[] = []
    const watched = createDbCatalog(manual, {
      admitOnRepeat: false,
      onListenerLost: () => heard.push('lost'),
      onListenerRenewed: () => heard.push('renewed'),
    })
    await watched.start()
    // An absence is kept too (peek: null), and dropped (peek: undefined) by any payload.
    const cached = async () => {
      await watched.findByGtin('00000000000000')
      return watched.peekByGtin?.('00000000000000')
    }
    expect(await cached()).toBeNull()
    deliver('import')
    expect(watched.peekByGtin?.('00000000000000')).toBeUndefined()
    expect(await cached()).toBeNull()
    events.onLost?.()
    expect(heard).toEqual(['lost'])
    expect(watched.peekByGtin?.('00000000000000')).toBeNull()
    deliver('')
    events.onRenewed?.()
    expect(heard).toEqual(['lost', 'renewed'])
    expect(watched.peekByGtin?.('00000000000000')).toBeUndefined()
    await watched.close()
  })
})

describe('prefix rules of GTINs in the database catalog', () => {
  test('while no rule of GTINs is known to be stored a GTIN scan is the one-row lookup; otherwise one query finds the product or the rule', async () => {
    const texts: string[] = []
    const watched = createDbCatalog(
      {
        db: database.db,
        kind: database.kind,
        poolSize: database.poolSize,
        listen: (channel, onPayload, events) => database.listen(channel, onPayload, events),
        queryRows: (text, params) => {
          texts.push(text)
          return database.queryRows(text, params)
        },
        ping: () => database.ping(),
        close: async () => {},
      },
      { admitOnRepeat: false },
    )
    await watched.start()
    let n = 0
    /** The query text of a scan of a GTIN not scanned before (none is listed). */
    const queryOfNewScan = async () => {
      const body = `0888${String(++n).padStart(9, '0')}`
      texts.length = 0
      expect(await watched.findByGtin(`${body}${gs1CheckDigit(body)}`)).toBeNull()
      expect(texts).toHaveLength(1)
      return texts[0] ?? ''
    }
    try {
      // Before the answer is in, the query that answers rightly either way; never waiting for the question.
      expect(await queryOfNewScan()).toContain('any(')
      expect(await waitFor(async () => !(await queryOfNewScan()).includes('any('))).toBe(true)
      const file = smallCatalog()
      const rule = { ...productOf(file), key: '01', prefix: '07770', slug: 'sevens' }
      const { gtin: _, ...ruleEntry } = rule
      expect((await importCatalog(database.db, { ...file, products: [], rules: [ruleEntry] })).ok).toBe(true)
      expect(await waitFor(async () => (await watched.findByGtin(UNLISTED))?.productSlug === 'sevens')).toBe(
        true,
      )
      await Bun.sleep(50)
      expect(await queryOfNewScan()).toContain('any(')
    } finally {
      await watched.close()
    }
  })
})

/** A GTIN no product lists, under the GTIN prefix 07770. */
const UNLISTED = '07770000000005'
