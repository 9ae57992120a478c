/**
 * The product editor's form, both ways: a stored product to the form's fields, and posted fields to a product body
 * in the import format (which the catalog service validates). Works without JavaScript: the languages are one text
 * field, and "Update the form" re-renders the per-language fields for the languages typed.
 */
import type { CanonicalProduct } from '../services/catalog/rows.ts'
import { type PageForm, pageBody, pageOfEntry, readPages } from './page-form.ts'

export type { HrefMode, PageForm, PageKind } from './page-form.ts'
export { emptyPage, splitWindow } from './page-form.ts'

/** The pages a scan of one lot sees first (DESIGN §11), as the form shows them. */
export interface LotForm {
  /** The AI (10) value, exact and case-sensitive. */
  readonly value: string
  readonly pages: readonly PageForm[]
}

export interface ProductForm {
  readonly gtin: string
  readonly brand: string
  readonly slug: string
  readonly published: boolean
  readonly defaultLanguage: string
  /** The languages as typed, parsed: lower case, in order, once each. */
  readonly languages: readonly string[]
  readonly names: Readonly<Record<string, string>>
  readonly pages: readonly PageForm[]
  /** Index in `pages` of the default page. */
  readonly defaultPage: number
  readonly lots: readonly LotForm[]
}

/** The most pages the form reads per list (a product has a handful; this bounds the work a crafted form can ask for). */
export const MAX_FORM_PAGES = 60
/** The most lots the form reads. */
export const MAX_FORM_LOTS = 60

export function emptyForm(defaults: { brand: string; language: string }): ProductForm {
  return {
    gtin: '',
    brand: defaults.brand,
    slug: '',
    published: false,
    defaultLanguage: defaults.language,
    languages: [defaults.language],
    names: {},
    pages: [pageOfEntry({ name: 'info', linkType: 'gs1:pip', titles: {} })],
    defaultPage: 0,
    lots: [],
  }
}

export function formOfProduct(p: CanonicalProduct): ProductForm {
  return {
    gtin: p.gtin,
    brand: p.brand,
    slug: p.slug,
    published: p.published,
    defaultLanguage: p.defaultLanguage,
    languages: p.languages,
    names: p.names,
    pages: p.pages.map(pageOfEntry),
    defaultPage: Math.max(
      0,
      p.pages.findIndex((page) => page.default === true),
    ),
    lots: Object.entries(p.lots ?? {}).map(([value, lot]) => ({ value, pages: lot.pages.map(pageOfEntry) })),
  }
}

/** Splits "en, de-AT fr" into `['en', 'de-at', 'fr']`. */
export function parseLanguages(text: string): string[] {
  const out: string[] = []
  for (const part of text.split(/[\s,;]+/)) {
    const tag = part.trim().toLowerCase()
    if (tag !== '' && !out.includes(tag)) out.push(tag)
  }
  return out
}

/** The hidden field that carries the languages the form was drawn with (their name and title fields). */
export const SHOWN_LANGUAGES = 'shownLanguages'

/**
 * Whether a post asks for the form again rather than a save: "Update the form", or a save that names a language the
 * form had no fields for. Enter in the languages field sends the first button, the save, before the new languages'
 * names and titles could be typed: the form then gets their fields instead of refusing them as empty.
 */
export function asksForUpdate(form: URLSearchParams): boolean {
  if (form.get('action') === 'refresh') return true
  const shown = form.get(SHOWN_LANGUAGES)
  if (shown === null) return false
  const drawn = new Set(parseLanguages(shown))
  return parseLanguages(form.get('languages') ?? '').some((language) => !drawn.has(language))
}

/**
 * Reads the posted fields. A page row with nothing typed is an unused slot, and so is a lot without value or pages;
 * a row marked for removal goes. The form read is compact: page `i` of the body is row `i` of the form rendered
 * again, so errors at body paths land on the rows shown.
 */
export function readProductForm(form: URLSearchParams): ProductForm {
  const text = (name: string) => (form.get(name) ?? '').trim()
  const languages = parseLanguages(form.get('languages') ?? '')
  const names: Record<string, string> = {}
  for (const lang of languages) {
    const value = text(`name.${lang}`)
    if (value !== '') names[lang] = value
  }
  const { pages, chosen } = readPages(form, 'page', languages, MAX_FORM_PAGES, form.get('default') ?? '0')
  const lots: LotForm[] = []
  for (let k = 0; k < MAX_FORM_LOTS && form.has(`lot.${k}.value`); k++) {
    const value = text(`lot.${k}.value`)
    const lotPages = readPages(form, `lot.${k}.page`, languages, MAX_FORM_PAGES, null).pages
    if (form.get(`lot.${k}.remove`) === 'on' || (value === '' && lotPages.length === 0)) continue
    lots.push({ value, pages: lotPages })
  }
  return {
    gtin: text('gtin'),
    brand: text('brand'),
    slug: text('slug'),
    published: form.get('published') === 'on',
    defaultLanguage: text('defaultLanguage').toLowerCase(),
    languages,
    names,
    pages,
    defaultPage: chosen,
    lots,
  }
}

/** What the form itself refuses before the catalog service sees it: a lot listed twice (one would hide the other). */
export function formProblems(f: ProductForm): { code: string; path: string; message: string }[] {
  const seen = new Set<string>()
  const problems: { code: string; path: string; message: string }[] = []
  for (const lot of f.lots) {
    if (seen.has(lot.value))
      problems.push({
        code: 'Catalog.Lot',
        path: `lots[${JSON.stringify(lot.value)}]`,
        message: 'This lot is listed twice: put all its pages under one lot.',
      })
    seen.add(lot.value)
  }
  return problems
}

/** The product body (import format, without `gtin`) the catalog service validates and stores. */
export function productBody(f: ProductForm): Record<string, unknown> {
  const body: Record<string, unknown> = {
    brand: f.brand,
    slug: f.slug,
    published: f.published,
    defaultLanguage: f.defaultLanguage,
    languages: f.languages,
    names: f.names,
    pages: f.pages.map((p, i) => pageBody(p, i === f.defaultPage)),
  }
  if (f.lots.length > 0) {
    const lots: Record<string, unknown> = {}
    for (const lot of f.lots) lots[lot.value] = { pages: lot.pages.map((p) => pageBody(p, false)) }
    body.lots = lots
  }
  return body
}
