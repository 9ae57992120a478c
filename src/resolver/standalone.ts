/** Shared by the standalone entries: reads their environment once and builds the resolver over a memory catalog. */
import { publishedProducts } from '../catalog/products.ts'
import { validateCatalog } from '../catalog/validate.ts'
import { createPagesRoute } from '../pages/index.ts'
import type { CatalogProduct } from './catalog.ts'
import type { ResolverConfig } from './config.ts'
import { createResolverRoute, type Resolver } from './index.ts'
import { createMemoryCatalog } from './memory-catalog.ts'
import { splitRequestUrl } from './request-url.ts'

/** DESIGN §3 defaults. */
const DEFAULTS = {
  RESOLVER_URL: 'http://localhost:3001',
  SHORT_URL: 'http://127.0.0.1:3001',
  RESOLVER_PORT: '3001',
}

export type Env = Readonly<Record<string, string | undefined>>

export interface Standalone {
  readonly port: number
  readonly resolver: Resolver
}

function port(value: string): number {
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new TypeError(`RESOLVER_PORT is not a port: ${value}`)
  return n
}

/**
 * `RESOLVER_URL`, `SHORT_URL`, `CUSTOM_DOMAIN_SCHEME`, `RESOLVER_PORT` and `CATALOG_FILE` (a catalog import file,
 * or a JSON array of CatalogProduct; none means an empty catalog). `readText` is the runtime's file reader.
 * The handler serves the product pages, then the resolver.
 */
export async function standaloneResolver(
  env: Env,
  readText: (path: string) => Promise<string>,
): Promise<Standalone> {
  const scheme = env.CUSTOM_DOMAIN_SCHEME ?? 'https'
  if (scheme !== 'http' && scheme !== 'https')
    throw new TypeError('CUSTOM_DOMAIN_SCHEME must be http or https')
  const config: ResolverConfig = {
    resolverUrl: env.RESOLVER_URL ?? DEFAULTS.RESOLVER_URL,
    shortUrl: env.SHORT_URL ?? DEFAULTS.SHORT_URL,
    customDomainScheme: scheme,
  }
  const file = env.CATALOG_FILE
  const products = file === undefined || file === '' ? [] : readProducts(JSON.parse(await readText(file)))
  const catalog = createMemoryCatalog(products)
  const onError = (error: unknown) =>
    console.error('resolver error', error instanceof Error ? error.name : error)
  const resolve = createResolverRoute({ catalog, config, onError })
  const pages = createPagesRoute({ catalog, config, onError })
  const resolver: Resolver = (request) => {
    const target = splitRequestUrl(request.url)
    return Promise.resolve(pages(request, target) ?? resolve(request, target))
  }
  return { port: port(env.RESOLVER_PORT ?? DEFAULTS.RESOLVER_PORT), resolver }
}

/** A catalog import file (validated like `catalog import`) or an array of CatalogProduct. */
function readProducts(json: unknown): CatalogProduct[] {
  if (Array.isArray(json)) return json as CatalogProduct[]
  const validated = validateCatalog(json)
  if (!validated.ok) {
    const first = validated.errors[0]
    throw new TypeError(`CATALOG_FILE is not a valid catalog: ${first?.path ?? '(file)'}: ${first?.message}`)
  }
  return publishedProducts(validated.catalog)
}
