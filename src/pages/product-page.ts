/** The server-rendered product page `/{locale}/{brand}/{product}/{page}`: name, title, image and text, this item, links, languages. */

import { entryLinkPath, GTIN_KEY, keyOfEntry } from '../catalog/entry-id.ts'
import { endonym, languageName, languageNote, primaryLanguage } from '../html/languages.ts'
import { documentTitle, escapeHtml, langAttr, renderLayout } from '../html/layout.ts'
import { messages, type PageMessages, type UiLanguage, uiLanguage } from '../html/messages.ts'
import { hreflangTag, pickLanguage } from '../resolver/language.ts'
import {
  externalPageLink,
  type PageView,
  type ProductView,
  pagePath,
  pageTitle,
} from '../resolver/product-view.ts'
import { type ItemDetail, itemDetails } from './item-details.ts'
import { inLanguage, renderPageContent } from './page-content.ts'
import { appendParam, pinnedParams, SET_LOCALE, withQuery } from './page-query.ts'

export interface ProductPageOptions {
  readonly view: ProductView
  readonly page: PageView
  /** Lower-case language the page is published in. */
  readonly locale: string
  /** The request's raw query, without `setLocale` ('' when none). */
  readonly query: string
  /** Now, in ms since the epoch: the century of two-digit expiry years (GS1 General Specifications §7.12). */
  readonly now: number
}

/** What every part of the page needs. */
interface Context extends ProductPageOptions {
  readonly ui: UiLanguage
  readonly m: PageMessages
  /** ` lang="en"` on interface strings when their language is not the page's, else ''. */
  readonly uiLang: string
  /** The language the interface strings are read in: the page's, or `ui` when we have no strings for it. */
  readonly uiTag: string
}

/**
 * The picker: every published language of the page, as links that store the choice (see index.ts). Each is
 * named in itself ("Deutsch", "Ελληνικά"): a visitor who cannot read the current page still finds their own.
 */
function languagePicker(c: Context): string {
  if (c.page.languages.length < 2) return ''
  const items = c.page.languages.map((tag) => {
    const href = withQuery(
      pagePath(c.page, tag),
      appendParam(c.query, `${SET_LOCALE}=${encodeURIComponent(tag)}`),
    )
    const current = tag === c.locale ? ' aria-current="true"' : ''
    return `<li><a href="${escapeHtml(href)}" hreflang="${escapeHtml(hreflangTag(tag))}"${langAttr(tag, c.uiTag)}${current}>${escapeHtml(endonym(tag))}</a></li>`
  })
  return `<nav aria-label="${escapeHtml(c.m.languages)}"${c.uiLang}><ul class="inline">${items.join('')}</ul></nav>`
}

function detailValue(detail: ItemDetail): string {
  const text = escapeHtml(detail.text)
  if (detail.datetime !== null) return `<time datetime="${detail.datetime}">${text}</time>`
  return detail.kind === 'expiry' ? text : `<span translate="no">${text}</span>`
}

/** Lot, serial and expiry from the query, when the scan pinned them. */
function thisItem(c: Context): string {
  const details = itemDetails(c.query, c.locale, c.now)
  if (details.length === 0) return ''
  const rows = details.map(
    (d) => `<dt${c.uiLang}>${escapeHtml(c.m.details[d.kind])}</dt><dd>${detailValue(d)}</dd>`,
  )
  return (
    `<section class="item" aria-labelledby="this-item"><h2 id="this-item"${c.uiLang}>` +
    `${escapeHtml(c.m.thisItem)}</h2><dl>${rows.join('')}</dl></section>`
  )
}

/** Links to every page of the product, each in the page's language or its nearest, keeping the pinned versions. */
function pageLinks(c: Context): string {
  const pages = c.view.pages
  if (pages.length < 2) return ''
  const pins = pinnedParams(c.query)
  const items = pages.map((p) => {
    const language = pickLanguage(p.languages, [c.locale], c.view.defaultLanguage)
    const href = escapeHtml(
      p.external ? externalPageLink(c.view.product, p, pins) : withQuery(pagePath(p, language), pins),
    )
    const current = p === c.page ? ' aria-current="page"' : ''
    const title = escapeHtml(pageTitle(p, language))
    if (language === c.locale) return `<li><a href="${href}"${current}>${title}</a></li>`
    // A page not published in this language opens in its nearest one, named (in the page's language, like
    // its dates) so the visitor is not surprised.
    const other = languageNote(languageName(language, c.locale))
    const hreflang = ` hreflang="${escapeHtml(hreflangTag(language))}"`
    return `<li><a href="${href}"${hreflang}${current}><span${langAttr(language, c.locale)}>${title}</span>${other}</a></li>`
  })
  return (
    `<nav aria-labelledby="pages"><h2 id="pages"${c.uiLang}>${escapeHtml(c.m.pages)}</h2>` +
    `<ul class="cards">${items.join('')}</ul></nav>`
  )
}

/** `GTIN`, or the AI of another key in brackets (`(414)`), before the key's value. */
function entryKeyName(id: string): string {
  const { key } = keyOfEntry(id)
  return key === GTIN_KEY ? 'GTIN' : `(${escapeHtml(key)})`
}

function footer(c: Context): string {
  const product = c.view.product
  const pins = pinnedParams(c.query)
  const linkset = `${entryLinkPath(product.gtin)}?linkType=linkset${pins === '' ? '' : `&${pins}`}`
  return (
    `<p>${entryKeyName(product.gtin)} <code translate="no">${escapeHtml(keyOfEntry(product.gtin).value)}</code></p>` +
    `<p${c.uiLang}><a href="${escapeHtml(linkset)}">${escapeHtml(c.m.allLinks)}</a></p>`
  )
}

/** A complete, script-free HTML document for one page of a product in one of the page's languages. */
export function renderProductPage(options: ProductPageOptions): string {
  const ui = uiLanguage([options.locale])
  const own = primaryLanguage(options.locale) === ui
  const c: Context = {
    ...options,
    ui,
    m: messages(ui).page,
    uiLang: own ? '' : langAttr(ui, options.locale),
    uiTag: own ? options.locale : ui,
  }
  const product = options.view.product
  const title = pageTitle(options.page, options.locale)
  const ownName = inLanguage(product.names, options.locale)
  const name = ownName || inLanguage(product.names, options.view.defaultLanguage) || ''
  const nameLang = ownName ? '' : langAttr(options.view.defaultLanguage, options.locale)
  const heading =
    name === ''
      ? `<h1>${escapeHtml(title)}</h1>`
      : `<h1${nameLang}>${escapeHtml(name)}</h1><p class="subtitle">${escapeHtml(title)}</p>`
  const content = renderPageContent({
    page: options.page.page,
    locale: options.locale,
    fallbackLanguage: options.view.defaultLanguage,
    noText: c.m.noText,
    noticeLang: c.uiLang,
  })
  const banner = product.brandName || messages(ui).banner
  const main = `${heading}${content}${thisItem(c)}${pageLinks(c)}`
  return renderLayout({
    lang: options.locale,
    title: documentTitle([name, title, banner]),
    banner,
    headerExtra: languagePicker(c),
    main,
    footer: footer(c),
  })
}
