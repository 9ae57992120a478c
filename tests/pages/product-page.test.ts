import { describe, expect, test } from 'bun:test'
import { messages, UI_LANGUAGES } from '../../src/html/messages.ts'
import { renderProductPage } from '../../src/pages/product-page.ts'
import type { CatalogPage, CatalogProduct } from '../../src/resolver/catalog.ts'
import { productView } from '../../src/resolver/product-view.ts'
import { greenTea, hostile, NOW, oatDrink, oliveOil } from './fixtures.ts'

/** Published in languages we have no interface strings for, one of them written right to left. */
const abroad: CatalogProduct = {
  ...greenTea,
  productSlug: 'abroad',
  languages: ['en', 'ja', 'ar'],
  names: { en: 'Green tea', ja: '緑茶', ar: 'شاي أخضر' },
  pages: [
    {
      name: 'about',
      linkType: 'gs1:pip',
      isDefault: true,
      titles: { en: 'About', ja: '概要', ar: 'حول' },
      content: {},
    },
  ],
}
const oatPage = oatDrink.pages[0] as CatalogPage

function render(product: CatalogProduct, pageName: string, locale: string, query = ''): string {
  const view = productView(product)
  const page = view.pages.find((p) => p.page.name === pageName)
  if (page === undefined) throw new Error(`no page ${pageName}`)
  return renderProductPage({ view, page, locale, query, now: NOW })
}

describe('renderProductPage', () => {
  const fr = render(oliveOil, 'info', 'fr')

  test('is a document in the locale, titled product first, then page, then brand', () => {
    expect(fr).toStartWith('<!doctype html><html lang="fr" dir="ltr">')
    expect(fr).toContain('<title>Huile d’olive – Informations – Northwind</title>')
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
        '<li><a href="/es/northwind/olive-oil/garantie" hreflang="es"><span lang="es">Garantía</span>' +
        ' <span class="muted">–\u00a0Espagnol</span></a></li></ul></nav>',
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
    const ja = render(abroad, 'about', 'ja', '17=260331')
    expect(ja).toStartWith('<!doctype html><html lang="ja" dir="ltr">')
    expect(ja).toContain('<nav aria-label="Languages" lang="en">')
    expect(ja).toContain('<h2 id="this-item" lang="en">This item</h2><dl><dt lang="en">Expiry date</dt>')
    // Dates and language names come from Intl, which speaks the page's language.
    expect(ja).toContain('<time datetime="2026-03-31">2026年3月31日</time>')
    expect(ja).toContain('<p class="subtitle">概要</p>')
  })

  test('gives a right-to-left page dir="rtl", and its English strings and left-to-right names dir="ltr"', () => {
    const ar = render(abroad, 'about', 'ar')
    expect(ar).toStartWith('<!doctype html><html lang="ar" dir="rtl">')
    expect(ar).toContain('<nav aria-label="Languages" lang="en" dir="ltr">')
    expect(ar).toContain('hreflang="ja" lang="ja">日本語</a>')
    expect(render(abroad, 'about', 'en')).toContain('hreflang="ar" lang="ar" dir="rtl">العربية</a>')
  })

  test('speaks Greek, Irish and Bulgarian: strings, dates and the names of other languages', () => {
    const query = '10=L1&17=260331'
    const el = render(oatDrink, 'info', 'el', query)
    expect(el).toStartWith('<!doctype html><html lang="el" dir="ltr">')
    expect(el).toContain('<title>Βιολογικό ρόφημα βρώμης – Πληροφορίες προϊόντος – Northwind</title>')
    expect(el).toContain('<nav aria-label="Γλώσσες">')
    expect(el).toContain(
      '<h2 id="this-item">Αυτό το τεμάχιο</h2><dl><dt>Παρτίδα</dt><dd><span translate="no">L1</span></dd>' +
        '<dt>Ημερομηνία λήξης</dt><dd><time datetime="2026-03-31">31 Μαρτίου 2026</time></dd></dl>',
    )
    expect(el).toContain('<span lang="en">Nutrition facts</span> <span class="muted">–\u00a0Αγγλικά</span>')
    expect(el).toContain(
      '<a href="/01/09506000134413?linkType=linkset&amp;10=L1&amp;17=260331">Όλοι οι σύνδεσμοι',
    )
    const ga = render(oatDrink, 'info', 'ga', query)
    expect(ga).toContain('<dt>Baisc</dt>')
    expect(ga).toContain('<time datetime="2026-03-31">31 Márta 2026</time>')
    expect(ga).toContain('<span class="muted">–\u00a0Béarla</span>')
    const bg = render(oatDrink, 'info', 'bg', query)
    expect(bg).toContain('<h2 id="pages">За този продукт</h2>')
    expect(bg).toContain('<time datetime="2026-03-31">31 март 2026 г.</time>')
    expect(bg).toContain('<span class="muted">–\u00a0Английски</span>')
  })

  test('names every language in the picker in itself', () => {
    expect(render(oatDrink, 'info', 'bg')).toContain(
      '<ul class="inline"><li><a href="/en/northwind/oat-drink/info?setLocale=en" hreflang="en" lang="en">English</a></li>' +
        '<li><a href="/de/northwind/oat-drink/info?setLocale=de" hreflang="de" lang="de">Deutsch</a></li>' +
        '<li><a href="/el/northwind/oat-drink/info?setLocale=el" hreflang="el" lang="el">Ελληνικά</a></li>' +
        '<li><a href="/ga/northwind/oat-drink/info?setLocale=ga" hreflang="ga" lang="ga">Gaeilge</a></li>' +
        '<li><a href="/bg/northwind/oat-drink/info?setLocale=bg" hreflang="bg" lang="bg" aria-current="true">Български</a></li></ul>',
    )
  })

  test('declares lang and dir in every interface language, with the strings of that language', () => {
    for (const language of UI_LANGUAGES) {
      const product: CatalogProduct = {
        ...oatDrink,
        languages: [language],
        names: { [language]: 'X' },
        pages: [{ ...oatPage, titles: { [language]: 'Y' }, content: {} }],
      }
      const html = render(product, 'info', language, '21=S1')
      expect(html).toStartWith(`<!doctype html><html lang="${language}" dir="ltr">`)
      expect(html).toContain(`<h2 id="this-item">${messages(language).page.thisItem}</h2>`)
      // Nothing falls back to English: the only lang attribute is the document's.
      expect(html.match(/ lang="/g)).toHaveLength(1)
    }
  })

  test('falls back to the product name in its default language, marked with that language', () => {
    expect(render(oliveOil, 'info', 'it')).toContain('<h1 lang="fr">Huile d’olive</h1>')
  })

  test('uses the interface strings of a regional locale’s language', () => {
    const html = render(oliveOil, 'info', 'de-ch', '10=A')
    expect(html).toContain('<h2 id="this-item">Dieser Artikel</h2><dl><dt>Charge</dt>')
  })

  test('titles a product without a brand name with the service’s name, as its header does', () => {
    const html = render({ ...greenTea, brandName: '' }, 'about', 'en')
    expect(html).toContain('<title>Northwind Green Tea – About this tea – GS1 Digital Link resolver</title>')
    expect(html).toContain('<header>GS1 Digital Link resolver</header>')
  })

  test('uses the page title as heading when the product has no name', () => {
    const html = render({ ...greenTea, names: {} }, 'about', 'en')
    expect(html).toContain('<title>About this tea – Northwind</title>')
    // The page has no text: the notice follows the heading (see page-content.test.ts).
    expect(html).toContain(
      '<h1>About this tea</h1><p class="muted">This page has no text in this language yet.</p></main>',
    )
  })

  test('escapes every catalog text', () => {
    const html = render(hostile, 'p', 'en', '10=%22%3E%3Cscript%3E')
    expect(html.match(/<script/g)).toBeNull()
    expect(html.match(/<img/g)).toBeNull()
    expect(html).toContain('<header>Evil &lt;b&gt;Brand&lt;/b&gt;</header>')
    expect(html).toContain(
      '<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; – &quot;&gt;&lt;img src=x onerror=alert(2)&gt; – Evil &lt;b&gt;Brand&lt;/b&gt;</title>',
    )
    expect(html).toContain('<p>&lt;style&gt;body{display:none}&lt;/style&gt;&amp;amp;</p>')
    expect(html).toContain('<span translate="no">&quot;&gt;&lt;script&gt;</span>')
  })
})
