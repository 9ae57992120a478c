/** The public GS1 Digital Link resolver as a pure Web-Fetch handler: parse → find product → negotiate → respond. */

import { dlPrimaryKeys } from '../gs1/ai-table.ts'
import { AnswerMemo } from './answer-memo.ts'
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
import { descriptionResponse, GTIN_ONLY } from './description.ts'
import { errorResponse } from './errors.ts'
import { configuredHost, configuredHosts, customDomainHost, type Hosts, type ScanHost } from './hosts.ts'
import { parseGtinPath, parseKeyPath, pathKey } from './path.ts'
import { contradictsQualifiers } from './query.ts'
import { type RequestTarget, splitRequestUrl } from './request-url.ts'
import { type ResolveContext, resolveLink } from './resolve.ts'
import { answerResponse, CORS_HEADERS, headResponse, optionsResponse } from './responses.ts'
import { sameAsUri } from './same-as.ts'
import type { OnScan } from './scan-event.ts'
import { reportScan, scanTemplate } from './scan-report.ts'

export type { Catalog, CatalogPage, CatalogProduct } from './catalog.ts'
export type { ResolverConfig } from './config.ts'
export { createMemoryCatalog } from './memory-catalog.ts'
export type { DeviceClass, HostKind, OnScan, ScanEvent, ScanOutcome } from './scan-event.ts'

export interface ResolverDeps {
  catalog: Catalog
  config: ResolverConfig
  /** Told about every failure inside the resolver (the client gets `500 INTERNAL_ERROR`). */
  onError?: (error: unknown, request: Request) => void
  /** How many bare-GTIN scan answers to remember by URL (`answer-memo.ts`); 0 turns it off. Default 10,000. */
  answerMemoSize?: number
  /** Told about every scan of a Digital Link, synchronously (DESIGN §9); the standalone entries pass none. */
  onScan?: OnScan
  /** The time in epoch milliseconds, for pages with a validity window (DESIGN §11); `Date.now` by default. */
  clock?: () => number
}

const ANSWER_MEMO_SIZE = 10_000

export type Resolver = (request: Request) => Promise<Response>

/**
 * The resolver for a request whose URL is already split (the service's resolver port splits it once for the
 * request log, the pages and the resolver). Answers synchronously when it can; never throws.
 */
export type ResolverRoute = (request: Request, target: RequestTarget) => Response | Promise<Response>

/** Last resort when even the error page fails: a constant JSON body. */
function internalError(head: boolean): Response {
  const body = JSON.stringify({ status: 500, error: ERROR_INTERNAL })
  const headers = { 'content-type': MEDIA_JSON, 'cache-control': CACHE_ERROR, vary: VARY, ...CORS_HEADERS }
  return head ? headResponse(500, headers, body) : new Response(body, { status: 500, headers })
}

/** What the request path needs, built once per resolver. */
interface Router {
  readonly ctx: ResolveContext
  readonly hosts: Hosts
  /** The primary keys resolved: the GTIN, and every other key when the catalog holds their entries. */
  readonly keys: readonly string[]
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
  const query = target.query
  if (path === '/01' || path.startsWith('/01/')) {
    const link = parseGtinPath(path.slice(3))
    if (link === null || contradictsQualifiers(link, query))
      return invalid(router, request, head, host, false)
    return resolveLink(router.ctx, { url: target.url, request, head, host, query, sameAs: null }, link)
  }
  if (pathKey(path) !== null) {
    // DESIGN §12: every other Digital Link primary key, with the dictionary's rules.
    const link = parseKeyPath(path)
    if (link === null || contradictsQualifiers(link, query))
      return invalid(router, request, head, host, false)
    return resolveLink(router.ctx, { url: target.url, request, head, host, query, sameAs: null }, link)
  }
  if (path === WELL_KNOWN_PATH) return descriptionResponse(host.origin, head, router.keys)
  const segment = path.slice(1)
  if (isCompressedSegment(segment) && !segment.includes('/')) {
    const link = decodeCompressed(segment)
    if (link === null || contradictsQualifiers(link, query)) return invalid(router, request, head, host, true)
    const sameAs = sameAsUri(host.origin, link, query)
    return resolveLink(router.ctx, { url: target.url, request, head, host, query, sameAs }, link)
  }
  return errorResponse(404, ERROR_NOT_FOUND, request, head)
}

/** `400 INVALID_GS1_DIGITAL_LINK`, told to analytics (it names no product, so only the operator's metrics count it). */
function invalid(
  router: Router,
  request: Request,
  head: boolean,
  host: ScanHost,
  compressed: boolean,
): Response {
  const served = { linkType: null, language: null, compressed }
  reportScan(router.ctx.onScan, request, scanTemplate(null, '', host, null, 'invalid', served))
  return errorResponse(400, ERROR_INVALID, request, head)
}

/** Finds the resolver host the request was made on, then dispatches. */
function route(
  router: Router,
  request: Request,
  head: boolean,
  target: RequestTarget,
): Response | Promise<Response> {
  const { config, catalog } = router.ctx
  const host = configuredHost(config, router.hosts, target.authority)
  if (host !== null) return dispatch(router, request, head, host, target)
  // DESIGN §3: a host that is neither configured nor an active custom domain answers 404.
  return customDomainHost(config, router.hosts, catalog, target.authority).then((custom) =>
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

/** The resolver behind both signatures: `url` is the request's URL, `split` its parts when the caller has them. */
function createHandler(
  deps: ResolverDeps,
): (request: Request, url: string, split: RequestTarget | null) => Response | Promise<Response> {
  const config = compileConfig(deps.config)
  const memo = new AnswerMemo(deps.catalog, deps.answerMemoSize ?? ANSWER_MEMO_SIZE)
  const router: Router = {
    ctx: {
      config,
      catalog: deps.catalog,
      memo,
      now: deps.clock ?? Date.now,
      ...(deps.onScan === undefined ? {} : { onScan: deps.onScan }),
    },
    hosts: configuredHosts(config),
    keys: deps.catalog.findByKey === undefined ? GTIN_ONLY : dlPrimaryKeys(),
    onError: deps.onError,
  }
  return function handle(request, url, split) {
    const method = request.method
    const head = method === 'HEAD'
    try {
      // A repeated bare-GTIN scan: the remembered answer, without parsing, lookup or negotiation.
      if (head || method === 'GET') {
        const remembered = memo.find(url, request)
        if (remembered !== undefined) {
          reportScan(deps.onScan, request, remembered.scan)
          return answerResponse(remembered.answer, head)
        }
      }
      const result = route(router, request, head, split ?? splitRequestUrl(url))
      // Native promises are never patched by a server adapter, unlike Response on some runtimes.
      return result instanceof Promise ? result.catch((error) => fail(router, error, request, head)) : result
    } catch (error) {
      return fail(router, error, request, head)
    }
  }
}

/** Creates the resolver route (see `ResolverRoute`); `createResolver` is the same behind the Web-Fetch signature. */
export function createResolverRoute(deps: ResolverDeps): ResolverRoute {
  const handle = createHandler(deps)
  return (request, target) => handle(request, target.url, target)
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
  const handle = createHandler(deps)
  return function resolve(request: Request): Promise<Response> {
    const result = handle(request, request.url, null)
    return result instanceof Promise ? result : Promise.resolve(result)
  }
}
