/**
 * The catalog operations, declared once (DESIGN §8, §12): brands; products, items of other keys and prefix rules with
 * ETags; import and export.
 */
import { READ_CATALOG, WRITE_CATALOG } from '../../auth/scopes.ts'
import { CATALOG_ERROR_CODES } from '../../catalog/error-codes.ts'
import { BODY_TOO_LARGE, envelopeResponse, jsonContent, negotiatedEnvelope } from '../openapi/components.ts'
import type { Operation, ParameterSpec } from '../openapi/operation.ts'
import { MAX_PAGE_LIMIT, MAX_SEARCH_CHARS } from './model.ts'

export const BRANDS_PATH = '/brands'
export const PRODUCTS_PATH = '/products'
export const ITEMS_PATH = '/items'
export const RULES_PATH = '/rules'
export const IMPORT_PATH = '/catalog/import'
export const EXPORT_PATH = '/catalog/export'

const CODES = CATALOG_ERROR_CODES.map((c) => `- \`${c.code}\`: ${c.description}`).join('\n')

/** The `ETag` header of an entry's answer. */
function etagHeader(noun: string) {
  return {
    ETag: { description: `The ${noun}’s version; send it back in \`If-Match\`.`, schema: { type: 'string' } },
  }
}

const ETAG = etagHeader('product')

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

/** `If-None-Match` of a `PUT`. */
const CREATE_ONLY_PARAMETER = {
  name: 'If-None-Match',
  in: 'header',
  description: '`*`: only create.',
  schema: { type: 'string', enum: ['*'] },
}

/** `If-None-Match` of a `GET`: the caller's copies (RFC 9110 §13.1.2). */
const HELD_VERSIONS_PARAMETER = {
  name: 'If-None-Match',
  in: 'header',
  description:
    'ETags of the versions the caller holds: while one of them is current the answer is 304, without a body.',
  schema: { type: 'string' },
}

/** The `304` of a conditional read. */
function notModified(noun: string) {
  return {
    description: `The ${noun} is still the version named in \`If-None-Match\`: no body.`,
    headers: etagHeader(noun),
  }
}

/** `If-None-Match` of a `DELETE`. */
const EXCLUDED_VERSIONS_PARAMETER = {
  name: 'If-None-Match',
  in: 'header',
  description: 'ETags (or `*`) of versions not to delete.',
  schema: { type: 'string' },
}

/** The filters and paging a list of entries shares. */
function brandFilter(noun: string) {
  return { name: 'brand', in: 'query', description: `Only this brand’s ${noun}.`, schema: { type: 'string' } }
}

const publishedFilter = {
  name: 'published',
  in: 'query',
  description: 'Only published (`true`) or unpublished (`false`) ones.',
  schema: { type: 'string', enum: ['true', 'false'] },
}

const cursorParameter = {
  name: 'cursor',
  in: 'query',
  description: 'The `nextCursor` of the previous page.',
  schema: { type: 'string' },
}

function limitParameter(entries: string) {
  return {
    name: 'limit',
    in: 'query',
    description: `${entries} per page, 1 to ${MAX_PAGE_LIMIT} (default 100).`,
    schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_LIMIT },
  }
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
      brandFilter('products'),
      publishedFilter,
      {
        name: 'q',
        in: 'query',
        description: `GTIN digits from the start, or part of a name or URL name; at most ${MAX_SEARCH_CHARS} characters.`,
        schema: { type: 'string', maxLength: MAX_SEARCH_CHARS },
      },
      cursorParameter,
      limitParameter('Products'),
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
    parameters: [GTIN_PARAMETER, HELD_VERSIONS_PARAMETER],
    responses: {
      '200': { description: 'The product.', headers: ETAG, content: jsonContent('Product') },
      '304': notModified('product'),
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
    parameters: [GTIN_PARAMETER, IF_MATCH_PARAMETER, CREATE_ONLY_PARAMETER],
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
    parameters: [GTIN_PARAMETER, IF_MATCH_PARAMETER, EXCLUDED_VERSIONS_PARAMETER],
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

/** How the operations on one item or prefix rule name it and answer for it (DESIGN §12). */
interface EntryDeclaration {
  /** As descriptions say one: `item`, `rule`. */
  readonly noun: 'item' | 'rule'
  /** As summaries say one: `an item`, `a prefix rule`. */
  readonly label: string
  /** Its schema (`Item`), and its body's (`ItemBody`); with `get`, `put`, `delete`, its operation IDs. */
  readonly schema: 'Item' | 'Rule'
  /** Its list in the import file. */
  readonly list: 'items' | 'rules'
  readonly path: string
  /** The key's parameter, then the value's or the prefix's. */
  readonly parameters: readonly ParameterSpec[]
  /** The member naming it besides `key`: `value`, `prefix`. */
  readonly member: 'value' | 'prefix'
  /** Why a path names nothing that could exist: its `404` beyond an unknown one. */
  readonly nothing: string
  /** The `400` of a path whose value (or prefix) the key refuses. */
  readonly refused: string
  /** What its links answer once it is deleted. */
  readonly afterDelete: string
}

/** The document's tag of items and prefix rules: listed apart from the products, after them. */
export const ENTRIES_TAG = 'items'

/** `GET`, `PUT` and `DELETE` of one item or prefix rule, declared alike: they behave as a product's. */
function entryOperations(e: EntryDeclaration) {
  const named = `key and ${e.member}`
  const missing = negotiatedEnvelope(
    'notFound',
    `The organization has no ${e.noun} of this ${named}, or ${e.nothing}.`,
  )
  const get: CatalogOperation = {
    method: 'get',
    path: e.path,
    takes: NO_BODY,
    spec: {
      ...described(
        ENTRIES_TAG,
        READ_CATALOG,
        `Read ${e.label}`,
        `get${e.schema}`,
        `The ${e.noun} in the import format (as in the file’s \`${e.list}\`), with its \`ETag\`.`,
      ),
      parameters: [...e.parameters, HELD_VERSIONS_PARAMETER],
      responses: {
        '200': { description: `The ${e.noun}.`, headers: etagHeader(e.noun), content: jsonContent(e.schema) },
        '304': notModified(e.noun),
        '404': missing,
        ...commonResponses(READ_CATALOG, NO_BODY, { path: e.refused }),
      },
    },
  }
  const put: CatalogOperation = {
    method: 'put',
    path: e.path,
    takes: BODY,
    spec: {
      ...described(
        ENTRIES_TAG,
        WRITE_CATALOG,
        `Create or replace ${e.label}`,
        `put${e.schema}`,
        `The whole ${e.noun}, as in the import file’s \`${e.list}\` (\`key\` and \`${e.member}\` may be left out; given, they must be the path’s, else \`Catalog.Mismatch\`). \`If-Match\` with the ETag read before replaces only that version; \`If-None-Match: *\` creates only. Every resolver answers with the change within a second.`,
      ),
      parameters: [...e.parameters, IF_MATCH_PARAMETER, CREATE_ONLY_PARAMETER],
      requestBody: { required: true, content: jsonContent(`${e.schema}Body`) },
      responses: {
        '200': {
          description: 'Replaced, or already so.',
          headers: etagHeader(e.noun),
          content: jsonContent(e.schema),
        },
        '201': { description: 'Created.', headers: etagHeader(e.noun), content: jsonContent(e.schema) },
        '404': negotiatedEnvelope('notFound', `No ${e.noun} can have this ${named}: ${e.nothing}.`),
        '409': negotiatedEnvelope(
          'conflict',
          `The ${named} belong to another organization (\`Catalog.Ownership\`).`,
        ),
        '412': negotiatedEnvelope(
          'preconditionFailed',
          `The stored ${e.noun} is not the \`If-Match\` version, or exists despite \`If-None-Match: *\`.`,
        ),
        '422': invalid,
        ...commonResponses(WRITE_CATALOG, BODY, { path: e.refused }),
      },
    },
  }
  const remove: CatalogOperation = {
    method: 'delete',
    path: e.path,
    takes: NO_BODY,
    spec: {
      ...described(ENTRIES_TAG, WRITE_CATALOG, `Delete ${e.label}`, `delete${e.schema}`, e.afterDelete),
      parameters: [...e.parameters, IF_MATCH_PARAMETER, EXCLUDED_VERSIONS_PARAMETER],
      responses: {
        '204': { description: 'Deleted.' },
        '404': missing,
        '412': negotiatedEnvelope(
          'preconditionFailed',
          `The stored ${e.noun} is not the \`If-Match\` version, or is one \`If-None-Match\` names.`,
        ),
        ...commonResponses(WRITE_CATALOG, NO_BODY, { path: e.refused }),
      },
    },
  }
  return { get, put, delete: remove }
}

/** The `key` of an entry's path: an item's is any Digital Link primary key but `01` (a product's); a rule's, any. */
function keyParameter(gtinToo: boolean) {
  const keys = gtinToo ? 'a GS1 Digital Link primary key' : 'a GS1 Digital Link primary key other than `01`'
  return {
    name: 'key',
    in: 'path',
    required: true,
    description: `The AI of ${keys} (\`414\`, \`00\`, \`8003\`, …); any other names nothing (404).`,
    schema: { type: 'string', pattern: '^[0-9]{2,4}$' },
  }
}

const NO_ITEM_KEY = 'the key is no Digital Link primary key other than `01`'

export const itemOperations = entryOperations({
  noun: 'item',
  label: 'an item',
  schema: 'Item',
  list: 'items',
  path: `${ITEMS_PATH}/{key}/{value}`,
  parameters: [
    keyParameter(false),
    {
      name: 'value',
      in: 'path',
      required: true,
      description:
        'The key’s value as in its Digital Link, percent-encoded (a `/` as `%2F`); one the key refuses (check digit, character set, length) is 400.',
      schema: { type: 'string', minLength: 1 },
    },
  ],
  member: 'value',
  nothing: `${NO_ITEM_KEY}, or the value ends in \`*\` (which spells a prefix rule’s identity)`,
  refused:
    'The path’s value is not one its key takes (`Validation.CheckDigit.value`, `Validation.Charset.value`, `Validation.Length.value` or `Validation.Format.value`, `path` `value`); the message says why.',
  afterDelete:
    'Its links answer 404 on every resolver from then on, or the longest prefix rule of the value if there is one.',
})

export const ruleOperations = entryOperations({
  noun: 'rule',
  label: 'a prefix rule',
  schema: 'Rule',
  list: 'rules',
  path: `${RULES_PATH}/{key}/{prefix}`,
  parameters: [
    keyParameter(true),
    {
      name: 'prefix',
      in: 'path',
      required: true,
      description:
        'The start of the values the rule answers, percent-encoded (a `/` as `%2F`): digits for a key of digits, GS1 character set 82 otherwise, no longer than the key’s values (else 400).',
      schema: { type: 'string', minLength: 1 },
    },
  ],
  member: 'prefix',
  nothing: 'the key is no Digital Link primary key',
  refused:
    'No value of the path’s key can start with its prefix (`Validation.Charset.prefix` or `Validation.Length.prefix`, `path` `prefix`); the message says why.',
  afterDelete:
    'The values it answered fall to the next longest rule of their key, or 404, on every resolver from then on; items keep answering their own.',
})

/** `key` of a list: only one key's entries. */
function keyFilter(noun: 'items' | 'rules') {
  const none =
    noun === 'rules' ? 'no Digital Link primary key' : 'no Digital Link primary key other than `01`'
  return {
    name: 'key',
    in: 'query',
    description: `Only this key’s ${noun} (\`414\`, \`8003\`, …); a key that is ${none} is 400.`,
    schema: { type: 'string', pattern: '^[0-9]{2,4}$' },
  }
}

export const listItems: CatalogOperation = {
  method: 'get',
  path: ITEMS_PATH,
  takes: NO_BODY,
  spec: {
    ...described(
      ENTRIES_TAG,
      READ_CATALOG,
      'List items',
      'listItems',
      'The organization’s items (entries of other GS1 keys than the GTIN) by key and value, a page at a time.',
    ),
    parameters: [
      keyFilter('items'),
      brandFilter('items'),
      publishedFilter,
      {
        name: 'q',
        in: 'query',
        description: `The value from its start, or part of a name or URL name; at most ${MAX_SEARCH_CHARS} characters.`,
        schema: { type: 'string', maxLength: MAX_SEARCH_CHARS },
      },
      cursorParameter,
      limitParameter('Items'),
    ],
    responses: {
      '200': { description: 'One page.', content: jsonContent('ItemPage') },
      ...commonResponses(READ_CATALOG, NO_BODY, { query: QUERY_INVALID }),
    },
  },
}

export const listRules: CatalogOperation = {
  method: 'get',
  path: RULES_PATH,
  takes: NO_BODY,
  spec: {
    ...described(
      ENTRIES_TAG,
      READ_CATALOG,
      'List prefix rules',
      'listRules',
      'The organization’s prefix rules by key and prefix, a page at a time.',
    ),
    parameters: [keyFilter('rules'), brandFilter('rules'), cursorParameter, limitParameter('Rules')],
    responses: {
      '200': { description: 'One page.', content: jsonContent('RulePage') },
      ...commonResponses(READ_CATALOG, NO_BODY, { query: QUERY_INVALID }),
    },
  },
}

export const importCatalog: CatalogOperation = {
  method: 'post',
  path: IMPORT_PATH,
  takes: BODY,
  spec: {
    ...described(
      ENTRIES_TAG,
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
      ENTRIES_TAG,
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
  listItems,
  itemOperations.get,
  itemOperations.put,
  itemOperations.delete,
  listRules,
  ruleOperations.get,
  ruleOperations.put,
  ruleOperations.delete,
  importCatalog,
  exportCatalog,
]
