/** A hosted page's content through the pages handler: Markdown text, the image above it, the notice for no text. */
import { describe, expect, test } from 'bun:test'
import { PAGE_CSP } from '../../src/html/layout.ts'
import { LINK_REL } from '../../src/html/markdown.ts'
import { createPagesHandler } from '../../src/pages/index.ts'
import { renderPageContent } from '../../src/pages/page-content.ts'
import type { CatalogPage, CatalogProduct } from '../../src/resolver/catalog.ts'
import { createMemoryCatalog } from '../../src/resolver/memory-catalog.ts'
import { config, NOW, RESOLVER } from './fixtures.ts'

const JAR = 'https://cdn.northwind.example/jam/jar.jpg'

/** Strawberry jam: Markdown text, an image with English and French alternative text, pages without text. */
const jam: CatalogProduct = {
  gtin: '09506000134420',
  brandSlug: 'northwind',
  brandName: 'Northwind',
  productSlug: 'jam',
  customDomain: null,
  defaultLanguage: 'en',
  languages: ['en', 'fr', 'de', 'ja'],
  names: { en: 'Strawberry jam', fr: 'Confiture de fraises', de: 'Erdbeerkonfitüre' },
  pages: [
    {
      name: 'info',
      linkType: 'gs1:pip',
      isDefault: true,
      titles: { en: 'Product information', fr: 'Informations produit', de: 'Produktinformationen' },
      content: {
        en:
          'Made with **60 %** fruit, *no* additives.\n\n' +
          '- Keep cool\n- Eat within 4 weeks\n\n' +
          '1. Open\n2. Enjoy\n\n' +
          'See [our recipes](https://northwind.example/recipes).\n' +
          '<script>alert(1)</script> [bad](javascript:alert(1)) ![x](https://evil.example/x.png)',
        fr: 'Confiture **maison**.',
      },
      image: { src: JAR, alt: { en: 'A jar of strawberry jam', fr: 'Un pot de confiture de fraises' } },
    },
    {
      name: 'storage',
      linkType: 'gs1:handlingInfo',
      isDefault: false,
      titles: { en: 'Storage', de: 'Lagerung', ja: '保存' },
      content: { en: 'Keep *cool*.', de: '  \n' },
      // Not https: never shown.
      image: { src: 'http://cdn.northwind.example/storage.jpg', alt: { en: 'A fridge' } },
    },
    {
      name: 'recipes',
      linkType: 'gs1:recipeInfo',
      isDefault: false,
      titles: { en: 'Recipes', ja: 'レシピ' },
      content: {},
      image: { src: 'javascript:alert(1)', alt: { en: 'x' } },
    },
  ],
}

const pages = createPagesHandler({ catalog: createMemoryCatalog([jam]), config, clock: () => NOW })

async function page(path: string): Promise<{ res: Response; html: string; main: string }> {
  const res = await pages(new Request(`${RESOLVER}/${path}`))
  if (res === null) throw new Error(`passed on: ${path}`)
  const html = await res.text()
  return { res, html, main: /<main>(.*)<\/main>/.exec(html)?.[1] ?? '' }
}

describe('hosted page content', () => {
  test('renders the Markdown subset: emphasis, lists, links with rel, the rest as text', async () => {
    const { res, main } = await page('en/northwind/jam/info')
    expect(res.status).toBe(200)
    expect(main).toContain(
      '<p>Made with <strong>60 %</strong> fruit, <em>no</em> additives.</p>' +
        '<ul><li>Keep cool</li><li>Eat within 4 weeks</li></ul><ol><li>Open</li><li>Enjoy</li></ol>' +
        `<p>See <a href="https://northwind.example/recipes" rel="${LINK_REL}">our recipes</a>.<br>` +
        '&lt;script&gt;alert(1)&lt;/script&gt; [bad](javascript:alert(1)) ' +
        `!<a href="https://evil.example/x.png" rel="${LINK_REL}">x</a></p></div>`,
    )
    expect(main).not.toContain('<script')
    expect(main).not.toContain('javascript:alert(1)"')
  })

  test('shows the image above the text, lazily, with its alternative text in the page language', async () => {
    const en = await page('en/northwind/jam/info')
    expect(en.main).toContain(
      `<p class="subtitle">Product information</p><div class="content"><img src="${JAR}" alt="A jar of strawberry jam" loading="lazy"><p>Made with`,
    )
    expect(en.main.match(/<img/g)).toHaveLength(1)
    const fr = await page('fr/northwind/jam/info')
    expect(fr.main).toContain(
      `<div class="content"><img src="${JAR}" alt="Un pot de confiture de fraises" loading="lazy"><p>Confiture <strong>maison</strong>.</p></div>`,
    )
  })

  test('lets the image load under the page’s CSP, which allows https images', async () => {
    const { res } = await page('en/northwind/jam/info')
    expect(res.headers.get('content-security-policy')).toBe(PAGE_CSP)
    expect(PAGE_CSP).toContain("img-src 'self' https: data:")
  })

  test('falls back to the default language’s alternative text, marked; an image and no text needs no notice', async () => {
    const { main } = await page('de/northwind/jam/info')
    expect(main).toContain(
      `<div class="content"><img src="${JAR}" alt="A jar of strawberry jam" lang="en" loading="lazy"></div>`,
    )
    expect(main).not.toContain('<p class="muted"')
  })

  test('shows no image whose address is not https', async () => {
    expect((await page('en/northwind/jam/storage')).main).toContain(
      '<div class="content"><p>Keep <em>cool</em>.</p></div>',
    )
    for (const path of ['en/northwind/jam/storage', 'en/northwind/jam/recipes']) {
      const { html } = await page(path)
      expect(html).not.toContain('<img')
      expect(html).not.toContain('cdn.northwind.example')
    }
  })

  test('a page with a title but no text in its language shows a notice in that language instead of nothing', async () => {
    const { res, main } = await page('de/northwind/jam/storage')
    expect(res.status).toBe(200)
    expect(main).toContain(
      '<h1>Erdbeerkonfitüre</h1><p class="subtitle">Lagerung</p>' +
        '<p class="muted">Diese Seite hat in dieser Sprache noch keinen Text.</p>',
    )
    expect(main).not.toContain('class="content"')
  })

  test('the notice is in English, marked, for a language we have no strings for', async () => {
    const { main } = await page('ja/northwind/jam/recipes')
    expect(main).toContain(
      '<p class="subtitle">レシピ</p><p class="muted" lang="en">This page has no text in this language yet.</p>',
    )
  })
})

describe('renderPageContent', () => {
  const base = { locale: 'en', fallbackLanguage: 'en', noText: 'None.', noticeLang: '' }
  const plain: CatalogPage = {
    name: 'p',
    linkType: 'gs1:pip',
    isDefault: true,
    titles: { en: 'T' },
    content: {},
  }

  test('escapes the image address and alternative text, and leaves alt empty when it has none to give', () => {
    const page: CatalogPage = {
      ...plain,
      image: { src: 'https://cdn.example/a.png?x="><script>', alt: { fr: 'x' } },
    }
    expect(renderPageContent({ ...base, page })).toBe(
      '<div class="content"><img src="https://cdn.example/a.png?x=%22%3E%3Cscript%3E" alt="" loading="lazy"></div>',
    )
    const quoted: CatalogPage = {
      ...plain,
      image: { src: 'https://cdn.example/a.png', alt: { en: '"a" <b>' } },
    }
    expect(renderPageContent({ ...base, page: quoted })).toContain('alt="&quot;a&quot; &lt;b&gt;"')
  })

  test('gives the notice for no text and no image, also when the image is null', () => {
    expect(renderPageContent({ ...base, page: plain })).toBe('<p class="muted">None.</p>')
    expect(renderPageContent({ ...base, page: { ...plain, image: null }, noticeLang: ' lang="en"' })).toBe(
      '<p class="muted" lang="en">None.</p>',
    )
  })

  test('finds the text of a language whatever the case of its key', () => {
    const page: CatalogPage = { ...plain, content: { 'de-CH': 'Grüezi' } }
    expect(renderPageContent({ ...base, page, locale: 'de-ch' })).toBe(
      '<div class="content"><p>Grüezi</p></div>',
    )
  })
})
