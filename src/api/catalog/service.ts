/** The catalog endpoints' work, away from HTTP: the organization's scope, the actor, and each operation's outcome. */

import type { Principal } from '../../auth/types.ts'
import { storableText } from '../../catalog/validate.ts'
import { wrongCheckDigit } from '../../catalog/validate-products.ts'
import type { Db } from '../../db/database.ts'
import { parseGtin } from '../../gs1/gtin.ts'
import { issue } from '../../gs1/issue.ts'
import type { ServiceHosts } from '../../security/service-hosts.ts'
import type { Actor } from '../../services/audit.ts'
import { listBrands } from '../../services/catalog/brands.ts'
import { exportCatalogStream } from '../../services/catalog/export.ts'
import { importCatalog } from '../../services/catalog/import.ts'
import {
  deleteProduct,
  findOrganizationScope,
  getProduct,
  listProducts,
  type OrganizationScope,
  putProduct,
} from '../../services/catalog/products.ts'
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, MAX_SEARCH_CHARS } from './model.ts'

/** An operation's answer: a status, a JSON body (or none), or JSON text streamed, and header fields (ETag). */
/** No host is the service's own (tests that build the routes without a configuration). */
const NO_SERVICE_HOSTS: ServiceHosts = new Map()

export interface Outcome {
  readonly status: number
  readonly body?: unknown
  /** JSON text written as it is read (the export), instead of `body`. */
  readonly stream?: ReadableStream<Uint8Array>
  readonly headers?: Record<string, string>
}

export function actorOf(principal: Principal): Actor {
  return { kind: 'api_client', id: principal.clientId }
}

/** The token's organization, or null when it was deleted since the token was signed. */
export function scopeOf(db: Db, principal: Principal): Promise<OrganizationScope | null> {
  return findOrganizationScope(db, principal.organizationId)
}

const invalid = (errors: unknown) => ({ status: 422, body: { errors } })
const envelope = (status: number, code: string, message: string, path: string | null = null) => ({
  status,
  body: { errors: [issue(code, path, message)] },
})

export async function brandsOf(db: Db, scope: OrganizationScope): Promise<Outcome> {
  const brands = await listBrands(db, scope.id)
  return { status: 200, body: { brands } }
}

/** `PUT /brands/{slug}`: creates or renames a brand; a custom domain is requested, never activated. */
export async function putBrand(
  db: Db,
  scope: OrganizationScope,
  actor: Actor,
  slug: string,
  body: unknown,
  hosts: ServiceHosts = NO_SERVICE_HOSTS,
): Promise<Outcome> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return invalid([issue('Catalog.Schema', null, 'the brand must be a JSON object')])
  }
  const { name, customDomain, ...rest } = body as Record<string, unknown>
  const extra = Object.keys(rest)[0]
  if (extra !== undefined) return invalid([issue('Catalog.Schema', extra, 'Unexpected property')])
  const brand = {
    slug,
    name,
    organization: scope.slug,
    ...(customDomain === undefined ? {} : { customDomain }),
  }
  const result = await importCatalog(db, { brands: [brand] }, { actor, scope, serviceHosts: hosts })
  if (!result.ok) {
    return invalid(result.errors.map((e) => ({ ...e, path: e.path?.replace(/^brands\[0\]\.?/, '') || null })))
  }
  const stored = (await listBrands(db, scope.id)).find((b) => b.slug === slug)
  return { status: result.report.brands.created > 0 ? 201 : 200, body: stored }
}

export interface ListQuery {
  readonly brand?: string | undefined
  readonly published?: string | undefined
  readonly q?: string | undefined
  readonly cursor?: string | undefined
  readonly limit?: string | undefined
}

/** `GET /products`: filters and cursor paging; bad parameters are 400 with the parameter as `path`. */
export async function productsOf(db: Db, scope: OrganizationScope, query: ListQuery): Promise<Outcome> {
  const limit = query.limit === undefined ? DEFAULT_PAGE_LIMIT : Number(query.limit)
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_LIMIT || !/^\d+$/.test(query.limit ?? '1')) {
    return envelope(
      400,
      'Validation.Invalid.limit',
      `limit must be an integer from 1 to ${MAX_PAGE_LIMIT}`,
      'limit',
    )
  }
  if (query.published !== undefined && query.published !== 'true' && query.published !== 'false') {
    return envelope(400, 'Validation.Invalid.published', 'published must be true or false', 'published')
  }
  for (const name of ['q', 'brand'] as const) {
    const text = query[name]
    if (text !== undefined && !storableText(text))
      return envelope(
        400,
        `Validation.Invalid.${name}`,
        `${name} may not hold a NUL character or an unpaired surrogate`,
        name,
      )
  }
  if (query.q !== undefined && [...query.q].length > MAX_SEARCH_CHARS)
    return envelope(400, 'Validation.Invalid.q', `q must be at most ${MAX_SEARCH_CHARS} characters`, 'q')
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor)
  if (after === null)
    return envelope(400, 'Validation.Invalid.cursor', 'cursor is not one this API gave', 'cursor')
  const page = await listProducts(db, scope.id, {
    limit,
    ...(query.brand === undefined ? {} : { brand: query.brand }),
    ...(query.published === undefined ? {} : { published: query.published === 'true' }),
    ...(query.q === undefined ? {} : { q: query.q }),
    ...(after === undefined ? {} : { after }),
  })
  return {
    status: 200,
    body: { products: page.items, nextCursor: page.next === null ? null : encodeCursor(page.next) },
  }
}

/** Cursors are opaque to clients (base64url of the last GTIN), so the paging key may change later. */
function encodeCursor(gtin: string): string {
  return Buffer.from(`g:${gtin}`).toString('base64url')
}

function decodeCursor(cursor: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(cursor)) return null
  const text = Buffer.from(cursor, 'base64url').toString('utf8')
  return /^g:\d{14}$/.test(text) ? text.slice(2) : null
}

/**
 * The 400 of a path's GTIN whose check digit is wrong, which no product can have (a mistyped digit, most likely);
 * null for any other path segment. One that is no GTIN at all (letters, 9 digits) names no product: 404.
 */
function pathGtinProblem(gtin: string): Outcome | null {
  const parsed = parseGtin(gtin)
  if (parsed.ok || parsed.reason !== 'checkDigit') return null
  return envelope(400, 'Validation.CheckDigit.gtin', wrongCheckDigit(gtin), 'gtin')
}

export async function productOf(db: Db, scope: OrganizationScope, gtin: string): Promise<Outcome> {
  const problem = pathGtinProblem(gtin)
  if (problem !== null) return problem
  const stored = await getProduct(db, scope.id, gtin)
  if (stored === null) return notFound(gtin)
  return { status: 200, body: stored.product, headers: { etag: stored.etag } }
}

export async function replaceProduct(
  db: Db,
  scope: OrganizationScope,
  actor: Actor,
  input: { gtin: string; body: unknown; ifMatch: string | null; ifNoneMatch: string | null },
): Promise<Outcome> {
  const problem = pathGtinProblem(input.gtin)
  if (problem !== null) return problem
  const result = await putProduct(db, { scope, actor, ...input })
  if (result.ok) {
    const status = result.status === 'created' ? 201 : 200
    return { status, body: result.view.product, headers: { etag: result.view.etag } }
  }
  if (result.reason === 'invalid') return invalid(result.errors)
  if (result.reason === 'invalid_gtin') return notFound(input.gtin)
  if (result.reason === 'precondition') return envelope(412, 'PreconditionFailed', result.message)
  return envelope(409, 'Catalog.Ownership', result.message, 'gtin')
}

export async function removeProduct(
  db: Db,
  scope: OrganizationScope,
  actor: Actor,
  input: { gtin: string; ifMatch: string | null; ifNoneMatch: string | null },
): Promise<Outcome> {
  const problem = pathGtinProblem(input.gtin)
  if (problem !== null) return problem
  const result = await deleteProduct(db, { organizationId: scope.id, actor, ...input })
  if (result === 'deleted') return { status: 204 }
  if (result === 'not_found') return notFound(input.gtin)
  return envelope(412, 'PreconditionFailed', result.precondition)
}

export async function importFile(
  db: Db,
  scope: OrganizationScope,
  actor: Actor,
  body: unknown,
  dryRunParam: string | undefined,
  hosts: ServiceHosts = NO_SERVICE_HOSTS,
): Promise<Outcome> {
  // Only the two words: `?dryRun=1` or `?dryRun=True` writing for real would be the worst way to misread one.
  if (dryRunParam !== undefined && dryRunParam !== 'true' && dryRunParam !== 'false')
    return envelope(400, 'Validation.Invalid.dryRun', 'dryRun must be true or false', 'dryRun')
  const dryRun = dryRunParam === 'true'
  const result = await importCatalog(db, body, { actor, scope, dryRun, serviceHosts: hosts })
  if (!result.ok) return invalid(result.errors)
  return { status: 200, body: { dryRun, ...result.report } }
}

/**
 * `GET /catalog/export`: the catalog file streamed a batch of products at a time, so that the first bytes leave at
 * once and a catalog of 100,000 products neither waits whole in memory nor holds the event loop.
 */
export async function exportFile(
  db: Db,
  scope: OrganizationScope,
  onError?: (error: unknown) => void,
): Promise<Outcome> {
  const stream = await exportCatalogStream(db, scope.slug, onError === undefined ? {} : { onError })
  // The organization was deleted since its scope was read: its token is no longer valid.
  if (stream === null) return envelope(401, 'Unauthorized', 'The access token is invalid or revoked')
  return { status: 200, stream }
}

function notFound(gtin: string): Outcome {
  return envelope(404, 'NotFound', `no product of this organization has GTIN '${gtin.slice(0, 20)}'`)
}
