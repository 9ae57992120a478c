/**
 * The product editor's form, both ways: a stored product to the form's fields, and posted fields to a product body
 * in the import format (which the catalog service validates). Works without JavaScript: the languages are one text
 * field, and "Update the form" re-renders the name and title fields for the languages typed.
 */
import type { CanonicalProduct } from '../services/catalog/rows.ts'

/** One page as the form shows it. */
export interface PageForm {
  readonly name: string
  readonly linkType: string
  readonly titles: Readonly<Record<string, string>>
  readonly content: Readonly<Record<string, string>>
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
}

/** The most pages the form reads (a product has a handful; this bounds the work a crafted form can ask for). */
export const MAX_FORM_PAGES = 60

export function emptyForm(defaults: { brand: string; language: string }): ProductForm {
  return {
    gtin: '',
    brand: defaults.brand,
    slug: '',
    published: false,
    defaultLanguage: defaults.language,
    languages: [defaults.language],
    names: {},
    pages: [{ name: 'info', linkType: 'gs1:pip', titles: {}, content: {} }],
    defaultPage: 0,
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
    pages: p.pages.map((page) => ({
      name: page.name,
      linkType: page.linkType,
      titles: page.titles,
      content: page.content ?? {},
    })),
    defaultPage: Math.max(
      0,
      p.pages.findIndex((page) => page.default === true),
    ),
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

/**
 * Reads the posted fields. A page row with no name, title or text is an unused slot; a row marked for removal goes.
 * `pageRows[i]` is the form row of the body's page `i` (errors then point at the right row).
 */
export function readProductForm(form: URLSearchParams): { form: ProductForm; pageRows: number[] } {
  const text = (name: string) => (form.get(name) ?? '').trim()
  const languages = parseLanguages(form.get('languages') ?? '')
  const perLanguage = (prefix: string) => {
    const out: Record<string, string> = {}
    for (const lang of languages) {
      const value = text(`${prefix}.${lang}`)
      if (value !== '') out[lang] = value
    }
    return out
  }
  const pages: PageForm[] = []
  const pageRows: number[] = []
  const chosenDefault = Number(form.get('default') ?? '0')
  let defaultPage = 0
  for (let row = 0; row < MAX_FORM_PAGES && form.has(`page.${row}.name`); row++) {
    const page = {
      name: text(`page.${row}.name`),
      linkType: text(`page.${row}.linkType`),
      titles: perLanguage(`page.${row}.title`),
      content: perLanguage(`page.${row}.content`),
    }
    const unused =
      page.name === '' && Object.keys(page.titles).length === 0 && Object.keys(page.content).length === 0
    if (form.get(`page.${row}.remove`) === 'on' || unused) continue
    if (row === chosenDefault) defaultPage = pages.length
    pages.push(page)
    pageRows.push(row)
  }
  return {
    form: {
      gtin: text('gtin'),
      brand: text('brand'),
      slug: text('slug'),
      published: form.get('published') === 'on',
      defaultLanguage: text('defaultLanguage').toLowerCase(),
      languages,
      names: perLanguage('name'),
      pages,
      defaultPage,
    },
    pageRows,
  }
}

/** The product body (import format, without `gtin`) the catalog service validates and stores. */
export function productBody(f: ProductForm): Record<string, unknown> {
  return {
    brand: f.brand,
    slug: f.slug,
    published: f.published,
    defaultLanguage: f.defaultLanguage,
    languages: f.languages,
    names: f.names,
    pages: f.pages.map((p, i) => {
      // All text goes to the catalog service, which names text without a title as an error on its field.
      const content = p.content
      return {
        name: p.name,
        linkType: p.linkType,
        ...(i === f.defaultPage ? { default: true } : {}),
        titles: p.titles,
        ...(Object.keys(content).length > 0 ? { content } : {}),
      }
    }),
  }
}
