/** Validates a catalog import file: the schema, then the rules a schema cannot say; every error with its JSON path. */
import { Value } from '@sinclair/typebox/value'
import { normaliseGtin } from '../gs1/gtin.ts'
import { type Issue, issue } from '../gs1/issue.ts'
import { duplicates } from './duplicates.ts'
import {
  CatalogFile,
  type CatalogPageEntry,
  MAX_CONTENT_CHARS,
  MAX_CONTEXT_CHARS,
  MAX_NAME_CHARS,
} from './schema.ts'
import { checkBrands } from './validate-brands.ts'
import { checkCompanyPrefixes } from './validate-company-prefixes.ts'
import { checkOwnership } from './validate-ownership.ts'
import { checkItem, checkProduct, checkProductReferences, itemEntry, ruleEntry } from './validate-products.ts'
import { checkScope } from './validate-scope.ts'
import {
  type CatalogScope,
  type CatalogValidation,
  entryPath,
  type KnownSlugs,
  type ValidCatalog,
} from './validate-types.ts'

export type { CatalogScope, CatalogValidation, KnownSlugs, ValidCatalog } from './validate-types.ts'

export const NO_KNOWN_SLUGS: KnownSlugs = { organizations: new Set(), brands: new Set(), domains: new Map() }

const MAX_SCHEMA_ERRORS = 100

/**
 * Checks the whole file and returns every error, or the normalised catalog. Never throws. With `scope` (an import
 * for one organization), what it may not change is reported with the rest (`Catalog.Scope`), not after them.
 */
export function validateCatalog(
  input: unknown,
  stored: KnownSlugs = NO_KNOWN_SLUGS,
  scope?: CatalogScope,
): CatalogValidation {
  const known = scope === undefined ? stored : { ...stored, scopedTo: scope.slug }
  const shapeErrors = shapeIssues(input)
  if (shapeErrors.length > 0) return { ok: false, errors: shapeErrors }
  const file = input as CatalogFile
  const products = (file.products ?? []).map((p) => ({ ...p, gtin: normaliseGtin(p.gtin) ?? p.gtin }))
  const items = (file.items ?? []).map(itemEntry)
  const catalog: ValidCatalog = {
    organizations: file.organizations ?? [],
    brands: file.brands ?? [],
    products: [...products, ...items, ...(file.rules ?? []).map(ruleEntry)],
    itemsFrom: products.length,
    rulesFrom: products.length + items.length,
  }
  const errors = [
    ...checkOrganizations(catalog),
    ...checkBrands(catalog, known),
    ...readableTextIssues(catalog),
    ...catalog.products.flatMap((p, i) =>
      i < products.length
        ? checkProduct(p, file.products?.[i]?.gtin ?? '', entryPath(catalog, i))
        : checkItem(p, entryPath(catalog, i)),
    ),
    ...checkProductReferences(catalog, known),
    ...checkCompanyPrefixes(catalog, known),
    ...checkOwnership(catalog, known),
    ...(scope === undefined ? [] : checkScope(catalog, scope, known)),
  ]
  return errors.length > 0 ? { ok: false, errors } : { ok: true, catalog }
}

/**
 * The checks that need no database: the schema, then text Postgres can store. An import runs them before it looks
 * up the slugs the file names, since a NUL in a slug would fail that query.
 */
export function shapeIssues(input: unknown): Issue[] {
  const schemaErrors = schemaIssues(input)
  return schemaErrors.length > 0 ? schemaErrors : textIssues(input, '', [])
}

/** Converts a JSON pointer (`/products/0/gtin`) to the dotted path used in errors (`products[0].gtin`). */
export function pointerToPath(pointer: string): string {
  let path = ''
  for (const raw of pointer.split('/').slice(1)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    path += /^\d+$/.test(part) ? `[${part}]` : path === '' ? part : `.${part}`
  }
  return path
}

/** Half of a surrogate pair, which Postgres would store altered (a NUL it cannot hold at all). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** True when Postgres stores the text unchanged: no NUL, no half of a surrogate pair. */
export function storableText(value: string): boolean {
  return !value.includes('\0') && !LONE_SURROGATE.test(value)
}

/** Every string of the file (names as well as values) must be text the database stores unchanged. */
function textIssues(value: unknown, path: string, errors: Issue[]): Issue[] {
  if (errors.length >= MAX_SCHEMA_ERRORS) return errors
  if (typeof value === 'string') {
    if (!storableText(value))
      errors.push(
        issue('Catalog.Text', path || null, 'text may not hold a NUL character or an unpaired surrogate'),
      )
  } else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) textIssues(item, `${path}[${i}]`, errors)
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const at = path === '' ? key : `${path}.${key}`
      textIssues(key, at, errors)
      textIssues(item, at, errors)
    }
  }
  return errors
}

function schemaIssues(input: unknown): Issue[] {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return [
      issue(
        'Catalog.Schema',
        null,
        'the catalog must be a JSON object with organizations, brands and products',
      ),
    ]
  }
  const errors: Issue[] = []
  for (const e of Value.Errors(SHAPE, input)) {
    errors.push(issue('Catalog.Schema', pointerToPath(e.path) || null, e.message))
    if (errors.length >= MAX_SCHEMA_ERRORS) break
  }
  return errors
}

/**
 * The file's shape as TypeBox checks it: the published schema without its text lengths, which JSON Schema counts in
 * characters and TypeBox in UTF-16 units (200 emoji are 200 characters, 400 units). `readableTextIssues` counts them.
 */
const SHAPE = withoutLengths(CatalogFile)

function withoutLengths<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(withoutLengths) as T
  if (typeof schema !== 'object' || schema === null) return schema
  // A spread keeps TypeBox's symbol-keyed kind along with the keywords.
  const { maxLength: _, ...rest } = schema as Record<string, unknown>
  for (const [key, value] of Object.entries(rest)) rest[key] = withoutLengths(value)
  return rest as T
}

function checkOrganizations(catalog: ValidCatalog): Issue[] {
  return duplicates(
    catalog.organizations,
    (o) => o.slug,
    (i) => `organizations[${i}].slug`,
    'organization',
  )
}

/**
 * The texts people read: a name or title must say something (one of only spaces shows as nothing) and none may
 * be longer than its limit, counted in characters (the schema can only bound UTF-16 units).
 */
function readableTextIssues(catalog: ValidCatalog): Issue[] {
  const errors: Issue[] = []
  const check = (text: string, path: string, most = MAX_NAME_CHARS, blankAllowed = false): void => {
    if (!blankAllowed && text.trim() === '') errors.push(issue('Catalog.Schema', path, 'must not be blank'))
    // A text of at most `most` UTF-16 units has at most as many characters: only longer ones are counted.
    const chars = text.length > most ? characters(text) : 0
    if (chars > most)
      errors.push(
        issue(
          'Catalog.Schema',
          path,
          `Expected string length less or equal to ${most}; got ${chars} characters`,
        ),
      )
  }
  for (const [i, o] of catalog.organizations.entries()) check(o.name, `organizations[${i}].name`)
  for (const [i, b] of catalog.brands.entries()) check(b.name, `brands[${i}].name`)
  catalog.products.forEach((p, i) => {
    const at = entryPath(catalog, i)
    for (const [lang, name] of Object.entries(p.names ?? {})) check(name, `${at}.names.${lang}`)
    const pageTexts = (page: CatalogPageEntry, at: string) => {
      for (const [lang, title] of Object.entries(page.titles)) check(title, `${at}.titles.${lang}`)
      for (const [lang, text] of Object.entries(page.content ?? {}))
        check(text, `${at}.content.${lang}`, MAX_CONTENT_CHARS, true)
      for (const [lang, alt] of Object.entries(page.image?.alt ?? {})) check(alt, `${at}.image.alt.${lang}`)
      if (page.context !== undefined) check(page.context, `${at}.context`, MAX_CONTEXT_CHARS)
    }
    for (const [j, page] of p.pages.entries()) pageTexts(page, `${at}.pages[${j}]`)
    for (const [lot, entry] of Object.entries(p.lots ?? {}))
      for (const [j, page] of entry.pages.entries())
        pageTexts(page, `${at}.lots[${JSON.stringify(lot)}].pages[${j}]`)
  })
  return errors
}

/** The length of a text in characters (code points), as JSON Schema counts it. */
function characters(text: string): number {
  let count = 0
  for (const _ of text) count++
  return count
}
