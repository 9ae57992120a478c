/** Hosted page text: the catalog's Markdown subset (DESIGN §11) to safe HTML, with markdown-it, then sanitize-html. */
import MarkdownIt from 'markdown-it'
import sanitizeHtml from 'sanitize-html'
import { LINK_PROTOCOLS, webUrl } from './web-url.ts'

/**
 * The `rel` of every link in page text. The links are the brand's, not ours to vouch for (`nofollow`); the page
 * they open gets no handle on ours (`noopener`) and no referrer, since our URL carries the scan's lot and serial.
 */
export const LINK_REL = 'nofollow noopener noreferrer'

/**
 * The subset, and nothing else: the 'zero' preset (paragraphs and text) plus lists, emphasis and strong, links,
 * line breaks and backslash escapes (which also give `\` hard breaks). Raw HTML stays text (`html: false`);
 * headings, code, block quotes, tables, images, autolinks, entities and reference links have no rule, so their
 * markup shows as written. `breaks`: a single line break stays one, as plain-text content always rendered.
 */
const MARKDOWN = new MarkdownIt('zero', { html: false, breaks: true, linkify: false, typographer: false })
MARKDOWN.enable(['list', 'emphasis', 'link', 'newline', 'escape'])
// A link whose target is not an absolute http(s) URL is not a link: its Markdown stays text.
MARKDOWN.validateLink = (url: string): boolean => webUrl(url, LINK_PROTOCOLS) !== null

/** A link keeps an http(s) `href` only, with our `rel`; any other `<a>` is left bare, for `withoutBareLink`. */
function transformLink(_tag: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const href = webUrl(attribs.href ?? '', LINK_PROTOCOLS)
  return { tagName: 'a', attribs: href === null ? {} : { href, rel: LINK_REL } }
}

/** A link without a (valid) `href` loses its tag and keeps its text (sanitize-html's `excludeTag`). */
function withoutBareLink(frame: sanitizeHtml.IFrame): boolean | 'excludeTag' {
  return frame.tag === 'a' && frame.attribs.href === undefined ? 'excludeTag' : false
}

/** An ordered list keeps `start` only as markdown-it writes it: a number of at most nine digits (CommonMark §5.2). */
function transformList(_tag: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const start = attribs.start ?? ''
  return { tagName: 'ol', attribs: /^\d{1,9}$/.test(start) ? { start } : {} }
}

/**
 * Defence in depth: exactly the tags and attributes the subset produces (`start` numbers an ordered list that does
 * not begin at 1); any other tag is dropped with its text kept, `script` and `style` with their content.
 */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'em', 'strong', 'ul', 'ol', 'li', 'br', 'a'],
  allowedAttributes: { a: ['href', 'rel'], ol: ['start'] },
  allowedClasses: {},
  allowedStyles: {},
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  transformTags: { a: transformLink, ol: transformList },
  exclusiveFilter: withoutBareLink,
}

/**
 * Line feeds markdown-it puts around block tags and after `<br>`, for looks: the page's HTML has none. Text never
 * holds a raw `<` or `>` (both are escaped), so a line feed next to one is always formatting.
 */
const TAG_LINE_FEED = /(?<=>)\n|\n(?=<)/g
/** sanitize-html writes void elements XHTML-style; the pages write HTML (`<br>`). */
const XHTML_BREAK = /<br \/>/g

/**
 * The sanitising step alone (exported for its tests): HTML reduced to the subset's tags and attributes, every link
 * to an http(s) `href` with `rel` LINK_REL; other tags lose their markup, `script` and `style` their content too.
 */
export function sanitizeSubset(html: string): string {
  return sanitizeHtml(html, SANITIZE).replace(XHTML_BREAK, '<br>')
}

/**
 * Safe HTML for hosted page text in the Markdown subset: paragraphs, `*emphasis*`, `**strong**`, bullet and
 * numbered lists, line breaks, and `[links](https://…)` to absolute http(s) URLs (with `rel` LINK_REL). Anything
 * else comes out as escaped text or not at all. '' for blank text.
 *
 * @example
 * renderMarkdown('Keep **cool**.\n\n- [Recipes](https://example.com/r)')
 * // '<p>Keep <strong>cool</strong>.</p><ul><li><a href="https://example.com/r" rel="nofollow noopener noreferrer">Recipes</a></li></ul>'
 */
export function renderMarkdown(text: string): string {
  return sanitizeSubset(MARKDOWN.render(text).replace(TAG_LINE_FEED, ''))
}
