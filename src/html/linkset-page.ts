/** The HTML view of a linkset: every link, grouped by link type, with the JSON-LD linkset embedded (Resolver 1.2 §2.10). */
import { GS1_VOC_BASE } from '../gs1/link-types.ts'
import { escapeHtml, jsonForScript, renderLayout } from './layout.ts'
import { messages, type UiLanguage } from './messages.ts'

/** One target object of the linkset, as far as the page shows it. */
interface PageLink {
  readonly href: string
  readonly title: string
  readonly hreflang?: readonly string[]
}

export interface LinksetPageOptions {
  /** Language of the page's own strings. */
  readonly language: UiLanguage
  /** The link context object (`anchor`, optional `description`, relation URI → links). */
  readonly entry: Readonly<Record<string, unknown>>
  /** The product's default language: of `description` and of the default links' titles (lower-case tag). */
  readonly descriptionLanguage: string
  /** The linkset with its `@context`, embedded as a JSON-LD data block. */
  readonly jsonLd: unknown
}

function isLink(value: unknown): value is PageLink {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  return typeof v.href === 'string' && typeof v.title === 'string'
}

/** `https://ref.gs1.org/voc/pip` is shown as the CURIE `gs1:pip`. */
function relationLabel(relation: string): string {
  return relation.startsWith(GS1_VOC_BASE) ? `gs1:${relation.slice(GS1_VOC_BASE.length)}` : relation
}

/** A link; one without `hreflang` (the default links) has its title in the product's default language. */
function renderLink(link: PageLink, defaultLanguage: string): string {
  const lang = link.hreflang?.[0]
  const langAttrs =
    lang === undefined
      ? ` lang="${escapeHtml(defaultLanguage)}"`
      : ` hreflang="${escapeHtml(lang)}" lang="${escapeHtml(lang)}"`
  const tag =
    lang === undefined ? '' : ` <span class="muted">(${escapeHtml(link.hreflang?.join(', ') ?? '')})</span>`
  return `<li><a href="${escapeHtml(link.href)}"${langAttrs}>${escapeHtml(link.title)}</a>${tag}</li>`
}

function renderGroups(entry: Readonly<Record<string, unknown>>, defaultLanguage: string): string {
  let html = ''
  let n = 0
  for (const [relation, value] of Object.entries(entry)) {
    if (!Array.isArray(value)) continue
    const links = value.filter(isLink)
    if (links.length === 0) continue
    const id = `rel-${n++}`
    html +=
      `<section aria-labelledby="${id}"><h2 id="${id}"><code>${escapeHtml(relationLabel(relation))}</code></h2>` +
      `<ul>${links.map((l) => renderLink(l, defaultLanguage)).join('')}</ul></section>`
  }
  return html
}

/** A complete HTML document listing every link of the linkset; works without JavaScript. */
export function renderLinksetPage(options: LinksetPageOptions): string {
  const m = messages(options.language)
  const anchor = typeof options.entry.anchor === 'string' ? options.entry.anchor : ''
  const description = typeof options.entry.description === 'string' ? options.entry.description : null
  const heading =
    description === null
      ? `<h1>${escapeHtml(m.linksetTitle)}</h1>`
      : `<h1 lang="${escapeHtml(options.descriptionLanguage)}">${escapeHtml(description)}</h1>`
  const main =
    `${heading}<p>${escapeHtml(m.linksetIntro)}</p>` +
    `<p>${escapeHtml(m.identifier)}: <code>${escapeHtml(anchor)}</code></p>${renderGroups(options.entry, options.descriptionLanguage)}`
  const head = `<script type="application/ld+json">${jsonForScript(options.jsonLd)}</script>`
  return renderLayout({
    lang: options.language,
    title: description === null ? m.linksetTitle : `${description} – ${m.linksetTitle}`,
    banner: m.banner,
    main,
    head,
  })
}
