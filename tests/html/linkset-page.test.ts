/** The linkset page for shoppers: link-type titles, language names, each page once with the main page marked, the JSON-LD intact. */
import { describe, expect, test } from 'bun:test'
import { renderLinksetPage } from '../../src/html/linkset-page.ts'
import { UI_LANGUAGES } from '../../src/html/messages.ts'
import { CONTEXT_URL, oliveOil, send } from '../resolver/fixtures.ts'

const VOC = 'https://ref.gs1.org/voc/'
const EN_PAGE = 'https://b.example/en/p'
const FR_PAGE = 'https://b.example/fr-ca/p?a=1&b="2"'

/** Shaped like the resolver's linkset: the default page under defaultLink, defaultLinkMulti and its own type. */
const entry = {
  anchor: 'https://id.example/01/09506000134352',
  description: 'Riz <risotto> & co',
  [`${VOC}defaultLink`]: [{ href: EN_PAGE, title: 'Product' }],
  [`${VOC}defaultLinkMulti`]: [
    { href: EN_PAGE, title: 'Product', hreflang: ['en'], type: 'text/html' },
    { href: FR_PAGE, title: '</script><b>Produit</b>', hreflang: ['fr-CA'], type: 'text/html' },
  ],
  [`${VOC}pip`]: [
    { href: EN_PAGE, title: 'Product', hreflang: ['en'], type: 'text/html' },
    { href: FR_PAGE, title: '</script><b>Produit</b>', hreflang: ['fr-CA'], type: 'text/html' },
  ],
  [`${VOC}recipeInfo`]: [
    { href: 'https://b.example/en/r', title: 'Recipes', hreflang: ['en'], type: 'text/html' },
  ],
  'https://example.org/rel': [{ href: 'https://x.example', title: 'Other' }],
}
const jsonLd = { '@context': CONTEXT_URL, linkset: [entry] }

function render(language: (typeof UI_LANGUAGES)[number], brand = 'Dal Giardino'): string {
  return renderLinksetPage({ language, entry, descriptionLanguage: 'en', jsonLd, brand })
}

/** The document without its head (where the JSON-LD names every relation). */
function body(html: string): string {
  return html.slice(html.indexOf('<body>'))
}

function hrefs(html: string): string[] {
  return [...html.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1] ?? '')
}

describe('renderLinksetPage', () => {
  const fr = render('fr')

  test('is a document in the interface language, the product first in its heading and title', () => {
    expect(fr).toStartWith('<!doctype html><html lang="fr" dir="ltr">')
    expect(fr).toContain(
      '<h1 lang="en">Riz &lt;risotto&gt; &amp; co</h1><p class="subtitle">Liens de ce produit</p>',
    )
    expect(fr).toContain('<title>Riz &lt;risotto&gt; &amp; co – Liens de ce produit – Dal Giardino</title>')
    expect(fr).toContain('<header>Dal Giardino</header>')
    expect(fr).toContain(
      '<footer><p>Identifiant: <code translate="no">https://id.example/01/09506000134352</code></p></footer>',
    )
  })

  test('heads each link type with its GS1 Web Vocabulary title, marked as English on other pages', () => {
    expect(fr).toContain(
      '<section aria-labelledby="rel-0"><h2 id="rel-0" lang="en">Product Information Page</h2>',
    )
    expect(fr).toContain('<h2 id="rel-1" lang="en">Recipe website</h2>')
    expect(fr).toContain('<h2 id="rel-2"><code>https://example.org/rel</code></h2>')
    expect(render('en')).toContain('<h2 id="rel-0">Product Information Page</h2>')
    expect(body(fr)).not.toContain('gs1:')
  })

  test('lists each page once: the default links only repeat the default page', () => {
    expect(hrefs(fr)).toEqual([
      EN_PAGE,
      FR_PAGE.replace(/&/g, '&amp;').replace(/"/g, '&quot;'),
      'https://b.example/en/r',
      'https://x.example',
    ])
    expect(body(fr)).not.toContain('defaultLink')
    expect(fr.match(/<li>/g)).toHaveLength(4)
  })

  test('names each link’s language in the page’s language instead of its tag', () => {
    expect(fr).toContain(
      '<li><a href="https://b.example/en/p" hreflang="en" lang="en">Product</a> <span class="muted">–\u00a0Anglais</span></li>',
    )
    expect(fr).toContain('hreflang="fr-CA" lang="fr-CA">&lt;/script&gt;&lt;b&gt;Produit&lt;/b&gt;</a>')
    expect(fr).toContain('<span class="muted">–\u00a0Français canadien</span>')
    expect(render('de')).toContain('<span class="muted">–\u00a0Englisch</span>')
    expect(render('el')).toContain('<span class="muted">–\u00a0Αγγλικά</span>')
    // A link without a language gets no name.
    expect(fr).toContain('<li><a href="https://x.example" lang="en">Other</a></li>')
  })

  test('marks one link as the main page: the default page in the visitor’s language, else in the product’s', () => {
    const badge = (text: string) => ` <strong class="badge">${text}</strong></li>`
    expect(fr.match(/class="badge"/g)).toHaveLength(1)
    expect(fr).toContain(`Français canadien</span>${badge('Page principale')}`)
    const de = render('de')
    expect(de.match(/class="badge"/g)).toHaveLength(1)
    expect(de).toContain(`Englisch</span>${badge('Hauptseite')}`)
  })

  test('lists a default page whose link type is outside the vocabulary under the main page heading', () => {
    const own = {
      anchor: 'https://id.example/01/1',
      [`${VOC}defaultLink`]: [{ href: EN_PAGE, title: 'Product' }],
      [`${VOC}defaultLinkMulti`]: [{ href: EN_PAGE, title: 'Product', hreflang: ['en'] }],
    }
    const html = renderLinksetPage({ language: 'en', entry: own, descriptionLanguage: 'en', jsonLd: {} })
    expect(html).toContain(
      '<h2 id="rel-0">Main page</h2><ul><li><a href="https://b.example/en/p" hreflang="en"',
    )
    expect(hrefs(html)).toEqual([EN_PAGE])
  })

  test('escapes every value from the linkset', () => {
    expect(fr).toContain('href="https://b.example/fr-ca/p?a=1&amp;b=&quot;2&quot;"')
    expect(fr).not.toContain('<b>Produit')
  })

  test('embeds the JSON-LD linkset as a data block that parses back to the same value', () => {
    expect(fr.match(/<script[^>]*>/g)).toEqual(['<script type="application/ld+json">'])
    const json = fr.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1] ?? ''
    expect(JSON.parse(json)).toEqual(jsonLd)
  })

  test('has a generic heading and the service’s name without product name or brand', () => {
    const page = renderLinksetPage({
      language: 'de',
      entry: { anchor: 'https://a' },
      descriptionLanguage: 'de',
      jsonLd: {},
    })
    expect(page).toContain('<h1>Links zu diesem Produkt</h1><p>')
    expect(page).toContain('<title>Links zu diesem Produkt – GS1-Digital-Link-Resolver</title>')
    expect(page).toContain('<header>GS1-Digital-Link-Resolver</header>')
  })

  test('speaks every interface language, declaring lang and dir', () => {
    for (const language of UI_LANGUAGES) {
      const html = render(language)
      expect(html).toStartWith(`<!doctype html><html lang="${language}" dir="ltr">`)
      expect(html.match(/class="badge"/g)).toHaveLength(1)
    }
  })
})

describe('the linkset page over HTTP', () => {
  const path = '/01/09506000134376?linkType=linkset'

  test('lists the product’s pages once each, in the scanner’s language, with the JSON linkset embedded unchanged', async () => {
    const res = await send(path, { headers: { accept: 'text/html', 'accept-language': 'el' } })
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toStartWith('<!doctype html><html lang="el" dir="ltr">')
    expect(html).toContain('<title>Huile d’olive – Σύνδεσμοι για αυτό το προϊόν – Northwind</title>')
    const links = hrefs(html)
    expect(links).toHaveLength(new Set(links).size)
    expect(links).toHaveLength(oliveOil.pages.reduce((n, p) => n + Object.keys(p.titles).length, 0))
    expect(html).toContain('<h2 id="rel-2" lang="en">Register purchase</h2>')
    expect(html).toContain('<span class="muted">–\u00a0Ισπανικά</span>')
    const json = await (await send(path, { headers: { accept: 'application/linkset+json' } })).json()
    const embedded = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1] ?? '')
    expect(embedded).toEqual({ '@context': CONTEXT_URL, ...json })
  })
})
