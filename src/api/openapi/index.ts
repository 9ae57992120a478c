/** `GET /openapi.json` and the API reference page `GET /docs`, rendered here from the same document. */
import { Elysia } from 'elysia'
import { splitRequestUrl } from '../../resolver/request-url.ts'
import { HTML_TYPE, JSON_TYPE } from '../media.ts'
import { DOCS_CSP, referencePage } from './docs/page.ts'
import { buildOpenApiDocument, type DocumentOptions } from './document.ts'

export { validationCodes } from './components.ts'
export { API_VERSION, buildOpenApiDocument, type DocumentOptions, type OpenApiDocument } from './document.ts'

export const OPENAPI_PATH = '/openapi.json'
export const DOCS_PATH = '/docs'

const NOSNIFF = { 'x-content-type-options': 'nosniff' }

const DOCS_HEADERS = {
  'content-type': HTML_TYPE,
  'content-security-policy': DOCS_CSP,
  ...NOSNIFF,
  'referrer-policy': 'no-referrer',
}

/** The documents are public: they describe the API, never its data. Both are built once. */
export function openapiRoutes(options: DocumentOptions) {
  const document = buildOpenApiDocument(options)
  const json = JSON.stringify(document)
  const page = referencePage(document)
  return new Elysia({ name: 'openapi' })
    .get(OPENAPI_PATH, () => new Response(json, { headers: { 'content-type': JSON_TYPE, ...NOSNIFF } }))
    .get(DOCS_PATH, ({ request }) =>
      // `/docs/` reaches this route too, but the page's relative link to the document would then resolve below it.
      splitRequestUrl(request.url).path.endsWith('/')
        ? new Response(null, { status: 308, headers: { location: '../docs' } })
        : new Response(page, { headers: DOCS_HEADERS }),
    )
}

/** `createApp(deps, [..., openapiFeature({ serverUrl: deps.config.apiUrl })])`. */
export function openapiFeature(options: DocumentOptions) {
  return openapiRoutes(options)
}
