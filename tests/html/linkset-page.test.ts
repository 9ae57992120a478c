import { describe, expect, test } from 'bun:test'
import { renderLinksetPage } from '../../src/html/linkset-page.ts'

const entry = {
  anchor: 'https://id.example/01/09506000134352',
  description: 'Riz <risotto> & co',
  'https://ref.gs1.org/voc/defaultLink': [{ href: 'https://b.example/en/p', title: 'Product' }],
  'https://ref.gs1.org/voc/pip': [
    { href: 'https://b.example/en/p', title: 'Product', hreflang: ['en'], type: 'text/html' },
    {
      href: 'https://b.example/fr/p?a=1&b="2"',
      title: '</script><b>Produit</b>',
      hreflang: ['fr-CA'],
      type: 'text/html',
    },
  ],
  'https://example.org/rel': [{ href: 'https://x.example', title: 'Other' }],
}
const jsonLd = {
  '@context': 'https://ref.gs1.org/standards/resolver/1.2.0/linkset-context',
  linkset: [entry],
}

describe('renderLinksetPage', () => {
  const html = renderLinksetPage({ language: 'fr', entry, descriptionLanguage: 'fr', jsonLd })

  test('uses the interface language and marks the product name with its own language', () => {
    expect(html).toStartWith('<!doctype html><html lang="fr" dir="ltr">')
    expect(html).toContain('<h1 lang="fr">Riz &lt;risotto&gt; &amp; co</h1>')
    expect(html).toContain('Identifiant: <code>https://id.example/01/09506000134352</code>')
  })

  test('lists every link, grouped by link type shown as a CURIE, in labelled sections', () => {
    expect(html).toContain(
      '<section aria-labelledby="rel-0"><h2 id="rel-0"><code>gs1:defaultLink</code></h2>',
    )
    expect(html).toContain('<h2 id="rel-1"><code>gs1:pip</code></h2>')
    expect(html).toContain('<h2 id="rel-2"><code>https://example.org/rel</code></h2>')
    expect(html).toContain(
      '<li><a href="https://b.example/en/p" hreflang="en" lang="en">Product</a> <span class="muted">(en)</span></li>',
    )
    expect(html.match(/<li>/g)).toHaveLength(4)
  })

  test('marks a link without hreflang (the default link) with the product’s default language', () => {
    const english = renderLinksetPage({ language: 'fr', entry, descriptionLanguage: 'en', jsonLd })
    expect(english).toContain('<li><a href="https://b.example/en/p" lang="en">Product</a></li>')
  })

  test('escapes every value from the linkset', () => {
    expect(html).toContain('href="https://b.example/fr/p?a=1&amp;b=&quot;2&quot;"')
    expect(html).toContain('&lt;/script&gt;&lt;b&gt;Produit&lt;/b&gt;')
  })

  test('embeds the JSON-LD linkset as a data block that parses back to the same value', () => {
    const blocks = html.match(/<script[^>]*>/g)
    expect(blocks).toEqual(['<script type="application/ld+json">'])
    const json = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1] ?? ''
    expect(JSON.parse(json)).toEqual(jsonLd)
  })

  test('has a generic heading when the product has no name', () => {
    const page = renderLinksetPage({
      language: 'de',
      entry: { anchor: 'https://a' },
      descriptionLanguage: 'de',
      jsonLd: {},
    })
    expect(page).toContain('<h1>Links zu diesem Produkt</h1>')
  })
})
