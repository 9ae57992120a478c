/** The catalog operations, declared once (DESIGN §8): brands, products with ETags, import and export. */
import { READ_CATALOG, WRITE_CATALOG } from '../../auth/scopes.ts'
import { CATALOG_ERROR_CODES } from '../../catalog/error-codes.ts'
import { BODY_TOO_LARGE, envelopeResponse, jsonContent, negotiatedEnvelope } from '../openapi/components.ts'
import type { Operation } from '../openapi/operation.ts'
import { MAX_PAGE_LIMIT, MAX_SEARCH_CHARS } from './model.ts'

export const BRANDS_PATH = '/brands'
export const PRODUCTS_PATH = '/products'
export const IMPORT_PATH = '/catalog/import'
export const EXPORT_PATH = '/catalog/export'

const CODES = CATALOG_ERROR_CODES.map((c) => `- \`${c.code}\`: ${c.description}`).join('\n')

const ETAG = {
  ETag: { description: 'The product’s version; send it back in `If-Match`.', schema: { type: 'string' } },
}

const GTIN_PARAMETER = {
  name: 'gtin',
  in: 'path',
  required: true,
  description: 'The GTIN in 8, 12, 13 or 14 digits (normalised to 14); a wrong check digit is 400.',
  schema: { type: 'string', pattern: '^([0-9]{8}|[0-9]{12,14})$' },
}

const IF_MATCH_PARAMETER = {
  name: 'If-Match',
  in: 'header',
  description: 'An ETag, or `*` for any stored version.',
  schema: { type: 'string' },
}

/**
 * What an operation takes besides its parameters: a body or not, and whether it is heavy work charged to the
 * client's budget of catalog files (what it reads or writes, in KiB; an operation with a body always is).
 */
export interface Takes {
  readonly body: boolean
  readonly heavy?: boolean
}

/** How an operation's own query or path parameters can be wrong, for its `400`. */
interface Causes {
  readonly query?: string
  readonly path?: string
}

/** A catalog operation: the declaration, and what its route reads before the work. */
export interface CatalogOperation extends Operation {
  readonly takes: Takes
}

export const NO_BODY: Takes = { body: false }
export const BODY: Takes = { body: true, heavy: true }
const EXPORTS: Takes = { body: false, heavy: true }

const UNKNOWN_PARAMETER =
  'A query parameter the operation does not take (`Validation.Unknown.<name>`), or one given twice (`Validation.Invalid.<name>`).'

/** The `400` of an operation: what its body and its query can get wrong. */
function badRequest(takes: Takes, causes: Causes) {
  const text = [
    takes.body ? 'The body is not valid JSON.' : null,
    causes.path ?? null,
    causes.query ?? null,
    UNKNOWN_PARAMETER,
  ]
    .filter((c) => c !== null)
    .join(' ')
  return negotiatedEnvelope(takes.body ? 'malformedJson' : 'badRequest', text)
}

/** The failures every catalog or scan operation shares, from what it takes. */
export function commonResponses(scope: string, takes: Takes, causes: Causes = {}) {
  return {
    '400': badRequest(takes, causes),
    '401': {
      description: 'Missing, malformed, expired or revoked credentials.',
      content: negotiatedEnvelope('unauthorized', '').content,
    },
    '403': {
      description: `The token lacks \`${scope}\`, or the subscription no longer covers API clients.`,
      content: envelopeResponse('forbidden', '').content,
    },
    '406': envelopeResponse(
      'notAcceptable',
      'The `Accept` header names no media type this operation produces.',
    ),
    ...(takes.body || takes.heavy
      ? {
          '429': {
            ...negotiatedEnvelope('tooManyRequests', TOO_MUCH_FILE_WORK),
            headers: { 'Retry-After': { $ref: '#/components/headers/Retry-After' } },
          },
        }
      : {}),
    ...(takes.body
      ? {
          '413': negotiatedEnvelope('payloadTooLarge', BODY_TOO_LARGE),
          '415': negotiatedEnvelope(
            'unsupportedMediaType',
            'The body is not `application/json` or the versioned type.',
          ),
        }
      : {}),
    '500': negotiatedEnvelope('internal', 'Server fault; a read is safe to retry.'),
  }
}

export const QUERY_INVALID = 'A query parameter is invalid; `path` names it.'

const TOO_MUCH_FILE_WORK =
  'The client has 2 catalog files being read or written, or has used up its budget (32 MiB at once, 4 MiB a second; an export costs what it wrote, a body what it sent); retry after `Retry-After` seconds. Limits per client ID: SECURITY.md §3a.'

const GTIN_CHECK_DIGIT =
  'The path’s GTIN has a wrong check digit (`Validation.CheckDigit.gtin`, `path` `gtin`); the message says the digit expected.'

const invalid = {
  description: `The content is invalid; every problem is listed with its JSON path. Codes:\n\n${CODES}`,
  content: jsonContent('ErrorEnvelope'),
}

/** The head of an Operation Object: its tag, summary, ID, description and the scope it needs. */
export function described(
  tag: string,
  scope: string,
  summary: string,
  operationId: string,
  description: string,
) {
  return { tags: [tag], summary, operationId, description, security: [{ oauth2: [scope] }] }
}

export const listBrands: CatalogOperation = {
  method: 'get',
  path: BRANDS_PATH,
  takes: NO_BODY,
  spec: {
    ...described(
      'catalog',
      READ_CATALOG,
      'List brands',
      'listBrands',
      'The organization’s brands with their custom domains and product counts.',
    ),
    responses: {
      '200': { description: 'The brands.', content: jsonContent('BrandList') },
      ...commonResponses(READ_CATALOG, NO_BODY),
    },
  },
}

export const putBrand: CatalogOperation = {
  method: 'put',
  path: `${BRANDS_PATH}/{slug}`,
  takes: BODY,
  spec: {
    ...described(
      'catalog',
      WRITE_CATALOG,
      'Create or change a brand',
      'putBrand',
      'Creates the brand or changes its name. `customDomain` requests a custom domain, which stays inactive until an operator activates it; null gives it up.',
    ),
    parameters: [
      {
        name: 'slug',
        in: 'path',
        required: true,
        schema: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,62}$' },
      },
    ],
    requestBody: { required: true, content: jsonContent('BrandBody') },
    responses: {
      '200': { description: 'Changed, or already so.', content: jsonContent('Brand') },
      '201': { description: 'Created.', content: jsonContent('Brand') },
      '422': invalid,
      ...commonResponses(WRITE_CATALOG, BODY),
    },
  },
}

export const listProducts: CatalogOperation = {
  method: 'get',
  path: PRODUCTS_PATH,
  takes: NO_BODY,
  spec: {
    ...described(
      'catalog',
      READ_CATALOG,
      'List products',
      'listProducts',
      'The organization’s products by GTIN, a page at a time.',
    ),
    parameters: [
      {
        name: 'brand',
        in: 'query',
        description: 'Only this brand’s products.',
        schema: { type: 'string' },
      },
      {
        name: 'published',
        in: 'query',
        description: 'Only published (`true`) or unpublished (`false`) ones.',
        schema: { type: 'string', enum: ['true', 'false'] },
      },
      {
        name: 'q',
        in: 'query',
        description: `GTIN digits from the start, or part of a name or URL name; at most ${MAX_SEARCH_CHARS} characters.`,
        schema: { type: 'string', maxLength: MAX_SEARCH_CHARS },
      },
      {
        name: 'cursor',
        in: 'query',
        description: 'The `nextCursor` of the previous page.',
        schema: { type: 'string' },
      },
      {
        name: 'limit',
        in: 'query',
        description: `Products per page, 1 to ${MAX_PAGE_LIMIT} (default 100).`,
        schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_LIMIT },
      },
    ],
    responses: {
      '200': { description: 'One page.', content: jsonContent('ProductPage') },
      ...commonResponses(READ_CATALOG, NO_BODY, { query: QUERY_INVALID }),
    },
  },
}

export const getProduct: CatalogOperation = {
  method: 'get',
  path: `${PRODUCTS_PATH}/{gtin}`,
  takes: NO_BODY,
  spec: {
    ...described(
      'catalog',
      READ_CATALOG,
      'Read a product',
      'getProduct',
      'The product in the import format, with its `ETag`.',
    ),
    parameters: [GTIN_PARAMETER],
    responses: {
      '200': { description: 'The product.', headers: ETAG, content: jsonContent('Product') },
      '404': negotiatedEnvelope('notFound', 'The organization has no product with this GTIN.'),
      ...commonResponses(READ_CATALOG, NO_BODY, { path: GTIN_CHECK_DIGIT }),
    },
  },
}

export const putProduct: CatalogOperation = {
  method: 'put',
  path: `${PRODUCTS_PATH}/{gtin}`,
  takes: BODY,
  spec: {
    ...described(
      'catalog',
      WRITE_CATALOG,
      'Create or replace a product',
      'putProduct',
      'The whole product, as in the import file (`gtin` may be left out). `If-Match` with the ETag read before replaces only that version; `If-None-Match: *` creates only. Every resolver answers with the change within a second.',
    ),
    parameters: [
      GTIN_PARAMETER,
      IF_MATCH_PARAMETER,
      {
        name: 'If-None-Match',
        in: 'header',
        description: '`*`: only create.',
        schema: { type: 'string', enum: ['*'] },
      },
    ],
    requestBody: { required: true, content: jsonContent('ProductBody') },
    responses: {
      '200': { description: 'Replaced, or already so.', headers: ETAG, content: jsonContent('Product') },
      '201': { description: 'Created.', headers: ETAG, content: jsonContent('Product') },
      '404': negotiatedEnvelope('notFound', 'The path is not a GTIN of 8, 12, 13 or 14 digits.'),
      '409': negotiatedEnvelope(
        'conflict',
        'The GTIN belongs to another organization (`Catalog.Ownership`).',
      ),
      '412': negotiatedEnvelope(
        'preconditionFailed',
        'The stored product is not the `If-Match` version, or exists despite `If-None-Match: *`.',
      ),
      '422': invalid,
      ...commonResponses(WRITE_CATALOG, BODY, { path: GTIN_CHECK_DIGIT }),
    },
  },
}

export const deleteProduct: CatalogOperation = {
  method: 'delete',
  path: `${PRODUCTS_PATH}/{gtin}`,
  takes: NO_BODY,
  spec: {
    ...described(
      'catalog',
      WRITE_CATALOG,
      'Delete a product',
      'deleteProduct',
      'Its links answer 404 on every resolver from then on.',
    ),
    parameters: [
      GTIN_PARAMETER,
      IF_MATCH_PARAMETER,
      {
        name: 'If-None-Match',
        in: 'header',
        description: 'ETags (or `*`) of versions not to delete.',
        schema: { type: 'string' },
      },
    ],
    responses: {
      '204': { description: 'Deleted.' },
      '404': negotiatedEnvelope('notFound', 'The organization has no product with this GTIN.'),
      '412': negotiatedEnvelope(
        'preconditionFailed',
        'The stored product is not the `If-Match` version, or is one `If-None-Match` names.',
      ),
      ...commonResponses(WRITE_CATALOG, NO_BODY, { path: GTIN_CHECK_DIGIT }),
    },
  },
}

export const importCatalog: CatalogOperation = {
  method: 'post',
  path: IMPORT_PATH,
  takes: BODY,
  spec: {
    ...described(
      'catalog',
      WRITE_CATALOG,
      'Import a catalog file',
      'importCatalog',
      'Creates or replaces the brands and products of a catalog file (the export’s format) in one transaction; on any error nothing is written. `dryRun=true` validates and reports what would change, writing nothing.',
    ),
    parameters: [
      {
        name: 'dryRun',
        in: 'query',
        description: '`true` to validate and count without writing; any value but `true` or `false` is 400.',
        schema: { type: 'string', enum: ['true', 'false'] },
      },
    ],
    requestBody: { required: true, content: jsonContent('CatalogFile') },
    responses: {
      '200': { description: 'What changed (or would).', content: jsonContent('ImportReport') },
      '422': invalid,
      ...commonResponses(WRITE_CATALOG, BODY, {
        query: '`dryRun` is neither `true` nor `false`; `path` names it.',
      }),
    },
  },
}

export const exportCatalog: CatalogOperation = {
  method: 'get',
  path: EXPORT_PATH,
  takes: EXPORTS,
  spec: {
    ...described(
      'catalog',
      READ_CATALOG,
      'Export the catalog',
      'exportCatalog',
      'The organization’s whole catalog in the import format; it imports back unchanged. The answer is streamed, products in GTIN order a batch at a time as they are read, so it has no `Content-Length` and no `ETag`; it is not one snapshot (each batch is), and a fault midway ends the connection before the JSON is complete.',
    ),
    responses: {
      '200': { description: 'The catalog file, streamed.', content: jsonContent('CatalogFile') },
      ...commonResponses(READ_CATALOG, EXPORTS),
    },
  },
}

/** In the document's order. */
export const catalogOperations: readonly CatalogOperation[] = [
  listBrands,
  putBrand,
  listProducts,
  getProduct,
  putProduct,
  deleteProduct,
  importCatalog,
  exportCatalog,
]
