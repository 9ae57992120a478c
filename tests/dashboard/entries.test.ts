import { describe, expect, test } from 'bun:test'
import { listAudit } from '../../src/services/audit.ts'
import { addCompanyPrefix } from '../../src/services/catalog/company-prefixes.ts'
import { getEntry, ITEMS, RULES } from '../../src/services/catalog/entries.ts'
import { formFields } from './editor-form.ts'
import { signedIn, textOf, useHarness } from './harness.ts'

const h = useHarness()
const GLN = '9506000000008'
const ITEM = `/orgs/acme/items/414/${GLN}`
const RULE = '/orgs/acme/rules/00/0950600'

/** The editor's fields for a new item: a place's GLN with one page linked to a template over its value. */
const NEW_ITEM = {
  key: '414',
  value: GLN,
  brand: 'acme-oats',
  slug: 'warehouse-north',
  published: 'on',
  languages: 'en, de',
  defaultLanguage: 'en',
  'name.en': 'Warehouse north',
  default: '0',
  'page.0.name': 'location',
  'page.0.linkType': 'gs1:locationInfo',
  'page.0.title.en': 'Where we are',
  'page.0.title.de': 'Wo wir sind',
  'page.0.kind': 'external',
  'page.0.hrefMode': 'one',
  'page.0.href': 'https://maps.example/gln/{value}?lang={language}',
  'page.0.type': '',
}

/** A rule for every SSCC the organization prints: its extension digit 0, then its company prefix. */
const NEW_RULE = {
  key: '00',
  prefix: '0950600',
  brand: 'acme-oats',
  slug: 'pallets',
  published: 'on',
  languages: 'en',
  defaultLanguage: 'en',
  'name.en': 'Our pallets',
  default: '0',
  'page.0.name': 'tracking',
  'page.0.linkType': 'gs1:traceability',
  'page.0.title.en': 'Where this pallet is',
  'page.0.kind': 'external',
  'page.0.hrefMode': 'one',
  'page.0.href': 'https://track.example/sscc/{value}',
}

/** The text of the error placed on a field, or null. */
function errorAt(page: string, id: string): string | null {
  const m = new RegExp(`<span class="error-text" id="${id.replace(/\./g, '\\.')}-error">([^<]*)</span>`).exec(
    page,
  )
  return m?.[1] ?? null
}

describe('Items and rules', () => {
  test('the Overview shows the GS1 Company Prefixes read only, and says what they do; none recorded is not checked', async () => {
    const rival = await signedIn(h, 'rival')
    const none = textOf(await (await rival.get('/orgs/globex')).text())
    expect(none).toContain(
      'GS1 Company Prefixes None recorded, so the GTINs, items and prefix rules of this organization are not checked against any.',
    )
    expect((await addCompanyPrefix(h.database.db, 'acme', '950600')).ok).toBe(true)
    const viewer = await signedIn(h, 'viewer')
    const page = await (await viewer.get('/orgs/acme')).text()
    expect(textOf(page)).toContain(
      'GS1 Company Prefixes The prefixes GS1 licensed this organization, as an operator recorded them. A product, item or prefix rule outside them is refused',
    )
    expect(page).toContain('<li><code>950600</code></li>')
    // Read only: no form changes them here.
    expect(page).not.toContain('prefix" type="text"')
  })

  test('an editor creates an item with a GLN and a URL template page: stored through the catalog, audited, listed, its scans previewed', async () => {
    const editor = await signedIn(h, 'editor')
    const form = await (await editor.get('/orgs/acme/items/new')).text()
    expect(form).toContain('<option value="414">(414) LOC No.: the GLN of a location</option>')
    expect(form).not.toContain('<option value="01"')
    const created = await editor.post('/orgs/acme/items', NEW_ITEM)
    expect(created.status).toBe(303)
    expect(created.headers.get('location')).toBe(`${ITEM}?done=created`)
    const stored = await getEntry(h.database.db, ITEMS, h.orgIds.acme as string, `414/${GLN}`)
    expect(stored?.entry).toEqual({
      key: '414',
      value: GLN,
      brand: 'acme-oats',
      slug: 'warehouse-north',
      published: true,
      defaultLanguage: 'en',
      languages: ['en', 'de'],
      names: { en: 'Warehouse north' },
      pages: [
        {
          name: 'location',
          linkType: 'gs1:locationInfo',
          default: true,
          titles: { en: 'Where we are', de: 'Wo wir sind' },
          href: 'https://maps.example/gln/{value}?lang={language}',
        },
      ],
    })
    const [event] = await listAudit(h.database.db, h.orgIds.acme as string, { limit: 1 })
    expect(event).toMatchObject({
      targetKind: 'item',
      targetId: `414/${GLN}`,
      actorLabel: 'eddie@acme.example',
    })
    const page = await (await editor.get(`${ITEM}?done=created`)).text()
    const text = textOf(page)
    expect(text).toContain('The item is created.')
    expect(text).toContain(`(414) LOC No.: the GLN of a location ${GLN}`)
    expect(page).toContain(`<code>http://id.test/414/${GLN}</code>`)
    expect(page).toContain(`href="https://maps.example/gln/${GLN}?lang=en"`)
    expect(page).toContain(`href="https://maps.example/gln/${GLN}?lang=de"`)
    const list = textOf(await (await editor.get('/orgs/acme/items')).text())
    expect(list).toContain(
      `414 LOC No.: the GLN of a location ${GLN} Warehouse north warehouse-north acme-oats published en, de`,
    )
    const audit = textOf(await (await editor.get('/orgs/acme/audit')).text())
    expect(audit).toContain(`created an item (414) ${GLN}`)
  })

  test('a rule for SSCC prefixes: listed by key and prefix, previewed for a sample value, or one typed; a value it does not answer is explained', async () => {
    const editor = await signedIn(h, 'editor')
    const created = await editor.post('/orgs/acme/rules', NEW_RULE)
    expect(created.headers.get('location')).toBe(`${RULE}?done=created`)
    const stored = await getEntry(h.database.db, RULES, h.orgIds.acme as string, '00/0950600~')
    expect(stored?.entry).toMatchObject({ key: '00', prefix: '0950600', slug: 'pallets' })
    const page = await (await editor.get(RULE)).text()
    expect(textOf(page)).toContain('(00) SSCC: a logistic unit, every value starting with 0950600')
    // The prefix padded to an SSCC with its check digit.
    expect(page).toContain('value="095060000000000008"')
    expect(page).toContain('href="https://track.example/sscc/095060000000000008"')
    const typed = await (await editor.get(`${RULE}?sample=095060012345678903`)).text()
    expect(typed).toContain('href="https://track.example/sscc/095060012345678903"')
    const other = await (await editor.get(`${RULE}?sample=195060012345678903`)).text()
    expect(errorAt(other, 'f-sample')).toBe('This rule answers only values that start with 0950600.')
    expect(other).not.toContain('href="https://track.example/sscc/')
    const wrong = await (await editor.get(`${RULE}?sample=095060012345678904`)).text()
    expect(errorAt(wrong, 'f-sample')).toContain('check digit')
    const rules = textOf(await (await editor.get('/orgs/acme/items?key=00')).text())
    expect(rules).toContain(
      'Prefix rules by key and prefix Key Prefix Name Brand State Languages Changed 00 SSCC: a logistic unit 0950600 Our pallets pallets acme-oats published en',
    )
    expect(rules).toContain('Items No item matches.')
    // A new entry from a list filtered by key is of that key.
    expect(await (await editor.get('/orgs/acme/items?key=00')).text()).toContain(
      'href="/orgs/acme/rules/new?key=00"',
    )
    expect(await (await editor.get('/orgs/acme/rules/new?key=00')).text()).toContain(
      '<option value="00" selected>',
    )
    const onlyRules = textOf(await (await editor.get('/orgs/acme/items?show=rules')).text())
    expect(onlyRules).not.toContain(GLN)
    expect(onlyRules).toContain('0950600')
  })

  test('a rule may be of GTINs (01), an item may not: offered, stored and previewed for a GTIN of the prefix', async () => {
    const editor = await signedIn(h, 'editor')
    const newItem = await (await editor.get('/orgs/acme/items/new')).text()
    expect(newItem).not.toContain('<option value="01"')
    const newRule = await (await editor.get('/orgs/acme/rules/new?key=01')).text()
    expect(newRule).toContain('<option value="01" selected>(01) GTIN: a trade item</option>')
    const created = await editor.post('/orgs/acme/rules', {
      ...NEW_RULE,
      key: '01',
      prefix: '09506000',
      slug: 'all-gtins',
      'page.0.href': 'https://shop.example/gtin/{value}',
    })
    expect(created.headers.get('location')).toBe('/orgs/acme/rules/01/09506000?done=created')
    const stored = await getEntry(h.database.db, RULES, h.orgIds.acme as string, '01/09506000~')
    expect(stored?.entry).toMatchObject({ key: '01', prefix: '09506000', slug: 'all-gtins' })
    const page = await (await editor.get('/orgs/acme/rules/01/09506000')).text()
    expect(textOf(page)).toContain('(01) GTIN: a trade item, every value starting with 09506000')
    expect(page).toContain('href="https://shop.example/gtin/09506000000008"')
    const item = await editor.post('/orgs/acme/items', { ...NEW_ITEM, key: '01', value: '09506000134352' })
    expect(item.status).toBe(422)
    expect(errorAt(await item.text(), 'f-key')).toBe('Choose the GS1 key of its Digital Links.')
    expect((await editor.post('/orgs/acme/rules/01/09506000/delete', {})).status).toBe(303)
  })

  test('saving an item unchanged changes nothing and records nothing; a stale form is 409 with what was typed', async () => {
    const editor = await signedIn(h, 'editor')
    const before = await getEntry(h.database.db, ITEMS, h.orgIds.acme as string, `414/${GLN}`)
    const events = (await listAudit(h.database.db, h.orgIds.acme as string, { limit: 100 })).length
    const page = await (await editor.get(ITEM)).text()
    const fields = formFields(page, ITEM)
    const saved = await editor.post(ITEM, fields)
    expect(saved.headers.get('location')).toBe(`${ITEM}?done=unchanged`)
    const after = await getEntry(h.database.db, ITEMS, h.orgIds.acme as string, `414/${GLN}`)
    expect(after?.etag).toBe(before?.etag as string)
    expect((await listAudit(h.database.db, h.orgIds.acme as string, { limit: 100 })).length).toBe(events)
    // Each send of the form as a browser would: the page's fields, a new one-time form id.
    const { once: _, ...again } = fields
    const changed = await editor.post(ITEM, { ...again, 'name.en': 'Warehouse North' })
    expect(changed.headers.get('location')).toBe(`${ITEM}?done=saved`)
    const stale = await editor.post(ITEM, { ...again, 'name.en': 'Lost update' })
    expect(stale.status).toBe(409)
    const body = await stale.text()
    expect(textOf(body)).toContain('Someone else changed this item while you edited it.')
    expect(body).toContain('value="Lost update"')
    const rule = await (await editor.get(RULE)).text()
    expect((await editor.post(RULE, formFields(rule, RULE))).headers.get('location')).toBe(
      `${RULE}?done=unchanged`,
    )
  })

  test('errors are placed at their fields: a wrong check digit is Catalog.Key at the value, a key left out at the key', async () => {
    const editor = await signedIn(h, 'editor')
    const bad = await editor.post('/orgs/acme/items', { ...NEW_ITEM, value: '9506000000009', slug: 'gate-2' })
    expect(bad.status).toBe(422)
    const page = await bad.text()
    expect(errorAt(page, 'f-value')).toBe(
      '(414) &#39;9506000000009&#39;: AI (414) expects a valid mod-10 check digit; &#39;9506000000009&#39; ends in 9, expected 8',
    )
    expect(page).toMatch(/id="f-value"[^>]*aria-invalid="true"/)
    expect(textOf(page)).toContain('The item was not saved.')
    expect(page).toContain('<a href="#f-value">Value: ')
    // No key chosen: said at the key, and the rest is checked at once.
    const noKey = await (
      await editor.post('/orgs/acme/items', { ...NEW_ITEM, key: '', slug: 'gate-2', defaultLanguage: 'fr' })
    ).text()
    expect(errorAt(noKey, 'f-key')).toBe('Choose the GS1 key of its Digital Links.')
    expect(errorAt(noKey, 'f-defaultLanguage')).not.toBeNull()
    const rule = await editor.post('/orgs/acme/rules', { ...NEW_RULE, prefix: '09506ABC', slug: 'crates' })
    expect(rule.status).toBe(422)
    expect(errorAt(await rule.text(), 'f-prefix')).toContain('09506ABC')
    // Outside the organization's company prefix (950600): refused at the value.
    const outside = await editor.post('/orgs/acme/items', {
      ...NEW_ITEM,
      value: '4012345000009',
      slug: 'gate-3',
    })
    expect(outside.status).toBe(422)
    expect(errorAt(await outside.text(), 'f-value')).toContain('4012345000009')
    // The same GLN again is the stored item's.
    const again = await editor.post('/orgs/acme/items', { ...NEW_ITEM, slug: 'gate-4' })
    expect(again.status).toBe(409)
    expect(errorAt(await again.text(), 'f-value')).toContain('already')
    expect(await getEntry(h.database.db, ITEMS, h.orgIds.acme as string, '414/9506000000009')).toBeNull()
  })

  test('a viewer reads the list and an item with no controls, and its posts are refused; another organization sees nothing', async () => {
    const viewer = await signedIn(h, 'viewer')
    const list = await (await viewer.get('/orgs/acme/items')).text()
    expect(list).toContain(GLN)
    expect(list).not.toContain('New item')
    expect(list).not.toContain('New prefix rule')
    const page = await (await viewer.get(ITEM)).text()
    expect(page).not.toContain(`<form method="post" action="${ITEM}"`)
    expect(page).not.toContain(`${ITEM}/delete`)
    expect(textOf(page)).toContain('Editors and owners can change items and rules.')
    expect((await viewer.post(ITEM, { 'name.en': 'Mine' })).status).toBe(403)
    expect((await viewer.get('/orgs/acme/items/new')).status).toBe(403)
    const rival = await signedIn(h, 'rival')
    expect((await rival.get(ITEM)).status).toBe(404)
    expect((await rival.get(`/orgs/globex/items/414/${GLN}`)).status).toBe(404)
    expect(await (await rival.get('/orgs/globex/items')).text()).not.toContain(GLN)
  })

  test('an item and a rule are deleted after asking; their pages are then 404', async () => {
    const editor = await signedIn(h, 'editor')
    const confirm = textOf(await (await editor.get(`${ITEM}/delete`)).text())
    expect(confirm).toContain('Delete “Warehouse North”?')
    const deleted = await editor.post(`${ITEM}/delete`)
    expect(deleted.headers.get('location')).toBe('/orgs/acme/items?done=deleted-item')
    expect((await editor.get(ITEM)).status).toBe(404)
    expect((await editor.post(`${RULE}/delete`)).headers.get('location')).toBe(
      '/orgs/acme/items?done=deleted-rule',
    )
    expect(await getEntry(h.database.db, RULES, h.orgIds.acme as string, '00/0950600~')).toBeNull()
    const list = textOf(await (await editor.get('/orgs/acme/items')).text())
    expect(list).toContain('No items yet.')
    expect(list).toContain('No prefix rules yet.')
  })
})
