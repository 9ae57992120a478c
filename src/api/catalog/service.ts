/** The catalog endpoints' work, away from HTTP: the organization's scope, the actor, and each operation's outcome. */

import type { Principal } from '../../auth/types.ts'
import { storableText } from '../../catalog/validate.ts'
import type { Db } from '../../db/database.ts'
import { issue } from '../../gs1/issue.ts'
import type { ServiceHosts } from '../../security/service-hosts.ts'
import type { Actor } from '../../services/audit.ts'
import { listBrands } from '../../services/catalog/brands.ts'
import {
  deleteEntry,
  type EntryKind,
  getEntry,
  type Identity,
  isEntryKey,
  listEntries,
  noneMatchHolds,
  type OrganizationScope,
  putEntry,
} from '../../services/catalog/entries.ts'
import { exportCatalogStream } from '../../services/catalog/export.ts'
import { importCatalog } from '../../services/catalog/import.ts'
import { findOrganizationScope } from '../../services/catalog/products.ts'
import { VARY_ACCEPT } from '../media.ts'
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, MAX_SEARCH_CHARS } from './model.ts'

/** No host is the service's own (tests that build the routes without a configuration). */
const NO_SERVICE_HOSTS: ServiceHosts = new Map()

/** An operation's answer: a status, a JSON body (or none), or JSON text streamed, and header fields (ETag). */
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
  readonly key?: string | undefined
  readonly brand?: string | undefined
  readonly published?: string | undefined
  readonly q?: string | undefined
  readonly cursor?: string | undefined
  readonly limit?: string | undefined
}

/**
 * `GET /products`, `/items`, `/rules`: filters and cursor paging; bad parameters are 400 with the parameter as
 * `path`. An operation's route has refused the parameters it does not take.
 */
export async function entriesOf(
  db: Db,
  scope: OrganizationScope,
  kind: EntryKind,
  query: ListQuery,
): Promise<Outcome> {
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
  const keyed = kind.noun === 'rule' ? 'rule' : 'item'
  if (query.key !== undefined && !isEntryKey(query.key, keyed))
    return envelope(
      400,
      'Validation.Invalid.key',
      keyed === 'rule'
        ? 'key must be a GS1 Digital Link primary key'
        : 'key must be a GS1 Digital Link primary key other than 01',
      'key',
    )
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
  const after = query.cursor === undefined ? undefined : decodeCursor(kind, query.cursor)
  if (after === null)
    return envelope(400, 'Validation.Invalid.cursor', 'cursor is not one this API gave', 'cursor')
  const page = await listEntries(db, kind, scope.id, {
    limit,
    ...(query.key === undefined ? {} : { key: query.key }),
    ...(query.brand === undefined ? {} : { brand: query.brand }),
    ...(query.published === undefined ? {} : { published: query.published === 'true' }),
    ...(query.q === undefined ? {} : { q: query.q }),
    ...(after === undefined ? {} : { after }),
  })
  return {
    status: 200,
    body: { [kind.list]: page.items, nextCursor: page.next === null ? null : encodeCursor(kind, page.next) },
  }
}

/** What starts a cursor's text, per kind: a cursor of one list is no cursor of another. */
const CURSOR_TAGS = { product: 'g', item: 'i', rule: 'r' } as const

/** Cursors are opaque to clients (base64url of the last identity), so the paging key may change later. */
function encodeCursor(kind: EntryKind, id: string): string {
  return Buffer.from(`${CURSOR_TAGS[kind.noun]}:${id}`).toString('base64url')
}

function decodeCursor(kind: EntryKind, cursor: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null
  const text = Buffer.from(cursor, 'base64url').toString('utf8')
  const id = text.slice(2)
  return text.startsWith(`${CURSOR_TAGS[kind.noun]}:`) && kind.isIdentity(id) && storableText(id) ? id : null
}

/**
 * The identity a path names, or the answer when it names none: 400 for a value its key refuses (a GTIN's wrong check
 * digit, a GLN's, a character no value of the key has), which no entry can have (a typing slip, most likely); 404
 * for a segment no entry of the kind can be named by (a GTIN of letters, a key that is no Digital Link primary key).
 */
function identified(kind: EntryKind, path: Identity): { id: string } | { outcome: Outcome } {
  const named = kind.identify(path)
  if (named === null) return { outcome: notFound(kind, path) }
  if ('problem' in named) return { outcome: { status: 400, body: { errors: [named.problem] } } }
  return named
}

/**
 * `GET /products/{gtin}`, `/items/{key}/{value}`, `/rules/{key}/{prefix}`: the entry with its ETag, or `304` without
 * a body while `ifNoneMatch` names its current version (RFC 9110 §13.1.2, §15.4.5).
 */
export async function entryOf(
  db: Db,
  scope: OrganizationScope,
  kind: EntryKind,
  path: Identity,
  ifNoneMatch: string | null = null,
): Promise<Outcome> {
  const named = identified(kind, path)
  if ('outcome' in named) return named.outcome
  const stored = await getEntry(db, kind, scope.id, named.id)
  if (stored === null) return notFound(kind, path)
  const headers = { etag: stored.etag }
  if (!noneMatchHolds(ifNoneMatch, stored.etag))
    return { status: 304, headers: { ...headers, ...VARY_ACCEPT } }
  return { status: 200, body: stored.entry, headers }
}

/** What a change's request says besides the path: its conditions. */
export interface Conditions {
  readonly ifMatch: string | null
  readonly ifNoneMatch: string | null
}

export async function replaceEntry(
  db: Db,
  scope: OrganizationScope,
  actor: Actor,
  kind: EntryKind,
  input: Conditions & { path: Identity; body: unknown },
): Promise<Outcome> {
  const named = identified(kind, input.path)
  if ('outcome' in named) return named.outcome
  const { path: _, ...request } = input
  const result = await putEntry(db, kind, { scope, actor, id: named.id, ...request })
  if (result.ok) {
    const status = result.status === 'created' ? 201 : 200
    return { status, body: result.view.entry, headers: { etag: result.view.etag } }
  }
  if (result.reason === 'invalid') return invalid(result.errors)
  if (result.reason === 'precondition') return envelope(412, 'PreconditionFailed', result.message)
  return envelope(409, 'Catalog.Ownership', result.message, kind.idMember)
}

export async function removeEntry(
  db: Db,
  scope: OrganizationScope,
  actor: Actor,
  kind: EntryKind,
  input: Conditions & { path: Identity },
): Promise<Outcome> {
  const named = identified(kind, input.path)
  if ('outcome' in named) return named.outcome
  const { ifMatch, ifNoneMatch } = input
  const result = await deleteEntry(db, kind, {
    organizationId: scope.id,
    actor,
    id: named.id,
    ifMatch,
    ifNoneMatch,
  })
  if (result === 'deleted') return { status: 204 }
  if (result === 'not_found') return notFound(kind, input.path)
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

/** How a 404 names what the path asked for, and how much of each part it repeats. */
const PATH_WORDS: Readonly<Record<string, readonly [string, number]>> = {
  gtin: ['GTIN', 20],
  key: ['key', 20],
  value: ['value', 40],
  prefix: ['prefix', 40],
}

function notFound(kind: EntryKind, path: Identity): Outcome {
  const named = Object.entries(path).map(([member, value]) => {
    const [word, most] = PATH_WORDS[member] ?? [member, 20]
    return `${word} '${value.slice(0, most)}'`
  })
  return envelope(404, 'NotFound', `no ${kind.noun} of this organization has ${named.join(' and ')}`)
}
