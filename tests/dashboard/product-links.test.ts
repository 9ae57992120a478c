import { describe, expect, test } from 'bun:test'
import { listAudit } from '../../src/services/audit.ts'
import { exportCatalog } from '../../src/services/catalog/export.ts'
import { importCatalog } from '../../src/services/catalog/import.ts'
import { getProduct } from '../../src/services/catalog/products.ts'
import { asBrowserSends, formFields } from './editor-form.ts'
import { signedIn, textOf, useHarness } from './harness.ts'

const h = useHarness()
const GTIN = '09506000134352'
const EDIT = `/orgs/acme/products/${GTIN}`

/** The product as the form below creates it, in the catalog's canonical form (export, `GET /products/{gtin}`). */
const CREATED = {
  gtin: GTIN,
  brand: 'acme-oats',
  slug: 'oat-drink',
  published: true,
  defaultLanguage: 'en',
  languages: ['en', 'de'],
  names: { en: 'Oat drink', de: 'Haferdrink' },
  pages: [
    {
      name: 'info',
      linkType: 'gs1:pip',
      default: true,
      titles: { en: 'Information', de: 'Informationen' },
      href: { en: 'https://oats.example/en/p/{gtin}', de: 'https://oats.example/de/p/{gtin}' },
    },
    {
      name: 'recipes',
      linkType: 'gs1:recipeInfo',
      titles: { en: 'Recipes' },
      content: { en: 'Stir *well*.\n\n- oats\n- water\n' },
      image: { src: 'https://img.example/oats.png', alt: { en: 'A bowl of oats' } },
      validFrom: '2026-12-01T00:00+01:00',
    },
  ],
  lots: {
    L42: {
      pages: [
        {
          name: 'recall',
          linkType: 'gs1:recallStatus',
          titles: { en: 'Recall', de: 'Rückruf' },
          href: 'https://oats.example/recall/{lot}',
          type: 'application/pdf',
          context: 'recall-2026',
        },
      ],
    },
  },
}

/** The editor's fields for a new product like CREATED, as typed into the form. */
const NEW_PRODUCT_FORM = {
  gtin: '9506000134352',
  brand: 'acme-oats',
  slug: 'oat-drink',
  published: 'on',
  languages: 'en, de',
  defaultLanguage: 'en',
  'name.en': 'Oat drink',
  'name.de': 'Haferdrink',
  default: '0',
  'page.0.name': 'info',
  'page.0.linkType': 'gs1:pip',
  'page.0.title.en': 'Information',
  'page.0.title.de': 'Informationen',
  'page.0.kind': 'external',
  'page.0.hrefMode': 'each',
  'page.0.href': '',
  'page.0.href.en': 'https://oats.example/en/p/{gtin}',
  'page.0.href.de': 'https://oats.example/de/p/{gtin}',
  'page.0.type': '',
  'page.0.content.en': 'left behind: the page links elsewhere',
  'page.1.name': 'recipes',
  'page.1.linkType': 'gs1:recipeInfo',
  'page.1.title.en': 'Recipes',
  'page.1.kind': 'hosted',
  'page.1.content.en': 'Stir *well*.\r\n\r\n- oats\r\n- water\r\n',
  'page.1.image.src': 'https://img.example/oats.png',
  'page.1.image.alt.en': 'A bowl of oats',
  'page.1.href': 'https://left.example/behind',
  'page.1.validFrom': '2026-12-01T00:00',
  'page.1.validFrom.offset': '+01:00',
  'page.1.validUntil': '',
  'page.1.validUntil.offset': 'Z',
  'page.2.name': '',
  'page.2.linkType': 'gs1:pip',
  'page.2.validFrom.offset': 'Z',
  'lot.0.value': 'L42',
  'lot.0.page.0.name': 'recall',
  'lot.0.page.0.linkType': 'gs1:recallStatus',
  'lot.0.page.0.title.en': 'Recall',
  'lot.0.page.0.title.de': 'Rückruf',
  'lot.0.page.0.kind': 'external',
  'lot.0.page.0.hrefMode': 'one',
  'lot.0.page.0.href': 'https://oats.example/recall/{lot}',
  'lot.0.page.0.type': 'application/pdf',
  'lot.0.page.0.context': 'recall-2026',
  'lot.0.page.1.name': '',
  'lot.1.value': '',
  'lot.1.page.0.name': '',
  action: 'save',
}

async function exported(gtin = GTIN): Promise<unknown> {
  return (await exportCatalog(h.database.db, 'acme'))?.products?.find((p) => p.gtin === gtin)
}

async function auditCount(): Promise<number> {
  return (await listAudit(h.database.db, h.orgIds.acme ?? '', { limit: 1000 })).length
}

/** The `<a>` elements of the page whose href is `url`. */
function linksTo(body: string, url: string): string[] {
  const escaped = url.replace(/&/g, '&amp;')
  return [...body.matchAll(/<a [^>]*>/g)].map((m) => m[0]).filter((a) => a.includes(`href="${escaped}"`))
}

describe('the product editor: pages hosted here or linked anywhere, windows, lots', () => {
  test('an image without a text for people who cannot see it is refused in those words, not as a language to fill in', async () => {
    const editor = await signedIn(h, 'editor')
    const refused = await editor.post('/orgs/acme/products', {
      ...NEW_PRODUCT_FORM,
      gtin: '09506000134369',
      slug: 'oats-no-alt',
      'page.1.image.alt.en': '',
    })
    expect(refused.status).toBe(422)
    expect(textOf(await refused.text())).toContain(
      'Give the image a text for people who cannot see it, in a language the page is published in.',
    )
  })

  test('a product with an external default page (a template per language) and a lot page is created from the form and stored exactly', async () => {
    const editor = await signedIn(h, 'editor')
    const created = await editor.post('/orgs/acme/products', NEW_PRODUCT_FORM)
    expect(created.status).toBe(303)
    expect(created.headers.get('location')).toBe(`${EDIT}?done=created`)
    // Only the chosen kind's fields are saved; line breaks as typed (CRLF from a browser) are stored as LF.
    expect(JSON.stringify(await exported())).toBe(JSON.stringify(CREATED))
    const stored = await getProduct(h.database.db, h.orgIds.acme ?? '', GTIN)
    expect(JSON.stringify(stored?.product)).toBe(JSON.stringify(CREATED))
  })

  test('the editor shows every field of the stored product: the kind, the links per language, the window, the lot', async () => {
    const editor = await signedIn(h, 'editor')
    const body = await (await editor.get(EDIT)).text()
    const fields = formFields(body, EDIT)
    expect(fields).toMatchObject({
      'page.0.kind': 'external',
      'page.0.hrefMode': 'each',
      'page.0.href.en': 'https://oats.example/en/p/{gtin}',
      'page.0.href.de': 'https://oats.example/de/p/{gtin}',
      'page.1.kind': 'hosted',
      'page.1.content.en': 'Stir *well*.\n\n- oats\n- water\n',
      'page.1.image.src': 'https://img.example/oats.png',
      'page.1.image.alt.en': 'A bowl of oats',
      'page.1.validFrom': '2026-12-01T00:00',
      'page.1.validFrom.offset': '+01:00',
      'lot.0.value': 'L42',
      'lot.0.page.0.kind': 'external',
      'lot.0.page.0.hrefMode': 'one',
      'lot.0.page.0.href': 'https://oats.example/recall/{lot}',
      'lot.0.page.0.type': 'application/pdf',
      'lot.0.page.0.context': 'recall-2026',
      'lot.1.value': '',
    })
    expect(body).toMatch(/<input id="f-page\.1\.validFrom" name="page\.1\.validFrom" type="datetime-local"/)
    expect(textOf(body)).toContain(
      'The text is a Markdown subset: paragraphs (a blank line between them), *emphasis*, **strong**, lists',
    )
    expect(textOf(body)).toContain('Z for UTC, or +01:00, -05:00 and so on.')
  })

  test('the preview links the final URL of every page per language and per lot; a page outside its window is not shown now', async () => {
    const viewer = await signedIn(h, 'viewer')
    const body = await (await viewer.get(EDIT)).text()
    const text = textOf(body)
    // A bare scan, as the resolver answers it: the brand's URL, the template expanded.
    expect(text).toContain('en https://oats.example/en/p/09506000134352')
    expect(text).toContain('de https://oats.example/de/p/09506000134352')
    expect(text).toContain('any other https://oats.example/en/p/09506000134352')
    const expected = [
      'https://oats.example/en/p/09506000134352',
      'https://oats.example/de/p/09506000134352',
      // A scan of lot L42: the lot added, since the template leaves it out; the lot's recall page expands it.
      'https://oats.example/en/p/09506000134352?10=L42',
      'https://oats.example/de/p/09506000134352?10=L42',
      'https://oats.example/recall/L42',
    ]
    for (const url of expected) {
      const links = linksTo(body, url)
      expect(links.length).toBeGreaterThan(0)
      for (const a of links) expect(a).toContain('rel="noopener noreferrer"')
    }
    expect(text).toContain(`Every page A scan of http://id.test/01/${GTIN} asking for a page`)
    expect(text).toContain(`Lot L42 A scan of http://id.test/01/${GTIN}/10/L42 sees the lot's pages first`)
    expect(text).toContain('recipes Recipe website; hosted here not shown now (from 2026-12-01T00:00+01:00)')
    expect(text).toContain("recall Recall status; the lot's own, link to a URL")
    expect(text).not.toContain('/recipes')
    // Once its window opens, the hosted page is on the resolver, in the language it has; for the lot with ?10=.
    h.clock.now = Date.parse('2026-12-02T00:00:00Z')
    try {
      // Days later: a new session.
      const later = await (await (await signedIn(h, 'viewer')).get(EDIT)).text()
      expect(textOf(later)).toContain(
        'recipes Recipe website; hosted here en http://id.test/en/acme-oats/oat-drink/recipes de http://id.test/en/acme-oats/oat-drink/recipes the page in en',
      )
      expect(linksTo(later, 'http://id.test/en/acme-oats/oat-drink/recipes?10=L42').length).toBe(3)
    } finally {
      h.clock.now = Date.parse('2026-11-24T10:00:00Z')
    }
  })

  test('saving the editor unchanged, as a browser sends it, keeps the product byte for byte and records nothing', async () => {
    const editor = await signedIn(h, 'editor')
    const before = JSON.stringify(await exported())
    const events = await auditCount()
    const page = await (await editor.get(EDIT)).text()
    const saved = await editor.post(EDIT, { ...asBrowserSends(page, formFields(page, EDIT)), action: 'save' })
    expect(saved.headers.get('location')).toBe(`${EDIT}?done=unchanged`)
    expect(JSON.stringify(await exported())).toBe(before)
    expect(await auditCount()).toBe(events)
  })

  test('what a form cannot give back as stored (seconds, CRLF, a blank text, the titles’ order) is kept when it means the same', async () => {
    const gtin = '09506000134369'
    const product = {
      gtin,
      brand: 'acme-oats',
      slug: 'oat-bar',
      published: false,
      defaultLanguage: 'en',
      languages: ['en', 'de'],
      names: { en: 'Oat bar' },
      pages: [
        { name: 'info', linkType: 'gs1:pip', default: true, titles: { de: 'Info', en: 'About' } },
        {
          name: 'offer',
          linkType: 'gs1:promotion',
          titles: { en: 'Offer' },
          content: { en: '\nLine one\r\nLine two  ' },
          validFrom: '2026-12-01T09:00:00.000+01:00',
          validUntil: '2027-01-01T00:00:00Z',
        },
        { name: 'faq', linkType: 'gs1:faqs', titles: { en: 'FAQ' }, content: { en: '   ' } },
      ],
    }
    const imported = await importCatalog(h.database.db, { products: [product] })
    expect(imported.ok).toBe(true)
    const path = `/orgs/acme/products/${gtin}`
    const before = JSON.stringify(await exported(gtin))
    const editor = await signedIn(h, 'editor')
    const page = await (await editor.get(path)).text()
    const fields = asBrowserSends(page, formFields(page, path))
    expect(fields['page.1.validFrom']).toBe('2026-12-01T09:00')
    const saved = await editor.post(path, { ...fields, action: 'save' })
    expect(saved.headers.get('location')).toBe(`${path}?done=unchanged`)
    expect(JSON.stringify(await exported(gtin))).toBe(before)
    // A real change is saved as typed.
    const { once: _, ...again } = fields
    const changed = await editor.post(path, {
      ...again,
      'page.1.validFrom': '2026-12-01T10:00',
      'page.1.content.en': 'Line one',
      action: 'save',
    })
    expect(changed.headers.get('location')).toBe(`${path}?done=saved`)
    const offer = (await getProduct(h.database.db, h.orgIds.acme ?? '', gtin))?.product.pages[1]
    expect(offer).toMatchObject({ validFrom: '2026-12-01T10:00+01:00', content: { en: 'Line one' } })
  })

  test('bad links, windows and lots are shown at their fields, listed at the top, and nothing is written', async () => {
    const editor = await signedIn(h, 'editor')
    const page = await (await editor.get(EDIT)).text()
    const fields = formFields(page, EDIT)
    const before = JSON.stringify(await exported())
    const events = await auditCount()
    const bad = await editor.post(EDIT, {
      ...fields,
      'page.0.href.de': 'javascript:alert(1)',
      'page.1.image.src': 'http://img.example/oats.png',
      'page.1.validFrom': '2026-12-01T00:00',
      'page.1.validFrom.offset': 'Z',
      'page.1.validUntil': '2026-11-01T00:00',
      'page.1.validUntil.offset': 'Z',
      'lot.0.value': 'L'.repeat(21),
      action: 'save',
    })
    expect(bad.status).toBe(422)
    const body = await bad.text()
    const at = (id: string) => {
      const escaped = id.replace(/\./g, '\\.')
      expect(body).toMatch(new RegExp(`id="${escaped}"[^>]*aria-invalid="true"`))
      return textOf(
        new RegExp(`<span class="error-text" id="${escaped}-error">([^<]*)<`).exec(body)?.[1] ?? '',
      )
    }
    expect(at('f-page.0.href.de')).toContain('a link is an absolute http or https URL, not javascript:')
    expect(at('f-page.1.image.src')).toContain('an image is an https URL')
    expect(at('f-page.1.validUntil')).toBe('the window ends before it starts')
    expect(at('f-lot.0.value')).toContain(`lot '${'L'.repeat(21)}'`)
    const text = textOf(body)
    expect(text).toContain('The product was not saved.')
    expect(text).toContain('Page 1, URL (de):')
    expect(text).toContain('Page 2, shown until: the window ends before it starts')
    expect(text).toContain(`Lot ${'L'.repeat(21)}:`)
    expect(body).toContain('<a href="#f-lot.0.value">')
    // What was typed stays in the fields, to be mended there.
    expect(body).toMatch(
      /id="f-page\.1\.validUntil" name="page\.1\.validUntil" type="datetime-local" value="2026-11-01T00:00"/,
    )
    expect(JSON.stringify(await exported())).toBe(before)
    expect(await auditCount()).toBe(events)
    // The schema's own refusals (a media type, a missing link) are said as what to type, at their fields too.
    const { once: _, ...again } = fields
    const schema = await editor.post(EDIT, {
      ...again,
      'lot.0.page.0.type': 'pdf',
      'page.0.href.en': '',
      'page.0.href.de': '',
      action: 'save',
    })
    const schemaBody = await schema.text()
    expect(schema.status).toBe(422)
    expect(schemaBody).toMatch(/id="f-lot\.0\.page\.0\.type"[^>]*aria-invalid="true"/)
    expect(textOf(schemaBody)).toContain(
      'Lot L42, page 1, media type: Give a media type such as text/html or application/pdf, or leave it empty.',
    )
    expect(textOf(schemaBody)).toContain('Page 1, URLs: Fill in the address.')
    expect(JSON.stringify(await exported())).toBe(before)
  })

  test('a lot listed twice, and a window on the default page, are refused at their fields', async () => {
    const editor = await signedIn(h, 'editor')
    const page = await (await editor.get(EDIT)).text()
    const fields = formFields(page, EDIT)
    const twice = await editor.post(EDIT, {
      ...fields,
      'lot.1.value': 'L42',
      'lot.1.page.0.name': 'recall',
      'lot.1.page.0.linkType': 'gs1:recallStatus',
      'lot.1.page.0.title.en': 'Again',
      action: 'save',
    })
    expect(twice.status).toBe(422)
    const body = await twice.text()
    expect(body).toMatch(/id="f-lot\.1\.value"[^>]*aria-invalid="true"/)
    expect(textOf(body)).toContain('This lot is listed twice: put all its pages under one lot.')
    const { once: _, ...again } = fields
    const windowed = await editor.post(EDIT, {
      ...again,
      'page.0.validUntil': '2027-01-01T00:00',
      'page.0.validUntil.offset': 'Z',
      action: 'save',
    })
    expect(windowed.status).toBe(422)
    const windowedBody = await windowed.text()
    expect(windowedBody).toMatch(/id="f-page\.0\.validUntil"[^>]*aria-invalid="true"/)
    expect(textOf(windowedBody)).toContain('the default page is always valid; it has no window')
  })

  test('a hosted page published in a language without text is saved with a warning beside that text, not an error', async () => {
    const editor = await signedIn(h, 'editor')
    const page = await (await editor.get(EDIT)).text()
    const saved = await editor.post(EDIT, {
      ...formFields(page, EDIT),
      'page.2.name': 'faq',
      'page.2.linkType': 'gs1:faqs',
      'page.2.title.en': 'Questions',
      'page.2.title.de': 'Fragen',
      'page.2.kind': 'hosted',
      'page.2.content.en': 'Ask us.',
      action: 'save',
    })
    expect(saved.headers.get('location')).toBe(`${EDIT}?done=saved`)
    const body = await (await editor.get(`${EDIT}?done=saved`)).text()
    const text = textOf(body)
    expect(text).toContain('The product is saved.')
    expect(text).toContain('Warnings: the product is saved, but visitors would find it wanting.')
    expect(text).toContain(
      "Page 3, text (de): the page has a title in 'de' but no text: visitors would see only a notice",
    )
    expect(text).not.toContain('The product was not saved.')
    expect(body).toMatch(
      /id="f-page\.2\.content\.de"[^>]*aria-describedby="[^"]*f-page\.2\.content\.de-warning"/,
    )
    expect(body).not.toMatch(/id="f-page\.2\.content\.de"[^>]*aria-invalid/)
    expect(body).toContain('<span class="warn-text" id="f-page.2.content.de-warning">Warning: ')
  })

  test('a viewer sees the preview and the warnings, but no control to change the product', async () => {
    const viewer = await signedIn(h, 'viewer')
    const body = await (await viewer.get(EDIT)).text()
    expect(textOf(body)).toContain('Editors and owners can change products.')
    expect(textOf(body)).toContain('Lot L42')
    expect(textOf(body)).toContain('Warnings: the product is saved, but visitors would find it wanting.')
    for (const control of [
      '<form method="post" action="/orgs/acme/products',
      'name="page.0.kind"',
      'name="lot.0.value"',
      'type="datetime-local"',
    ])
      expect(body).not.toContain(control)
    expect(body).not.toContain('<a href="#f-')
    expect((await viewer.post(EDIT, { ...NEW_PRODUCT_FORM, action: 'save' })).status).toBe(403)
  })
})
