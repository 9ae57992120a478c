/** Product-page fixtures: products with content (one hostile), a fixed clock, and request helpers for the pages handler. */
import { createPagesHandler, type PagesHandler } from '../../src/pages/index.ts'
import type { CatalogPage, CatalogProduct } from '../../src/resolver/catalog.ts'
import { createMemoryCatalog } from '../../src/resolver/memory-catalog.ts'
import {
  config,
  greenTea,
  RESOLVER,
  oliveOil as resolverOliveOil,
  otherBrand as resolverOtherBrand,
  risotto as resolverRisotto,
} from '../resolver/fixtures.ts'

export { CUSTOM, CUSTOM_DOMAIN, config, RESOLVER, SHORT } from '../resolver/fixtures.ts'

/** 1 June 2025: two-digit years 26–75 are 20xx, 76–99 are 19xx (GS1 General Specifications §7.12). */
export const NOW = Date.UTC(2025, 5, 1)

function page(
  name: string,
  linkType: string,
  titles: Record<string, string>,
  content: Record<string, string> = {},
  isDefault = false,
): CatalogPage {
  return { name, linkType, isDefault, titles, content }
}

/**
 * The demo risotto rice: an active custom domain, so its pages live there. The resolver's fixture, with content
 * on the product page and without the allergen page.
 */
export const risotto: CatalogProduct = {
  ...resolverRisotto,
  names: { en: 'Dal Giardino Risotto Rice', fr: 'Riz à risotto Dal Giardino', 'de-ch': 'Risottoreis' },
  pages: [
    page(
      'product',
      'gs1:pip',
      { en: 'Product information', fr: 'Informations produit', 'de-ch': 'Produktinformationen' },
      { en: 'Superfino Carnaroli rice.', fr: 'Riz Carnaroli superfino.' },
      true,
    ),
    page('recipes', 'gs1:recipeInfo', { en: 'Recipes', fr: 'Recettes' }),
  ],
}

/**
 * No custom domain, French by default, pages in different language sets: served on {resolver_url}. The resolver's
 * fixture in other languages, with content on the default page.
 */
export const oliveOil: CatalogProduct = {
  ...resolverOliveOil,
  languages: ['fr', 'en', 'de-ch', 'it'],
  names: { fr: 'Huile d’olive', en: 'Olive oil', 'de-ch': 'Olivenöl' },
  pages: [
    page(
      'info',
      'gs1:pip',
      { fr: 'Informations', en: 'Information', 'de-ch': 'Information', it: 'Informazioni' },
      {
        fr: 'Première pression à froid.\n\nMise en bouteille au moulin.',
        en: 'First cold pressing.\nBottled at the mill.\n\nKeep away from light.',
      },
      true,
    ),
    // 'recettes' (fr, en) and 'garantie' (es only), as the resolver's fixture has them.
    ...resolverOliveOil.pages.slice(1),
  ],
}

/** Every text field tries to break out of its HTML context. */
export const hostile: CatalogProduct = {
  gtin: '04012345000016',
  brandSlug: 'evil',
  brandName: 'Evil <b>Brand</b>',
  productSlug: 'x',
  customDomain: null,
  defaultLanguage: 'en',
  languages: ['en'],
  names: { en: '</title><script>alert(1)</script>' },
  pages: [
    page(
      'p',
      'gs1:pip',
      { en: '"><img src=x onerror=alert(2)>' },
      { en: '<style>body{display:none}</style>&amp;' },
      true,
    ),
  ],
}

export { greenTea }

/** Published in English, German, Greek, Irish and Bulgarian: the interface languages beyond Western Europe. */
export const oatDrink: CatalogProduct = {
  gtin: '09506000134413',
  brandSlug: 'northwind',
  brandName: 'Northwind',
  productSlug: 'oat-drink',
  customDomain: null,
  defaultLanguage: 'en',
  languages: ['en', 'de', 'el', 'ga', 'bg'],
  names: {
    en: 'Organic Oat Drink',
    de: 'Bio-Haferdrink',
    el: 'Βιολογικό ρόφημα βρώμης',
    ga: 'Deoch choirce orgánach',
    bg: 'Био овесена напитка',
  },
  pages: [
    page(
      'info',
      'gs1:pip',
      {
        en: 'Product information',
        de: 'Produktinformationen',
        el: 'Πληροφορίες προϊόντος',
        ga: 'Eolas faoin táirge',
        bg: 'Информация за продукта',
      },
      {
        en: 'Made from Nordic oats. Shake well before use.',
        de: 'Aus nordischem Hafer. Vor Gebrauch gut schütteln.',
        el: 'Από σκανδιναβική βρώμη. Ανακινήστε καλά πριν από τη χρήση.',
        ga: 'Déanta as coirce Lochlannach. Croith go maith roimh úsáid.',
        bg: 'От северен овес. Разклатете добре преди употреба.',
      },
      true,
    ),
    page('nutrition', 'gs1:nutritionalInfo', { en: 'Nutrition facts', de: 'Nährwerte' }),
  ],
}

/** Another brand's custom-domain product, for the custom-domain rule. */
export const otherBrand: CatalogProduct = resolverOtherBrand

export const products: CatalogProduct[] = [risotto, oliveOil, hostile, greenTea, otherBrand, oatDrink]

/** A pages handler over the fixtures (or the given products) with the fixed clock. */
export function makePages(list: CatalogProduct[] = products): PagesHandler {
  return createPagesHandler({ catalog: createMemoryCatalog(list), config, clock: () => NOW })
}

const shared = makePages()

export interface Options {
  readonly method?: string
  readonly headers?: Record<string, string>
}

/** Sends a request for a path (on {resolver_url}) or an absolute URL to the shared pages handler. */
export function visit(pathOrUrl: string, options: Options = {}): Promise<Response | null> {
  const url = pathOrUrl.startsWith('http') ? pathOrUrl : RESOLVER + pathOrUrl
  return shared(new Request(url, { method: options.method ?? 'GET', headers: options.headers ?? {} }))
}

/** Like `visit`, for requests that must be answered (not passed on to the resolver). */
export async function answer(pathOrUrl: string, options: Options = {}): Promise<Response> {
  const res = await visit(pathOrUrl, options)
  if (res === null) throw new Error(`the pages handler passed ${pathOrUrl} on`)
  return res
}
