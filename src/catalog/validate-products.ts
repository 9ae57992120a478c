/** Validation of the catalog's products: references, slugs, languages, default page, pages and link types. */

import type { AiInfo } from '../gs1/ai-notation.ts'
import { aiInfo, isDlPrimaryKey } from '../gs1/ai-table.ts'
import { checkAiValue, type ValueProblem } from '../gs1/ai-value.ts'
import { isCset82 } from '../gs1/charset.ts'
import { gs1CheckDigit } from '../gs1/check-digit.ts'
import { parseGtin } from '../gs1/gtin.ts'
import { type Issue, issue, quote } from '../gs1/issue.ts'
import { COMPANY_PREFIX_DIGITS, companyPart } from './company-prefix.ts'
import { duplicates, productSlugKey, storedHolderKeeps } from './duplicates.ts'
import { describeEntry, entryId, GTIN_KEY, isRuleEntry, keyOfEntry, RULE_MARK, ruleId } from './entry-id.ts'
import { unknownLanguage } from './languages.ts'
import type { CatalogItemEntry, CatalogProductEntry, CatalogRuleEntry } from './schema.ts'
import { checkLots, checkPage } from './validate-pages.ts'
import {
  type CatalogEntry,
  entryIdPath,
  entryPath,
  type KnownSlugs,
  type ValidCatalog,
} from './validate-types.ts'

/** Duplicate GTINs and slugs, a slug a stored product holds, and unknown brands. */
export function checkProductReferences(catalog: ValidCatalog, known: KnownSlugs): Issue[] {
  const brands = new Set(catalog.brands.map((b) => b.slug))
  const errors = duplicates(
    catalog.products,
    (p) => p.gtin,
    (i) => entryIdPath(catalog, i),
    'GTIN or key',
  )
  errors.push(
    ...duplicates(catalog.products, productSlugKey, (i) => `${entryPath(catalog, i)}.slug`, 'product slug'),
  )
  // What the file gives each of its products: a stored holder the file gives another slug (or brand) releases its own.
  const fileSlugs = new Map(catalog.products.map((p) => [p.gtin, productSlugKey(p)]))
  catalog.products.forEach((p, i) => {
    const key = productSlugKey(p)
    const holder = known.productSlugs?.get(key)
    if (storedHolderKeeps(holder, p.gtin, key, fileSlugs)) {
      errors.push(
        issue(
          'Catalog.Duplicate',
          `${entryPath(catalog, i)}.slug`,
          `product slug '${p.slug}' of brand '${p.brand}' already belongs to the stored ${describeEntry(holder)}; ` +
            'give it another slug in this file or an earlier import',
        ),
      )
    }
    if (!brands.has(p.brand) && !known.brands.has(p.brand)) {
      errors.push(
        issue(
          'Catalog.Reference',
          `${entryPath(catalog, i)}.brand`,
          `brand '${p.brand}' does not exist in the file or the database`,
        ),
      )
    }
  })
  return errors
}

/** What is wrong with a GTIN of digits and a valid length whose check digit is wrong: the digit it should end in. */
export function wrongCheckDigit(gtin: string): string {
  const expected = gs1CheckDigit(gtin.slice(0, -1))
  return `GTIN ${gtin} has a wrong check digit: it ends in ${gtin.slice(-1)}, expected ${expected}`
}

/** An item of the file as an entry: its identity in `gtin`, its key in `key` (DESIGN §12). */
export function itemEntry(item: CatalogItemEntry): CatalogEntry {
  const { key, value, ...rest } = item
  return { ...rest, gtin: entryId(key, value), key }
}

/** A prefix rule of the file as an entry: its identity `{key}/{prefix}~` in `gtin`, its key in `key`. */
export function ruleEntry(rule: CatalogRuleEntry): CatalogEntry {
  const { key, prefix, ...rest } = rule
  return { ...rest, gtin: ruleId(key, prefix), key }
}

/**
 * One item or prefix rule on its own: a Digital Link primary key, for an item other than the GTIN (products carry
 * those; a rule may cover GTINs no product lists); an item's value as the Syntax Dictionary accepts it for the key (check digit or characters, length), a rule's prefix
 * as the start of such a value; then what a product has.
 */
export function checkItem(entry: CatalogEntry, path: string): Issue[] {
  const { key, value } = keyOfEntry(entry.gtin)
  const info = aiInfo(key)
  const keyError = (field: string, message: string) => [issue('Catalog.Key', `${path}.${field}`, message)]
  const keyErrors =
    info === undefined || !isDlPrimaryKey(key)
      ? keyError('key', `(${key}) is not a GS1 Digital Link primary key`)
      : key === GTIN_KEY && !isRuleEntry(entry.gtin)
        ? keyError('key', 'a GTIN (01) is a product: list it under products')
        : isRuleEntry(entry.gtin)
          ? problemErrors(prefixProblem(info, value.slice(0, -RULE_MARK.length)), (m) =>
              keyError('prefix', m),
            )
          : valueErrors(info, value, (message) => keyError('value', message))
  return [...keyErrors, ...checkEntry(entry, path)]
}

function valueErrors(info: AiInfo, value: string, report: (message: string) => Issue[]): Issue[] {
  const problem = checkAiValue(info, value)
  return problem === null ? [] : report(`(${info.ai}) ${quote(value)}: ${problem.message}`)
}

/** A prefix: no longer than the key's values, of digits where they are all digits, else GS1 character set 82. */
function problemErrors(problem: ValueProblem | null, report: (message: string) => Issue[]): Issue[] {
  return problem === null ? [] : report(problem.message)
}

/**
 * Why no rule may have `prefix` (the import and the catalog API ask alike): no value of the key can start with it
 * (longer than the key's values, or of other characters than theirs: digits where they are all digits, else GS1
 * character set 82), or it would answer more than one company's values (shorter than a GS1 Company Prefix).
 */
export function prefixProblem(info: AiInfo, prefix: string): ValueProblem | null {
  const digits = info.components.every((c) => c.charset === 'N')
  if (prefix.length > info.maxLength)
    return {
      reason: 'Length',
      message: `AI (${info.ai}) values have at most ${info.maxLength} characters; ${quote(prefix)} is longer`,
    }
  if (!(digits ? /^[0-9]+$/.test(prefix) : isCset82(prefix)))
    return {
      reason: 'Charset',
      message: `AI (${info.ai}) values hold ${digits ? 'digits' : 'GS1 character set 82'} only; ${quote(prefix)} does not`,
    }
  // A rule answers one company's values: its prefix reaches at least as far as the shortest GS1 Company Prefix.
  if (companyPart(info.ai, prefix).length < COMPANY_PREFIX_DIGITS.min)
    return {
      reason: 'Length',
      message: `a rule's prefix holds at least the ${COMPANY_PREFIX_DIGITS.min} digits of a GS1 Company Prefix${
        companyPart(info.ai, '0') === '' ? ' after its first digit' : ''
      }; ${quote(prefix)} is shorter`,
    }
  return null
}

/** One product on its own: check digit, languages, names, the default page, every page. */
export function checkProduct(product: CatalogProductEntry, sentGtin: string, path: string): Issue[] {
  const gtin = parseGtin(sentGtin)
  // The schema has already checked the digits and the length: only the check digit can be wrong here.
  const errors = gtin.ok ? [] : [issue('Catalog.CheckDigit', `${path}.gtin`, wrongCheckDigit(sentGtin))]
  return [...errors, ...checkEntry(product, path)]
}

/** What products and items share: languages, names, the default page, every page and lot. */
function checkEntry(product: CatalogProductEntry, path: string): Issue[] {
  const errors: Issue[] = []
  // Every other tag of the product (default language, names, titles, content) must be one of these.
  product.languages.forEach((tag, j) => {
    const unknown = unknownLanguage(tag)
    if (unknown !== null) errors.push(issue('Catalog.Language', `${path}.languages[${j}]`, unknown))
  })
  const languages = new Set(product.languages)
  if (!languages.has(product.defaultLanguage)) {
    errors.push(
      issue(
        'Catalog.Language',
        `${path}.defaultLanguage`,
        `default language '${product.defaultLanguage}' must be one of the product's languages`,
      ),
    )
  }
  for (const lang of Object.keys(product.names ?? {})) {
    if (!languages.has(lang))
      errors.push(
        issue('Catalog.Language', `${path}.names.${lang}`, `'${lang}' is not one of the product's languages`),
      )
  }
  errors.push(
    ...duplicates(
      product.pages,
      (p) => p.name,
      (i) => `${path}.pages[${i}].name`,
      'page',
    ),
  )
  const defaults = product.pages.flatMap((p, i) => (p.default === true ? [i] : []))
  if (defaults.length !== 1) {
    errors.push(
      issue(
        'Catalog.DefaultPage',
        `${path}.pages`,
        `exactly one page must be the default; found ${defaults.length}`,
      ),
    )
  } else {
    const page = product.pages[defaults[0] as number]
    if (page && page.titles[product.defaultLanguage] === undefined) {
      errors.push(
        issue(
          'Catalog.DefaultPage',
          `${path}.pages[${defaults[0]}].titles`,
          `the default page must have a title in the default language '${product.defaultLanguage}'`,
        ),
      )
    }
  }
  product.pages.forEach((page, j) => {
    errors.push(...checkPage(page, languages, `${path}.pages[${j}]`))
  })
  const defaultName = product.pages.find((p) => p.default === true)?.name
  errors.push(...checkLots(product.lots, languages, `${path}`, defaultName))
  return errors
}
