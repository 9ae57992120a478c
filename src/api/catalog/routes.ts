/** The catalog endpoints (DESIGN §8): brands, products with ETags, import and export, behind `read:catalog` / `write:catalog`. */
import { Elysia } from 'elysia'
import { READ_CATALOG, WRITE_CATALOG } from '../../auth/scopes.ts'
import type { Principal } from '../../auth/types.ts'
import type { Database } from '../../db/database.ts'
import { type BearerVerifier, principalOf, requireScope } from '../auth/guard.ts'
import { leaveUnread, readJsonBody } from '../codes/body.ts'
import { errorResponse } from '../errors.ts'
import { type JsonResponseType, jsonResponse, negotiateJson } from '../media.ts'
import {
  actorOf,
  brandsOf,
  exportFile,
  importFile,
  type Outcome,
  productOf,
  productsOf,
  putBrand,
  removeProduct,
  replaceProduct,
  scopeOf,
} from './service.ts'

export const BRANDS_PATH = '/brands'
export const PRODUCTS_PATH = '/products'
export const IMPORT_PATH = '/catalog/import'
export const EXPORT_PATH = '/catalog/export'

export interface CatalogRoutesDeps {
  readonly auth: BearerVerifier
  readonly database: Database
}

type Work = (principal: Principal, body: unknown) => Promise<Outcome>

/**
 * One catalog request: the guard has passed; negotiate (406), read the body when the operation takes one
 * (415, 413, 400), find the token's organization, do the work, and answer in the negotiated type.
 */
async function answer(request: Request, body: unknown, takesBody: boolean, work: Work): Promise<Response> {
  const type = negotiateJson(request.headers.get('accept'), request.headers.get('content-type'))
  if (type === null) return errorResponse('notAcceptable')
  let value: unknown
  if (takesBody) {
    const read = await readJsonBody(request, body)
    if (!read.ok) return errorResponse(read.failure, { type })
    value = read.value
  }
  const principal = principalOf(request)
  if (principal === undefined) return errorResponse('unauthorized', { type })
  const outcome = await work(principal, value)
  return respond(outcome, type)
}

function respond(outcome: Outcome, type: JsonResponseType): Response {
  if (outcome.body === undefined)
    return new Response(null, { status: outcome.status, headers: outcome.headers ?? {} })
  return jsonResponse(outcome.body, outcome.status, type, outcome.headers ?? {})
}

async function settle(set: { status?: number | string }, response: Promise<Response>): Promise<Response> {
  const r = await response
  set.status = r.status
  return r
}

export function catalogRoutes(deps: CatalogRoutesDeps) {
  const db = deps.database.db
  const read = { parse: leaveUnread, beforeHandle: requireScope(deps.auth, READ_CATALOG) }
  const write = { parse: leaveUnread, beforeHandle: requireScope(deps.auth, WRITE_CATALOG) }
  /** Runs `work` for the token's organization; a deleted organization's token is no longer valid. */
  const scoped =
    (
      work: (
        scope: NonNullable<Awaited<ReturnType<typeof scopeOf>>>,
        principal: Principal,
        body: unknown,
      ) => Promise<Outcome>,
    ): Work =>
    async (principal, body) => {
      const scope = await scopeOf(db, principal)
      if (scope === null)
        return {
          status: 401,
          body: {
            errors: [{ code: 'Unauthorized', path: null, message: 'The access token is invalid or revoked' }],
          },
        }
      return work(scope, principal, body)
    }
  const header = (request: Request, name: string) => request.headers.get(name)
  return new Elysia({ name: 'catalog' })
    .get(
      BRANDS_PATH,
      ({ request, body, set }) =>
        settle(
          set,
          answer(
            request,
            body,
            false,
            scoped((s) => brandsOf(db, s)),
          ),
        ),
      read,
    )
    .put(
      `${BRANDS_PATH}/:slug`,
      ({ request, body, params, set }) =>
        settle(
          set,
          answer(
            request,
            body,
            true,
            scoped((s, p, b) => putBrand(db, s, actorOf(p), params.slug, b)),
          ),
        ),
      write,
    )
    .get(
      PRODUCTS_PATH,
      ({ request, body, query, set }) =>
        settle(
          set,
          answer(
            request,
            body,
            false,
            scoped((s) => productsOf(db, s, query as Record<string, string>)),
          ),
        ),
      read,
    )
    .get(
      `${PRODUCTS_PATH}/:gtin`,
      ({ request, body, params, set }) =>
        settle(
          set,
          answer(
            request,
            body,
            false,
            scoped((s) => productOf(db, s, params.gtin)),
          ),
        ),
      read,
    )
    .put(
      `${PRODUCTS_PATH}/:gtin`,
      ({ request, body, params, set }) =>
        settle(
          set,
          answer(
            request,
            body,
            true,
            scoped((s, p, b) =>
              replaceProduct(db, s, actorOf(p), {
                gtin: params.gtin,
                body: b,
                ifMatch: header(request, 'if-match'),
                ifNoneMatch: header(request, 'if-none-match'),
              }),
            ),
          ),
        ),
      write,
    )
    .delete(
      `${PRODUCTS_PATH}/:gtin`,
      ({ request, body, params, set }) =>
        settle(
          set,
          answer(
            request,
            body,
            false,
            scoped((s, p) =>
              removeProduct(db, s, actorOf(p), { gtin: params.gtin, ifMatch: header(request, 'if-match') }),
            ),
          ),
        ),
      write,
    )
    .post(
      IMPORT_PATH,
      ({ request, body, query, set }) =>
        settle(
          set,
          answer(
            request,
            body,
            true,
            scoped((s, p, b) => importFile(db, s, actorOf(p), b, query.dryRun === 'true')),
          ),
        ),
      write,
    )
    .get(
      EXPORT_PATH,
      ({ request, body, set }) =>
        settle(
          set,
          answer(
            request,
            body,
            false,
            scoped((s) => exportFile(db, s)),
          ),
        ),
      read,
    )
}
