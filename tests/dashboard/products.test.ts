import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { newFormId } from '../../src/dashboard/form.ts'
import { exportCatalog } from '../../src/services/catalog/export.ts'
import { importCatalog } from '../../src/services/catalog/import.ts'
import { getProduct } from '../../src/services/catalog/products.ts'
import { oatDrinkBody } from '../catalog/fixtures.ts'
import { DATABASE_HOOK_TIMEOUT_MS } from '../support/db.ts'
import { type Harness, openHarness, signedIn, textOf } from './harness.ts'

let h: Harness
const GTIN = '09506000134352'

beforeAll(async () => {
  h = await openHarness()
  const imported = await importCatalog(h.database.db, {
    brands: [
      {
        slug: 'acme-oats',
        name: 'Acme Oats',
        organization: 'acme',
        customDomain: 'oats.example',
        customDomainActive: true,
      },
    ],
    products: [
      {
        gtin: GTIN,
        ...oatDrinkBody,
        pages: [
          ...oatDrinkBody.pages,
          { name: 'recipes', linkType: 'gs1:recipeInfo', titles: { de: 'Rezepte' } },
        ],
      },
    ],
  })
  if (!imported.ok) throw new Error(JSON.stringify(imported.errors))
}, DATABASE_HOOK_TIMEOUT_MS)
afterAll(async () => {
  await h?.close()
}, DATABASE_HOOK_TIMEOUT_MS)

/** The fields of a product's editor form as its page renders them (the hidden ones included). */
function editorFields(page: string): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const m of page.matchAll(/<input[^>]*name="([^"]+)"[^>]*>/g)) {
    const tag = m[0]
    const name = m[1] as string
    if (/type="(checkbox|radio)"/.test(tag) && !/ checked/.test(tag)) continue
    fields[name] = /type="(checkbox)"/.test(tag)
      ? 'on'
      : (/value="([^"]*)"/.exec(tag)?.[1] ?? '').replace(/&quot;/g, '"').replace(/&amp;/g, '&')
  }
  for (const m of page.matchAll(/<select[^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/select>/g)) {
    fields[m[1] as string] = /<option value="([^"]*)" selected>/.exec(m[2] as string)?.[1] ?? ''
  }
  for (const m of page.matchAll(/<textarea[^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/textarea>/g))
    fields[m[1] as string] = m[2] as string
  delete fields.csrf
  return fields
}

describe('Products', () => {
  test('the list shows the organization’s products; search finds by name and by GTIN-13', async () => {
    const viewer = await signedIn(h, 'viewer')
    const list = textOf(await (await viewer.get('/orgs/acme/products')).text())
    // The brand by its name, as the brand filter lists it, not its URL name.
    expect(list).toContain(`${GTIN} Oat drink oat-drink Acme Oats published en, de`)
    expect(textOf(await (await viewer.get('/orgs/acme/products?q=hafer')).text())).toContain(GTIN)
    expect(textOf(await (await viewer.get('/orgs/acme/products?q=9506000134352')).text())).toContain(GTIN)
    expect(textOf(await (await viewer.get('/orgs/acme/products?q=nothing-like-it')).text())).toContain(
      'No product matches.',
    )
    const rival = await signedIn(h, 'rival')
    expect(await (await rival.get('/orgs/globex/products')).text()).not.toContain(GTIN)
  })

  test('a product page shows where a scan goes per language, through the custom domain, as the resolver answers', async () => {
    const viewer = await signedIn(h, 'viewer')
    const page = textOf(await (await viewer.get(`/orgs/acme/products/${GTIN}`)).text())
    expect(page).toContain(
      `Where a scan goes A scan of http://id.test/01/${GTIN}, by the scanner's language, as the resolver answers it. Scanner's language Opens`,
    )
    expect(page).toContain(
      'en https://oats.example/en/acme-oats/oat-drink/info through the custom domain oats.example',
    )
    expect(page).toContain('de https://oats.example/de/acme-oats/oat-drink/info')
    expect(page).toContain('any other https://oats.example/en/acme-oats/oat-drink/info')
    expect(page).toContain('Editors and owners can change products.')
    // Unpublished, the preview says first that scans answer “not found”, then where they will go once published.
    const stored = (await exportCatalog(h.database.db, 'acme'))?.products?.find((p) => p.gtin === GTIN)
    const setPublished = async (published: boolean) =>
      expect((await importCatalog(h.database.db, { products: [{ ...stored, published }] })).ok).toBe(true)
    await setPublished(false)
    const hidden = textOf(await (await viewer.get(`/orgs/acme/products/${GTIN}`)).text())
    await setPublished(true)
    expect(hidden).toContain(
      `Not published: every scan of http://id.test/01/${GTIN} answers “not found” now. Once it is published, scans go where this table says. Scanner's language Will open`,
    )
    const short = await viewer.get('/orgs/acme/products/9506000134352')
    expect(short.status).toBe(303)
    expect(short.headers.get('location')).toBe(`/orgs/acme/products/${GTIN}`)
    expect((await viewer.post(`/orgs/acme/products/${GTIN}`, { slug: 'x' })).status).toBe(403)
  })

  test('an editor edits a product: the save goes through the catalog service with If-Match, and a stale form is 409', async () => {
    const editor = await signedIn(h, 'editor')
    const page = await (await editor.get(`/orgs/acme/products/${GTIN}`)).text()
    const fields = editorFields(page)
    // A second tab opened on the same version before the first saves.
    const otherTab = editorFields(await (await editor.get(`/orgs/acme/products/${GTIN}`)).text())
    expect(otherTab.once).not.toBe(fields.once)
    expect(fields['name.de']).toBe('Haferdrink')
    expect(fields['page.1.title.de']).toBe('Rezepte')
    const saved = await editor.post(`/orgs/acme/products/${GTIN}`, {
      ...fields,
      'name.de': 'Hafer-Drink',
      action: 'save',
    })
    expect(saved.status).toBe(303)
    expect(saved.headers.get('location')).toBe(`/orgs/acme/products/${GTIN}?done=saved`)
    expect((await getProduct(h.database.db, h.orgIds.acme ?? '', GTIN))?.product.names.de).toBe('Hafer-Drink')
    const stale = await editor.post(`/orgs/acme/products/${GTIN}`, {
      ...otherTab,
      'name.de': 'Old tab',
      action: 'save',
    })
    expect(stale.status).toBe(409)
    expect(textOf(await stale.text())).toContain('Someone else changed this product while you edited it.')
    expect((await getProduct(h.database.db, h.orgIds.acme ?? '', GTIN))?.product.names.de).toBe('Hafer-Drink')
  })

  test('errors are listed at the top and placed on their fields; nothing is saved', async () => {
    const editor = await signedIn(h, 'editor')
    const fields = editorFields(await (await editor.get(`/orgs/acme/products/${GTIN}`)).text())
    const bad = await editor.post(`/orgs/acme/products/${GTIN}`, {
      ...fields,
      slug: 'Not Valid',
      'page.0.title.en': '',
      'page.0.title.de': '',
      action: 'save',
    })
    expect(bad.status).toBe(422)
    const body = await bad.text()
    expect(textOf(body)).toContain('The product was not saved.')
    expect(body).toContain('<a href="#f-slug">')
    expect(body).toMatch(/id="f-slug"[^>]*aria-invalid="true"/)
    // Said as what to type, not as the file format's pattern.
    expect(textOf(body)).toContain(
      'Use lower-case letters, digits and hyphens (at most 100), starting with a letter or a digit.',
    )
    expect(textOf(body)).toContain('Fill in at least one language.')
    expect(body).not.toContain('Expected string to match')
    // A name too long is said in characters, emoji counted as one each.
    for (const [name, message] of [
      ['x'.repeat(201), 'Use at most 200 characters (this has 201).'],
      ['🍚'.repeat(300), 'Use at most 200 characters (this has 300).'],
    ] as const) {
      const long = await editor.post(`/orgs/acme/products/${GTIN}`, {
        ...fields,
        'name.de': name,
        action: 'save',
      })
      expect(long.status).toBe(422)
      const page = await long.text()
      expect(page).toMatch(/id="f-name\.de"[^>]*aria-invalid="true"/)
      // The summary at the top names the field; the field itself says the message.
      expect(textOf(page)).toContain(`The product was not saved. Name (de): ${message}`)
    }
  })

  test('a refused save keeps the stored name in the heading and the browser title, not the GTIN', async () => {
    const editor = await signedIn(h, 'editor')
    const fields = editorFields(await (await editor.get(`/orgs/acme/products/${GTIN}`)).text())
    const changes: Record<string, string>[] = [
      { slug: 'Not Valid' },
      { slug: 'Not Valid', 'name.en': 'Renamed' },
      { 'name.en': '' },
    ]
    for (const change of changes) {
      const refused = await editor.post(`/orgs/acme/products/${GTIN}`, {
        ...fields,
        ...change,
        'page.0.title.en': '',
        'page.0.title.de': '',
        action: 'save',
      })
      expect(refused.status).toBe(422)
      const body = await refused.text()
      expect(body).toContain('<h1>Oat drink</h1>')
      expect(body).toMatch(/<title>Oat drink\b/)
      expect(body).not.toContain(`<h1>${GTIN}</h1>`)
    }
    // “Update the form” changes nothing either: the heading is the stored name.
    const refreshed = await editor.post(`/orgs/acme/products/${GTIN}`, {
      ...fields,
      'name.en': 'Renamed',
      action: 'refresh',
    })
    expect(await refreshed.text()).toContain('<h1>Oat drink</h1>')
    // A new product refused keeps its heading.
    const created = await editor.post('/orgs/acme/products', { ...fields, gtin: '123', action: 'save' })
    expect(created.status).toBe(422)
    expect(await created.text()).toContain('<h1>New product</h1>')
  })

  test('a product saved without a name in its default language is saved with a warning at that name', async () => {
    const editor = await signedIn(h, 'editor')
    const fields = editorFields(await (await editor.get(`/orgs/acme/products/${GTIN}`)).text())
    const saved = await editor.post(`/orgs/acme/products/${GTIN}`, {
      ...fields,
      'name.en': '',
      action: 'save',
    })
    expect(saved.status).toBe(303)
    expect(saved.headers.get('location')).toBe(`/orgs/acme/products/${GTIN}?done=saved`)
    const body = await (await editor.get(`/orgs/acme/products/${GTIN}?done=saved`)).text()
    const restored = await editor.post(`/orgs/acme/products/${GTIN}`, {
      ...editorFields(body),
      'name.en': 'Oat drink',
      action: 'save',
    })
    expect(restored.status).toBe(303)
    expect(textOf(body)).toContain('Warnings: the product is saved, but visitors would find it wanting.')
    expect(textOf(body)).toContain(
      "Name (en): no name in the default language 'en': scanners' pages and the linkset show none",
    )
    expect(body).toMatch(/id="f-name\.en"[^>]*aria-describedby="[^"]*f-name\.en-warning"/)
    expect(body).not.toMatch(/id="f-name\.en"[^>]*aria-invalid/)
  })

  test('a page text without a title in its language is an error on that text, never dropped on save', async () => {
    const editor = await signedIn(h, 'editor')
    const fields = editorFields(await (await editor.get(`/orgs/acme/products/${GTIN}`)).text())
    const before = (await getProduct(h.database.db, h.orgIds.acme ?? '', GTIN))?.etag
    const bad = await editor.post(`/orgs/acme/products/${GTIN}`, {
      ...fields,
      'page.0.title.de': '',
      'page.0.content.de': 'Nur Text, kein Titel',
      action: 'save',
    })
    expect(bad.status).toBe(422)
    const body = await bad.text()
    expect(textOf(body)).toContain("content in 'de' needs a title in 'de'")
    expect(body).toMatch(/id="f-page\.0\.content\.de"[^>]*>Nur Text, kein Titel</)
    expect((await getProduct(h.database.db, h.orgIds.acme ?? '', GTIN))?.etag).toBe(before)
  })

  test('removing the default page asks for another default first; nothing is saved', async () => {
    const editor = await signedIn(h, 'editor')
    const fields = editorFields(await (await editor.get(`/orgs/acme/products/${GTIN}`)).text())
    expect(fields.default).toBe('0')
    const before = (await getProduct(h.database.db, h.orgIds.acme ?? '', GTIN))?.etag
    const refused = await editor.post(`/orgs/acme/products/${GTIN}`, {
      ...fields,
      'page.0.remove': 'on',
      action: 'save',
    })
    expect(refused.status).toBe(422)
    expect(textOf(await refused.text())).toContain(
      'The default page is marked for removal: choose another default page first.',
    )
    expect((await getProduct(h.database.db, h.orgIds.acme ?? '', GTIN))?.etag).toBe(before)
  })

  test('“Update the form” adds the fields of a new language without saving', async () => {
    const editor = await signedIn(h, 'editor')
    const fields = editorFields(await (await editor.get(`/orgs/acme/products/${GTIN}`)).text())
    const refreshed = await editor.post(`/orgs/acme/products/${GTIN}`, {
      ...fields,
      languages: 'en, de, fr',
      action: 'refresh',
    })
    expect(refreshed.status).toBe(200)
    const body = await refreshed.text()
    expect(body).toContain('name="name.fr"')
    expect(body).toContain('name="page.0.title.fr"')
    expect((await getProduct(h.database.db, h.orgIds.acme ?? '', GTIN))?.product.languages).toEqual([
      'en',
      'de',
    ])
  })

  test('a new product is created from the form; an existing GTIN is refused; delete asks first', async () => {
    const editor = await signedIn(h, 'editor')
    const form = {
      gtin: '9506000134369',
      brand: 'acme-oats',
      slug: 'oat-bar',
      published: 'on',
      languages: 'en',
      defaultLanguage: 'en',
      'name.en': 'Oat bar',
      'page.0.name': 'info',
      'page.0.linkType': 'gs1:pip',
      'page.0.title.en': 'About the bar',
      default: '0',
      'page.1.name': '',
      'page.1.linkType': 'gs1:pip',
      action: 'save',
    }
    const created = await editor.post('/orgs/acme/products', form)
    expect(created.headers.get('location')).toBe('/orgs/acme/products/09506000134369?done=created')
    const again = await editor.post('/orgs/acme/products', form)
    expect(again.status).toBe(409)
    expect(textOf(await again.text())).toContain('A product with GTIN 09506000134369 exists already.')
    const badGtin = await editor.post('/orgs/acme/products', { ...form, gtin: '9506000134360' })
    expect(badGtin.status).toBe(422)
    expect(textOf(await badGtin.text())).toContain(
      'Enter a GTIN of 8, 12, 13 or 14 digits with the right check digit.',
    )
    // A wrong GTIN and the rest at once, not one more error on each submit.
    const allWrong = await editor.post('/orgs/acme/products', {
      ...form,
      gtin: '123',
      slug: '',
      'name.en': '',
    })
    expect(allWrong.status).toBe(422)
    const body = await allWrong.text()
    for (const id of ['f-gtin', 'f-slug'])
      expect(body).toMatch(new RegExp(`id="${id}"[^>]*aria-invalid="true"`))
    expect(textOf(await (await editor.get('/orgs/acme/products/09506000134369/delete')).text())).toContain(
      'Delete “Oat bar”?',
    )
    const deleted = await editor.post('/orgs/acme/products/09506000134369/delete')
    expect(deleted.headers.get('location')).toBe('/orgs/acme/products?done=deleted')
    expect(await getProduct(h.database.db, h.orgIds.acme ?? '', '09506000134369')).toBeNull()
  })
})

describe('catalog import and export', () => {
  test('export downloads the organization’s catalog; checking a file reports what would change and writes nothing', async () => {
    const editor = await signedIn(h, 'editor')
    const exported = await editor.get('/orgs/acme/catalog/export')
    expect(exported.headers.get('content-disposition')).toMatch(
      /^attachment; filename="acme-catalog-2026-11-24\.json"$/,
    )
    const catalog = await exported.json()
    expect(catalog.products.map((p: { gtin: string }) => p.gtin)).toEqual([GTIN])
    catalog.products[0].names.en = 'Oat drink, barista'
    const text = JSON.stringify(catalog)
    const check = await editor.post('/orgs/acme/catalog/import', { text, action: 'check' })
    expect(check.status).toBe(200)
    const checked = textOf(await check.text())
    expect(checked).toContain('The file is valid. Importing it would make 1 change:')
    expect((await getProduct(h.database.db, h.orgIds.acme ?? '', GTIN))?.product.names.en).toBe('Oat drink')
    const imported = await editor.post('/orgs/acme/catalog/import', { text, action: 'import' })
    expect(textOf(await imported.text())).toContain('Imported: 1 change.')
    const same = await editor.post('/orgs/acme/catalog/import', { text, action: 'import' })
    expect(textOf(await same.text())).toContain(
      'Imported: nothing changed, the catalog already was as the file says.',
    )
    expect((await getProduct(h.database.db, h.orgIds.acme ?? '', GTIN))?.product.names.en).toBe(
      'Oat drink, barista',
    )
  })

  test('a file with errors lists each with its path and code; another organization’s brand is out of scope', async () => {
    const editor = await signedIn(h, 'editor')
    const file = { brands: [{ slug: 'globex-tools', name: 'Mine now', organization: 'acme' }] }
    const refused = await editor.post('/orgs/acme/catalog/import', {
      text: JSON.stringify(file),
      action: 'import',
    })
    expect(refused.status).toBe(422)
    const body = await refused.text()
    const text = textOf(body)
    expect(text).toContain('The file has 1 error; nothing was imported.')
    expect(text).toContain('brands[0].organization Catalog.Ownership')
    // The pasted text stays in its box, to be fixed there.
    expect(body).toContain('"globex-tools"'.replace(/"/g, '&quot;'))
    const notJson = await editor.post('/orgs/acme/catalog/import', { text: '{ nope', action: 'check' })
    const notJsonBody = await notJson.text()
    expect(textOf(notJsonBody)).toContain('The file is not JSON.')
    expect(notJsonBody).toContain('>{ nope</textarea>')
  })

  test('a file can be uploaded as multipart form data', async () => {
    const editor = await signedIn(h, 'editor')
    const form = new FormData()
    form.set('csrf', editor.csrf ?? '')
    form.set('once', newFormId())
    form.set('action', 'check')
    form.set('file', new Blob([JSON.stringify({ brands: [] })], { type: 'application/json' }), 'catalog.json')
    const response = await h.dashboard(
      new Request(`${h.origin}/orgs/acme/catalog/import`, {
        method: 'POST',
        headers: { origin: h.origin, cookie: `session=${editor.cookie}` },
        body: form,
      }),
    )
    expect(response.status).toBe(200)
    expect(textOf(await response.text())).toContain('The file is valid and changes nothing.')
  })
})

describe('Codes', () => {
  test('makes the Digital Link on the custom domain, its element string and HRI, the QR image and its SVG file', async () => {
    const viewer = await signedIn(h, 'viewer')
    const query = 'gtin=9506000134352&lot=L42&expiry=271231&host=custom&symbol=qr&ecc=M'
    const page = await viewer.get(`/orgs/acme/codes?${query}`)
    expect(page.status).toBe(200)
    const body = await page.text()
    const text = textOf(body)
    expect(text).toContain('Barcode text https://oats.example/01/09506000134352/10/L42?17=271231')
    expect(text).toContain('Element string (01)09506000134352(10)L42(17)271231')
    expect(text).toContain('HRI (01)09506000134352(10)L42(17)271231')
    expect(body).toMatch(/<img class="symbol" src="data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+"/)
    const svg = await viewer.get(`/orgs/acme/codes/svg?${query}`)
    expect(svg.headers.get('content-type')).toBe('image/svg+xml')
    expect(svg.headers.get('content-disposition')).toBe(
      'attachment; filename="09506000134352-lot-L42-qr.svg"',
    )
    expect(await svg.text()).toStartWith('<svg')
  })

  test('explains a GTIN that is not the organization’s, and generator errors with their codes', async () => {
    const viewer = await signedIn(h, 'viewer')
    const missing = await viewer.get('/orgs/acme/codes?gtin=4000000000006')
    expect(missing.status).toBe(422)
    expect(textOf(await missing.text())).toContain(
      'No product of this organization has that GTIN, and no prefix rule answers it.',
    )
    const invalid = await viewer.get('/orgs/acme/codes?gtin=9506000134352&expiry=271399')
    expect(invalid.status).toBe(422)
    expect(textOf(await invalid.text())).toContain('No code for Oat drink, barista:')
  })

  test('says beside the code when its scans would fail: an unpublished product, a link type it has no page of', async () => {
    const viewer = await signedIn(h, 'viewer')
    const warnings = async (query: string) =>
      [
        ...(await (await viewer.get(`/orgs/acme/codes?gtin=9506000134352&${query}`)).text()).matchAll(
          /<div class="notice warn"[^>]*>([\s\S]*?)<\/div>/g,
        ),
      ].map((m) => textOf(m[1] as string))
    const published = (await getProduct(h.database.db, h.orgIds.acme ?? '', GTIN))?.product.published
    const unpublished = published
      ? []
      : ['This product is not published: scans of this code answer “not found” until you publish it.']
    expect(await warnings('linkType=gs1:recipeInfo')).toEqual(unpublished)
    expect(await warnings('linkType=gs1:certificationInfo')).toEqual([
      ...unpublished,
      'The product has no page of link type gs1:certificationInfo: scans of this code answer “not found” until it has one.',
    ])
    expect(await warnings('host=none&linkType=gs1:certificationInfo')).toEqual([])
  })

  test('takes an expiry date as a date picker writes it, and never cuts what was typed into another code', async () => {
    const viewer = await signedIn(h, 'viewer')
    const picked = await viewer.get('/orgs/acme/codes?gtin=9506000134352&expiry=2027-12-31&host=resolver')
    expect(picked.status).toBe(200)
    expect(textOf(await picked.text())).toContain('Element string (01)09506000134352(17)271231')
    const long = await viewer.get('/orgs/acme/codes?gtin=9506000134352&expiry=2712311')
    expect(long.status).toBe(422)
    expect(textOf(await long.text())).not.toContain('(17)271231')
    const gtin15 = await viewer.get('/orgs/acme/codes?gtin=095060001343521')
    expect(gtin15.status).toBe(422)
  })
})
