import { describe, expect, test } from 'bun:test'
import { signedIn, textOf, useHarness } from './harness.ts'

const h = useHarness()

const product = (pages: unknown[], names: Record<string, string> = { en: 'Porridge' }) =>
  JSON.stringify({
    products: [
      {
        gtin: '09506000134406',
        brand: 'acme-oats',
        slug: 'porridge',
        defaultLanguage: 'en',
        languages: ['en', 'fr'],
        names,
        pages,
      },
    ],
  })

describe('Import: warnings beside the report', () => {
  test('a hosted page published in a language without text is listed as a warning; the check still passes', async () => {
    const editor = await signedIn(h, 'editor')
    const text = product([
      {
        name: 'info',
        linkType: 'gs1:pip',
        default: true,
        titles: { en: 'Info', fr: 'Infos' },
        content: { en: 'Oats.' },
      },
      {
        name: 'shop',
        linkType: 'gs1:whatsInTheBox',
        titles: { en: 'Box' },
        href: 'https://acme.example/box',
      },
    ])
    const checked = await editor.post('/orgs/acme/catalog/import', { text, action: 'check' })
    expect(checked.status).toBe(200)
    const page = textOf(await checked.text())
    expect(page).toContain('Importing it would make 1 change')
    expect(page).toContain('1 warning: imported all the same, but visitors would find these wanting.')
    expect(page).toContain(
      "products[0].pages[0].content.fr Catalog.NoText the page has a title in 'fr' but no text: visitors would see only a notice",
    )
  })

  test('a file whose pages all have text, or link elsewhere, shows no warning', async () => {
    const editor = await signedIn(h, 'editor')
    const text = product([
      { name: 'info', linkType: 'gs1:pip', default: true, titles: { en: 'Info' }, content: { en: 'Oats.' } },
      {
        name: 'shop',
        linkType: 'gs1:whatsInTheBox',
        titles: { en: 'Box', fr: 'Boîte' },
        href: 'https://acme.example/box',
      },
    ])
    const page = textOf(
      await (await editor.post('/orgs/acme/catalog/import', { text, action: 'check' })).text(),
    )
    expect(page).toContain('Importing it would make 1 change')
    expect(page).not.toContain('warning')
  })

  test('a published product without a name in its default language is listed as a warning at that name', async () => {
    const editor = await signedIn(h, 'editor')
    const text = product(
      [
        {
          name: 'info',
          linkType: 'gs1:pip',
          default: true,
          titles: { en: 'Info' },
          content: { en: 'Oats.' },
        },
      ],
      { fr: 'Porridge' },
    )
    const checked = await editor.post('/orgs/acme/catalog/import', { text, action: 'check' })
    expect(checked.status).toBe(200)
    const page = textOf(await checked.text())
    expect(page).toContain('Importing it would make 1 change')
    expect(page).toContain(
      "products[0].names.en Catalog.NoName no name in the default language 'en': scanners' pages and the linkset show none",
    )
  })
})
