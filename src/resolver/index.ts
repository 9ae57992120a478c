/** The public GS1 Digital Link resolver as a pure Web-Fetch handler: parse → find product → negotiate → respond. */
import type { Catalog } from './catalog.ts'
import { decodeCompressed, isCompressedSegment } from './compressed.ts'
import { compileConfig, type ResolverConfig } from './config.ts'
import {
  CACHE_ERROR,
  ERROR_INTERNAL,
  ERROR_INVALID,
  ERROR_METHOD,
  ERROR_NOT_FOUND,
  MEDIA_JSON,
  VARY,
  WELL_KNOWN_PATH,
} from './constants.ts'
import { descriptionResponse } from './description.ts'
import { errorResponse } from './errors.ts'
import { configuredHost, configuredHosts, customDomainHost, type Hosts, type ScanHost } from './hosts.ts'
import { parseGtinPath } from './path.ts'
import { type RequestTarget, splitRequestUrl } from './request-url.ts'
import { type ResolveContext, resolveLink, type Scan } from './resolve.ts'
import { CORS_HEADERS, optionsResponse } from './responses.ts'

export type { Catalog, CatalogPage, CatalogProduct } from './catalog.ts'
export type { ResolverConfig } from './config.ts'
export { createMemoryCatalog } from './memory-catalog.ts'

export interface ResolverDeps {
  catalog: Catalog
  config: ResolverConfig
  /** Told about every failure inside the resolver (the client gets `500 INTERNAL_ERROR`). */
  onError?: (error: unknown, request: Request) => void
}

export type Resolver = (request: Request) => Promise<Response>

/** Last resort when even the error page fails: a constant JSON body. */
function internalError(head: boolean): Response {
  const body = head ? null : JSON.stringify({ status: 500, error: ERROR_INTERNAL })
  return new Response(body, {
    status: 500,
    headers: { 'content-type': MEDIA_JSON, 'cache-control': CACHE_ERROR, vary: VARY, ...CORS_HEADERS },
  })
}

/** What the request path needs, built once per resolver. */
interface Router {
  readonly ctx: ResolveContext
  readonly hosts: Hosts
  readonly onError: ResolverDeps['onError']
}

/** Everything after the host is known; synchronous except for the product lookup. */
function dispatch(
  router: Router,
  request: Request,
  head: boolean,
  host: ScanHost,
  target: RequestTarget,
): Response | Promise<Response> {
  const method = request.method
  if (method === 'OPTIONS') return optionsResponse()
  if (method !== 'GET' && !head) return errorResponse(405, ERROR_METHOD, request, head)
  // GS1-Conformant Resolver 1.2 §2.13: a trailing slash is tolerated.
  let path = target.path
  if (path.length > 1 && path.charCodeAt(path.length - 1) === 47) path = path.slice(0, -1)
  const scan: Scan = { request, head, host, query: target.query }
  if (path === '/01' || path.startsWith('/01/')) {
    const link = parseGtinPath(path.slice(3))
    return link === null
      ? errorResponse(400, ERROR_INVALID, request, head)
      : resolveLink(router.ctx, scan, link)
  }
  if (path === WELL_KNOWN_PATH) return descriptionResponse(host.origin, head)
  const segment = path.slice(1)
  if (isCompressedSegment(segment) && !segment.includes('/')) {
    const link = decodeCompressed(segment)
    return link === null
      ? errorResponse(400, ERROR_INVALID, request, head)
      : resolveLink(router.ctx, scan, link)
  }
  return errorResponse(404, ERROR_NOT_FOUND, request, head)
}

/** Finds the resolver host the request was made on, then dispatches. */
function route(router: Router, request: Request, head: boolean): Response | Promise<Response> {
  const target = splitRequestUrl(request.url)
  const { config, catalog } = router.ctx
  const host = configuredHost(config, router.hosts, target.authority)
  if (host !== null) return dispatch(router, request, head, host, target)
  // DESIGN §3: a host that is neither configured nor an active custom domain answers 404.
  return customDomainHost(config, catalog, target.authority).then((custom) =>
    custom === null
      ? errorResponse(404, ERROR_NOT_FOUND, request, head)
      : dispatch(router, request, head, custom, target),
  )
}

/** `500 INTERNAL_ERROR`, after telling `onError`; safe to retry, since the resolver only reads. */
function fail(router: Router, error: unknown, request: Request, head: boolean): Response {
  try {
    router.onError?.(error, request)
  } catch {
    // A failing error hook must not change the answer.
  }
  try {
    return errorResponse(500, ERROR_INTERNAL, request, head)
  } catch {
    return internalError(head)
  }
}

/**
 * Creates the resolver. It never listens: the entries (`serve.ts`, `serve-deno.ts`, `serve-node.ts`, the
 * app's start-up) pass it to a server. Storage is reached only through `catalog`.
 *
 * @example
 * const resolver = createResolver({ catalog, config: { resolverUrl, shortUrl, customDomainScheme: 'https' } })
 * const response = await resolver(new Request('http://localhost:3001/01/09506000134352'))
 */
export function createResolver(deps: ResolverDeps): Resolver {
  const config = compileConfig(deps.config)
  const router: Router = {
    ctx: { config, catalog: deps.catalog },
    hosts: configuredHosts(config),
    onError: deps.onError,
  }
  return function resolve(request: Request): Promise<Response> {
    const head = request.method === 'HEAD'
    try {
      const result = route(router, request, head)
      // Native promises are never patched by a server adapter, unlike Response on some runtimes.
      return result instanceof Promise
        ? result.catch((error) => fail(router, error, request, head))
        : Promise.resolve(result)
    } catch (error) {
      return Promise.resolve(fail(router, error, request, head))
    }
  }
}
