/** The Markdown subset of the reference page: paragraphs, lists and code spans, with every input character escaped. */
import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { inlineMarkdown, markdown } from '../../../../src/api/openapi/docs/markdown.ts'

const TAGS = /<\/?(?:p|ul|li|code)>/g

/** What a reader sees: the tags removed and the five escapes decoded. */
function text(html: string): string {
  return html
    .replace(TAGS, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
}

describe('markdown', () => {
  test('joins hard-wrapped lines into one paragraph and splits paragraphs at blank lines', () => {
    expect(markdown('Generates codes\nas SVG.\n\nAuthenticate first.')).toBe(
      '<p>Generates codes as SVG.</p><p>Authenticate first.</p>',
    )
  })

  test('turns `- ` lines into one list, also right after a paragraph line, with continuation lines', () => {
    expect(markdown('Every code:\n- `A.b`: one\n  more\n- `C.d`: two')).toBe(
      '<p>Every code:</p><ul><li><code>A.b</code>: one more</li><li><code>C.d</code>: two</li></ul>',
    )
  })

  test('escapes markup inside and outside code spans; an unmatched backtick stays text', () => {
    expect(markdown('<script>alert(1)</script> `a<b` & `x')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; <code>a&lt;b</code> &amp; `x</p>',
    )
    expect(inlineMarkdown('Send `Authorization: Bearer <token>`')).toBe(
      'Send <code>Authorization: Bearer &lt;token&gt;</code>',
    )
  })

  test('renders nothing for empty or blank text', () => {
    expect([markdown(''), markdown('\n \n')]).toEqual(['', ''])
  })

  test('property: any text gives only its own tags, and keeps every character but backticks, list markers and spacing', () => {
    const chars = fc.constantFrom('a', 'Z', ' ', '\n', '-', '*', '`', '<', '>', '&', '"', "'", '/', 'é')
    fc.assert(
      fc.property(fc.string({ unit: chars, maxLength: 80 }), (input) => {
        const html = markdown(input)
        expect(html.replace(TAGS, '')).not.toMatch(/[<>"']/)
        const kept = (s: string) => s.replace(/[`\s]/g, '').replace(/[-*]/g, '')
        expect(kept(text(html))).toBe(kept(input))
      }),
    )
  })
})
