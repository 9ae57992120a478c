/** The small shared HTML layout of the product pages and the resolver's views: inline CSS, landmarks, no script. */
import { STYLE, STYLE_HASH } from './styles.ts'

/** The views' Content-Security-Policy with the given `img-src`: everything else is the same for all of them. */
function htmlCsp(imgSrc: string): string {
  return `default-src 'none'; style-src ${STYLE_HASH}; img-src ${imgSrc}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`
}

/**
 * Strict Content-Security-Policy for every HTML response: no script, nothing loads, only the one inline
 * stylesheet (by hash) applies, no form may submit (the views use plain links), no framing.
 * The embedded JSON-LD is a data block, which CSP does not treat as script.
 */
export const HTML_CSP = htmlCsp("'self' data:")

/**
 * The product pages' CSP: HTML_CSP, except that images may load from any `https:` origin, because a hosted page
 * shows its catalog image, an https URL on the brand's own host or CDN (DESIGN §11). Nothing else loosens: no
 * script, no other loads, no plain-http images; the page text cannot add an image (its sanitiser allows no
 * `<img>`), and the pages' `Referrer-Policy: no-referrer` keeps the scan's lot and serial from the image host.
 */
export const PAGE_CSP = htmlCsp("'self' https: data:")

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
const SPECIAL = /[&<>"']/g

/** Escapes text for HTML content and double- or single-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(SPECIAL, (c) => ESCAPES[c] ?? c)
}

/** JSON for a `<script type="application/ld+json">` block: `<`, `>`, `&` and line separators escaped so it cannot end the block. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

export interface LayoutOptions {
  /** Language of the document (`lang` attribute). */
  readonly lang: string
  /** Plain text; escaped here. */
  readonly title: string
  /** Trusted HTML of the `<main>` landmark (callers escape every value they put in). */
  readonly main: string
  /** Plain text of the `<header>` banner; escaped here. */
  readonly banner: string
  /** Trusted HTML after the banner inside `<header>` (e.g. the language picker). */
  readonly headerExtra?: string
  /** Trusted HTML of the `<footer>`, or none. */
  readonly footer?: string
  /** Trusted extra HTML for `<head>` (e.g. a JSON-LD data block). */
  readonly head?: string
}

/** Languages written right to left (primary subtags). */
const RTL = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'he', 'iw', 'ps', 'sd', 'ug', 'ur', 'yi'])

/** The writing direction of a language. */
export function textDirection(lang: string): 'ltr' | 'rtl' {
  return RTL.has(lang.split('-')[0]?.toLowerCase() ?? '') ? 'rtl' : 'ltr'
}

/** ` dir="ltr"` or ` dir="rtl"`: every document states its direction, as it states its language. */
export function dirAttr(lang: string): string {
  return ` dir="${textDirection(lang)}"`
}

/** ` lang="…"` for text in `lang` inside text in `within`, with `dir` when the direction changes too. */
export function langAttr(lang: string, within: string): string {
  const dir = textDirection(lang) === textDirection(within) ? '' : dirAttr(lang)
  return ` lang="${escapeHtml(lang)}"${dir}`
}

/** Separates the parts of a document title. */
export const TITLE_SEPARATOR = ' – '

/**
 * A document title, most specific part first (product, page, brand or service) so that tabs, bookmarks and
 * search results show the product; empty parts are left out.
 */
export function documentTitle(parts: readonly string[]): string {
  return parts.filter((part) => part !== '').join(TITLE_SEPARATOR)
}

/** A complete HTML document with `header`, `main` and `footer` landmarks that works without JavaScript. */
export function renderLayout(options: LayoutOptions): string {
  const footer = options.footer === undefined ? '' : `<footer>${options.footer}</footer>`
  return (
    `<!doctype html><html lang="${escapeHtml(options.lang)}"${dirAttr(options.lang)}><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    // An empty icon: otherwise every page view makes the browser ask for /favicon.ico and get the 404 page.
    '<link rel="icon" href="data:,">' +
    `<title>${escapeHtml(options.title)}</title><style>${STYLE}</style>${options.head ?? ''}</head>` +
    `<body><header>${escapeHtml(options.banner)}${options.headerExtra ?? ''}</header><main>${options.main}</main>${footer}</body></html>`
  )
}
