/**
 * Where a scan of a product goes, per scanner language, worked out by the resolver itself: the product (published
 * or not) in an in-memory catalog, one scan per language, the `Location` read back. No guessing of its rules here.
 */

import type { ResolverConfig } from '../resolver/config.ts'
import { createResolver } from '../resolver/index.ts'
import { createMemoryCatalog } from '../resolver/memory-catalog.ts'
import { publishedProducts } from '../resolver/published-products.ts'
import type { BrandRef } from '../services/catalog/brands.ts'
import type { CanonicalProduct } from '../services/catalog/rows.ts'

export interface ScanOutcome {
  /** The scanner's `Accept-Language`, or null for a scanner whose languages the product has none of. */
  readonly language: string | null
  readonly status: number
  /** The page the scan ends on (absolute), or null. */
  readonly location: string | null
  /** The brand's custom domain the scan passed through on its way, or null. */
  readonly via: string | null
}

export interface ScanPreview {
  /** The Digital Link of the product on the resolver host. */
  readonly link: string
  readonly outcomes: readonly ScanOutcome[]
}

/** A language no product is likely to be published in, to show the fallback to the default language. */
const OTHER_LANGUAGE = 'ja'

export async function scanPreview(
  product: CanonicalProduct,
  brand: BrandRef,
  config: ResolverConfig,
): Promise<ScanPreview> {
  const [published] = publishedProducts({
    organizations: [],
    brands: [
      {
        slug: brand.slug,
        name: brand.name,
        organization: '',
        customDomain: brand.customDomain,
        customDomainActive: brand.customDomainActive,
      },
    ],
    products: [{ ...product, published: true }],
  })
  const link = `${config.resolverUrl}/01/${product.gtin}`
  if (published === undefined) return { link, outcomes: [] }
  const resolver = createResolver({ catalog: createMemoryCatalog([published]), config, answerMemoSize: 0 })
  const languages: (string | null)[] = [...product.languages]
  if (!product.languages.some((l) => l.split('-')[0] === OTHER_LANGUAGE)) languages.push(null)
  const outcomes: ScanOutcome[] = []
  for (const language of languages) {
    outcomes.push({ language, ...(await follow(resolver, link, language ?? OTHER_LANGUAGE)) })
  }
  return { link, outcomes }
}

/** Scans `link` and follows a redirect to the same link on the brand's custom domain, as a phone would. */
async function follow(
  resolver: (request: Request) => Promise<Response>,
  link: string,
  language: string,
): Promise<Omit<ScanOutcome, 'language'>> {
  let url = link
  let via: string | null = null
  for (let hop = 0; hop < 2; hop++) {
    const response = await resolver(new Request(url, { headers: { 'accept-language': language } }))
    const location = response.headers.get('location')
    const next = location === null ? null : new URL(location, url)
    if (next !== null && hop === 0 && next.pathname.startsWith('/01/')) {
      via = next.host
      url = next.href
      continue
    }
    return { status: response.status, location: next?.href ?? null, via }
  }
  return { status: 508, location: null, via }
}
