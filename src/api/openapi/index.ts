/** `GET /openapi.json` and the offline reference page `GET /docs` (with its script at `/docs/scalar.js`). */
import { Elysia } from 'elysia'
import { splitRequestUrl } from '../../resolver/request-url.ts'
import { HTML_TYPE, JS_TYPE, JSON_TYPE } from '../media.ts'
import { DOCS_SCRIPT_PATH, docsPage, scalarScript } from './docs-page.ts'
import { buildOpenApiDocument, type DocumentOptions } from './document.ts'

export { validationCodes } from './components.ts'
export { API_VERSION, buildOpenApiDocument, type DocumentOptions, type OpenApiDocument } from './document.ts'

/**
 * The docs page may load only from its own origin: the bundle still names a font CDN in its stylesheet even with
 * `withDefaultFonts: false`, and this keeps the page from ever reaching out.
 */
const DOCS_CSP =
  "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; " +
  "font-src 'self' data:; img-src 'self' data:; connect-src 'self'; base-uri 'none'; frame-ancestors 'none'"

export const OPENAPI_PATH = '/openapi.json'
export const DOCS_PATH = '/docs'

/** The documents are public: they describe the API, never its data. */
export function openapiRoutes(options: DocumentOptions) {
  const document = buildOpenApiDocument(options)
  const json = JSON.stringify(document)
  const page = docsPage(`${document.info.title} ${document.info.version}`)
  return new Elysia({ name: 'openapi' })
    .get(OPENAPI_PATH, () => new Response(json, { headers: { 'content-type': JSON_TYPE } }))
    .get(DOCS_PATH, ({ request }) =>
      // `/docs/` reaches this route too, but the page's relative links would then resolve below it.
      splitRequestUrl(request.url).path.endsWith('/')
        ? new Response(null, { status: 308, headers: { location: '../docs' } })
        : new Response(page, { headers: { 'content-type': HTML_TYPE, 'content-security-policy': DOCS_CSP } }),
    )
    .get(
      DOCS_SCRIPT_PATH,
      async () =>
        new Response(await scalarScript(), {
          headers: { 'content-type': JS_TYPE, 'cache-control': 'public, max-age=86400' },
        }),
    )
}

/** `createApp(deps, [..., openapiFeature({ serverUrl: deps.config.apiUrl })])`. */
export function openapiFeature(options: DocumentOptions) {
  return (app: Elysia): Elysia => app.use(openapiRoutes(options)) as unknown as Elysia
}
