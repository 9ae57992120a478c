/** The small shared HTML layout of the resolver's views (and later the product pages): inline CSS, landmarks, no script. */

/**
 * Strict Content-Security-Policy for every HTML response: nothing may load, only the inline style applies.
 * The embedded JSON-LD is a data block, which CSP does not treat as script.
 */
export const HTML_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

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

const STYLE = `
:root{color-scheme:light dark;--fg:#1b1b1f;--bg:#fff;--muted:#5c5c66;--line:#d9d9e0;--accent:#0b5cad}
@media (prefers-color-scheme:dark){:root{--fg:#ececf1;--bg:#16161a;--muted:#a4a4b0;--line:#34343c;--accent:#7ab4ff}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
header,main,footer{max-width:42rem;margin:0 auto;padding:1rem 1.25rem}
header{border-bottom:1px solid var(--line);color:var(--muted);font-size:.9rem}
footer{border-top:1px solid var(--line);color:var(--muted);font-size:.85rem}
h1{font-size:1.6rem;line-height:1.25;margin:.5rem 0 1rem}
h2{font-size:1.1rem;margin:1.5rem 0 .5rem}
a{color:var(--accent)}
a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
ul{padding-left:1.25rem}
li{margin:.35rem 0}
code{font-size:.9em;overflow-wrap:anywhere}
.muted{color:var(--muted)}
`
  .trim()
  .replace(/\n/g, '')

export interface LayoutOptions {
  /** Language of the document (`lang` attribute). */
  readonly lang: string
  /** Plain text; escaped here. */
  readonly title: string
  /** Trusted HTML of the `<main>` landmark (callers escape every value they put in). */
  readonly main: string
  /** Plain text of the `<header>` banner; escaped here. */
  readonly banner: string
  /** Trusted HTML of the `<footer>`, or none. */
  readonly footer?: string
  /** Trusted extra HTML for `<head>` (e.g. a JSON-LD data block). */
  readonly head?: string
}

/** A complete HTML document with `header`, `main` and `footer` landmarks that works without JavaScript. */
export function renderLayout(options: LayoutOptions): string {
  const footer = options.footer === undefined ? '' : `<footer>${options.footer}</footer>`
  return (
    `<!doctype html><html lang="${escapeHtml(options.lang)}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(options.title)}</title><style>${STYLE}</style>${options.head ?? ''}</head>` +
    `<body><header>${escapeHtml(options.banner)}</header><main>${options.main}</main>${footer}</body></html>`
  )
}
