/**
 * The catalog endpoints (DESIGN §8, §12): brands; products, items and prefix rules with ETags; import and export;
 * behind `read:catalog` / `write:catalog`.
 */
import { Elysia } from 'elysia'
import type { Principal } from '../../auth/types.ts'
import { countedStream, kibibytes, type WorkBudget } from '../../auth/work-budget.ts'
import type { Database } from '../../db/database.ts'
import { errorName, type Logger } from '../../lib/log.ts'
import type { ServiceHosts } from '../../security/service-hosts.ts'
import { type EntryKind, type Identity, ITEMS, PRODUCTS, RULES } from '../../services/catalog/entries.ts'
import { type BearerVerifier, principalOf, requireScope } from '../auth/guard.ts'
import { leaveUnread, readJsonBody } from '../codes/body.ts'
import { errorResponse, invalidParametersResponse, notAcceptable } from '../errors.ts'
import { JSON_TYPES, type JsonResponseType, jsonResponse, negotiateJson, VARY_ACCEPT } from '../media.ts'
import { queryParameters, requiredScope, routePattern } from '../openapi/operation.ts'
import { readQuery } from '../query.ts'
import * as ops from './operations.ts'
import {
  actorOf,
  brandsOf,
  entriesOf,
  entryOf,
  exportFile,
  importFile,
  type Outcome,
  putBrand,
  removeEntry,
  replaceEntry,
  scopeOf,
} from './service.ts'

export { BRANDS_PATH, EXPORT_PATH, IMPORT_PATH, ITEMS_PATH, PRODUCTS_PATH, RULES_PATH } from './operations.ts'

export interface CatalogRoutesDeps {
  readonly auth: BearerVerifier
  readonly database: Database
  /** Each client's budget of catalog files, in KiB read or written (429 with `Retry-After` beyond it); none by default. */
  readonly budget?: WorkBudget
  /** Hears an export that failed after its answer began (the client then sees the connection end early). */
  readonly logger?: Logger
  /** The service's own hosts, which no brand may claim as its custom domain (a scan of one would loop). */
  readonly serviceHosts?: ServiceHosts
}

type Query = Readonly<Record<string, string>>
type Work = (principal: Principal, body: unknown, query: Query) => Promise<Outcome>
type Scope = NonNullable<Awaited<ReturnType<typeof scopeOf>>>

/** The four operations on one kind of catalog entry: its list, and reading, replacing and deleting one. */
interface EntryOperations {
  readonly list: ops.CatalogOperation
  readonly get: ops.CatalogOperation
  readonly put: ops.CatalogOperation
  readonly delete: ops.CatalogOperation
}

/** What a catalog route reads of Elysia's context. */
interface RouteContext {
  readonly request: Request
  readonly body: unknown
  /** Absent on routes without parameters. */
  readonly params?: Readonly<Record<string, string | null | undefined>>
  readonly set: { status?: number | string }
}

/**
 * One catalog request: the guard has passed; negotiate (406), read the query (400 for a parameter the operation
 * does not take), admit heavy work within the client's budget (429), read the body when the operation takes one
 * (415, 413, 400), find the token's organization, do the work, and answer in the negotiated type.
 */
async function answer(
  request: Request,
  body: unknown,
  operation: ops.CatalogOperation,
  work: Work,
  budget: WorkBudget | undefined,
): Promise<Response> {
  const { takes } = operation
  const type = negotiateJson(request.headers.get('accept'), request.headers.get('content-type'))
  if (type === null) return notAcceptable(JSON_TYPES)
  const query = readQuery(request.url, queryParameters(operation))
  if (!query.ok) return invalidParametersResponse(query.errors, type)
  const principal = principalOf(request)
  if (principal === undefined) return errorResponse('unauthorized', { type })
  const admission = takes.heavy === true && budget !== undefined ? budget.admit(principal.clientId) : null
  if (admission !== null && !admission.allowed) {
    const headers = { 'retry-after': String(admission.retryAfterSeconds) }
    return errorResponse('tooManyRequests', { type, headers, message: TOO_MUCH_CATALOG_WORK })
  }
  // What was read is charged once the answer is built; a streamed answer is charged what it wrote, when it ends.
  let charge = admission === null ? null : (kib: number) => admission.done(kib)
  let bytesRead = Number(request.headers.get('content-length') ?? 0)
  try {
    let value: unknown
    if (takes.body) {
      const read = await readJsonBody(request, body)
      if (!read.ok) return errorResponse(read.failure, { type })
      value = read.value
      bytesRead = Math.max(bytesRead, read.bytes)
    }
    const outcome = await work(principal, value, query.params)
    if (charge !== null && outcome.stream !== undefined) {
      const done = charge
      charge = null
      return respond(
        { ...outcome, stream: countedStream(outcome.stream, (bytes) => done(kibibytes(bytes))) },
        type,
      )
    }
    return respond(outcome, type)
  } finally {
    charge?.(kibibytes(bytesRead))
  }
}

const TOO_MUCH_CATALOG_WORK =
  'This client has too many catalog files being read or written, or has used up its budget: retry after Retry-After seconds'

function respond(outcome: Outcome, type: JsonResponseType): Response {
  if (outcome.stream !== undefined)
    return new Response(outcome.stream, {
      status: outcome.status,
      headers: { ...outcome.headers, 'content-type': type, ...VARY_ACCEPT },
    })
  if (outcome.body === undefined)
    return new Response(null, { status: outcome.status, headers: outcome.headers ?? {} })
  // The same resource is sent as application/json or the vendor type, as Accept asks.
  return jsonResponse(outcome.body, outcome.status, type, { ...outcome.headers, ...VARY_ACCEPT })
}

async function settle(set: { status?: number | string }, response: Promise<Response>): Promise<Response> {
  const r = await response
  set.status = r.status
  return r
}

/** What an operation does once its request is read: the token's organization and principal, the body, the route. */
type OperationWork = (
  scope: Scope,
  principal: Principal,
  body: unknown,
  ctx: RouteContext,
  query: Query,
) => Promise<Outcome>

export function catalogRoutes(deps: CatalogRoutesDeps) {
  const db = deps.database.db
  /** Runs `work` for the token's organization; a deleted organization's token is no longer valid. */
  const scoped =
    (work: (scope: Scope, principal: Principal, body: unknown, query: Query) => Promise<Outcome>): Work =>
    async (principal, body, query) => {
      const scope = await scopeOf(db, principal)
      if (scope === null)
        return {
          status: 401,
          body: {
            errors: [{ code: 'Unauthorized', path: null, message: 'The access token is invalid or revoked' }],
          },
        }
      return work(scope, principal, body, query)
    }
  /** A route's handler: `answer` around the work, the status told to Elysia for its request log. */
  const handler = (operation: ops.CatalogOperation, work: OperationWork) => (ctx: RouteContext) =>
    settle(
      ctx.set,
      // Elysia hands a path segment that does not percent-decode (`%zz`) over as null: no resource has that name.
      Object.values(ctx.params ?? {}).some((v) => typeof v !== 'string')
        ? Promise.resolve(errorResponse('notFound'))
        : answer(
            ctx.request,
            ctx.body,
            operation,
            scoped((s, p, b, q) => work(s, p, b, ctx, q)),
            deps.budget,
          ),
    )
  const header = (ctx: RouteContext, name: string) => ctx.request.headers.get(name)
  /** A path parameter; `handler` has already answered 404 to one that did not decode. */
  const param = (ctx: RouteContext, name: string) => ctx.params?.[name] ?? ''
  /** Every path parameter, as decoded (`%2F` is a `/` of the value). */
  const pathOf = (ctx: RouteContext): Identity =>
    Object.fromEntries(Object.entries(ctx.params ?? {}).map(([name, value]) => [name, value ?? '']))
  const conditions = (ctx: RouteContext) => ({
    ifMatch: header(ctx, 'if-match'),
    ifNoneMatch: header(ctx, 'if-none-match'),
  })
  const hook = (operation: ops.CatalogOperation) => ({
    parse: leaveUnread,
    beforeHandle: requireScope(deps.auth, requiredScope(operation)),
  })
  /** The route of `operation`, as it declares it, doing `work`. */
  const route = (operation: ops.CatalogOperation, work: OperationWork) =>
    [operation.method, routePattern(operation), handler(operation, work), hook(operation)] as const
  /** Products, items and rules are served alike, each kind by its identity. */
  const entries = (kind: EntryKind, declared: EntryOperations) =>
    new Elysia()
      .route(...route(declared.list, (s, _p, _b, _ctx, query) => entriesOf(db, s, kind, query)))
      .route(
        ...route(declared.get, (s, _p, _b, ctx) =>
          entryOf(db, s, kind, pathOf(ctx), header(ctx, 'if-none-match')),
        ),
      )
      .route(
        ...route(declared.put, (s, p, b, ctx) =>
          replaceEntry(db, s, actorOf(p), kind, { path: pathOf(ctx), body: b, ...conditions(ctx) }),
        ),
      )
      .route(
        ...route(declared.delete, (s, p, _b, ctx) =>
          removeEntry(db, s, actorOf(p), kind, { path: pathOf(ctx), ...conditions(ctx) }),
        ),
      )
  return new Elysia({ name: 'catalog' })
    .route(...route(ops.listBrands, (s) => brandsOf(db, s)))
    .route(
      ...route(ops.putBrand, (s, p, b, ctx) =>
        putBrand(db, s, actorOf(p), param(ctx, 'slug'), b, deps.serviceHosts),
      ),
    )
    .use(
      entries(PRODUCTS, {
        list: ops.listProducts,
        get: ops.getProduct,
        put: ops.putProduct,
        delete: ops.deleteProduct,
      }),
    )
    .use(entries(ITEMS, { list: ops.listItems, ...ops.itemOperations }))
    .use(entries(RULES, { list: ops.listRules, ...ops.ruleOperations }))
    .route(
      ...route(ops.importCatalog, (s, p, b, _ctx, query) =>
        importFile(db, s, actorOf(p), b, query.dryRun, deps.serviceHosts),
      ),
    )
    .route(
      ...route(ops.exportCatalog, (s) =>
        exportFile(db, s, (error) =>
          deps.logger?.error('api.error', { path: ops.EXPORT_PATH, error: errorName(error) }),
        ),
      ),
    )
}
