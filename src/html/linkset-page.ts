/** The HTML view of a linkset for shoppers: each page once, under its link type's title, with the JSON-LD linkset embedded (Resolver 1.2 §2.10). */
import { linkTypeTitle } from '../gs1/link-type-titles.ts'
import { toLinkTypeName } from '../gs1/link-types.ts'
import { languageName, languageNote, primaryLanguage } from './languages.ts'
import { documentTitle, escapeHtml, jsonForScript, langAttr, renderLayout } from './layout.ts'
import { type Messages, messages, type UiLanguage } from './messages.ts'

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
  /** The brand's name, for the header and the title; the service's name when empty or absent. */
  readonly brand?: string
}

/** What rendering one list needs. */
interface Context {
  readonly ui: UiLanguage
  readonly m: Messages
  readonly defaultLanguage: string
  /** The href marked as the main page, or null. */
  readonly main: string | null
  /** hrefs listed so far: a page is listed once. */
  readonly shown: Set<string>
}

/** `defaultLinkMulti` before `defaultLink`: the latter is one of the former without its language. */
const DEFAULT_RELATIONS = ['defaultLinkMulti', 'defaultLink']

function isLink(value: unknown): value is PageLink {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  return typeof v.href === 'string' && typeof v.title === 'string'
}

function linksOf(value: unknown): PageLink[] {
  return Array.isArray(value) ? value.filter(isLink) : []
}

/** The links of a link type, whichever form its relation key takes. */
function linksOfType(entry: Readonly<Record<string, unknown>>, name: string): PageLink[] {
  return Object.keys(entry)
    .filter((relation) => toLinkTypeName(relation) === name)
    .flatMap((relation) => linksOf(entry[relation]))
}

/** The default links only repeat the default page (GS1-Conformant Resolver 1.2 §2.5.8): their links, in order. */
function defaultLinks(entry: Readonly<Record<string, unknown>>): PageLink[] {
  return DEFAULT_RELATIONS.flatMap((name) => linksOfType(entry, name))
}

/**
 * The one link marked as the main page: the default page in the visitor's language when it has one, else
 * `defaultLink` (the product's default language). Marking every language of it would repeat the mark.
 */
function mainHref(entry: Readonly<Record<string, unknown>>, ui: UiLanguage): string | null {
  const own = linksOfType(entry, 'defaultLinkMulti').find(
    (link) => primaryLanguage(link.hreflang?.[0] ?? '').toLowerCase() === ui,
  )
  return own?.href ?? linksOfType(entry, 'defaultLink')[0]?.href ?? null
}

/** A link, its language named in the page's language, and the default page marked. */
function renderLink(link: PageLink, c: Context): string {
  const tags = link.hreflang ?? []
  const hreflang = tags[0] === undefined ? '' : ` hreflang="${escapeHtml(tags[0])}"`
  // A link without hreflang (a default link) has its title in the product's default language.
  const lang = langAttr(tags[0] ?? c.defaultLanguage, c.ui)
  const names = tags.map((tag) => languageName(tag, c.ui)).join(', ')
  const language = names === '' ? '' : languageNote(names)
  const main = link.href === c.main ? ` <strong class="badge">${escapeHtml(c.m.defaultPage)}</strong>` : ''
  return `<li><a href="${escapeHtml(link.href)}"${hreflang}${lang}>${escapeHtml(link.title)}</a>${language}${main}</li>`
}

/** A section heading: plain text with its attributes (` lang="en"` on an English title in another language). */
interface Heading {
  readonly attrs: string
  readonly html: string
}

interface Group {
  readonly heading: Heading
  /** Rendered `<li>` items. */
  readonly items: readonly string[]
}

/** The items of the links not listed yet: a page is listed once. */
function listItems(links: readonly PageLink[], c: Context): string[] {
  const items: string[] = []
  for (const link of links) {
    if (c.shown.has(link.href)) continue
    c.shown.add(link.href)
    items.push(renderLink(link, c))
  }
  return items
}

/** The link type's title from the GS1 Web Vocabulary, which is written in English only; else the relation URI. */
function relationHeading(relation: string, ui: UiLanguage): Heading {
  const name = toLinkTypeName(relation)
  const title = name === null ? undefined : linkTypeTitle(name)
  if (title === undefined) return { attrs: '', html: `<code>${escapeHtml(relation)}</code>` }
  return { attrs: ui === 'en' ? '' : langAttr('en', ui), html: escapeHtml(title) }
}

function renderSection(group: Group, n: number): string {
  const id = `rel-${n}`
  return (
    `<section aria-labelledby="${id}"><h2 id="${id}"${group.heading.attrs}>${group.heading.html}</h2>` +
    `<ul>${group.items.join('')}</ul></section>`
  )
}

/** A section per link type in linkset order, the default links left out as repeats; no empty section. */
function renderGroups(entry: Readonly<Record<string, unknown>>, c: Context): string {
  const groups: Group[] = []
  for (const [relation, value] of Object.entries(entry)) {
    if (DEFAULT_RELATIONS.includes(toLinkTypeName(relation) ?? '')) continue
    const items = listItems(linksOf(value), c)
    if (items.length > 0) groups.push({ heading: relationHeading(relation, c.ui), items })
  }
  // A default page whose link type is outside the vocabulary is under no other type: its own heading marks it.
  const rest = listItems(defaultLinks(entry), { ...c, main: null })
  if (rest.length > 0) groups.push({ heading: { attrs: '', html: escapeHtml(c.m.defaultPage) }, items: rest })
  return groups.map(renderSection).join('')
}

/** A complete HTML document listing every page of the linkset once; works without JavaScript. */
export function renderLinksetPage(options: LinksetPageOptions): string {
  const ui = options.language
  const m = messages(ui)
  const { entry } = options
  const anchor = typeof entry.anchor === 'string' ? entry.anchor : ''
  const description = typeof entry.description === 'string' ? entry.description : ''
  const c: Context = {
    ui,
    m,
    defaultLanguage: options.descriptionLanguage,
    main: mainHref(entry, ui),
    shown: new Set(),
  }
  const heading =
    description === ''
      ? `<h1>${escapeHtml(m.linksetTitle)}</h1>`
      : `<h1${langAttr(options.descriptionLanguage, ui)}>${escapeHtml(description)}</h1>` +
        `<p class="subtitle">${escapeHtml(m.linksetTitle)}</p>`
  const brand = options.brand ?? ''
  return renderLayout({
    lang: ui,
    title: documentTitle([description, m.linksetTitle, brand || m.banner]),
    banner: brand || m.banner,
    main: `${heading}<p>${escapeHtml(m.linksetIntro)}</p>${renderGroups(entry, c)}`,
    footer: `<p>${escapeHtml(m.identifier)}: <code translate="no">${escapeHtml(anchor)}</code></p>`,
    head: `<script type="application/ld+json">${jsonForScript(options.jsonLd)}</script>`,
  })
}
