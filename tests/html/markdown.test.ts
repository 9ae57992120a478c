/** Hosted page text: every construct of the Markdown subset, everything outside it as text or nothing, and a fuzz test. */
import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { LINK_REL, renderMarkdown, sanitizeSubset } from '../../src/html/markdown.ts'

const REL = `rel="${LINK_REL}"`

/** `<a>` as the subset writes it. */
function link(href: string, text: string): string {
  return `<a href="${href}" ${REL}>${text}</a>`
}

describe('renderMarkdown: the subset', () => {
  test('splits paragraphs at blank lines and keeps a single line break as <br>, as plain text always rendered', () => {
    expect(renderMarkdown('First cold pressing.\nBottled at the mill.\n\n\nKeep away from light.')).toBe(
      '<p>First cold pressing.<br>Bottled at the mill.</p><p>Keep away from light.</p>',
    )
    expect(renderMarkdown('One.\r\nTwo.\r\n\r\nThree.')).toBe('<p>One.<br>Two.</p><p>Three.</p>')
  })

  test('makes a hard line break of two trailing spaces or a trailing backslash', () => {
    expect(renderMarkdown('a  \nb\\\nc')).toBe('<p>a<br>b<br>c</p>')
  })

  test('renders emphasis and strong, with * or _, nested', () => {
    expect(renderMarkdown('*em* _em_ **strong** __strong__ *a **b** c*')).toBe(
      '<p><em>em</em> <em>em</em> <strong>strong</strong> <strong>strong</strong> <em>a <strong>b</strong> c</em></p>',
    )
  })

  test('renders bullet and numbered lists, a list that starts past 1, nested and loose lists', () => {
    expect(renderMarkdown('- a\n* b\n\n1. one\n2. two')).toBe(
      '<ul><li>a</li></ul><ul><li>b</li></ul><ol><li>one</li><li>two</li></ol>',
    )
    expect(renderMarkdown('3. three\n4) four')).toBe(
      '<ol start="3"><li>three</li></ol><ol start="4"><li>four</li></ol>',
    )
    expect(renderMarkdown('- a\n  - b\n- c')).toBe('<ul><li>a<ul><li>b</li></ul></li><li>c</li></ul>')
    expect(renderMarkdown('- a\n\n- b')).toBe('<ul><li><p>a</p></li><li><p>b</p></li></ul>')
    expect(renderMarkdown('Ingredients:\n- rice\n- salt')).toBe(
      '<p>Ingredients:</p><ul><li>rice</li><li>salt</li></ul>',
    )
  })

  test('links to absolute http and https URLs, percent-encoded, with nofollow noopener noreferrer', () => {
    expect(renderMarkdown('[Recipes](https://example.com/recipes?a=1&b=2#top)')).toBe(
      `<p>${link('https://example.com/recipes?a=1&amp;b=2#top', 'Recipes')}</p>`,
    )
    expect(renderMarkdown('[**Shop**](http://shop.example) and [x](<https://example.com/a b>)')).toBe(
      `<p>${link('http://shop.example/', '<strong>Shop</strong>')} and ${link('https://example.com/a%20b', 'x')}</p>`,
    )
    expect(renderMarkdown('- [x](HTTPS://EXAMPLE.COM/"><script>)')).toBe(
      `<ul><li>${link('https://example.com/%22%3E%3Cscript%3E', 'x')}</li></ul>`,
    )
  })

  test('drops a link title, which the subset does not have, and keeps the link', () => {
    expect(renderMarkdown('[x](https://example.com "Title")')).toBe(
      `<p>${link('https://example.com/', 'x')}</p>`,
    )
  })

  test('lets a backslash escape a marker', () => {
    expect(renderMarkdown('\\*not emphasis\\* \\- \\[x\\](https://example.com)')).toBe(
      '<p>*not emphasis* - [x](https://example.com)</p>',
    )
  })

  test('renders nothing for empty or blank text', () => {
    expect([renderMarkdown(''), renderMarkdown('  \n \n\t')]).toEqual(['', ''])
  })
})

describe('renderMarkdown: everything else is harmless text or nothing', () => {
  test('raw HTML is text, entities included', () => {
    expect(renderMarkdown('<script>alert(1)</script><img src=x onerror=alert(2)>')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;</p>',
    )
    expect(renderMarkdown('<a href="javascript:alert(1)">x</a>')).toBe(
      '<p>&lt;a href="javascript:alert(1)"&gt;x&lt;/a&gt;</p>',
    )
    expect(renderMarkdown('<style>body{display:none}</style>&amp; &copy; &#60;')).toBe(
      '<p>&lt;style&gt;body{display:none}&lt;/style&gt;&amp;amp; &amp;copy; &amp;#60;</p>',
    )
  })

  test('a link to anything but an absolute http(s) URL without userinfo stays text', () => {
    for (const target of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      '&#106;avascript:alert(1)',
      'java%0ascript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'data:image/png;base64,AAAA',
      'file:///etc/passwd',
      'mailto:a@example.com',
      'ftp://example.com/x',
      '/relative',
      'relative/path',
      '#top',
      '//evil.example/x',
      'https://shop.example@evil.example/',
    ]) {
      const html = renderMarkdown(`[x](${target})`)
      expect({ target, html }).toEqual({ target, html: expect.not.stringContaining('<a') })
      expect(html).toStartWith('<p>[x](')
    }
  })

  test('a Markdown image shows no image: at most a link to its URL', () => {
    expect(renderMarkdown('![Logo](https://example.com/logo.png)')).toBe(
      `<p>!${link('https://example.com/logo.png', 'Logo')}</p>`,
    )
    expect(renderMarkdown('![x](javascript:alert(1))')).toBe('<p>![x](javascript:alert(1))</p>')
  })

  test('headings, rules, quotes, code, tables, autolinks and reference links show as written', () => {
    expect(renderMarkdown('# Heading\n\nTitle\n=====\n\n---\n\n> quote')).toBe(
      '<p># Heading</p><p>Title<br>=====</p><p>---</p><p>&gt; quote</p>',
    )
    expect(renderMarkdown('```js\nalert(1)\n```\n\n    indented code\n\n`inline`')).toBe(
      '<p>```js<br>alert(1)<br>```</p><p>indented code</p><p>`inline`</p>',
    )
    expect(renderMarkdown('| a | b |\n|---|---|\n| 1 | 2 |')).toBe(
      '<p>| a | b |<br>|---|---|<br>| 1 | 2 |</p>',
    )
    expect(renderMarkdown('<https://example.com> https://example.com')).toBe(
      '<p>&lt;https://example.com&gt; https://example.com</p>',
    )
    expect(renderMarkdown('[x][r]\n\n[r]: https://example.com')).toBe(
      '<p>[x][r]</p><p>[r]: https://example.com</p>',
    )
  })

  test('deep nesting and long runs of markers stay bounded and fast', () => {
    const started = performance.now()
    for (const text of ['['.repeat(20_000), '*'.repeat(20_000), '- '.repeat(10_000), '[a]('.repeat(5_000)]) {
      expect(renderMarkdown(text)).not.toContain('<script')
    }
    expect((renderMarkdown(`${'- '.repeat(100)}x`).match(/<ul>/g) ?? []).length).toBeLessThanOrEqual(20)
    expect(performance.now() - started).toBeLessThan(2_000)
  })
})

describe('sanitizeSubset: defence in depth behind markdown-it', () => {
  test('keeps exactly the tags and attributes the subset produces', () => {
    const subset = `<p>a<br><em>b</em><strong>c</strong></p><ul><li>d</li></ul><ol start="3"><li>e</li></ol>`
    expect(sanitizeSubset(subset)).toBe(subset)
  })

  test('drops other tags but keeps their text; script, style and their content go entirely', () => {
    expect(sanitizeSubset('<h1>T</h1><div><span>x</span></div><table><tr><td>1</td></tr></table>')).toBe(
      'Tx1',
    )
    expect(
      sanitizeSubset('a<script>alert(1)</script><style>p{}</style>b<img src="https://a.example/x.png">c'),
    ).toBe('abc')
    expect(sanitizeSubset('<iframe src="https://a.example"></iframe><svg onload="x"></svg><!-- c -->d')).toBe(
      'd',
    )
  })

  test('strips every attribute but a link’s href and an ordered list’s start', () => {
    expect(
      sanitizeSubset('<p onclick="x" style="color:red" class="c" id="i">a</p><ol start="2" type="a"></ol>'),
    ).toBe('<p>a</p><ol start="2"></ol>')
  })

  test('a link keeps only an http(s) href and gets our rel; any other link keeps its text alone', () => {
    expect(
      sanitizeSubset(
        '<a href="https://a.example/x" title="t" target="_blank" rel="opener" onclick="x">y</a>',
      ),
    ).toBe(`${link('https://a.example/x', 'y')}`)
    for (const href of [
      'javascript:alert(1)',
      ' javascript:x',
      'data:text/html,x',
      '/x',
      '//a.example',
      'mailto:x',
    ]) {
      expect(sanitizeSubset(`<a href="${href}">y</a>`)).toBe('y')
    }
    expect(sanitizeSubset('<a>y</a>')).toBe('y')
  })
})

/** The tags and attributes the subset may produce, and nothing else. */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  p: [],
  em: [],
  strong: [],
  ul: [],
  ol: ['start'],
  li: [],
  br: [],
  a: ['href', 'rel'],
}
const TAG = /<(\/?)([^\s>/]*)([^>]*)>/g
const ATTRIBUTE = /\s([^\s=]+)="([^"]*)"/g

/** Every problem with one output: a tag, attribute or href outside the subset, or a stray `<`/`>`. */
function problems(html: string): string[] {
  const found: string[] = []
  if (/<script/i.test(html)) found.push('<script')
  for (const [, , name = '', rest = ''] of html.matchAll(TAG)) {
    const allowed = ALLOWED[name]
    if (allowed === undefined) found.push(`tag ${name}`)
    if (/\son[a-z]*\s*=/i.test(rest)) found.push(`on… attribute in <${name}${rest}>`)
    const attributes = [...rest.matchAll(ATTRIBUTE)]
    if (rest.replace(ATTRIBUTE, '').trim() !== '') found.push(`unquoted attribute in <${name}${rest}>`)
    for (const [, attribute = '', value = ''] of attributes) {
      if (!allowed?.includes(attribute)) found.push(`${name}[${attribute}]`)
      if (attribute === 'href' && !/^https?:\/\/[^/?#@]+(?:[/?#]|$)/.test(value)) found.push(`href ${value}`)
      if (attribute === 'rel' && value !== LINK_REL) found.push(`rel ${value}`)
      if (attribute === 'start' && !/^\d+$/.test(value)) found.push(`start ${value}`)
    }
  }
  if (/[<>]/.test(html.replace(TAG, ''))) found.push('raw < or > in text')
  return found
}

describe('renderMarkdown: property', () => {
  /** Markdown and HTML pieces that together try every construct, scheme and breakout we know of. */
  const pieces = fc.constantFrom(
    '[',
    ']',
    '(',
    ')',
    '](',
    '![',
    '<',
    '>',
    '"',
    "'",
    '`',
    '*',
    '**',
    '_',
    '\\',
    '&',
    '&#106;',
    '&lt;',
    '#',
    '- ',
    '1. ',
    '  ',
    '\n',
    '\n\n',
    '\t',
    ' ',
    'x',
    'é',
    'https://a.example/',
    'http://b.example',
    'javascript:alert(1)',
    'JAVASCRIPT:',
    'data:text/html,',
    'file:///',
    'vbscript:',
    '//evil.example',
    '<script>',
    '</script>',
    '<img src=x onerror=alert(1)>',
    '<a href="javascript:x">',
    ' onclick="x"',
    'onerror=',
    '<svg onload=alert(1)>',
    '<iframe src=https://a.example>',
    '<!--',
    '-->',
    '<![CDATA[',
    '```',
    '| a |',
  )
  const markdown = fc.oneof(
    fc.array(pieces, { maxLength: 40 }).map((parts) => parts.join('')),
    fc.string({ maxLength: 80 }),
    fc
      .tuple(fc.string({ maxLength: 20 }), fc.array(pieces, { maxLength: 10 }))
      .map(([text, parts]) => `[${text}](${parts.join('')})`),
  )

  test('no output has a script, an on… attribute, an href that is not http(s), or any tag outside the subset', () => {
    fc.assert(
      fc.property(markdown, (text) => {
        expect({ text, problems: problems(renderMarkdown(text)) }).toEqual({ text, problems: [] })
      }),
      { numRuns: 2_000, seed: 27 },
    )
  })

  test('the sanitiser alone, given any HTML, leaves nothing outside the subset either', () => {
    const html = fc.array(
      fc.oneof(pieces, fc.constantFrom('<p>', '</p>', '<a href="', '">', '</a>', '<ol start="')),
      {
        maxLength: 40,
      },
    )
    fc.assert(
      fc.property(html, (parts) => {
        const input = parts.join('')
        expect({ input, problems: problems(sanitizeSubset(input)) }).toEqual({ input, problems: [] })
      }),
      { numRuns: 2_000, seed: 27 },
    )
  })

  test('the generator reaches every construct: links, emphasis, lists and breaks all occur', () => {
    const outputs = fc.sample(markdown, { numRuns: 2_000, seed: 27 }).map(renderMarkdown).join('')
    for (const tag of ['<a href="http', '<em>', '<strong>', '<ul>', '<ol', '<br>', '<p>']) {
      expect(outputs).toContain(tag)
    }
  })

  test('the checker itself catches what it must', () => {
    expect(problems('<p onclick="x">a</p>')).toContain('on… attribute in <p onclick="x">')
    expect(problems('<a href="javascript:x" rel="r">a</a>')).toContain('href javascript:x')
    expect(problems('<script>')).toContain('<script')
    expect(problems('<img src="https://a.example/">')).toContain('tag img')
    expect(problems(`<a href="https://a.example/" ${REL}>a</a>`)).toEqual([])
  })
})
