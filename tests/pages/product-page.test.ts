import { describe, expect, test } from 'bun:test'
import { renderProductPage } from '../../src/pages/product-page.ts'
import type { CatalogProduct } from '../../src/resolver/catalog.ts'
import { productView } from '../../src/resolver/product-view.ts'
import { greenTea, hostile, NOW, oliveOil } from './fixtures.ts'

function render(product: CatalogProduct, pageName: string, locale: string, query = ''): string {
  const view = productView(product)
  const page = view.pages.find((p) => p.page.name === pageName)
  if (page === undefined) throw new Error(`no page ${pageName}`)
  return renderProductPage({ view, page, locale, query, now: NOW })
}

describe('renderProductPage', () => {
  const fr = render(oliveOil, 'info', 'fr')

  test('is a document in the locale with the page title and product name in it', () => {
    expect(fr).toStartWith('<!doctype html><html lang="fr">')
    expect(fr).toContain('<title>Informations – Huile d’olive</title>')
    expect(fr).toContain('<h1>Huile d’olive</h1><p class="subtitle">Informations</p>')
  })

  test('shows the content as paragraphs, single line breaks kept', () => {
    expect(fr).toContain(
      '<div class="content"><p>Première pression à froid.</p><p>Mise en bouteille au moulin.</p></div>',
    )
    expect(render(oliveOil, 'info', 'en')).toContain(
      '<div class="content"><p>First cold pressing.<br>Bottled at the mill.</p><p>Keep away from light.</p></div>',
    )
  })

  test('has header, main and footer landmarks, and no script, stylesheet link or image', () => {
    expect(fr).toMatch(/<body><header>.*<\/header><main>.*<\/main><footer>.*<\/footer><\/body>/)
    expect(fr).not.toContain('<script')
    expect(fr.match(/<link[^>]*>/g)).toEqual(['<link rel="icon" href="data:,">'])
    expect(fr).not.toContain('<img')
    expect(fr).not.toContain('<form')
    expect(fr).not.toMatch(/https?:\/\//)
  })

  test('lists the page languages, each named in itself, as links that store the choice', () => {
    expect(fr).toContain(
      '<header>Northwind<nav aria-label="Langues"><ul class="inline">' +
        '<li><a href="/fr/northwind/olive-oil/info?setLocale=fr" hreflang="fr" lang="fr" aria-current="true">Français</a></li>' +
        '<li><a href="/en/northwind/olive-oil/info?setLocale=en" hreflang="en" lang="en">English</a></li>',
    )
    expect(fr).toContain('hreflang="de-CH" lang="de-ch">Schweizer Hochdeutsch</a>')
    expect(fr).toContain('lang="it">Italiano</a>')
  })

  test('keeps the scan query in the language links', () => {
    const html = render(oliveOil, 'info', 'en', '10=L1&x=a+b')
    expect(html).toContain('href="/fr/northwind/olive-oil/info?10=L1&amp;x=a+b&amp;setLocale=fr"')
  })

  test('has no language picker for a page in one language', () => {
    expect(render(greenTea, 'about', 'en')).toContain('<header>Northwind</header>')
  })

  test('links every page of the product in this language or its nearest (named), marking the current one', () => {
    expect(fr).toContain(
      '<nav aria-labelledby="pages"><h2 id="pages">À propos de ce produit</h2><ul class="cards">' +
        '<li><a href="/fr/northwind/olive-oil/info" aria-current="page">Informations</a></li>' +
        '<li><a href="/fr/northwind/olive-oil/recettes">Recettes</a></li>' +
        '<li><a href="/es/northwind/olive-oil/garantie" hreflang="es" lang="es">Garantía <span class="muted">(Español)</span></a></li></ul></nav>',
    )
  })

  test('keeps only lot, serial and expiry in the links to other pages and the linkset', () => {
    const html = render(oliveOil, 'info', 'fr', 'x=1&17=260331&10=L1')
    expect(html).toContain('href="/fr/northwind/olive-oil/recettes?10=L1&amp;17=260331"')
    expect(html).toContain(
      '<a href="/01/09506000134376?linkType=linkset&amp;10=L1&amp;17=260331">Tous les liens de ce produit</a>',
    )
  })

  test('shows this item: lot, serial and expiry date in the page language', () => {
    const html = render(oliveOil, 'info', 'fr', '10=L%2F1&21=S%3C1&17=260300')
    expect(html).toContain(
      '<section class="item" aria-labelledby="this-item"><h2 id="this-item">Cet article</h2><dl>' +
        '<dt>Lot</dt><dd><span translate="no">L/1</span></dd>' +
        '<dt>Numéro de série</dt><dd><span translate="no">S&lt;1</span></dd>' +
        '<dt>Date d’expiration</dt><dd><time datetime="2026-03">mars 2026</time></dd></dl></section>',
    )
  })

  test('leaves out a malformed expiry date, and a lot that is no lot, instead of showing them', () => {
    const html = render(oliveOil, 'info', 'en', '17=%3Cb%3E99&10=not%20a%20lot')
    expect(html).not.toContain('class="item"')
    expect(html).not.toContain('&lt;b&gt;99')
  })

  test('has no item section without lot, serial or expiry', () => {
    expect(fr).not.toContain('class="item"')
  })

  test('speaks English in its own strings for a language we have no strings for, and marks them', () => {
    const it = render(oliveOil, 'info', 'it')
    expect(it).toStartWith('<!doctype html><html lang="it">')
    expect(it).toContain('<nav aria-label="Languages" lang="en">')
    expect(it).toContain('<h2 id="pages" lang="en">About this product</h2>')
    expect(it).toContain('<p class="subtitle">Informazioni</p>')
  })

  test('falls back to the product name in its default language, marked with that language', () => {
    expect(render(oliveOil, 'info', 'it')).toContain('<h1 lang="fr">Huile d’olive</h1>')
  })

  test('uses the interface strings of a regional locale’s language', () => {
    const html = render(oliveOil, 'info', 'de-ch', '10=A')
    expect(html).toContain('<h2 id="this-item">Dieser Artikel</h2><dl><dt>Charge</dt>')
  })

  test('uses the page title as heading when the product has no name', () => {
    const html = render({ ...greenTea, names: {} }, 'about', 'en')
    expect(html).toContain('<title>About this tea</title>')
    expect(html).toContain('<h1>About this tea</h1></main>')
  })

  test('escapes every catalog text', () => {
    const html = render(hostile, 'p', 'en', '10=%22%3E%3Cscript%3E')
    expect(html.match(/<script/g)).toBeNull()
    expect(html.match(/<img/g)).toBeNull()
    expect(html).toContain('<header>Evil &lt;b&gt;Brand&lt;/b&gt;</header>')
    expect(html).toContain('<title>&quot;&gt;&lt;img src=x onerror=alert(2)&gt; – &lt;/title&gt;')
    expect(html).toContain('<p>&lt;style&gt;body{display:none}&lt;/style&gt;&amp;amp;</p>')
    expect(html).toContain('<span translate="no">&quot;&gt;&lt;script&gt;</span>')
  })
})
