/** The resolver port of the service: `/healthz` and `/readyz`, the product pages, then the resolver; one log line per request. */
import type { Logger } from '../lib/log.ts'
import type { PagesRoute } from '../pages/index.ts'
import type { ResolverRoute } from '../resolver/index.ts'
import { type RequestTarget, splitRequestUrl } from '../resolver/request-url.ts'
import { loggedPath } from '../security/logged-path.ts'

export interface ResolverPortDeps {
  readonly pages: PagesRoute
  readonly resolve: ResolverRoute
  /** The `/readyz` answer (it asks the database). */
  readonly readiness: () => Promise<Response>
  readonly logger: Logger
}

export type ResolverPort = (request: Request) => Response | Promise<Response>

/**
 * The handler `Bun.serve` runs on RESOLVER_PORT. The URL is split once for the request log, the pages and the
 * resolver, and a cached scan is answered without a promise: this is the hot path of every phone.
 */
export function createResolverPort(deps: ResolverPortDeps): ResolverPort {
  const { pages, resolve, logger } = deps
  const log = (request: Request, target: RequestTarget, start: number, response: Response): Response => {
    logger.info('request', {
      method: request.method,
      // Never a lot's or a serial's value (SECURITY.md §2): the GTIN and the AI numbers only.
      path: loggedPath(target.path),
      status: response.status,
      ms: Math.round((performance.now() - start) * 100) / 100,
    })
    return response
  }
  return function resolverPort(request: Request): Response | Promise<Response> {
    const start = performance.now()
    const target = splitRequestUrl(request.url)
    const path = target.path
    const answer =
      path === '/healthz'
        ? Response.json({ status: 'ok' })
        : path === '/readyz'
          ? deps.readiness()
          : (pages(request, target) ?? resolve(request, target))
    return answer instanceof Promise
      ? answer.then((response) => log(request, target, start, response))
      : log(request, target, start, answer)
  }
}
