/** Shared by the standalone entries: reads their environment once and builds the resolver over a memory catalog. */
import type { CatalogProduct } from './catalog.ts'
import type { ResolverConfig } from './config.ts'
import { createResolver, type Resolver } from './index.ts'
import { createMemoryCatalog } from './memory-catalog.ts'

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
 * `RESOLVER_URL`, `SHORT_URL`, `CUSTOM_DOMAIN_SCHEME`, `RESOLVER_PORT` and `CATALOG_FILE` (a JSON array of
 * CatalogProduct; none means an empty catalog). `readText` is the runtime's file reader.
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
  const products =
    file === undefined || file === '' ? [] : (JSON.parse(await readText(file)) as CatalogProduct[])
  if (!Array.isArray(products)) throw new TypeError('CATALOG_FILE must hold a JSON array of products')
  const resolver = createResolver({
    catalog: createMemoryCatalog(products),
    config,
    onError: (error) => console.error('resolver error', error),
  })
  return { port: port(env.RESOLVER_PORT ?? DEFAULTS.RESOLVER_PORT), resolver }
}
