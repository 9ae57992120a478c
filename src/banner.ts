/** The start-up banner: where the service listens and copy-paste curl commands to try it. */
import type { Config } from './config.ts'

export interface BannerFacts {
  /** The ports the two servers are bound to (the configured ones, or the system's pick for port 0). */
  readonly ports: { readonly api: number; readonly resolver: number }
  /** The demo client created by this start, with its secret (shown only now); null otherwise. */
  readonly demoClient: { readonly clientId: string; readonly clientSecret: string } | null
  /** Whether the demo catalog (`bun run cli seed demo`) is in the database: the scan examples need it. */
  readonly demoCatalog: boolean
}

/** Text printed once at start. */
export function banner(config: Config, facts: BannerFacts): string {
  const storage =
    config.databaseUrl === null ? `embedded PGlite in ${config.dataDir}` : 'Postgres (DATABASE_URL)'
  const { demoClient, ports } = facts
  const client = demoClient ?? { clientId: '<CLIENT_ID>', clientSecret: '<CLIENT_SECRET>' }
  const lines = [
    'GS1 Digital Link service',
    `  code API   ${config.apiUrl}   on port ${ports.api}   (OpenAPI: ${config.apiUrl}/openapi.json, docs: ${config.apiUrl}/docs)`,
    `  resolver   ${config.resolverUrl}   short: ${config.shortUrl}   on port ${ports.resolver}`,
    `  storage    ${storage}`,
  ]
  if (demoClient !== null) {
    lines.push(
      '',
      'Demo API client (the secret is shown only now; store it):',
      `  client id:     ${demoClient.clientId}`,
      `  client secret: ${demoClient.clientSecret}`,
    )
  }
  lines.push(
    '',
    'Try it:',
    ...(demoClient === null
      ? [
          '  # an API client: bun run cli client create --org ORG --name NAME --scope write:codes (its secret is shown once)',
        ]
      : []),
    `  TOKEN=$(curl -s -u '${client.clientId}:${client.clientSecret}' -d grant_type=client_credentials ${config.apiUrl}/oauth/token | sed -E 's/.*"access_token":"([^"]+)".*/\\1/')`,
    `  curl -s -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' -d '{"digitalLinkStem":"${config.resolverUrl}","primaryKey":{"key":"01","value":"9506000134352"},"ais":[{"key":"10","value":"LOT42"}]}' ${config.apiUrl}/code`,
    `  curl -s -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' -d '{"mode":"QR_GS1_DIGITAL_LINK_URI","digitalLinkStem":"${config.resolverUrl}","primaryKey":{"key":"01","value":"09506000134352"}}' ${config.apiUrl}/render -o code.svg`,
    ...(facts.demoCatalog
      ? demoScans(config)
      : ['  # scans: the catalog has no demo products; bun run cli seed demo loads them']),
  )
  return lines.join('\n')
}

function demoScans(config: Config): string[] {
  return [
    `  curl -si ${config.resolverUrl}/01/04012345000009/10/LOT42          # 307 to the product page`,
    `  curl -si ${config.resolverUrl}/01/09506000134352/10/LOT42          # 307 to the brand's custom domain`,
    `  curl -s -H 'Accept: application/linkset+json' ${config.resolverUrl}/01/04012345000009`,
    `  open ${config.resolverUrl}/01/04012345000009 in a browser, or ${config.apiUrl}/docs for the API reference`,
  ]
}
