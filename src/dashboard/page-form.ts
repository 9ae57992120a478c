/**
 * One page of the product editor's form (DESIGN §11): hosted here (text and image per language) or a link to a URL
 * (one for every language or one per language, media type), its context, and its validity window as a local date
 * and time plus an offset. Read from the posted fields, written to the import format's page.
 */
import type { CatalogPageEntry } from '../catalog/schema.ts'

export type PageKind = 'hosted' | 'external'
/** An external page's link: one URL for every language, or one per language. */
export type HrefMode = 'one' | 'each'

/** One page as the form shows it; empty strings stand for members the page does not have. */
export interface PageForm {
  readonly name: string
  readonly linkType: string
  readonly titles: Readonly<Record<string, string>>
  readonly kind: PageKind
  /** Hosted: the Markdown text per language. */
  readonly content: Readonly<Record<string, string>>
  /** Hosted: the image's https URL, and its alternative text per language. */
  readonly imageSrc: string
  readonly imageAlt: Readonly<Record<string, string>>
  /** External: which of `href` and `hrefs` is the link. */
  readonly hrefMode: HrefMode
  readonly href: string
  readonly hrefs: Readonly<Record<string, string>>
  /** External: the media type (none: `text/html`). */
  readonly type: string
  readonly context: string
  /** RFC 3339 date-times with their offset, as stored. */
  readonly validFrom: string
  readonly validUntil: string
}

export function pageOfEntry(page: CatalogPageEntry): PageForm {
  const perLanguage = typeof page.href === 'object' ? page.href : null
  return {
    name: page.name,
    linkType: page.linkType,
    titles: page.titles,
    kind: page.href === undefined ? 'hosted' : 'external',
    content: page.content ?? {},
    imageSrc: page.image?.src ?? '',
    imageAlt: page.image?.alt ?? {},
    hrefMode: perLanguage === null ? 'one' : 'each',
    href: typeof page.href === 'string' ? page.href : '',
    hrefs: perLanguage ?? {},
    type: page.type ?? '',
    context: page.context ?? '',
    validFrom: page.validFrom ?? '',
    validUntil: page.validUntil ?? '',
  }
}

/** A new page of this link type with nothing filled in. */
export function emptyPage(linkType = 'gs1:pip'): PageForm {
  return pageOfEntry({ name: '', linkType, titles: {} })
}

/** The page's members in the import format; only the chosen kind's fields go (the others stay in the form). */
export function pageBody(p: PageForm, isDefault: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = { name: p.name, linkType: p.linkType }
  if (isDefault) out.default = true
  out.titles = p.titles
  if (p.kind === 'hosted') {
    if (Object.keys(p.content).length > 0) out.content = p.content
    // Alt text without an image is sent too: the service names the missing URL instead of the text vanishing.
    if (p.imageSrc !== '' || Object.keys(p.imageAlt).length > 0)
      out.image = { src: p.imageSrc, alt: p.imageAlt }
  } else {
    out.href = p.hrefMode === 'one' ? p.href : p.hrefs
    if (p.type !== '') out.type = p.type
  }
  if (p.context !== '') out.context = p.context
  if (p.validFrom !== '') out.validFrom = p.validFrom
  if (p.validUntil !== '') out.validUntil = p.validUntil
  return out
}

/** The offset at the end of an RFC 3339 date-time. */
const OFFSET = /(Z|[+-]\d{2}:\d{2})$/

/** A stored (or typed) date-time as the form's two fields: the local date and time, and the offset. */
export function splitWindow(value: string): { at: string; offset: string } {
  const offset = OFFSET.exec(value)?.[1]
  return offset === undefined ? { at: value, offset: '' } : { at: value.slice(0, -offset.length), offset }
}

/** The two fields as one date-time; none when no date is given. `z` and `UTC` are taken for `Z`. */
function joinWindow(at: string, offset: string): string {
  if (at === '') return ''
  return at + (/^(z|utc)$/i.test(offset) ? 'Z' : offset)
}

type Fields = Pick<URLSearchParams, 'get'>

function readPage(form: Fields, prefix: string, languages: readonly string[]): PageForm | null {
  const text = (name: string) => (form.get(`${prefix}.${name}`) ?? '').trim()
  const perLanguage = (name: string, raw = false) => {
    const out: Record<string, string> = {}
    for (const lang of languages) {
      const posted = form.get(`${prefix}.${name}.${lang}`) ?? ''
      // Text areas keep their spaces and line breaks (Markdown); browsers send line breaks as CRLF.
      const value = raw ? posted.replace(/\r\n?/g, '\n') : posted.trim()
      if (value.trim() !== '') out[lang] = value
    }
    return out
  }
  const kind: PageKind = form.get(`${prefix}.kind`) === 'external' ? 'external' : 'hosted'
  const page: PageForm = {
    name: text('name'),
    linkType: text('linkType'),
    titles: perLanguage('title'),
    kind,
    content: perLanguage('content', true),
    imageSrc: text('image.src'),
    imageAlt: perLanguage('image.alt'),
    hrefMode: form.get(`${prefix}.hrefMode`) === 'each' ? 'each' : 'one',
    href: text('href'),
    hrefs: perLanguage('href'),
    type: text('type'),
    context: text('context'),
    validFrom: joinWindow(text('validFrom'), text('validFrom.offset')),
    validUntil: joinWindow(text('validUntil'), text('validUntil.offset')),
  }
  return isUnused(page) ? null : page
}

/** Nothing typed that the page's body would carry: an unused slot (the spare row of a list). */
function isUnused(p: PageForm): boolean {
  const none = (r: Readonly<Record<string, string>>) => Object.keys(r).length === 0
  const kindEmpty =
    p.kind === 'hosted'
      ? none(p.content) && none(p.imageAlt) && p.imageSrc === ''
      : (p.hrefMode === 'one' ? p.href === '' : none(p.hrefs)) && p.type === ''
  return (
    p.name === '' &&
    none(p.titles) &&
    kindEmpty &&
    p.context === '' &&
    p.validFrom === '' &&
    p.validUntil === ''
  )
}

/**
 * The rows `{prefix}.0`, `{prefix}.1`, … as posted, without unused slots and rows marked for removal; `chosen` is
 * the index among them of the row whose number is `defaultRow` (0 when none is).
 */
export function readPages(
  form: Fields & Pick<URLSearchParams, 'has'>,
  prefix: string,
  languages: readonly string[],
  max: number,
  defaultRow: string | null,
): { pages: PageForm[]; chosen: number } {
  const pages: PageForm[] = []
  let chosen = 0
  for (let row = 0; row < max && form.has(`${prefix}.${row}.name`); row++) {
    const page = readPage(form, `${prefix}.${row}`, languages)
    if (page === null || form.get(`${prefix}.${row}.remove`) === 'on') continue
    if (defaultRow === String(row)) chosen = pages.length
    pages.push(page)
  }
  return { pages, chosen }
}
