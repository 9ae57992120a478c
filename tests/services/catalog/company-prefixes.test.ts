/** GS1 Company Prefixes (DESIGN §12): recorded per organization, never overlapping; imports stay within them. */
import { describe, expect, test } from 'bun:test'
import { companyPart, withinPrefixes } from '../../../src/catalog/company-prefix.ts'
import { gs1CheckDigit } from '../../../src/gs1/check-digit.ts'
import { CLI_ACTOR, listAudit } from '../../../src/services/audit.ts'
import {
  addCompanyPrefix,
  listCompanyPrefixes,
  removeCompanyPrefix,
} from '../../../src/services/catalog/company-prefixes.ts'
import { exportCatalog } from '../../../src/services/catalog/export.ts'
import { importCatalog } from '../../../src/services/catalog/import.ts'
import { smallCatalog } from '../../catalog/fixtures.ts'
import { useTestDatabase } from '../../support/db.ts'

const database = useTestDatabase()
const gtinOf = (body: string) => `${body}${gs1CheckDigit(body)}`

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

describe('companyPrefixes in the catalog file', () => {
  const errorsOf = (result: Awaited<ReturnType<typeof importCatalog>>) =>
    result.ok ? [] : result.errors.map((e) => [e.code, e.path, e.message])
  const clear = async (...slugs: string[]) => {
    for (const slug of slugs)
      for (const prefix of (await listCompanyPrefixes(database().db, slug)) ?? [])
        await removeCompanyPrefix(database().db, slug, prefix)
  }
  const org = (slug: string, companyPrefixes?: string[]) => ({
    slug,
    name: slug === 'acme' ? 'Acme' : 'Other',
    ...(companyPrefixes === undefined ? {} : { companyPrefixes }),
  })

  test('a list given replaces the recorded one, audited per prefix; left out keeps it; [] clears it', async () => {
    await seed()
    await clear('acme', 'other')
    await addCompanyPrefix(database().db, 'acme', '9506001')
    const first = await importCatalog(database().db, { organizations: [org('acme', ['9506000', '9506002'])] })
    expect(first.ok && first.report.organizations).toEqual({ created: 0, updated: 1, unchanged: 0 })
    expect(await listCompanyPrefixes(database().db, 'acme')).toEqual(['9506000', '9506002'])
    const [row] = await database().db.query.organizations.findMany({
      where: (o, { eq }) => eq(o.slug, 'acme'),
    })
    const events = (await listAudit(database().db, row?.id ?? '', { limit: 10 })).map((e) => [
      e.action,
      e.summary,
    ])
    expect(events).toContainEqual(['organization.prefix_remove', { prefix: '9506001' }])
    expect(events).toContainEqual(['organization.prefix_add', { prefix: '9506000' }])
    expect(events).toContainEqual(['organization.prefix_add', { prefix: '9506002' }])
    const same = await importCatalog(database().db, { organizations: [org('acme', ['9506002', '9506000'])] })
    expect(same.ok && same.report.changes).toBe(0)
    const without = await importCatalog(database().db, { organizations: [org('acme')] })
    expect(without.ok && without.report.changes).toBe(0)
    expect(await listCompanyPrefixes(database().db, 'acme')).toEqual(['9506000', '9506002'])
    await importCatalog(database().db, { organizations: [org('acme', [])] })
    expect(await listCompanyPrefixes(database().db, 'acme')).toEqual([])
  })

  test('a new organization is created with its prefixes, and its entries are checked against them', async () => {
    const file = {
      organizations: [{ slug: 'initech', name: 'Initech', companyPrefixes: ['4000123'] }],
      brands: [{ slug: 'initech-labs', name: 'Initech Labs', organization: 'initech' }],
      products: [
        { ...smallCatalog().products?.[0], brand: 'initech-labs', slug: 'stapler', gtin: '04000123000013' },
        { ...smallCatalog().products?.[0], brand: 'initech-labs', slug: 'mug', gtin: '04000124000012' },
      ],
    }
    expect(errorsOf(await importCatalog(database().db, file))).toEqual([
      [
        'Catalog.Ownership',
        'products[1].gtin',
        "GTIN 04000124000012 is outside the GS1 Company Prefixes of organization 'initech' (4000123)",
      ],
    ])
    expect(await listCompanyPrefixes(database().db, 'initech')).toBeNull()
    const both = {
      ...file,
      organizations: [{ ...file.organizations[0], companyPrefixes: ['4000123', '4000124'] }],
    }
    expect((await importCatalog(database().db, both)).ok).toBe(true)
    expect(await listCompanyPrefixes(database().db, 'initech')).toEqual(['4000123', '4000124'])
  })

  test('a prefix overlapping one another organization keeps is Catalog.Ownership; one it gives up in the file is not', async () => {
    await seed()
    await clear('acme', 'other')
    await addCompanyPrefix(database().db, 'other', '9508000')
    const taken = await importCatalog(database().db, {
      organizations: [org('acme', ['9506000', '95080001'])],
    })
    expect(errorsOf(taken)).toEqual([
      [
        'Catalog.Ownership',
        'organizations[0].companyPrefixes[1]',
        "95080001 overlaps 9508000 of organization 'other': one of them must go",
      ],
    ])
    expect(await listCompanyPrefixes(database().db, 'acme')).toEqual([])
    const inFile = await importCatalog(database().db, {
      organizations: [org('acme', ['9509000']), org('other', ['950900', '9508000'])],
    })
    expect(errorsOf(inFile)).toEqual([
      [
        'Catalog.Ownership',
        'organizations[1].companyPrefixes[0]',
        "950900 overlaps 9509000 of organization 'acme': one of them must go",
      ],
    ])
    const handedOver = await importCatalog(database().db, {
      organizations: [org('acme', ['95080001']), org('other', ['9507000'])],
    })
    expect(errorsOf(handedOver)).toEqual([])
    expect(await listCompanyPrefixes(database().db, 'acme')).toEqual(['95080001'])
    expect(await listCompanyPrefixes(database().db, 'other')).toEqual(['9507000'])
  })

  test('a prefix twice in a list is Catalog.Duplicate; one not of 4 to 12 digits is Catalog.Schema', async () => {
    const twice = await importCatalog(database().db, { organizations: [org('acme', ['9506000', '9506000'])] })
    expect(errorsOf(twice)).toEqual([
      [
        'Catalog.Duplicate',
        'organizations[0].companyPrefixes[1]',
        "GS1 Company Prefix '9506000' is already defined at organizations[0].companyPrefixes[0]",
      ],
    ])
    for (const prefix of ['950', '1234567890123', '95060a0']) {
      const bad = await importCatalog(database().db, { organizations: [org('acme', [prefix])] })
      expect(errorsOf(bad).map(([code, path]) => [code, path])).toEqual([
        ['Catalog.Schema', 'organizations[0].companyPrefixes[0]'],
      ])
    }
  })

  test('the export lists them and re-imports unchanged; a scoped import may keep them but not change them', async () => {
    const product = smallCatalog().products?.[0]
    const file = {
      organizations: [{ slug: 'hooli', name: 'Hooli', plan: 'starter', companyPrefixes: ['4000555'] }],
      brands: [{ slug: 'hooli-xyz', name: 'Hooli XYZ', organization: 'hooli' }],
      products: [{ ...product, brand: 'hooli-xyz', slug: 'phone', gtin: gtinOf('0400055500001') }],
    }
    expect(errorsOf(await importCatalog(database().db, file))).toEqual([])
    const exported = await exportCatalog(database().db, 'hooli')
    expect(exported?.organizations?.[0]?.companyPrefixes).toEqual(['4000555'])
    const again = await importCatalog(database().db, exported)
    expect(errorsOf(again)).toEqual([])
    expect(again.ok && again.report.changes).toBe(0)
    const scope = { slug: 'hooli', name: 'Hooli', plan: 'starter', subscriptionStatus: 'active' }
    expect(errorsOf(await importCatalog(database().db, exported, { actor: CLI_ACTOR, scope }))).toEqual([])
    const organization = exported?.organizations?.[0]
    const changed = {
      ...exported,
      organizations: [{ ...organization, companyPrefixes: ['4000555', '4000556'] }],
    }
    expect(errorsOf(await importCatalog(database().db, changed, { actor: CLI_ACTOR, scope }))).toEqual([
      [
        'Catalog.Scope',
        'organizations[0]',
        "the organization's name, plan, subscription and GS1 Company Prefixes are managed by the operator; leave them as exported",
      ],
    ])
    expect(await listCompanyPrefixes(database().db, 'hooli')).toEqual(['4000555'])
  })
})

describe('another organization’s GS1 Company Prefixes', () => {
  const errorsOf = (result: Awaited<ReturnType<typeof importCatalog>>) =>
    result.ok ? [] : result.errors.map((e) => [e.code, e.path, e.message])
  const page = {
    name: 'p',
    linkType: 'gs1:pip',
    default: true,
    titles: { en: 'P' },
    href: 'https://x.example/',
  }
  const base = {
    organizations: [{ slug: 'rival', name: 'Rival' }],
    brands: [{ slug: 'rival-brand', name: 'Rival Brand', organization: 'rival' }],
  }
  const entry = (slug: string) => ({
    brand: 'rival-brand',
    slug,
    defaultLanguage: 'en',
    languages: ['en'],
    pages: [page],
  })

  test('an organization with none recorded cannot reach into one another holds: items and rules, GTINs too', async () => {
    await seed()
    for (const prefix of (await listCompanyPrefixes(database().db, 'acme')) ?? [])
      await removeCompanyPrefix(database().db, 'acme', prefix)
    await addCompanyPrefix(database().db, 'acme', '9506000')
    const result = await importCatalog(database().db, {
      ...base,
      items: [{ ...entry('depot'), key: '414', value: '9506000000008' }],
      rules: [
        { ...entry('gtins'), key: '01', prefix: '095060001' },
        { ...entry('wide'), key: '00', prefix: '09506' },
        { ...entry('own'), key: '00', prefix: '04000999' },
      ],
    })
    expect(errorsOf(result)).toEqual([
      [
        'Catalog.Ownership',
        'items[0].value',
        "(414) 9506000000008 lies within GS1 Company Prefix 9506000 of organization 'acme'",
      ],
      [
        'Catalog.Ownership',
        'rules[0].prefix',
        "the values of (01) 095060001* reach into GS1 Company Prefix 9506000 of organization 'acme'",
      ],
      [
        'Catalog.Ownership',
        'rules[1].prefix',
        "the values of (00) 09506* reach into GS1 Company Prefix 9506000 of organization 'acme'",
      ],
    ])
  })

  test('a rule names at least a whole company prefix: shorter is Catalog.Key at its prefix', async () => {
    const result = await importCatalog(database().db, {
      ...base,
      rules: [
        { ...entry('all'), key: '01', prefix: '0' },
        { ...entry('few'), key: '414', prefix: '950' },
      ],
    })
    expect(errorsOf(result)).toEqual([
      [
        'Catalog.Key',
        'rules[0].prefix',
        "a rule's prefix holds at least the 4 digits of a GS1 Company Prefix after its first digit; '0' is shorter",
      ],
      [
        'Catalog.Key',
        'rules[1].prefix',
        "a rule's prefix holds at least the 4 digits of a GS1 Company Prefix; '950' is shorter",
      ],
    ])
  })

  test('a prefix moves from one organization to another in one file, whichever comes first', async () => {
    await seed()
    await clearAll('acme', 'other')
    await addCompanyPrefix(database().db, 'other', '9508000')
    const org = (slug: string, companyPrefixes: string[]) => ({
      slug,
      name: slug === 'acme' ? 'Acme' : 'Other',
      companyPrefixes,
    })
    const moved = await importCatalog(database().db, {
      organizations: [org('acme', ['9508000']), org('other', [])],
    })
    expect(errorsOf(moved)).toEqual([])
    expect(await listCompanyPrefixes(database().db, 'acme')).toEqual(['9508000'])
    const back = await importCatalog(database().db, {
      organizations: [org('other', ['9508000']), org('acme', [])],
    })
    expect(errorsOf(back)).toEqual([])
    expect(await listCompanyPrefixes(database().db, 'other')).toEqual(['9508000'])
    expect(await listCompanyPrefixes(database().db, 'acme')).toEqual([])
  })
})

async function clearAll(...slugs: string[]) {
  for (const slug of slugs)
    for (const prefix of (await listCompanyPrefixes(database().db, slug)) ?? [])
      await removeCompanyPrefix(database().db, slug, prefix)
}
