/**
 * Where the product editor shows a catalog error or warning: its JSON path (relative to the product body) to the ID
 * of the form field it is about, and what the list at the top calls that field.
 */
import type { Issue } from '../../gs1/issue.ts'
import type { PageForm, ProductForm } from '../product-form.ts'
import { formMessage } from './forms.ts'

/** Messages by form field ID. */
export type PlacedNotes = ReadonlyMap<string, readonly string[]>

/** Where the notes of a stored entry's identity go: it has no fields, only the line under the heading. */
export const IDENTITY_NOTE = 'f-identity'

/**
 * Puts each issue on the field it is about. A stored entry (`identityFields` false) shows its GTIN, or key and value,
 * as text: their notes go beside it.
 */
export function placeIssues(issues: readonly Issue[], f: ProductForm, identityFields = true): PlacedNotes {
  const placed = new Map<string, string[]>()
  for (const e of issues) {
    const field = fieldOf(e.path, f)
    const id = !identityFields && IDENTITY_FIELDS.includes(field) ? IDENTITY_NOTE : field
    placed.set(id, [...(placed.get(id) ?? []), formMessage(e)])
  }
  return placed
}

/** What names an entry: a product's GTIN, an item's key and value, a rule's key and prefix. */
const IDENTITY = ['gtin', 'key', 'value', 'prefix']
const IDENTITY_FIELDS = IDENTITY.map((name) => `f-${name}`)
const TOP_FIELDS = [...IDENTITY, 'brand', 'slug', 'languages', 'defaultLanguage']

/** The field ID of a body path (`pages[1].href.en` → `f-page.1.href.en`); the URL name field when none fits. */
export function fieldOf(path: string | null, f: ProductForm): string {
  if (path === null) return 'f-slug'
  const lot = lotPath(path, f)
  if (lot !== null) {
    if (lot.rest === '') return `f-lot.${lot.row}.value`
    if (lot.rest === '.pages') return `f-lot.${lot.row}.page.0.name`
    const page = /^\.pages\[(\d+)\](.*)$/.exec(lot.rest)
    if (page === null) return `lot-${lot.row}`
    const n = Number(page[1])
    const at = { prefix: `lot.${lot.row}.page.${n}`, fieldset: `lot-${lot.row}-page-${n}` }
    return pageField(at, page[2] ?? '', f.lots[lot.row]?.pages[n], f.languages)
  }
  const page = /^pages\[(\d+)\](.*)$/.exec(path)
  if (page !== null) {
    const n = Number(page[1])
    return pageField({ prefix: `page.${n}`, fieldset: `page-${n}` }, page[2] ?? '', f.pages[n], f.languages)
  }
  if (path === 'pages') return 'f-page.0.name'
  if (path === 'lots') return 'f-lot.0.value'
  const name = /^names\.([\w-]+)/.exec(path)
  if (name !== null && f.languages.includes(name[1] ?? '')) return `f-name.${name[1]}`
  const top = path.split(/[.[]/)[0] ?? ''
  if (top === 'names') return 'f-languages'
  return TOP_FIELDS.includes(top) ? `f-${top}` : 'f-slug'
}

/**
 * The lot row a path is in, and the rest of the path: rules name a lot `lots["L1"]`, the schema `lots.L1`. The last
 * row with that value (a lot listed twice is refused at its second row).
 */
function lotPath(path: string, f: ProductForm): { row: number; rest: string } | null {
  for (let row = f.lots.length - 1; row >= 0; row--) {
    const value = f.lots[row]?.value ?? ''
    for (const head of [`lots[${JSON.stringify(value)}]`, `lots.${value}`]) {
      if (path === head || path.startsWith(`${head}.`) || path.startsWith(`${head}[`))
        return { row, rest: path.slice(head.length) }
    }
  }
  return null
}

function pageField(
  at: { prefix: string; fieldset: string },
  rest: string,
  page: PageForm | undefined,
  languages: readonly string[],
): string {
  const m = /^\.(\w+)(?:\.([\w-]+))?(?:\.([\w-]+))?/.exec(rest)
  if (m === null) return at.fieldset
  const [, member, sub, subsub] = m
  const lang = (tag: string | undefined) =>
    tag !== undefined && languages.includes(tag) ? tag : languages[0]
  const id = (name: string) => `f-${at.prefix}.${name}`
  switch (member) {
    case 'name':
    case 'linkType':
    case 'type':
    case 'context':
    case 'validFrom':
    case 'validUntil':
      return id(member)
    case 'titles':
      return id(`title.${lang(sub)}`)
    case 'content':
      return id(`content.${lang(sub)}`)
    case 'image':
      return sub === 'alt' ? id(`image.alt.${lang(subsub)}`) : id('image.src')
    case 'href':
      if (sub !== undefined) return id(`href.${lang(sub)}`)
      return page?.hrefMode === 'each' ? id('hrefs') : id('href')
    default:
      return at.fieldset
  }
}

const TOP_LABELS: Readonly<Record<string, string>> = {
  'f-gtin': 'GTIN',
  'f-key': 'Key',
  'f-value': 'Value',
  'f-prefix': 'Prefix',
  'f-brand': 'Brand',
  'f-slug': 'URL name',
  'f-languages': 'Languages',
  'f-defaultLanguage': 'Default language',
}

/** What a page field's label says, by the member part of its ID. */
const PAGE_MEMBER_LABELS: readonly [RegExp, string][] = [
  [/^name$/, 'URL name'],
  [/^linkType$/, 'link type'],
  [/^title\.(.+)$/, 'title ($1)'],
  [/^content\.(.+)$/, 'text ($1)'],
  [/^image\.src$/, 'image URL'],
  [/^image\.alt\.(.+)$/, 'image text ($1)'],
  [/^href$/, 'URL'],
  [/^hrefs$/, 'URLs'],
  [/^href\.(.+)$/, 'URL ($1)'],
  [/^type$/, 'media type'],
  [/^context$/, 'context'],
  [/^validFrom$/, 'shown from'],
  [/^validUntil$/, 'shown until'],
]

/** What the list at the top calls a field: what its label (and its page's legend) say. */
export function fieldLabel(id: string, f: ProductForm): string {
  const lotValue = (row: string) => {
    const value = f.lots[Number(row)]?.value ?? ''
    return value === '' ? `New lot` : `Lot ${value}`
  }
  const page = /^(?:f-|)(?:lot[.-](\d+)[.-])?page[.-](\d+)(?:\.(.+))?$/.exec(id)
  if (page !== null) {
    const number = Number(page[2]) + 1
    const where = page[1] === undefined ? `Page ${number}` : `${lotValue(page[1])}, page ${number}`
    const member = page[3]
    if (member === undefined) return where
    const label = PAGE_MEMBER_LABELS.find(([pattern]) => pattern.test(member))
    return label === undefined ? where : `${where}, ${member.replace(label[0], label[1])}`
  }
  const lot = /^(?:f-lot\.(\d+)\.value|lot-(\d+))$/.exec(id)
  if (lot !== null) return lotValue(lot[1] ?? lot[2] ?? '')
  const name = /^f-name\.([\w-]+)$/.exec(id)
  if (name !== null) return `Name (${name[1]})`
  if (id === IDENTITY_NOTE) return 'gtin' in f && f.gtin !== '' ? 'GTIN' : 'Key and value'
  return TOP_LABELS[id] ?? 'Product'
}
