/** The OpenAPI 3.1 document of the code API, built from the TypeBox schemas (they are JSON Schema already). */
import type { TSchema } from '@sinclair/typebox'
import { SCOPE_DESCRIPTIONS } from '../../auth/scopes.ts'
import { authOperations } from '../auth/operations.ts'
import {
  Brand,
  BrandBody,
  BrandList,
  CatalogFile,
  ImportReport,
  Item,
  ItemBody,
  ItemPage,
  ItemSummary,
  Product,
  ProductBody,
  ProductPage,
  ProductSummary,
  Rule,
  RuleBody,
  RulePage,
  RuleSummary,
  ScanReport,
} from '../catalog/model.ts'
import { catalogOperations } from '../catalog/operations.ts'
import {
  BatchCodeDefinition,
  BatchCodeResult,
  BatchFailure,
  BatchRequest,
  BatchResult,
  CodeDefinition,
  CodeResult,
  ExtensionParameter,
  KeyValue,
  RenderDefinition,
} from '../codes/model.ts'
import { codeOperations } from '../codes/operations.ts'
import { getScans } from '../scans/operations.ts'
import {
  AccessToken,
  ApiError,
  ErrorEnvelope,
  JwkSet,
  OAuthError,
  TokenRequest,
  ValidationErrors,
  validationIssueSchema,
} from './components.ts'
import { pathItems } from './operation.ts'

/** SPEC "Versioning" 4: the API description carries version 1.0.0. */
export const API_VERSION = '1.0.0'

export interface DocumentOptions {
  /** Public origin of the API (`servers[0].url`). */
  serverUrl: string
}

/** TypeBox schemas carry symbol keys; JSON round-tripping leaves plain JSON Schema. */
function plain(schema: TSchema): Record<string, unknown> {
  return JSON.parse(JSON.stringify(schema))
}

function schemas(): Record<string, Record<string, unknown>> {
  const named: Record<string, TSchema> = {
    KeyValue,
    ExtensionParameter,
    CodeDefinition,
    BatchCodeDefinition,
    RenderDefinition,
    CodeResult,
    BatchRequest,
    BatchCodeResult,
    BatchFailure,
    BatchResult,
    ApiError,
    ErrorEnvelope,
    ValidationIssue: validationIssueSchema(),
    ValidationErrors,
    TokenRequest,
    AccessToken,
    OAuthError,
    JwkSet,
    Brand,
    BrandBody,
    BrandList,
    CatalogFile,
    ImportReport,
    Product,
    ProductBody,
    ProductPage,
    ProductSummary,
    Item,
    ItemBody,
    ItemPage,
    ItemSummary,
    Rule,
    RuleBody,
    RulePage,
    RuleSummary,
    ScanReport,
  }
  return Object.fromEntries(Object.entries(named).map(([name, s]) => [name, plain(s)]))
}

const DESCRIPTION = `Generates GS1 barcode payloads (GS1 element strings and GS1 Digital Link URIs, optionally
EPC-compressed) with their human readable interpretation, and renders QR and Data Matrix symbols as SVG, or as
PNG and PDF at a printed size checked against the GS1 symbol specification tables (one, or a ZIP of up to 1000).
The API is for servers: it sends no CORS headers, and browsers are not meant to call it.

Authenticate with the OAuth 2.0 client credentials grant at \`POST /oauth/token\` and send
\`Authorization: Bearer <token>\` on every code operation. Requests and responses use
\`application/json\` (latest version) or \`application/vnd.service.public.v1+json\` (pinned to version 1).
Failures use the envelope \`{errors: [{code, path, message}]}\`; the token endpoint answers RFC 6749 errors.`

/** The whole document; every operation of the API, its schemas, responses and security schemes. */
export function buildOpenApiDocument(options: DocumentOptions) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'GS1 Digital Link Code API',
      version: API_VERSION,
      description: DESCRIPTION,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: options.serverUrl, description: 'This service' }],
    tags: [
      { name: 'codes', description: 'Code generation and rendering; needs the `write:codes` scope.' },
      {
        name: 'catalog',
        description:
          'Brands, products, items of other GS1 keys and prefix rules; `read:catalog` to read, `write:catalog` to change.',
      },
      { name: 'auth', description: 'Access tokens (OAuth 2.0 client credentials) and token signing keys.' },
      { name: 'scans', description: 'Scan counts; needs the `read:scans` scope.' },
      {
        name: 'items',
        description:
          'Entries of the other GS1 keys (a GLN, an SSCC, a GRAI, …) and prefix rules beside the products; `read:catalog` to read, `write:catalog` to change.',
      },
    ],
    security: [{ oauth2: ['write:codes'] }],
    paths: pathItems([...authOperations, ...codeOperations, ...catalogOperations, getScans]),
    components: {
      schemas: schemas(),
      headers: {
        'WWW-Authenticate': {
          description: 'The authentication challenge (RFC 6750 §3 for bearer tokens, RFC 7617 for Basic).',
          schema: { type: 'string' },
        },
        'Retry-After': {
          description: 'Whole seconds to wait before asking again (RFC 9110 §10.2.3).',
          schema: { type: 'integer', minimum: 1 },
        },
      },
      securitySchemes: {
        oauth2: {
          type: 'oauth2',
          description: 'Client credentials grant; tokens are JWTs valid for 3600 seconds.',
          flows: {
            clientCredentials: {
              tokenUrl: '/oauth/token',
              scopes: SCOPE_DESCRIPTIONS,
            },
          },
        },
        clientBasic: {
          type: 'http',
          scheme: 'basic',
          description: 'Client ID as user, client secret as password (token endpoint only).',
        },
      },
    },
  }
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>
