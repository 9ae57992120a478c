/** The reference page as a whole: contents by tag, introduction, its one hashed stylesheet and its CSP. */
import { describe, expect, test } from 'bun:test'
import { DOCS_CSP, referencePage } from '../../../../src/api/openapi/docs/page.ts'
import { DOCS_STYLE, DOCS_STYLE_HASH } from '../../../../src/api/openapi/docs/style.ts'
import { PETS } from './fixtures.ts'

describe('referencePage', () => {
  test('groups operations under their first tag in the document’s order, untagged ones last, empty tags left out', () => {
    const html = referencePage(PETS)
    expect(html).toContain(
      '<nav class="side" aria-label="Contents"><ul>' +
        '<li><a class="tag" href="#tag-pets">pets</a><ul>' +
        '<li><a href="#op-getPet"><span class="method method-get">GET</span> /pets/{id}</a></li>' +
        '<li><a href="#op-delete-pets-id-"><span class="method method-delete">DELETE</span> /pets/{id}</a></li></ul></li>' +
        '<li><a class="tag" href="#tag-Other-operations">Other operations</a><ul>' +
        '<li><a href="#op-health-check-"><span class="method method-get">GET</span> /health</a></li></ul></li>' +
        '<li><a href="#authentication">Authentication</a></li>' +
        '<li><a href="#schemas">Schemas</a><ul class="schemas"><li><a href="#schema-Pet">Pet</a></li></ul></li></ul></nav>',
    )
    expect(html).not.toContain('unused')
    expect(html.indexOf('id="tag-pets"')).toBeLessThan(html.indexOf('id="tag-Other-operations"'))
    expect(html.indexOf('id="tag-Other-operations"')).toBeLessThan(html.indexOf('id="authentication"'))
    expect(html.indexOf('id="authentication"')).toBeLessThan(html.indexOf('id="schemas"'))
  })

  test('opens with the escaped title, version, description and base URL, after a skip link and the document link', () => {
    const html = referencePage(PETS)
    expect(html).toContain('<title>Pets &lt;API&gt; 2.0.0 – API reference</title>')
    expect(html).toContain(
      '<body><a class="skip" href="#main">Skip to the reference</a>' +
        '<header class="top"><span class="product">API reference</span><a href="openapi.json">OpenAPI document (JSON)</a></header>',
    )
    expect(html).toContain(
      '<main id="main"><h1>Pets &lt;API&gt;</h1><p class="subtitle">Version 2.0.0 · OpenAPI 3.1.0</p>' +
        '<p>Manage <code>pets</code>.</p><ul><li>one</li><li>two</li></ul>' +
        '<p>Base URL: <code>https://pets.example/v2?a=1&amp;b=&quot;2&quot;</code></p>',
    )
  })

  test('carries the one stylesheet its CSP allows by hash, and no script', async () => {
    const digest = new Bun.CryptoHasher('sha256').update(DOCS_STYLE).digest('base64')
    expect(DOCS_STYLE_HASH).toBe(`'sha256-${digest}'`)
    expect(DOCS_CSP).toBe(
      `default-src 'none'; style-src 'sha256-${digest}'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    )
    const html = referencePage(PETS)
    expect(html.match(/<style>/g)?.length).toBe(1)
    expect(html).toContain(`<style>${DOCS_STYLE}</style>`)
    expect(html).not.toContain('<script')
  })
})
