/** Small catalog fixtures modelled on the shared demo catalog, a test config and request helpers. */
import type { CatalogPage, CatalogProduct } from '../../src/resolver/catalog.ts'
import type { ResolverConfig } from '../../src/resolver/config.ts'
import { createResolver, type Resolver } from '../../src/resolver/index.ts'
import { createMemoryCatalog } from '../../src/resolver/memory-catalog.ts'

export const RESOLVER = 'http://localhost:3001'
export const SHORT = 'http://127.0.0.1:3001'
export const CUSTOM_DOMAIN = 'id.dalgiardino.example'
export const CUSTOM = `https://${CUSTOM_DOMAIN}`
export const CONTEXT_URL = 'https://ref.gs1.org/standards/resolver/1.2.0/linkset-context'
export const VOC = 'https://ref.gs1.org/voc/'

export const config: ResolverConfig = { resolverUrl: RESOLVER, shortUrl: SHORT, customDomainScheme: 'https' }

function page(
  name: string,
  linkType: string,
  titles: Record<string, string>,
  isDefault = false,
): CatalogPage {
  return { name, linkType, isDefault, titles, content: {} }
}

/** Demo product with an active custom domain: resolves there; redirects there from the resolver hosts. */
export const risotto: CatalogProduct = {
  gtin: '09506000134352',
  brandSlug: 'dal-giardino',
  brandName: 'Dal Giardino',
  productSlug: 'risotto-rice',
  customDomain: CUSTOM_DOMAIN,
  defaultLanguage: 'en',
  languages: ['en', 'fr', 'de-ch'],
  names: {
    en: 'Dal Giardino Risotto Rice',
    fr: 'Riz à risotto Dal Giardino',
    'de-ch': 'Dal Giardino Risottoreis',
  },
  pages: [
    page(
      'product',
      'gs1:pip',
      { en: 'Product information', fr: 'Informations produit', 'de-ch': 'Produktinformationen' },
      true,
    ),
    page('recipes', 'gs1:recipeInfo', { en: 'Recipes', fr: 'Recettes' }),
    page('allergens', 'gs1:allergenInfo', { en: 'Allergen information' }),
  ],
}

/** Demo product without custom domain, one language, GTIN-13 in the demo file. */
export const greenTea: CatalogProduct = {
  gtin: '04012345000009',
  brandSlug: 'northwind',
  brandName: 'Northwind',
  productSlug: 'green-tea',
  customDomain: null,
  defaultLanguage: 'en',
  languages: ['en'],
  names: { en: 'Northwind Green Tea' },
  pages: [page('about', 'gs1:pip', { en: 'About this tea' }, true)],
}

/** Several languages and regions, no custom domain: the language-choice fixture. The default language is French. */
export const oliveOil: CatalogProduct = {
  gtin: '09506000134376',
  brandSlug: 'northwind',
  brandName: 'Northwind',
  productSlug: 'olive-oil',
  customDomain: null,
  defaultLanguage: 'fr',
  languages: ['fr', 'en', 'en-gb', 'de-ch', 'es'],
  names: {
    fr: 'Huile d’olive',
    en: 'Olive oil',
    'en-gb': 'Olive oil',
    'de-ch': 'Olivenöl',
    es: 'Aceite de oliva',
  },
  pages: [
    page(
      'info',
      'gs1:pip',
      {
        fr: 'Informations',
        en: 'Information',
        'en-gb': 'Information (UK)',
        'de-ch': 'Information',
        es: 'Información',
      },
      true,
    ),
    page('recettes', 'gs1:recipeInfo', { fr: 'Recettes', en: 'Recipes' }),
    page('garantie', 'gs1:registerProduct', { es: 'Garantía' }),
  ],
}

/** GTINs of the shared EPC vectors, no custom domain. */
export const tagged: CatalogProduct = {
  gtin: '79521141123453',
  brandSlug: 'northwind',
  brandName: 'Northwind',
  productSlug: 'tagged-box',
  customDomain: null,
  defaultLanguage: 'en',
  languages: ['en'],
  names: { en: 'Tagged box' },
  pages: [page('about', 'gs1:pip', { en: 'About the box' }, true)],
}

export const tagged2: CatalogProduct = {
  ...tagged,
  gtin: '09528765123457',
  productSlug: 'tagged-crate',
  names: {},
}

/** Another brand with its own active custom domain. */
export const otherBrand: CatalogProduct = {
  ...greenTea,
  gtin: '09506000134369',
  brandSlug: 'acme',
  brandName: 'Acme',
  productSlug: 'anvil',
  customDomain: 'id.acme.example',
  names: { en: 'Anvil' },
}

/**
 * External pages (DESIGN §11), no custom domain: a default link template per GTIN and language, links per language,
 * a PDF with a fragment, a hosted page beside them, and lot pages (one added, one replacing the default page).
 */
export const jam: CatalogProduct = {
  gtin: '09506000134390',
  brandSlug: 'northwind',
  brandName: 'Northwind',
  productSlug: 'apricot-jam',
  customDomain: null,
  defaultLanguage: 'en',
  languages: ['en', 'fr'],
  names: { en: 'Apricot jam', fr: 'Confiture d’abricot' },
  pages: [
    {
      ...page('product', 'gs1:pip', { en: 'Apricot jam', fr: 'Confiture d’abricot' }, true),
      href: 'https://www.northwind.example/{language}/jam/{gtin}',
    },
    {
      ...page('recipes', 'gs1:recipeInfo', { en: 'Recipes', fr: 'Recettes' }),
      href: {
        en: 'https://www.northwind.example/en/recipes?src=dl',
        fr: 'https://www.northwind.example/fr/recettes',
      },
      context: 'kitchen',
    },
    {
      ...page('manual', 'gs1:instructions', { en: 'Manual' }),
      href: 'https://www.northwind.example/jam.pdf#page=2',
      mediaType: 'application/pdf',
    },
    page('allergens', 'gs1:allergenInfo', { en: 'Allergens' }),
  ],
  lots: {
    L42: [
      {
        ...page('recall', 'gs1:recallStatus', { en: 'Recall notice' }),
        href: 'https://www.northwind.example/recall/{lot}',
      },
    ],
    R1: [
      {
        ...page('product', 'gs1:recallStatus', { en: 'Recalled' }),
        href: 'https://www.northwind.example/recalled?lot={lot}',
      },
    ],
  },
}

/** A place (GLN, key 414, DESIGN §12), with pages hosted here: stored under its identity `414/{gln}`. */
export const warehouse: CatalogProduct = {
  gtin: '414/9506000000008',
  brandSlug: 'northwind',
  brandName: 'Northwind',
  productSlug: 'warehouse-north',
  customDomain: null,
  defaultLanguage: 'en',
  languages: ['en', 'fr'],
  names: { en: 'Warehouse North', fr: 'Entrepôt Nord' },
  pages: [
    page('location', 'gs1:locationInfo', { en: 'Where we are', fr: 'Où nous trouver' }, true),
    page('opening', 'gs1:openingHoursInfo', { en: 'Opening hours' }),
  ],
}

/** A logistic unit (SSCC, key 00) whose page is the carrier's tracking site. */
export const pallet: CatalogProduct = {
  gtin: '00/095060001343520000',
  brandSlug: 'northwind',
  brandName: 'Northwind',
  productSlug: 'pallet-7',
  customDomain: null,
  defaultLanguage: 'en',
  languages: ['en'],
  names: { en: 'Pallet 7' },
  pages: [
    {
      ...page('tracking', 'gs1:traceability', { en: 'Track this pallet' }, true),
      href: 'https://track.northwind.example/sscc/{value}',
    },
  ],
}

export const products: CatalogProduct[] = [risotto, greenTea, oliveOil, tagged, tagged2, otherBrand, jam]

/** Entries of other keys than the GTIN, which the shared resolver holds beside the products. */
export const keyEntries: CatalogProduct[] = [warehouse, pallet]

/** A resolver over the fixture catalog (or the given products). */
export function makeResolver(
  list: CatalogProduct[] = products,
  overrides: Partial<ResolverConfig> = {},
): Resolver {
  return createResolver({ catalog: createMemoryCatalog(list), config: { ...config, ...overrides } })
}

export interface RequestOptions {
  method?: string
  headers?: Record<string, string>
}

/** A request for a path (or absolute URL) on an origin, {resolver_url} by default. */
export function req(pathOrUrl: string, options: RequestOptions = {}, origin = RESOLVER): Request {
  const url = pathOrUrl.startsWith('http') ? pathOrUrl : origin + pathOrUrl
  return new Request(url, { method: options.method ?? 'GET', headers: options.headers ?? {} })
}

const shared = makeResolver([...products, ...keyEntries])

/** Sends a request to the shared fixture resolver. */
export function send(pathOrUrl: string, options: RequestOptions = {}, origin = RESOLVER): Promise<Response> {
  return shared(req(pathOrUrl, options, origin))
}

export const JSON_ACCEPT = { accept: 'application/json' }
export const LINKSET_ACCEPT = { accept: 'application/linkset+json' }
