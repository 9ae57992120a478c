/** GS1 Company Prefixes (DESIGN §12): recorded per organization, never overlapping; imports stay within them. */
import { describe, expect, test } from 'bun:test'
import { companyPart, withinPrefixes } from '../../../src/catalog/company-prefix.ts'
import { listAudit } from '../../../src/services/audit.ts'
import {
  addCompanyPrefix,
  listCompanyPrefixes,
  removeCompanyPrefix,
} from '../../../src/services/catalog/company-prefixes.ts'
import { importCatalog } from '../../../src/services/catalog/import.ts'
import { smallCatalog } from '../../catalog/fixtures.ts'
import { useTestDatabase } from '../../support/db.ts'

const database = useTestDatabase()

async function seed() {
  const result = await importCatalog(database().db, {
    organizations: [
      { slug: 'acme', name: 'Acme' },
      { slug: 'other', name: 'Other' },
    ],
  })
  if (!result.ok) throw new Error(JSON.stringify(result.errors))
}

describe('where a key holds its company prefix', () => {
  test('after the GTIN’s indicator, the SSCC’s extension digit and the GRAI’s zero; at the start elsewhere', () => {
    expect(companyPart('01', '09506000134352')).toBe('9506000134352')
    expect(companyPart('00', '095060001343520000')).toBe('95060001343520000')
    expect(companyPart('8003', '09506000134376ASSET')).toBe('9506000134376ASSET')
    expect(companyPart('414', '9506000000008')).toBe('9506000000008')
    expect(withinPrefixes('414', '9506000000008', ['9506000'])).toBe(true)
    expect(withinPrefixes('414', '9507000000005', ['9506000'])).toBe(false)
    expect(withinPrefixes('414', '9507000000005', [])).toBe(true)
  })
})

describe('company prefixes of an organization', () => {
  test('are added, listed in order and removed, each change audited; adding one again changes nothing', async () => {
    await seed()
    expect(await addCompanyPrefix(database().db, 'acme', '9506001')).toEqual({
      ok: true,
      prefixes: ['9506001'],
    })
    expect(await addCompanyPrefix(database().db, 'acme', '9506000')).toEqual({
      ok: true,
      prefixes: ['9506000', '9506001'],
    })
    expect(await addCompanyPrefix(database().db, 'acme', '9506000')).toEqual({
      ok: true,
      prefixes: ['9506000', '9506001'],
    })
    expect(await removeCompanyPrefix(database().db, 'acme', '9506001')).toEqual({
      ok: true,
      prefixes: ['9506000'],
    })
    expect(await listCompanyPrefixes(database().db, 'acme')).toEqual(['9506000'])
    expect(await listCompanyPrefixes(database().db, 'nobody')).toBeNull()
    const [org] = await database().db.query.organizations.findMany({
      where: (o, { eq }) => eq(o.slug, 'acme'),
    })
    const events = await listAudit(database().db, org?.id ?? '', { limit: 10 })
    const prefixEvents = events.filter((e) => e.action.startsWith('organization.prefix'))
    expect(prefixEvents.map((e) => [e.action, e.summary])).toEqual([
      ['organization.prefix_remove', { prefix: '9506001' }],
      ['organization.prefix_add', { prefix: '9506000' }],
      ['organization.prefix_add', { prefix: '9506001' }],
    ])
  })

  test('a prefix overlapping another organization’s, either way, or not 4 to 12 digits, is refused', async () => {
    await seed()
    await addCompanyPrefix(database().db, 'acme', '9506000')
    for (const prefix of ['95060001', '950600', '9506000']) {
      const refused = await addCompanyPrefix(database().db, 'other', prefix)
      expect(refused).toMatchObject({ ok: false, reason: 'taken' })
    }
    expect(await addCompanyPrefix(database().db, 'other', '9506100')).toEqual({
      ok: true,
      prefixes: ['9506100'],
    })
    for (const prefix of ['950', '1234567890123', '95060a0', ''])
      expect(await addCompanyPrefix(database().db, 'other', prefix)).toMatchObject({
        ok: false,
        reason: 'invalid',
      })
    expect(await addCompanyPrefix(database().db, 'nobody', '4000001')).toMatchObject({
      ok: false,
      reason: 'unknown',
    })
  })

  test('two organizations adding overlapping prefixes at once: one of them is refused', async () => {
    await seed()
    const [a, b] = await Promise.all([
      addCompanyPrefix(database().db, 'acme', '4000000'),
      addCompanyPrefix(database().db, 'other', '40000001'),
    ])
    expect([a.ok, b.ok].filter(Boolean)).toHaveLength(1)
  })
})

describe('an import within the organization’s prefixes', () => {
  test('refuses a product, item or rule outside them (Catalog.Ownership); none recorded is not checked', async () => {
    const file = {
      ...smallCatalog(),
      items: [
        {
          key: '414',
          value: '9507000000005',
          brand: 'acme-foods',
          slug: 'depot',
          defaultLanguage: 'en',
          languages: ['en'],
          pages: [
            {
              name: 'p',
              linkType: 'gs1:locationInfo',
              default: true,
              titles: { en: 'Depot' },
              content: { en: 'x' },
            },
          ],
        },
      ],
      rules: [
        {
          key: '00',
          prefix: '095060',
          brand: 'acme-foods',
          slug: 'pallets',
          defaultLanguage: 'en',
          languages: ['en'],
          pages: [
            {
              name: 'p',
              linkType: 'gs1:traceability',
              default: true,
              titles: { en: 'T' },
              href: 'https://a.example/{value}',
            },
          ],
        },
      ],
    }
    // The earlier tests recorded prefixes for acme: start from none, which is not checked.
    for (const prefix of (await listCompanyPrefixes(database().db, 'acme')) ?? [])
      await removeCompanyPrefix(database().db, 'acme', prefix)
    expect((await importCatalog(database().db, file)).ok).toBe(true)
    await addCompanyPrefix(database().db, 'acme', '9506000')
    const result = await importCatalog(database().db, file)
    expect(result.ok ? [] : result.errors.map((e) => [e.code, e.path, e.message])).toEqual([
      [
        'Catalog.Ownership',
        'items[0].value',
        "(414) 9507000000005 is outside the GS1 Company Prefixes of organization 'acme' (9506000)",
      ],
      [
        'Catalog.Ownership',
        'rules[0].prefix',
        "(00) 095060* is outside the GS1 Company Prefixes of organization 'acme' (9506000)",
      ],
    ])
    await addCompanyPrefix(database().db, 'acme', '9507000')
    const narrower = { ...file, rules: [{ ...file.rules[0], prefix: '09506000', slug: 'pallets-2' }] }
    expect((await importCatalog(database().db, narrower)).ok).toBe(true)
  })
})
