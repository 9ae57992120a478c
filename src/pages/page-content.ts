/** A hosted page's own content in one language: its image, then its Markdown text, or a notice that it has none. */

import { escapeHtml, langAttr } from '../html/layout.ts'
import { renderMarkdown } from '../html/markdown.ts'
import { IMAGE_PROTOCOLS, webUrl } from '../html/web-url.ts'
import { dropOldest } from '../lib/bounded-map.ts'
import type { CatalogPage } from '../resolver/catalog.ts'

/**
 * Rendered texts by their Markdown: the pages share the resolver's thread, and a long text takes milliseconds to
 * render, so each is rendered once while it is among the most recently shown.
 */
const rendered = new Map<string, string>()
const MAX_RENDERED = 500

function markdownHtml(text: string): string {
  let html = rendered.get(text)
  if (html === undefined) {
    html = renderMarkdown(text)
    rendered.set(text, html)
    dropOldest(rendered, MAX_RENDERED)
  }
  return html
}

/** The value for a language in a per-language record (keys are lower case, matched case-insensitively). */
export function inLanguage(record: Readonly<Record<string, string>>, language: string): string | undefined {
  return record[language] ?? Object.entries(record).find(([l]) => l.toLowerCase() === language)?.[1]
}

export interface PageContentOptions {
  readonly page: CatalogPage
  /** Lower-case language the page is shown in. */
  readonly locale: string
  /** The product's default language: the image's alternative text falls back to it, marked with `lang`. */
  readonly fallbackLanguage: string
  /** The notice for a page without text, in the interface language. */
  readonly noText: string
  /** ` lang="…"` on the notice when the interface language is not the page's, else ''. */
  readonly noticeLang: string
}

/**
 * `<img>` for the page's image when its `src` is an https URL (anything else is not shown), with the alternative
 * text in the page's language, else in the fallback language (marked), else empty (decorative). Lazy: it sits
 * above the text but never holds up the rest of the page.
 */
function pageImage(options: PageContentOptions): string {
  const image = options.page.image
  if (image === undefined || image === null) return ''
  const src = webUrl(image.src, IMAGE_PROTOCOLS)
  if (src === null) return ''
  const own = inLanguage(image.alt, options.locale)
  const fallback = own === undefined ? inLanguage(image.alt, options.fallbackLanguage) : undefined
  const alt = own ?? fallback ?? ''
  const lang = fallback === undefined ? '' : langAttr(options.fallbackLanguage, options.locale)
  return `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}"${lang} loading="lazy">`
}

/**
 * The page's content block: image above the text, the text rendered from the catalog's Markdown subset. A page
 * published in this language (it has a title) with neither text nor image gets the notice instead, so that the
 * visitor is not left with a heading over nothing.
 */
export function renderPageContent(options: PageContentOptions): string {
  const image = pageImage(options)
  const text = markdownHtml(inLanguage(options.page.content, options.locale) ?? '')
  if (image === '' && text === '') {
    return `<p class="muted"${options.noticeLang}>${escapeHtml(options.noText)}</p>`
  }
  return `<div class="content">${image}${text}</div>`
}
