/** Validates a catalog import file: the schema, then the rules a schema cannot say; every error with its JSON path. */
import { Value } from '@sinclair/typebox/value'
import { parseGtin } from '../gs1/gtin.ts'
import { type Issue, issue } from '../gs1/issue.ts'
import { isSelectableLinkType, toLinkTypeName } from '../gs1/link-types.ts'
import { type CatalogBrand, CatalogFile, type CatalogProductEntry, MAX_NAME_CHARS } from './schema.ts'

/** What the database already holds that the file may refer to. */
export interface KnownSlugs {
  readonly organizations: ReadonlySet<string>
  readonly brands: ReadonlySet<string>
  /** Custom domain → slug of the brand holding it. */
  readonly domains: ReadonlyMap<string, string>
  /** `brand/product` slug pair → GTIN-14 of the stored product holding it (pairs the file uses). */
  readonly productSlugs?: ReadonlyMap<string, string>
  /** Brand slug → the custom domain stored for it (brands the file names that have one). */
  readonly brandDomains?: ReadonlyMap<string, string>
}

export const NO_KNOWN_SLUGS: KnownSlugs = { organizations: new Set(), brands: new Set(), domains: new Map() }

export type ValidCatalog = {
  organizations: NonNullable<CatalogFile['organizations']>
  brands: NonNullable<CatalogFile['brands']>
  /** Products with `gtin` normalised to 14 digits. */
  products: NonNullable<CatalogFile['products']>
}

export type CatalogValidation = { ok: true; catalog: ValidCatalog } | { ok: false; errors: Issue[] }

// A host name: dot-separated labels, the last one not all digits (an IPv4 address is no host name).
const HOST =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(\.(?![0-9]+$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)$/
const MAX_SCHEMA_ERRORS = 100

/** Checks the whole file and returns every error, or the normalised catalog. Never throws. */
export function validateCatalog(input: unknown, known: KnownSlugs = NO_KNOWN_SLUGS): CatalogValidation {
  const schemaErrors = schemaIssues(input)
  if (schemaErrors.length > 0) return { ok: false, errors: schemaErrors }
  const textErrors = textIssues(input, '', [])
  if (textErrors.length > 0) return { ok: false, errors: textErrors }
  const file = input as CatalogFile
  const catalog: ValidCatalog = {
    organizations: file.organizations ?? [],
    brands: file.brands ?? [],
    products: (file.products ?? []).map((p) => ({
      ...p,
      gtin: parseGtin(p.gtin).ok ? normalised(p.gtin) : p.gtin,
    })),
  }
  const errors = [
    ...checkOrganizations(catalog),
    ...nameIssues(catalog.organizations, 'organizations'),
    ...checkBrands(catalog, known),
    ...nameIssues(catalog.brands, 'brands'),
    ...catalog.products.flatMap((p, i) => checkProduct(p, file.products?.[i]?.gtin ?? '', `products[${i}]`)),
    ...checkProductReferences(catalog, known),
  ]
  return errors.length > 0 ? { ok: false, errors } : { ok: true, catalog }
}

function normalised(gtin: string): string {
  const r = parseGtin(gtin)
  return r.ok ? r.gtin : gtin
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

/** Every string of the file (names as well as values) must be text the database stores unchanged. */
function textIssues(value: unknown, path: string, errors: Issue[]): Issue[] {
  if (errors.length >= MAX_SCHEMA_ERRORS) return errors
  if (typeof value === 'string') {
    if (value.includes('\0') || LONE_SURROGATE.test(value))
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
  for (const e of Value.Errors(CatalogFile, input)) {
    errors.push(issue('Catalog.Schema', pointerToPath(e.path) || null, e.message))
    if (errors.length >= MAX_SCHEMA_ERRORS) break
  }
  return errors
}

function duplicates<T>(
  items: readonly T[],
  key: (item: T) => string,
  path: (i: number) => string,
  what: string,
) {
  const seen = new Map<string, number>()
  const errors: Issue[] = []
  items.forEach((item, i) => {
    const k = key(item)
    const first = seen.get(k)
    if (first === undefined) seen.set(k, i)
    else
      errors.push(issue('Catalog.Duplicate', path(i), `${what} '${k}' is already defined at ${path(first)}`))
  })
  return errors
}

function checkOrganizations(catalog: ValidCatalog): Issue[] {
  return duplicates(
    catalog.organizations,
    (o) => o.slug,
    (i) => `organizations[${i}].slug`,
    'organization',
  )
}

/** Names over {@link MAX_NAME_CHARS} characters (the schema could only bound their UTF-16 units). */
function nameIssues(list: readonly { name: string }[], where: string): Issue[] {
  return list.flatMap((entry, i) => {
    let chars = 0
    for (const _ of entry.name) chars++
    return chars > MAX_NAME_CHARS
      ? [
          issue(
            'Catalog.Schema',
            `${where}[${i}].name`,
            `Expected string length less or equal to ${MAX_NAME_CHARS}; got ${chars} characters`,
          ),
        ]
      : []
  })
}

function checkBrands(catalog: ValidCatalog, known: KnownSlugs): Issue[] {
  const orgs = new Set(catalog.organizations.map((o) => o.slug))
  const errors = duplicates(
    catalog.brands,
    (b) => b.slug,
    (i) => `brands[${i}].slug`,
    'brand',
  )
  const withDomain = catalog.brands.filter((b) => typeof b.customDomain === 'string')
  errors.push(
    ...duplicates(
      withDomain,
      (b) => b.customDomain ?? '',
      (i) => `brands[${catalog.brands.indexOf(withDomain[i] as CatalogBrand)}].customDomain`,
      'custom domain',
    ),
  )
  // What the file gives each of its brands: a stored holder the file gives another domain (or none) releases its own.
  const fileDomains = new Map(catalog.brands.map((b) => [b.slug, b.customDomain]))
  catalog.brands.forEach((b, i) => {
    if (!orgs.has(b.organization) && !known.organizations.has(b.organization)) {
      errors.push(
        issue(
          'Catalog.Reference',
          `brands[${i}].organization`,
          `organization '${b.organization}' does not exist in the file or the database`,
        ),
      )
    }
    errors.push(...checkDomain(b, `brands[${i}]`, known, fileDomains))
  })
  return errors
}

function checkDomain(
  brand: CatalogBrand,
  path: string,
  known: KnownSlugs,
  fileDomains: ReadonlyMap<string, string | null | undefined>,
): Issue[] {
  const domain = brand.customDomain
  if (domain === undefined || domain === null) {
    // An omitted domain keeps the stored one (as the import does), which the flag may then activate.
    const kept = domain === undefined && known.brandDomains?.has(brand.slug) === true
    return brand.customDomainActive && !kept
      ? [issue('Catalog.Domain', `${path}.customDomainActive`, 'an active custom domain needs customDomain')]
      : []
  }
  if (!HOST.test(domain)) {
    return [
      issue(
        'Catalog.Domain',
        `${path}.customDomain`,
        'expected a lower-case host name without scheme, port or path, e.g. id.brand.example',
      ),
    ]
  }
  const holder = known.domains.get(domain)
  const given = holder === undefined ? undefined : fileDomains.get(holder)
  const released = given !== undefined && given !== domain
  return holder !== undefined && holder !== brand.slug && !released
    ? [
        issue(
          'Catalog.Duplicate',
          `${path}.customDomain`,
          `custom domain '${domain}' already belongs to brand '${holder}'`,
        ),
      ]
    : []
}

function checkProductReferences(catalog: ValidCatalog, known: KnownSlugs): Issue[] {
  const brands = new Set(catalog.brands.map((b) => b.slug))
  const errors = duplicates(
    catalog.products,
    (p) => p.gtin,
    (i) => `products[${i}].gtin`,
    'GTIN',
  )
  errors.push(
    ...duplicates(
      catalog.products,
      (p) => `${p.brand}/${p.slug}`,
      (i) => `products[${i}].slug`,
      'product slug',
    ),
  )
  // What the file gives each of its products: a stored holder the file gives another slug (or brand) releases its own.
  const fileSlugs = new Map(catalog.products.map((p) => [p.gtin, `${p.brand}/${p.slug}`]))
  catalog.products.forEach((p, i) => {
    const key = `${p.brand}/${p.slug}`
    const holder = known.productSlugs?.get(key)
    const given = holder === undefined ? undefined : fileSlugs.get(holder)
    const released = given !== undefined && given !== key
    if (holder !== undefined && holder !== p.gtin && !released) {
      errors.push(
        issue(
          'Catalog.Duplicate',
          `products[${i}].slug`,
          `product slug '${p.slug}' of brand '${p.brand}' already belongs to the stored product ${holder}; ` +
            'give that product another slug in this file or an earlier import',
        ),
      )
    }
    if (!brands.has(p.brand) && !known.brands.has(p.brand)) {
      errors.push(
        issue(
          'Catalog.Reference',
          `products[${i}].brand`,
          `brand '${p.brand}' does not exist in the file or the database`,
        ),
      )
    }
  })
  return errors
}

function checkProduct(product: CatalogProductEntry, sentGtin: string, path: string): Issue[] {
  const errors: Issue[] = []
  const gtin = parseGtin(sentGtin)
  if (!gtin.ok)
    errors.push(issue('Catalog.CheckDigit', `${path}.gtin`, `GTIN ${sentGtin} has a wrong check digit`))
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
  return errors
}

function checkPage(
  page: CatalogProductEntry['pages'][number],
  languages: ReadonlySet<string>,
  path: string,
): Issue[] {
  const errors: Issue[] = []
  const name = page.linkType.startsWith('gs1:') ? toLinkTypeName(page.linkType) : null
  if (name === null || `gs1:${name}` !== page.linkType || !isSelectableLinkType(name)) {
    errors.push(
      issue(
        'Catalog.LinkType',
        `${path}.linkType`,
        'expected a GS1 Web Vocabulary page link type as a CURIE, e.g. gs1:pip',
      ),
    )
  }
  for (const lang of Object.keys(page.titles)) {
    if (!languages.has(lang))
      errors.push(
        issue(
          'Catalog.Language',
          `${path}.titles.${lang}`,
          `'${lang}' is not one of the product's languages`,
        ),
      )
  }
  for (const lang of Object.keys(page.content ?? {})) {
    if (page.titles[lang] === undefined)
      errors.push(
        issue(
          'Catalog.Language',
          `${path}.content.${lang}`,
          `content in '${lang}' needs a title in '${lang}'`,
        ),
      )
  }
  return errors
}
