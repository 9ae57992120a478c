import { describe, expect, test } from 'bun:test'
import { escapeHtml, HTML_CSP, jsonForScript, renderLayout } from '../../src/pages/layout.ts'

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

  test('is a complete document with the lang attribute and the three landmarks', () => {
    expect(html).toStartWith('<!doctype html><html lang="fr"><head><meta charset="utf-8">')
    expect(html).toContain(
      '<header>Banner &lt;x&gt;</header><main><p>ok</p></main><footer><small>f</small></footer>',
    )
    expect(html).toEndWith('</body></html>')
    expect(html).toContain('<meta name="viewport"')
  })

  test('escapes the title', () => {
    expect(html).toContain('<title>A &lt;b&gt; &amp; &quot;c&quot;</title>')
  })

  test('loads nothing: no scripts, stylesheets, images or external URLs', () => {
    expect(html).not.toContain('<script')
    expect(html).not.toContain('<link')
    expect(html).not.toContain('<img')
    expect(html).not.toMatch(/https?:\/\//)
  })

  test('the CSP forbids everything but the inline style', () => {
    expect(HTML_CSP).toStartWith("default-src 'none'; style-src 'unsafe-inline'")
    expect(HTML_CSP).toContain("frame-ancestors 'none'")
  })
})
