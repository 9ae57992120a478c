import { describe, expect, test } from 'bun:test'
import {
  documentTitle,
  escapeHtml,
  HTML_CSP,
  jsonForScript,
  langAttr,
  PAGE_CSP,
  renderLayout,
} from '../../src/html/layout.ts'
import { STYLE, STYLE_HASH } from '../../src/html/styles.ts'

describe('escapeHtml', () => {
  test('escapes the five HTML special characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    )
    expect(escapeHtml('plain')).toBe('plain')
  })
})

describe('jsonForScript', () => {
  test('cannot close the script block and still parses to the same value', () => {
    const value = { t: '</script><script>alert(1)</script>', a: '&', l: '\u2028' }
    const out = jsonForScript(value)
    expect(out).not.toContain('</')
    expect(out).not.toContain('<')
    expect(JSON.parse(out)).toEqual(value)
  })
})

describe('renderLayout', () => {
  const html = renderLayout({
    lang: 'fr',
    title: 'A <b> & "c"',
    banner: 'Banner <x>',
    main: '<p>ok</p>',
    footer: '<small>f</small>',
  })

  test('is a complete document with the lang and dir attributes and the three landmarks', () => {
    expect(html).toStartWith('<!doctype html><html lang="fr" dir="ltr"><head><meta charset="utf-8">')
    expect(html).toContain(
      '<header>Banner &lt;x&gt;</header><main><p>ok</p></main><footer><small>f</small></footer>',
    )
    expect(html).toEndWith('</body></html>')
    expect(html).toContain('<meta name="viewport"')
  })

  test('escapes the title', () => {
    expect(html).toContain('<title>A &lt;b&gt; &amp; &quot;c&quot;</title>')
  })

  test('loads nothing: no scripts, stylesheets, images or external URLs; an empty icon spares the /favicon.ico request', () => {
    expect(html).not.toContain('<script')
    expect(html.match(/<link[^>]*>/g)).toEqual(['<link rel="icon" href="data:,">'])
    expect(html).not.toContain('<img')
    expect(html).not.toMatch(/https?:\/\//)
  })

  test('sets dir="rtl" for a right-to-left language, with or without a region, and dir="ltr" otherwise', () => {
    const start = (lang: string) => renderLayout({ lang, title: 't', banner: 'b', main: '' }).slice(0, 60)
    expect(start('ar')).toStartWith('<!doctype html><html lang="ar" dir="rtl">')
    expect(start('he-il')).toStartWith('<!doctype html><html lang="he-il" dir="rtl">')
    expect(start('fa')).toStartWith('<!doctype html><html lang="fa" dir="rtl">')
    expect(start('fr')).toStartWith('<!doctype html><html lang="fr" dir="ltr"><head>')
    expect(start('el')).toStartWith('<!doctype html><html lang="el" dir="ltr"><head>')
  })

  test('puts trusted header HTML after the escaped banner', () => {
    const page = renderLayout({ lang: 'en', title: 't', banner: 'B&', headerExtra: '<nav>n</nav>', main: '' })
    expect(page).toContain('<header>B&amp;<nav>n</nav></header><main></main></body>')
  })
})

describe('langAttr', () => {
  test('gives the language, and the direction only where it changes', () => {
    expect(langAttr('en', 'fr')).toBe(' lang="en"')
    expect(langAttr('en', 'ar')).toBe(' lang="en" dir="ltr"')
    expect(langAttr('he', 'de')).toBe(' lang="he" dir="rtl"')
    expect(langAttr('a"b', 'en')).toBe(' lang="a&quot;b"')
  })
})

describe('documentTitle', () => {
  test('puts the parts in the given order, most specific first, separated by en dashes, empty ones left out', () => {
    expect(documentTitle(['Organic Oat Drink', 'Product information', 'Acme'])).toBe(
      'Organic Oat Drink – Product information – Acme',
    )
    expect(documentTitle(['', 'Product information', 'Acme'])).toBe('Product information – Acme')
    expect(documentTitle(['Not found', ''])).toBe('Not found')
  })
})

describe('HTML_CSP', () => {
  test('allows no script, no loads, no forms and no framing: only the inline stylesheet, by its hash', async () => {
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(STYLE))
    const hash = `'sha256-${Buffer.from(digest).toString('base64')}'`
    expect(STYLE_HASH).toBe(hash)
    expect(HTML_CSP).toBe(
      `default-src 'none'; style-src ${hash}; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    )
  })

  test('on product pages only, images may load over https too (a hosted page’s image); nothing else changes', () => {
    expect(PAGE_CSP).toBe(HTML_CSP.replace("img-src 'self' data:", "img-src 'self' https: data:"))
    expect(PAGE_CSP).not.toBe(HTML_CSP)
    expect(PAGE_CSP).not.toMatch(/(?:^|; )img-src[^;]*(?:\shttp:|\*)/)
  })

  test('the layout embeds exactly the hashed stylesheet', () => {
    expect(renderLayout({ lang: 'en', title: 't', banner: 'b', main: '' })).toContain(
      `<style>${STYLE}</style>`,
    )
  })
})
