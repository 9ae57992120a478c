/** The start-up banner: where the service listens and copy-paste curl commands to try it. */
import type { Config } from './config.ts'

/** Text printed once at start; the demo secret appears only on the start that created it. */
export function banner(
  config: Config,
  demoClient: { clientId: string; clientSecret: string } | null,
): string {
  const storage =
    config.databaseUrl === null ? `embedded PGlite in ${config.dataDir}` : 'Postgres (DATABASE_URL)'
  const client = demoClient ?? { clientId: '<CLIENT_ID>', clientSecret: '<CLIENT_SECRET>' }
  const lines = [
    'GS1 Digital Link service',
    `  code API   ${config.apiUrl}   (OpenAPI: ${config.apiUrl}/openapi.json, docs: ${config.apiUrl}/docs)`,
    `  resolver   ${config.resolverUrl}   short: ${config.shortUrl}`,
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
    `  TOKEN=$(curl -s -u '${client.clientId}:${client.clientSecret}' -d grant_type=client_credentials ${config.apiUrl}/oauth/token | sed -E 's/.*"access_token":"([^"]+)".*/\\1/')`,
    `  curl -s -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' -d '{"digitalLinkStem":"${config.resolverUrl}","primaryKey":{"key":"01","value":"9506000134352"},"ais":[{"key":"10","value":"LOT42"}]}' ${config.apiUrl}/code`,
    `  curl -s -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' -d '{"mode":"QR_GS1_DIGITAL_LINK_URI","digitalLinkStem":"${config.resolverUrl}","primaryKey":{"key":"01","value":"09506000134352"}}' ${config.apiUrl}/render -o code.svg`,
    `  curl -si ${config.resolverUrl}/01/04012345000009/10/LOT42          # 307 to the product page`,
    `  curl -si ${config.resolverUrl}/01/09506000134352/10/LOT42          # 307 to the brand's custom domain`,
    `  curl -s -H 'Accept: application/linkset+json' ${config.resolverUrl}/01/04012345000009`,
    `  open ${config.resolverUrl}/01/04012345000009 in a browser, or ${config.apiUrl}/docs for the API reference`,
  )
  return lines.join('\n')
}
