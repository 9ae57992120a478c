/** Shared by the standalone entries: reads their environment once and builds the resolver over a memory catalog. */

import { readResolverConfig } from '../app/config.ts'
import { validateCatalog } from '../catalog/validate.ts'
import { errorMessage } from '../lib/log.ts'
import { createPagesRoute } from '../pages/index.ts'
import type { CatalogProduct } from './catalog.ts'
import { createResolverRoute, type Resolver } from './index.ts'
import { createMemoryCatalog } from './memory-catalog.ts'
import { publishedProducts } from './published-products.ts'
import { splitRequestUrl } from './request-url.ts'

export type Env = Readonly<Record<string, string | undefined>>

export interface Standalone {
  readonly port: number
  readonly resolver: Resolver
}

/**
 * `RESOLVER_URL`, `SHORT_URL`, `CUSTOM_DOMAIN_SCHEME`, `RESOLVER_PORT` and `CATALOG_FILE` (a catalog import file;
 * none means an empty catalog). `readText` is the runtime's file reader.
 * The handler serves the product pages, then the resolver.
 */
export async function standaloneResolver(
  env: Env,
  readText: (path: string) => Promise<string>,
): Promise<Standalone> {
  const read = readResolverConfig(env)
  if (!read.ok) throw new TypeError(read.errors.join('; '))
  const { resolverPort, ...config } = read.config
  const file = env.CATALOG_FILE
  if (file === undefined || file === '')
    console.warn('warning: no CATALOG_FILE: the catalog is empty, and every scan answers 404')
  const products = file === undefined || file === '' ? [] : readProducts(await catalogJson(file, readText))
  const catalog = createMemoryCatalog(products)
  const onError = (error: unknown) =>
    console.error('resolver error', error instanceof Error ? error.name : error)
  const resolve = createResolverRoute({ catalog, config, onError })
  const pages = createPagesRoute({ catalog, config, onError })
  const resolver: Resolver = (request) => {
    const target = splitRequestUrl(request.url)
    return Promise.resolve(pages(request, target) ?? resolve(request, target))
  }
  return { port: resolverPort, resolver }
}

/** The parsed CATALOG_FILE; a file that cannot be read or parsed is an error that names it. */
async function catalogJson(file: string, readText: (path: string) => Promise<string>): Promise<unknown> {
  let text: string
  try {
    text = await readText(file)
  } catch (error) {
    throw new TypeError(`CATALOG_FILE: cannot read ${file}: ${errorMessage(error)}`)
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new TypeError(`CATALOG_FILE: ${file} is not JSON: ${errorMessage(error)}`)
  }
}

/** The published products of a catalog import file, validated like `catalog import`. */
function readProducts(json: unknown): CatalogProduct[] {
  const validated = validateCatalog(json)
  if (!validated.ok) {
    const first = validated.errors[0]
    throw new TypeError(`CATALOG_FILE is not a valid catalog: ${first?.path ?? '(file)'}: ${first?.message}`)
  }
  return publishedProducts(validated.catalog)
}

/**
 * `standaloneResolver` for an entry file: a configuration or catalog error is one line on stderr and exit code 2
 * (as the service's own start), never a stack trace. `exit` is the runtime's.
 */
export async function standaloneOrExit(
  env: Env,
  readText: (path: string) => Promise<string>,
  exit: (code: number) => never,
): Promise<Standalone> {
  try {
    return await standaloneResolver(env, readText)
  } catch (error) {
    console.error(`config error: ${errorMessage(error)}`)
    return exit(2)
  }
}
