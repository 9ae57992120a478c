/**
 * GS1 Resolver Community Edition data entry (its v3 and v2 JSON, docs/resolver-ce.md) as products of one brand with
 * external pages and lot pages (DESIGN §11). Pure and total: any JSON value maps to a file and its issues, each with
 * a JSON path into the CE file; what cannot be mapped is an issue and leaves the rest mapped.
 */
import { aiInfo } from '../gs1/ai-table.ts'
import { checkAiValue } from '../gs1/ai-value.ts'
import { gs1CheckDigit } from '../gs1/check-digit.ts'
import { parseGtin } from '../gs1/gtin.ts'
import { type Issue, issue, quote } from '../gs1/issue.ts'
import { linkTypeTitle } from '../gs1/link-type-titles.ts'
import { isLinkType, isSelectableLinkType } from '../gs1/link-types.ts'
import { unknownLanguage } from './languages.ts'
import {
  type CatalogFile,
  type CatalogPageEntry,
  type CatalogProductEntry,
  MAX_CONTEXT_CHARS,
  MAX_NAME_CHARS,
  MEDIA_TYPE_PATTERN,
} from './schema.ts'

/** The language of a product with no language anywhere in its links. */
export const FALLBACK_LANGUAGE = 'en'
/** CE's `hreflang` for a link in no particular language (BCP 47 "undetermined"). */
const UNDETERMINED = 'und'
const MAX_PRODUCT_SLUG = 100
const LOT_AI = aiInfo('10')
const MEDIA_TYPE = new RegExp(MEDIA_TYPE_PATTERN)

export interface ResolverCeMapping {
  /** Products only, each of the given brand. */
  readonly file: CatalogFile
  readonly issues: Issue[]
  /**
   * Where each part of the file came from: a path of the file (`products[0].pages[1]`,
   * `products[0].pages[1].href.fr`) → the path in the CE file (`[3].links[1]`). See {@link ceSourceOf}.
   */
  readonly sources: ReadonlyMap<string, string>
}

/** One CE link as the mapping uses it: a known GS1 link type (CURIE), languages lower case or `und`. */
interface Link {
  readonly path: string
  readonly linkType: string
  readonly href: string
  readonly title: string
  readonly type: string | undefined
  readonly languages: readonly string[]
  /** Its contexts without `und`: none is any context. */
  readonly contexts: readonly string[]
}

/** One CE entry of a GTIN, with or without a lot. */
interface Entry {
  readonly path: string
  readonly gtin: string
  readonly lot: string | null
  readonly description: string | undefined
  readonly defaultLinkType: string | undefined
  readonly links: readonly Link[]
  /** Some of its links had issues (and are left out). */
  readonly linkIssues: boolean
  readonly active: boolean
}

/** What one page gathers: per language the link that gives its URL and title. */
interface PageDraft {
  readonly key: string
  readonly linkType: string
  readonly type: string | undefined
  /** The contexts of each link of the page (a page keeps a context only when all its links give that one). */
  readonly contexts: string[][]
  readonly path: string
  readonly slots: Map<string, { href: string; title: string; path: string }>
  isDefault: boolean
}

/**
 * Maps CE data entry (an array of v3 or v2 entries, or one entry) to products of `brand`.
 *
 * @example fromResolverCe([{ anchor: '/01/09506000134352', itemDescription: 'Rice', defaultLinktype: 'gs1:pip',
 *   links: [{ linktype: 'gs1:pip', href: 'https://example.com/rice', title: 'Rice', hreflang: ['en'] }] }],
 *   { brand: 'acme-foods' }).file.products?.[0]?.pages[0]?.href // 'https://example.com/rice'
 */
export function fromResolverCe(input: unknown, options: { brand: string }): ResolverCeMapping {
  const issues: Issue[] = []
  const entries = entriesOf(input, issues).flatMap(([value, path]) => readEntry(value, path, issues) ?? [])
  const sources = new Map<string, string>()
  const products: CatalogProductEntry[] = []
  const slugs = new Set<string>()
  for (const group of byGtin(entries).values()) {
    const product = mapProduct(group, options.brand, slugs, issues)
    if (product === null) continue
    const at = `products[${products.length}]`
    for (const [suffix, source] of product.sources) sources.set(at + suffix, source)
    products.push(product.entry)
  }
  return { file: { products }, issues, sources }
}

/**
 * The CE path a path of the mapped file came from (the longest mapped part containing it), or null: how the
 * import's validation errors point into the CE file.
 */
export function ceSourceOf(sources: ReadonlyMap<string, string>, path: string | null): string | null {
  let at = path
  while (at !== null && at !== '') {
    const source = sources.get(at)
    if (source !== undefined) return source
    const cut = Math.max(at.lastIndexOf('.'), at.lastIndexOf('['))
    at = cut <= 0 ? null : at.slice(0, cut)
  }
  return null
}

// ---------------------------------------------------------------------------------------------------------------
// Reading the CE file

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const field = (base: string, name: string) => (base === '' ? name : `${base}.${name}`)

function invalid(path: string, message: string): Issue {
  const name = /([A-Za-z]+)(\[\d+\])*$/.exec(path)?.[1] ?? 'entry'
  return issue(`Catalog.Invalid.${name}`, path, message)
}

const unmappable = (path: string, message: string) => issue('Catalog.Unmappable', path || null, message)

/** The entries and their paths: a JSON array of entries (`[3]`), or one entry (paths without an index). */
function entriesOf(input: unknown, issues: Issue[]): [unknown, string][] {
  if (Array.isArray(input)) return input.map((value, i) => [value, `[${i}]`])
  if (isObject(input)) return [[input, '']]
  issues.push(
    unmappable(
      '',
      'GS1 Resolver CE data entry is a JSON array of entries, each with an anchor (v3) or an identificationKeyType (v2)',
    ),
  )
  return []
}

function readEntry(value: unknown, path: string, issues: Issue[]): Entry | null {
  if (isObject(value) && 'anchor' in value) return readV3(value, path, issues)
  if (isObject(value) && ('identificationKeyType' in value || 'identificationKey' in value))
    return readV2(value, path, issues)
  issues.push(
    unmappable(
      path,
      'not a GS1 Resolver CE entry: neither v3 (with anchor, links) nor v2 (with identificationKeyType, responses)',
    ),
  )
  return null
}

/** A v3 entry: `anchor` (`/01/{gtin}`, maybe with `/10/{lot}`), `qualifiers`, `defaultLinktype`, `links`. */
function readV3(entry: Json, path: string, issues: Issue[]): Entry | null {
  const anchorPath = field(path, 'anchor')
  const anchor = parseAnchor(entry.anchor, anchorPath, issues)
  const qualifiers = anchor === null ? [] : [...anchor.qualifiers]
  const listed = entry.qualifiers
  if (Array.isArray(listed)) {
    listed.forEach((q, j) => {
      const at = `${field(path, 'qualifiers')}[${j}]`
      if (!isObject(q) || Object.keys(q).length === 0)
        issues.push(invalid(at, 'a qualifier is an object of one AI and its value, such as {"10": "LOT1"}'))
      else for (const [ai, v] of Object.entries(q)) qualifiers.push({ ai, value: v, path: at })
    })
  } else if (listed !== undefined && listed !== null) {
    issues.push(invalid(field(path, 'qualifiers'), 'qualifiers is a list such as [{"10": "LOT1"}]'))
  }
  const lot = lotOf(qualifiers, issues)
  const beforeLinks = issues.length
  const links = readLinks(entry.links, field(path, 'links'), V3_FIELDS, issues)
  const linkIssues = issues.length > beforeLinks
  const defaultLinkType = readDefaultLinkType(entry.defaultLinktype, field(path, 'defaultLinktype'), issues)
  const description = readDescription(entry.itemDescription, field(path, 'itemDescription'), issues)
  if (anchor === null || lot === undefined) return null
  checkDefaultHasLink(defaultLinkType, entry.links, V3_FIELDS, field(path, 'defaultLinktype'), issues)
  return { path, gtin: anchor.gtin, lot, description, defaultLinkType, links, linkIssues, active: true }
}

/** A v2 entry: `identificationKeyType`, `identificationKey`, `qualifierPath`, `active`, `responses`. */
function readV2(entry: Json, path: string, issues: Issue[]): Entry | null {
  const type = entry.identificationKeyType
  const key = entry.identificationKey
  let gtin: string | null = null
  if (type !== '01' && type !== 1) {
    issues.push(
      typeof type === 'string' && type !== ''
        ? unmappable(field(path, 'identificationKeyType'), keyNotYetMappable(type))
        : invalid(
            field(path, 'identificationKeyType'),
            'identificationKeyType is the AI of the key, such as "01"',
          ),
    )
  } else {
    gtin = gtinOf(typeof key === 'string' ? key : String(key ?? ''), field(path, 'identificationKey'), issues)
  }
  const qualifierPath = entry.qualifierPath
  let qualifiers: Qualifier[] = []
  if (typeof qualifierPath === 'string') {
    const parsed = qualifierSegments(qualifierPath, field(path, 'qualifierPath'), issues)
    qualifiers = parsed ?? []
  } else if (qualifierPath !== undefined && qualifierPath !== null) {
    issues.push(invalid(field(path, 'qualifierPath'), 'qualifierPath is a path such as "/" or "/10/LOT1"'))
  }
  const lot = lotOf(qualifiers, issues)
  const beforeLinks = issues.length
  const links = readLinks(entry.responses, field(path, 'responses'), V2_FIELDS, issues)
  const linkIssues = issues.length > beforeLinks
  const description = readDescription(entry.itemDescription, field(path, 'itemDescription'), issues)
  if (gtin === null || lot === undefined) return null
  // v2 marks its default on a response (`defaultLinkType: true`); the first active one so marked counts.
  const responses = Array.isArray(entry.responses) ? entry.responses : []
  const marked = responses.find((r) => isObject(r) && !isInactive(r) && r.defaultLinkType === true) as
    | Json
    | undefined
  const defaultLinkType = marked === undefined ? undefined : (linkTypeOf(marked.linkType) ?? undefined)
  return { path, gtin, lot, description, defaultLinkType, links, linkIssues, active: !isInactive(entry) }
}

/** v2's `active: false` (CE) or `public: false` (GS1's own resolver): not answered by CE. */
function isInactive(value: Json): boolean {
  return value.active === false || value.public === false
}

interface Qualifier {
  readonly ai: string
  readonly value: unknown
  readonly path: string
}

function parseAnchor(
  value: unknown,
  path: string,
  issues: Issue[],
): { gtin: string; qualifiers: Qualifier[] } | null {
  if (typeof value !== 'string' || !value.startsWith('/')) {
    issues.push(invalid(path, 'an anchor is a Digital Link path such as "/01/09506000134352"'))
    return null
  }
  const segments = splitPath(value, path, issues)
  if (segments === null) return null
  const [ai = '', key = ''] = segments
  if (ai !== '01') {
    issues.push(
      /^\d{2,4}$/.test(ai) ? unmappable(path, keyNotYetMappable(ai)) : invalid(path, notAnAnchor(value)),
    )
    return null
  }
  const gtin = gtinOf(key, path, issues)
  if (gtin === null) return null
  const qualifiers: Qualifier[] = []
  for (let i = 2; i < segments.length; i += 2)
    qualifiers.push({ ai: segments[i] as string, value: segments[i + 1], path })
  return { gtin, qualifiers }
}

function notAnAnchor(value: string): string {
  return `${quote(value)} is not a Digital Link path such as "/01/09506000134352"`
}

function keyNotYetMappable(ai: string): string {
  return `key (${ai.slice(0, 8)}) is not yet mappable: only GTINs (01) become products`
}

/** The AI/value pairs of a path (`/01/123/10/LOT`), percent-decoded; null (with an issue) when malformed. */
function splitPath(value: string, path: string, issues: Issue[]): string[] | null {
  const segments = value.replace(/\/$/, '').split('/').slice(1)
  if (segments.length % 2 !== 0 || segments.some((s) => s === '')) {
    issues.push(invalid(path, notAnAnchor(value)))
    return null
  }
  try {
    return segments.map((s) => decodeURIComponent(s))
  } catch {
    issues.push(invalid(path, `${quote(value)} has a malformed percent-encoding`))
    return null
  }
}

function qualifierSegments(value: string, path: string, issues: Issue[]): Qualifier[] | null {
  if (value === '' || value === '/') return []
  if (!value.startsWith('/')) {
    issues.push(invalid(path, 'qualifierPath is a path such as "/" or "/10/LOT1"'))
    return null
  }
  const segments = splitPath(value, path, issues)
  if (segments === null) return null
  const qualifiers: Qualifier[] = []
  for (let i = 0; i < segments.length; i += 2)
    qualifiers.push({ ai: segments[i] as string, value: segments[i + 1], path })
  return qualifiers
}

function gtinOf(value: string, path: string, issues: Issue[]): string | null {
  const parsed = parseGtin(value)
  if (parsed.ok) return parsed.gtin
  const shown = quote(value)
  issues.push(
    invalid(
      path,
      parsed.reason === 'checkDigit'
        ? `GTIN ${value} has a wrong check digit: it ends in ${value.slice(-1)}, expected ${gs1CheckDigit(value.slice(0, -1))}`
        : `${shown} is not a GTIN of 8, 12, 13 or 14 digits`,
    ),
  )
  return null
}

/** The lot of the qualifiers: null for none, undefined (with an issue) when they cannot be mapped. */
function lotOf(qualifiers: readonly Qualifier[], issues: Issue[]): string | null | undefined {
  let lot: string | null = null
  let ok = true
  for (const q of qualifiers) {
    const problem = qualifierProblem(q, lot)
    if (problem !== null) {
      issues.push(problem)
      ok = false
    } else lot = q.value as string
  }
  return ok ? lot : undefined
}

const NOT_YET: Readonly<Record<string, string>> = {
  '21': 'serial number (21) qualifiers are not yet mappable: pages are per product or per lot',
  '22': 'consumer product variant (22) qualifiers are not yet mappable: pages are per product or per lot',
  '235':
    'third-party controlled serial (235) qualifiers are not yet mappable: pages are per product or per lot',
}

function qualifierProblem(q: Qualifier, lot: string | null): Issue | null {
  const notYet = NOT_YET[q.ai]
  if (notYet !== undefined) return unmappable(q.path, notYet)
  if (q.ai !== '10') return invalid(q.path, `AI (${q.ai.slice(0, 8)}) is not a qualifier of a GTIN`)
  if (typeof q.value !== 'string') return invalid(q.path, 'a lot (10) is a string')
  if (/^\{.*\}$/.test(q.value))
    return unmappable(
      q.path,
      `the lot ${quote(q.value)} is a placeholder for every lot; not yet mappable: lot pages are per lot`,
    )
  const problem = LOT_AI === undefined ? null : checkAiValue(LOT_AI, q.value)
  if (problem !== null) return invalid(q.path, `lot ${quote(q.value)}: ${problem.message}`)
  if (lot !== null && lot !== q.value)
    return invalid(q.path, `the entry names two lots, ${quote(lot)} and ${quote(q.value)}`)
  return null
}

function readDescription(value: unknown, path: string, issues: Issue[]): string | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string') {
    issues.push(invalid(path, 'itemDescription is a text'))
    return undefined
  }
  const text = value.trim()
  if ([...text].length > MAX_NAME_CHARS) {
    issues.push(invalid(path, `a product name has at most ${MAX_NAME_CHARS} characters`))
    return undefined
  }
  return text === '' ? undefined : text
}

/** A GS1 Web Vocabulary term as CE writes it: a `gs1:` CURIE or a `gs1.org/voc/` or `ref.gs1.org/voc/` URI. */
const GS1_TERM = /^(?:gs1:|https?:\/\/(?:ref\.)?gs1\.org\/voc\/)([A-Za-z]+)$/

/** A link type of the vocabulary as a `gs1:` CURIE, or null. */
function linkTypeOf(value: unknown): string | null {
  const name = typeof value === 'string' ? GS1_TERM.exec(value.trim())?.[1] : undefined
  return name !== undefined && isLinkType(name) ? `gs1:${name}` : null
}

function readDefaultLinkType(value: unknown, path: string, issues: Issue[]): string | undefined {
  if (value === undefined || value === null || value === '') return undefined
  const problem = linkTypeProblem(value, path)
  if (problem !== null) {
    issues.push(problem)
    return undefined
  }
  return linkTypeOf(value) ?? undefined
}

function checkDefaultHasLink(
  linkType: string | undefined,
  links: unknown,
  names: LinkFields,
  path: string,
  issues: Issue[],
): void {
  if (linkType === undefined || !Array.isArray(links)) return
  if (links.some((l) => isObject(l) && linkTypeOf(l[names.linkType]) === linkType)) return
  issues.push(invalid(path, `no link of the entry has the default link type ${linkType}`))
}

/** Why a link type cannot be a page's, or null. */
function linkTypeProblem(value: unknown, path: string): Issue | null {
  if (typeof value !== 'string' || value.trim() === '')
    return invalid(path, 'a link type is a GS1 Web Vocabulary term such as "gs1:pip"')
  const text = value.trim()
  const name = GS1_TERM.exec(text)?.[1]
  if (name === undefined)
    return unmappable(
      path,
      `${quote(text)} is outside the GS1 Web Vocabulary; only gs1: link types map to pages`,
    )
  if (!isLinkType(name)) return invalid(path, `${quote(text)} is not a link type of the GS1 Web Vocabulary`)
  if (!isSelectableLinkType(name))
    return unmappable(
      path,
      `${name} is a link type resolvers answer with; it is never a page's (mark the default with defaultLinktype)`,
    )
  return null
}

// ---------------------------------------------------------------------------------------------------------------
// Links

/** The names a link's fields have in each version. */
interface LinkFields {
  readonly linkType: string
  readonly href: string
  readonly title: string
  readonly type: string
  readonly language: string
  readonly context: string
}

const V3_FIELDS: LinkFields = {
  linkType: 'linktype',
  href: 'href',
  title: 'title',
  type: 'type',
  language: 'hreflang',
  context: 'context',
}
const V2_FIELDS: LinkFields = {
  linkType: 'linkType',
  href: 'targetUrl',
  title: 'linkTitle',
  type: 'mimeType',
  language: 'ianaLanguage',
  context: 'context',
}

/** The links that map (v2's inactive responses are left out, as CE does); an issue for each that does not. */
function readLinks(value: unknown, path: string, names: LinkFields, issues: Issue[]): Link[] {
  if (!Array.isArray(value) || value.length === 0) {
    const what = Array.isArray(value)
      ? 'an entry has at least one link'
      : `${lastName(path)} is a list of links`
    issues.push(invalid(path, what))
    return []
  }
  return value.flatMap((v, j) =>
    isObject(v) && names === V2_FIELDS && isInactive(v)
      ? []
      : (readLink(v, `${path}[${j}]`, names, issues) ?? []),
  )
}

function lastName(path: string): string {
  return path.slice(path.lastIndexOf('.') + 1)
}

function readLink(value: unknown, path: string, names: LinkFields, issues: Issue[]): Link | null {
  if (!isObject(value)) {
    issues.push(invalid(path, 'a link is an object with a link type, an href, a title and languages'))
    return null
  }
  const before = issues.length
  const linkTypeProblemFound = linkTypeProblem(value[names.linkType], field(path, names.linkType))
  if (linkTypeProblemFound !== null) issues.push(linkTypeProblemFound)
  const href = readHref(value[names.href], field(path, names.href), issues)
  const type = readType(value[names.type], field(path, names.type), issues)
  // GS1's own v2 format says `language` where CE says `ianaLanguage`.
  const languageName = names === V2_FIELDS && !(names.language in value) ? 'language' : names.language
  const languages = readLanguages(value[languageName], field(path, languageName), issues)
  const contexts = readContexts(value[names.context], field(path, names.context), issues)
  const linkType = linkTypeOf(value[names.linkType])
  const title = readTitle(value[names.title], linkType, field(path, names.title), issues)
  if (issues.length > before || linkType === null || href === null || title === null) return null
  return { path, linkType, href, title, type, languages, contexts }
}

function readHref(value: unknown, path: string, issues: Issue[]): string | null {
  if (typeof value !== 'string' || value.trim() === '') {
    issues.push(invalid(path, 'a link has the URL it leads to'))
    return null
  }
  // CE treats braces as text outside its qualifier placeholders; here they would make the link a template.
  return value.trim().replaceAll('{', '%7B').replaceAll('}', '%7D')
}

function readType(value: unknown, path: string, issues: Issue[]): string | undefined {
  if (value === undefined || value === null) return undefined
  const text = typeof value === 'string' ? (value.split(';')[0] as string).trim() : null
  if (text === '' || text === UNDETERMINED) return undefined
  if (text === null || !MEDIA_TYPE.test(text)) {
    issues.push(invalid(path, 'a type is a media type such as "text/html"'))
    return undefined
  }
  return text.toLowerCase()
}

/** Lower-case `ll` or `ll-rr` tags, or `und`; a missing or empty list is `und`. */
function readLanguages(value: unknown, path: string, issues: Issue[]): string[] {
  if (value === undefined || value === null) return [UNDETERMINED]
  const list = Array.isArray(value) ? value : [value]
  const tags: string[] = []
  list.forEach((tag, j) => {
    const at = Array.isArray(value) ? `${path}[${j}]` : path
    const parsed = languageOf(tag)
    if (typeof parsed === 'string') {
      if (!tags.includes(parsed)) tags.push(parsed)
    } else issues.push(invalid(at, parsed.problem))
  })
  return tags.length === 0 ? [UNDETERMINED] : tags
}

function languageOf(tag: unknown): string | { problem: string } {
  if (typeof tag !== 'string') return { problem: 'a language is a tag such as "en" or "fr-CA"' }
  const lower = tag.trim().toLowerCase().replace('_', '-')
  if (lower === '' || lower === UNDETERMINED) return UNDETERMINED
  if (!/^[a-z]{2}(-[a-z]{2})?$/.test(lower))
    return { problem: `${quote(tag)} is not a language tag of the form "en" or "fr-CA"` }
  const unknown = unknownLanguage(lower)
  return unknown === null ? lower : { problem: unknown }
}

/** CE v3 lists contexts, v2 gives one; `und` (any context) is none. */
function readContexts(value: unknown, path: string, issues: Issue[]): string[] {
  if (value === undefined || value === null || value === '') return []
  const list = Array.isArray(value) ? value : [value]
  const contexts: string[] = []
  list.forEach((c, j) => {
    const at = Array.isArray(value) ? `${path}[${j}]` : path
    if (typeof c !== 'string' || c.trim() === '' || [...c.trim()].length > MAX_CONTEXT_CHARS)
      issues.push(invalid(at, `a context is a text of 1 to ${MAX_CONTEXT_CHARS} characters`))
    else if (c.trim() !== UNDETERMINED && !contexts.includes(c.trim())) contexts.push(c.trim())
  })
  return contexts
}

/** The link's title, or the link type's own title when it has none. */
function readTitle(value: unknown, linkType: string | null, path: string, issues: Issue[]): string | null {
  if (value !== undefined && value !== null && typeof value !== 'string') {
    issues.push(invalid(path, 'a title is a text'))
    return null
  }
  const text = (value ?? '').trim()
  if ([...text].length > MAX_NAME_CHARS) {
    issues.push(invalid(path, `a title has at most ${MAX_NAME_CHARS} characters`))
    return null
  }
  if (text !== '') return text
  return linkType === null ? null : (linkTypeTitle(linkType.slice(4)) ?? linkType)
}

// ---------------------------------------------------------------------------------------------------------------
// Products

interface GtinGroup {
  readonly base: Entry[]
  readonly lots: Map<string, Entry[]>
  readonly all: Entry[]
}

function byGtin(entries: readonly Entry[]): Map<string, GtinGroup> {
  const groups = new Map<string, GtinGroup>()
  for (const e of entries) {
    let group = groups.get(e.gtin)
    if (group === undefined) {
      group = { base: [], lots: new Map(), all: [] }
      groups.set(e.gtin, group)
    }
    group.all.push(e)
    if (e.lot === null) group.base.push(e)
    // An inactive lot entry is one CE does not answer: the lot then sees the product's pages.
    else if (e.active) group.lots.set(e.lot, [...(group.lots.get(e.lot) ?? []), e])
  }
  return groups
}

interface MappedProduct {
  readonly entry: CatalogProductEntry
  /** Path suffixes (`.pages[1]`) → CE paths. */
  readonly sources: Map<string, string>
}

function mapProduct(
  group: GtinGroup,
  brand: string,
  slugs: Set<string>,
  issues: Issue[],
): MappedProduct | null {
  const first = group.all[0] as Entry
  if (group.base.length === 0) {
    issues.push(
      unmappable(
        first.path,
        `GTIN ${first.gtin} has entries only for lots; a product needs an entry without qualifiers for its own pages`,
      ),
    )
    return null
  }
  const baseLinks = group.base.flatMap((e) => e.links)
  if (baseLinks.length === 0) {
    // Links with issues are reported already; a product of inactive links only is not answered by CE either.
    if (!group.base.some((e) => e.linkIssues))
      issues.push(
        unmappable(first.path, `GTIN ${first.gtin} has no active link; a product needs at least one`),
      )
    return null
  }
  const defaultLink = chosenDefault(group.base)
  const defaultLanguage = defaultLanguageOf(defaultLink, baseLinks, group.all)
  const pages = draftPages(baseLinks, defaultLink, defaultLanguage)
  const names = nameProductPages(pages)
  const sources = new Map<string, string>(first.path === '' ? [] : [['', first.path]])
  const catalogPages = pages.map((p, k) => toPage(p, names[k] as string, `.pages[${k}]`, sources))
  const lots = mapLots(group.lots, pages, names, defaultLanguage, catalogPages, sources)
  const description = group.base.find((e) => e.description !== undefined)?.description
  const languages = languagesOf(defaultLanguage, catalogPages, lots)
  const slug = uniqueSlug(productSlug(description, first.gtin), slugs)
  const entry: CatalogProductEntry = {
    gtin: first.gtin,
    brand,
    slug,
    published: group.base.every((e) => e.active),
    defaultLanguage,
    languages,
    ...(description === undefined ? {} : { names: { [defaultLanguage]: description } }),
    pages: catalogPages,
    ...(lots.length === 0 ? {} : { lots: Object.fromEntries(lots.map(([lot, p]) => [lot, { pages: p }])) }),
  }
  return { entry, sources }
}

/** The default link of entries: the first link of the first default link type named, else the first link. */
function chosenDefault(entries: readonly Entry[]): Link {
  const links = entries.flatMap((e) => e.links)
  const linkType = entries.find((e) => e.defaultLinkType !== undefined)?.defaultLinkType
  return links.find((l) => l.linkType === linkType) ?? (links[0] as Link)
}

/**
 * The first language of the default link's page (so the default page is published in the default language), else
 * the first language of any of the product's links, else {@link FALLBACK_LANGUAGE}.
 */
function defaultLanguageOf(defaultLink: Link, baseLinks: readonly Link[], entries: readonly Entry[]): string {
  const samePage = baseLinks.filter((l) => pageKey(l) === pageKey(defaultLink))
  const concrete = (links: readonly Link[]) =>
    links.flatMap((l) => l.languages).find((tag) => tag !== UNDETERMINED)
  return concrete(samePage) ?? concrete(entries.flatMap((e) => e.links)) ?? FALLBACK_LANGUAGE
}

/**
 * Links with the same link type and media type are one page, published in each of their languages. Contexts do not
 * part them: CE 2.x gave each language's response a context of its country, and a page per context would answer
 * every scan of the link type with the first country's page whatever the scanner's language.
 */
function pageKey(link: Link): string {
  return JSON.stringify([link.linkType, link.type ?? 'text/html'])
}

/**
 * The pages of links in their order: a link joins the first page of its key free in each of its languages (or
 * giving the same URL and title there), else starts another; `und` is the default language.
 */
function draftPages(links: readonly Link[], defaultLink: Link | null, defaultLanguage: string): PageDraft[] {
  const pages: PageDraft[] = []
  for (const link of links) {
    const languages = link.languages.map((tag) => (tag === UNDETERMINED ? defaultLanguage : tag))
    const key = pageKey(link)
    const fits = (p: PageDraft) =>
      p.key === key &&
      languages.every((tag) => {
        const slot = p.slots.get(tag)
        return slot === undefined || (slot.href === link.href && slot.title === link.title)
      })
    let page = pages.find(fits)
    if (page === undefined) {
      page = {
        key,
        linkType: link.linkType,
        type: link.type,
        contexts: [],
        path: link.path,
        slots: new Map(),
        isDefault: false,
      }
      pages.push(page)
    }
    page.contexts.push([...link.contexts])
    for (const tag of languages)
      if (!page.slots.has(tag)) page.slots.set(tag, { href: link.href, title: link.title, path: link.path })
    if (link === defaultLink) page.isDefault = true
  }
  return pages
}

/** A page's URL name: its link type in lower case with hyphens (`gs1:recallStatus` → `recall-status`). */
export function pageNameOf(linkType: string): string {
  return linkType
    .replace(/^gs1:/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
}

function uniqueName(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
}

function nameProductPages(pages: readonly PageDraft[]): string[] {
  const taken = new Set<string>()
  return pages.map((p) => {
    const name = uniqueName(pageNameOf(p.linkType), taken)
    taken.add(name)
    return name
  })
}

function toPage(draft: PageDraft, name: string, at: string, sources: Map<string, string>): CatalogPageEntry {
  sources.set(at, draft.path)
  const slots = [...draft.slots]
  const hrefs = new Set(slots.map(([, s]) => s.href))
  for (const [tag, slot] of slots) {
    sources.set(`${at}.titles.${tag}`, slot.path)
    sources.set(`${at}.href.${tag}`, slot.path)
  }
  const [first = []] = draft.contexts
  const context =
    first.length === 1 && draft.contexts.every((c) => c.length === 1 && c[0] === first[0])
      ? first[0]
      : undefined
  return {
    name,
    linkType: draft.linkType,
    ...(draft.isDefault ? { default: true } : {}),
    titles: Object.fromEntries(slots.map(([tag, s]) => [tag, s.title])),
    href:
      hrefs.size === 1
        ? ([...hrefs][0] as string)
        : Object.fromEntries(slots.map(([tag, s]) => [tag, s.href])),
    ...(draft.type === undefined ? {} : { type: draft.type }),
    ...(context === undefined ? {} : { context }),
  }
}

/**
 * The pages of each lot, named so that they replace the product's (DESIGN §11): the lot's default page takes the
 * name of the product's default page, and another takes the name of the product's page with the same link type
 * and media type. A lot page equal to the product's is left out, and a lot with none left with it.
 */
function mapLots(
  lots: ReadonlyMap<string, Entry[]>,
  productPages: readonly PageDraft[],
  productNames: readonly string[],
  defaultLanguage: string,
  catalogPages: readonly CatalogPageEntry[],
  sources: Map<string, string>,
): [string, CatalogPageEntry[]][] {
  const mapped: [string, CatalogPageEntry[]][] = []
  const defaultName = productNames[productPages.findIndex((p) => p.isDefault)] as string
  for (const [lot, entries] of lots) {
    const links = entries.flatMap((e) => e.links)
    if (links.length === 0) continue
    const drafts = draftPages(links, chosenDefault(entries), defaultLanguage)
    const at = `.lots[${JSON.stringify(lot)}]`
    const names = nameLotPages(drafts, productPages, productNames, defaultName)
    const lotSources = new Map<string, string>([[at, (entries[0] as Entry).path]])
    const pages: CatalogPageEntry[] = []
    drafts.forEach((draft, k) => {
      draft.isDefault = false
      const pageSources = new Map<string, string>()
      const page = toPage(draft, names[k] as string, `${at}.pages[${pages.length}]`, pageSources)
      const same = catalogPages.find((p) => p.name === page.name)
      if (same !== undefined && sameContent(same, page)) return
      pages.push(page)
      for (const [key, source] of pageSources) lotSources.set(key, source)
    })
    if (pages.length === 0) continue
    for (const [key, source] of lotSources) sources.set(key, source)
    mapped.push([lot, pages])
  }
  return mapped
}

function nameLotPages(
  drafts: readonly PageDraft[],
  productPages: readonly PageDraft[],
  productNames: readonly string[],
  defaultName: string,
): string[] {
  const taken = new Set<string>()
  const names: string[] = drafts.map(() => '')
  const defaultIndex = Math.max(
    0,
    drafts.findIndex((d) => d.isDefault),
  )
  names[defaultIndex] = defaultName
  taken.add(defaultName)
  const seen = new Map<string, number>()
  drafts.forEach((draft, k) => {
    const nth = seen.get(draft.key) ?? 0
    seen.set(draft.key, nth + 1)
    if (k === defaultIndex) return
    const sameKey = productPages.flatMap((p, i) => (p.key === draft.key ? [productNames[i] as string] : []))
    const candidate = sameKey[nth]
    const name =
      candidate !== undefined && !taken.has(candidate)
        ? candidate
        : uniqueName(pageNameOf(draft.linkType), new Set([...taken, ...productNames]))
    names[k] = name
    taken.add(name)
  })
  return names
}

function sameContent(product: CatalogPageEntry, lot: CatalogPageEntry): boolean {
  const { default: _, ...rest } = product
  return JSON.stringify(rest) === JSON.stringify(lot)
}

function languagesOf(
  defaultLanguage: string,
  pages: readonly CatalogPageEntry[],
  lots: readonly [string, CatalogPageEntry[]][],
): string[] {
  const all = [pages, ...lots.map(([, p]) => p)].flat().flatMap((p) => Object.keys(p.titles))
  return [...new Set([defaultLanguage, ...all])]
}

/** A product slug from its description: lower-case ASCII letters and digits with hyphens, at most 100; else the GTIN. */
export function productSlug(description: string | undefined, gtin: string): string {
  const slug = (description ?? '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, MAX_PRODUCT_SLUG)
    .replace(/-+$/, '')
  return slug === '' ? gtin : slug
}

function uniqueSlug(base: string, taken: Set<string>): string {
  let slug = base
  for (let n = 2; taken.has(slug); n++) {
    const suffix = `-${n}`
    slug = base.slice(0, MAX_PRODUCT_SLUG - suffix.length).replace(/-+$/, '') + suffix
  }
  taken.add(slug)
  return slug
}
