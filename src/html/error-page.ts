/** The HTML error page of the resolver and the product pages, in the scanner's language where we have it (DESIGN §6 error pages). */
import { documentTitle, escapeHtml, renderLayout } from './layout.ts'
import { type ErrorText, type Messages, messages, type UiLanguage } from './messages.ts'

export interface ErrorPageOptions {
  readonly status: number
  /** The resolver error code, e.g. `NOT_FOUND`. */
  readonly error: string
  readonly language: UiLanguage
  /** Title and message instead of the status's own (e.g. a missing product page rather than product). */
  readonly text?: ErrorText
}

/** The status's own title and message, or the generic ones. */
function statusText(m: Messages, status: number): ErrorText {
  return status === 400 || status === 404 || status === 405 || status === 500 ? m.errors[status] : m.error
}

/** A complete HTML document for a resolver error; it never echoes request input. */
export function renderErrorPage(options: ErrorPageOptions): string {
  const m = messages(options.language)
  const text = options.text ?? statusText(m, options.status)
  const main =
    `<h1>${escapeHtml(text.title)}</h1><p>${escapeHtml(text.message)}</p>` +
    `<p class="muted"><code>${options.status} ${escapeHtml(options.error)}</code></p>`
  return renderLayout({
    lang: options.language,
    title: documentTitle([text.title, m.banner]),
    banner: m.banner,
    main,
  })
}
