/** The start-up banner: where the service listens and copy-paste commands to try it, written as this machine runs them. */

import { DEMO_GTIN, DEMO_ORGANIZATION, DEMO_OWNER } from '../catalog/demo.ts'
import type { Config } from './config.ts'
import type { Surface } from './serve-mode.ts'

export interface BannerFacts {
  /** The ports the servers of this process are bound to (the configured ones, or the system's pick for port 0). */
  readonly ports: Readonly<Partial<Record<Surface, number>>>
  /** The demo client created by this start, with its secret (shown only now); null otherwise. */
  readonly demoClient: { readonly clientId: string; readonly clientSecret: string } | null
  /** The demo organization's owner created by this start, with its one-time set-password link; null otherwise. */
  readonly demoOwner?: { readonly email: string; readonly setPasswordUrl: string } | null
  /** Whether the demo catalog (`bun run cli seed demo`) is in the database: the scan examples need it. */
  readonly demoCatalog: boolean
  /** How the user's shell runs Bun: `bun`, or `npx bun` where it is not on the PATH ({@link bunCommand}). */
  readonly bun: string
}

/**
 * `bun` when the shell's PATH has it, else `npx bun` (the project's own copy). The directories a package runner
 * prepends (`node_modules/.bin`, by `bun run` and `npx` alike) do not count: the shell the banner speaks to lacks them.
 */
export function bunCommand(path: string | undefined): string {
  const own = (path ?? '').split(':').filter((dir) => dir !== '' && !/node_modules\/\.bin\/?$/.test(dir))
  return Bun.which('bun', { PATH: own.join(':') }) === null ? 'npx bun' : 'bun'
}

/** Text printed once at start. */
export function banner(config: Config, facts: BannerFacts): string {
  const { ports } = facts
  const lines = ['GS1 Digital Link service']
  if (ports.api !== undefined) {
    lines.push(
      `  code API   ${config.apiUrl}   on port ${ports.api}   (OpenAPI: ${config.apiUrl}/openapi.json, docs: ${config.apiUrl}/docs)`,
    )
  }
  if (ports.resolver !== undefined) {
    lines.push(`  resolver   ${config.resolverUrl}   short: ${config.shortUrl}   on port ${ports.resolver}`)
  }
  if (ports.dashboard !== undefined) {
    lines.push(`  dashboard  ${config.dashboardUrl}   on port ${ports.dashboard}`)
  }
  lines.push(
    `  storage    ${config.databaseUrl === null ? `embedded PGlite in ${config.dataDir}` : 'Postgres (DATABASE_URL)'}`,
  )
  if (facts.demoClient !== null) {
    lines.push(
      '',
      'Demo API client (the secret is shown only now; store it):',
      `  client id:     ${facts.demoClient.clientId}`,
      `  client secret: ${facts.demoClient.clientSecret}`,
    )
  }
  if (facts.demoOwner != null) {
    lines.push(
      '',
      `Demo dashboard owner of ${DEMO_ORGANIZATION} (the link sets a password once, within 7 days; store it):`,
      `  email:         ${facts.demoOwner.email}`,
      `  set password:  ${facts.demoOwner.setPasswordUrl}`,
    )
  }
  lines.push('', 'Try it:', ...(ports.api === undefined ? [] : apiExamples(config, facts)))
  if (ports.resolver !== undefined) {
    lines.push(
      ...(facts.demoCatalog
        ? demoScans(config, ports.api !== undefined)
        : [`  # scans: the catalog has no demo products; ${facts.bun} run cli seed demo loads them`]),
    )
  }
  lines.push('', ...administration(config, facts))
  return lines.join('\n')
}

/**
 * Getting a token, a code and its drawing. The codes are of the demo product whose scans the resolver answers with its
 * own page (the other demo brand's scans go to a custom domain that exists only in the demo data).
 */
function apiExamples(config: Config, facts: BannerFacts): string[] {
  if (facts.demoClient === null) {
    const org = facts.demoCatalog ? DEMO_ORGANIZATION : 'ORG'
    return [
      `  # an API client (its secret is shown once): ${facts.bun} run cli client create --org ${org} --name ERP --scope write:codes`,
    ]
  }
  const client = facts.demoClient
  return [
    `  TOKEN=$(curl -s -u '${client.clientId}:${client.clientSecret}' -d grant_type=client_credentials ${config.apiUrl}/oauth/token | sed -E 's/.*"access_token":"([^"]+)".*/\\1/')`,
    `  curl -s -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' -d '{"digitalLinkStem":"${config.resolverUrl}","primaryKey":{"key":"01","value":"${DEMO_GTIN}"},"ais":[{"key":"10","value":"LOT42"}]}' ${config.apiUrl}/code`,
    `  curl -s -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' -d '{"mode":"QR_GS1_DIGITAL_LINK_URI","digitalLinkStem":"${config.resolverUrl}","primaryKey":{"key":"01","value":"${DEMO_GTIN}"}}' ${config.apiUrl}/render -o code.svg`,
  ]
}

/** The demo product scanned on the resolver host and on the short host, and its linkset. */
function demoScans(config: Config, withApi: boolean): string[] {
  return [
    `  curl -si ${config.resolverUrl}/01/${DEMO_GTIN}/10/LOT42          # 307 to the product page`,
    `  curl -si ${config.shortUrl}/01/${DEMO_GTIN}          # the short host: 307 to the same page`,
    `  curl -s -H 'Accept: application/linkset+json' ${config.resolverUrl}/01/${DEMO_GTIN}`,
    `  # open ${config.resolverUrl}/01/${DEMO_GTIN} in a browser${withApi ? `, or ${config.apiUrl}/docs for the API reference` : ''}`,
  ]
}

/** The CLI, which works beside this process (on the embedded database through the socket the service offers). */
function administration(config: Config, facts: BannerFacts): string[] {
  const lines = [
    `Administration: ${facts.bun} run cli <command> (API clients, catalog, dashboard users), also while the service runs`,
  ]
  if (facts.ports.dashboard !== undefined) {
    const org = facts.demoCatalog ? DEMO_ORGANIZATION : 'ORG'
    lines.push(
      `  # a dashboard account (prints its set-password link): ${facts.bun} run cli user create --email you@example.com --name You --org ${org} --role editor`,
    )
    if (facts.demoCatalog && facts.demoOwner == null) {
      lines.push(
        `  # the demo owner's set-password link again (the first one was printed at the first start): ${facts.bun} run cli user reset-password ${DEMO_OWNER.email}`,
      )
    }
  }
  if (config.databaseUrl === null) {
    lines.push(
      `  # the embedded database is in ${config.dataDir}; the CLI reaches it through the running service`,
    )
  }
  return lines
}
