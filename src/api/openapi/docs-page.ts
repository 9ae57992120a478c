/** The browsable API reference at `/docs`: Scalar's standalone script, served from the installed package (no CDN). */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'

/** Where the page loads the script from, relative to `/docs` so that a path prefix keeps working. */
export const DOCS_SCRIPT_PATH = '/docs/scalar.js'

// Every Scalar feature that would reach out to a third-party host is turned off: fonts, telemetry,
// the hosted API client, MCP and the developer toolbar. The page works without a network.
const CONFIGURATION = {
  url: 'openapi.json',
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: true,
  showDeveloperTools: 'never',
  showToolbar: 'never',
  mcp: { disabled: true },
  documentDownloadType: 'json',
}

/** The HTML page; the only scripts are the package's bundle and one call that mounts it. */
export function docsPage(title: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
</head>
<body>
<div id="api-reference"></div>
<script src="docs/scalar.js"></script>
<script>Scalar.createApiReference('#api-reference', ${JSON.stringify(CONFIGURATION)})</script>
</body>
</html>
`
}

let script: Promise<string> | null = null

/**
 * The standalone bundle of `@scalar/api-reference` (`dist/browser/standalone.js`, next to the
 * package's main entry; the subpath is not exported, so it is located from the main entry). Read once.
 */
export function scalarScript(): Promise<string> {
  script ??= (async () => {
    const main = createRequire(import.meta.url).resolve('@scalar/api-reference')
    return readFile(new URL('./browser/standalone.js', pathToFileURL(main)), 'utf8')
  })().catch((error) => {
    script = null
    throw error
  })
  return script
}
