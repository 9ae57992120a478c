/** Reads the service configuration from the environment once, validates every field, and reports all errors. */

import { type AnalyticsConfig, readAnalyticsConfig } from '../analytics/config.ts'
import { postgresTarget } from '../db/connection-url.ts'
import { errorMessage } from '../lib/log.ts'
import { readSecurityConfig, type SecurityConfig } from '../security/config.ts'
import { readServeMode, readWorkerThreads, type ServeMode } from './serve-mode.ts'

export interface Config {
  /** Postgres connection string, or null for the embedded PGlite database in `dataDir`. */
  readonly databaseUrl: string | null
  /** Directory of the embedded database (used only when `databaseUrl` is null). */
  readonly dataDir: string
  readonly apiPort: number
  readonly resolverPort: number
  /** Port of the dashboard, the web app for people (DESIGN §7). */
  readonly dashboardPort: number
  /** Public origin of the code API; JWT issuer and audience. */
  readonly apiUrl: string
  /** Public origin of `{resolver_url}`. */
  readonly resolverUrl: string
  /** Public origin of `{short_url}`. */
  readonly shortUrl: string
  /** Public origin of the dashboard: its links, its cookies' `Secure` and `__Host-` prefix, the `Origin` it accepts. */
  readonly dashboardUrl: string
  /** Outgoing mail (invitations); null: no mail, the dashboard hands links over instead. */
  readonly mail: MailConfig | null
  readonly customDomainScheme: 'http' | 'https'
  /** Scan analytics (`ANALYTICS`, `ANALYTICS_RETENTION_DAYS`); absent: on, 400 days. */
  readonly analytics?: AnalyticsConfig
  /** Port of the Prometheus metrics (`METRICS_PORT`); null or absent: no metrics server. */
  readonly metricsPort?: number | null
  /** What this process serves (`SERVE`): everything, or the API half or the resolver half; absent: `all`. */
  readonly serve?: ServeMode
  /** Worker threads for the code API's renders and batches (`WORKER_THREADS`); 0 or absent: the main thread. */
  readonly workerThreads?: number
  /** Token rate limits, trusted proxies and the idle timeout (SECURITY.md); absent: the defaults. */
  readonly security?: SecurityConfig
  /**
   * Where the token signing key comes from when the environment names one (`JWT_SECRET` or `JWT_KEY_FILE`);
   * absent: keys are generated and kept in the database. The file is read, and the key derived, at start-up
   * (`loadSigningKey` in `src/auth/key-source.ts`), not here: reading the configuration does no I/O.
   */
  readonly signingKey?: SigningKeySource
}

/** Where mail goes: an SMTP server (`smtp://` with STARTTLS when offered, `smtps://` for TLS from the start). */
export interface MailConfig {
  /** `SMTP_URL`; may carry a user and password, so it is never logged or printed. */
  readonly smtpUrl: string
  /** `MAIL_FROM`: the sender address of the dashboard's mail. */
  readonly from: string
}

/** The environment's signing key: a secret to derive it from, or the path of a file holding it. Never logged. */
export type SigningKeySource =
  | { readonly source: 'JWT_SECRET'; readonly secret: string }
  | { readonly source: 'JWT_KEY_FILE'; readonly path: string }

/** The shortest `JWT_SECRET` accepted, in characters (Unicode code points). */
export const MIN_JWT_SECRET_LENGTH = 32

export type ConfigResult = { ok: true; config: Config } | { ok: false; errors: string[] }

type Env = Readonly<Record<string, string | undefined>>

const DEFAULTS = {
  dataDir: './.data/pglite',
  apiPort: '3000',
  resolverPort: '3001',
  dashboardPort: '3002',
  customDomainScheme: 'https',
} as const

/** Builds the configuration from environment variables (DESIGN §3). Never throws. */
export function readConfig(env: Env): ConfigResult {
  const errors: string[] = []
  const databaseUrl = readDatabaseUrl(env.DATABASE_URL, errors)
  const apiPort = readPort('API_PORT', env.API_PORT ?? DEFAULTS.apiPort, errors)
  const resolverPort = readPort('RESOLVER_PORT', env.RESOLVER_PORT ?? DEFAULTS.resolverPort, errors)
  const dashboardPort = readPort('DASHBOARD_PORT', env.DASHBOARD_PORT ?? DEFAULTS.dashboardPort, errors)
  const rawMetricsPort = nonEmpty(env.METRICS_PORT)
  const metricsPort = rawMetricsPort === undefined ? null : readPort('METRICS_PORT', rawMetricsPort, errors)
  checkDistinctPorts(
    {
      API_PORT: apiPort,
      RESOLVER_PORT: resolverPort,
      DASHBOARD_PORT: dashboardPort,
      ...(metricsPort === null ? {} : { METRICS_PORT: metricsPort }),
    },
    errors,
  )
  const defaults = originDefaults(apiPort, resolverPort)
  const dashboardUrl = readOrigin(
    'DASHBOARD_URL',
    env.DASHBOARD_URL ??
      `http://localhost:${isListeningPort(dashboardPort) ? dashboardPort : DEFAULTS.dashboardPort}`,
    errors,
  )
  const config: Config = {
    databaseUrl,
    dataDir: nonEmpty(env.DATA_DIR) ?? DEFAULTS.dataDir,
    apiPort,
    resolverPort,
    dashboardPort,
    apiUrl: readOrigin('API_URL', env.API_URL ?? defaults.apiUrl, errors),
    resolverUrl: readOrigin('RESOLVER_URL', env.RESOLVER_URL ?? defaults.resolverUrl, errors),
    shortUrl: readOrigin('SHORT_URL', env.SHORT_URL ?? defaults.shortUrl, errors),
    dashboardUrl,
    mail: readMail(env, dashboardUrl, errors),
    customDomainScheme: readScheme(env.CUSTOM_DOMAIN_SCHEME ?? DEFAULTS.customDomainScheme, errors),
    analytics: readAnalyticsConfig(env, errors),
    metricsPort,
    serve: readServeMode(env.SERVE, nonEmpty(env.DATABASE_URL) === undefined, errors),
    workerThreads: readWorkerThreads(env.WORKER_THREADS, errors),
    security: readSecurityConfig(env, errors),
    ...readSigningKeySource(env, errors),
  }
  // Defaults of different ports never meet; a port of 0 falls back to a default that may equal the other's.
  const explicit = env.API_URL !== undefined || env.RESOLVER_URL !== undefined
  if (errors.length === 0 && explicit && config.resolverUrl === config.apiUrl) {
    errors.push('RESOLVER_URL must differ from API_URL: the resolver is not served on the API origin')
  }
  if (errors.length === 0 && env.DASHBOARD_URL !== undefined) {
    const clash = [config.apiUrl, config.resolverUrl, config.shortUrl].includes(config.dashboardUrl)
    if (clash)
      errors.push(
        'DASHBOARD_URL must differ from API_URL, RESOLVER_URL and SHORT_URL: the dashboard has its own origin',
      )
  }
  return errors.length === 0 ? { ok: true, config } : { ok: false, errors }
}

/** What a standalone resolver entry reads (README "The resolver on its own"): its port, origins and scheme. */
export interface ResolverEnvConfig {
  readonly resolverPort: number
  readonly resolverUrl: string
  readonly shortUrl: string
  readonly customDomainScheme: 'http' | 'https'
}

/** The standalone resolver's part of the configuration, with the same defaults and rules. Never throws. */
export function readResolverConfig(
  env: Env,
): { ok: true; config: ResolverEnvConfig } | { ok: false; errors: string[] } {
  const errors: string[] = []
  const resolverPort = readPort('RESOLVER_PORT', env.RESOLVER_PORT ?? DEFAULTS.resolverPort, errors)
  const defaults = originDefaults(Number(DEFAULTS.apiPort), resolverPort)
  const config: ResolverEnvConfig = {
    resolverPort,
    resolverUrl: readOrigin('RESOLVER_URL', env.RESOLVER_URL ?? defaults.resolverUrl, errors),
    shortUrl: readOrigin('SHORT_URL', env.SHORT_URL ?? defaults.shortUrl, errors),
    customDomainScheme: readScheme(env.CUSTOM_DOMAIN_SCHEME ?? DEFAULTS.customDomainScheme, errors),
  }
  return errors.length === 0 ? { ok: true, config } : { ok: false, errors }
}

/**
 * The origins' defaults follow the ports (DESIGN §3 gives them for the default ports): a resolver moved to another
 * port with no RESOLVER_URL would otherwise answer 404 to every scan, its `Host` matching no configured host. A port
 * of 0 (the system picks one) or an invalid one keeps the default origin.
 */
function originDefaults(apiPort: number, resolverPort: number) {
  const api = isListeningPort(apiPort) ? apiPort : Number(DEFAULTS.apiPort)
  const resolver = isListeningPort(resolverPort) ? resolverPort : Number(DEFAULTS.resolverPort)
  return {
    apiUrl: `http://localhost:${api}`,
    resolverUrl: `http://localhost:${resolver}`,
    shortUrl: `http://127.0.0.1:${resolver}`,
  }
}

/** Each listening port once: two servers cannot share one (a port of 0 lets the system pick distinct ones). */
function checkDistinctPorts(ports: Record<string, number>, errors: string[]): void {
  const seen = new Map<number, string>()
  for (const [name, port] of Object.entries(ports)) {
    const other = isListeningPort(port) ? seen.get(port) : undefined
    if (other !== undefined) errors.push(`${other} and ${name} must differ: each server needs its own port`)
    else seen.set(port, name)
  }
}

/**
 * `SMTP_URL` (unset: no mail) and `MAIL_FROM` (default `no-reply@` the dashboard's host). The URL's password is
 * never part of a message.
 */
function readMail(env: Env, dashboardUrl: string, errors: string[]): MailConfig | null {
  const smtpUrl = nonEmpty(env.SMTP_URL)
  const from = nonEmpty(env.MAIL_FROM)
  if (smtpUrl === undefined) {
    if (from !== undefined) errors.push('MAIL_FROM is set but SMTP_URL is not: set SMTP_URL to send mail')
    return null
  }
  const url = URL.canParse(smtpUrl) ? new URL(smtpUrl) : null
  if (url === null || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || url.hostname === '') {
    errors.push('SMTP_URL must be smtp://[user:password@]host[:port] or smtps://…')
    return null
  }
  const host = URL.canParse(dashboardUrl) ? new URL(dashboardUrl).hostname : 'localhost'
  const sender = from ?? `no-reply@${host}`
  if (!/^[^\s@<>]+@[^\s@<>]+$/.test(sender) && !/^[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>$/.test(sender)) {
    errors.push('MAIL_FROM must be an address such as no-reply@example.com or "Name <no-reply@example.com>"')
    return null
  }
  return { smtpUrl, from: sender }
}

/** A valid port other than 0 (for which the system picks one). */
function isListeningPort(port: number): boolean {
  return Number.isInteger(port) && port > 0 && port <= 65535
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim()
}

function readDatabaseUrl(raw: string | undefined, errors: string[]): string | null {
  const value = nonEmpty(raw)
  if (value === undefined) return null
  if (!/^postgres(ql)?:\/\/[^\s]+$/.test(value) || !URL.canParse(value)) {
    errors.push('DATABASE_URL must be a postgres:// or postgresql:// connection string')
    return null
  }
  try {
    postgresTarget(value)
  } catch (error) {
    errors.push(`DATABASE_URL: ${errorMessage(error)}`)
    return null
  }
  return value
}

function readPort(name: string, raw: string, errors: string[]): number {
  const port = /^\d{1,5}$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN
  if (!(port >= 0 && port <= 65535)) errors.push(`${name} must be a port number from 0 to 65535`)
  return port
}

/** An origin is scheme + host (+ port): no path other than `/`, no query, no userinfo. */
function readOrigin(name: string, raw: string, errors: string[]): string {
  const url = URL.canParse(raw.trim()) ? new URL(raw.trim()) : null
  const valid =
    url !== null &&
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.username === '' &&
    url.password === '' &&
    url.pathname === '/' &&
    url.search === '' &&
    url.hash === ''
  if (!valid) {
    errors.push(`${name} must be an http(s) origin such as https://example.com, without path or query`)
    return ''
  }
  return url.origin
}

/** `JWT_SECRET` or `JWT_KEY_FILE`, at most one; surrounding whitespace is ignored, empty means unset. */
function readSigningKeySource(env: Env, errors: string[]): { signingKey?: SigningKeySource } {
  const secret = nonEmpty(env.JWT_SECRET)
  const path = nonEmpty(env.JWT_KEY_FILE)
  if (secret !== undefined && path !== undefined) {
    errors.push(
      'JWT_SECRET and JWT_KEY_FILE are both set: set one of them, or neither to keep the key in the database',
    )
  }
  if (secret !== undefined && [...secret].length < MIN_JWT_SECRET_LENGTH) {
    // The message never holds the value, only what is wrong with it.
    errors.push(
      `JWT_SECRET must be at least ${MIN_JWT_SECRET_LENGTH} characters of random data (for example: openssl rand -base64 32)`,
    )
  }
  if (secret !== undefined) return { signingKey: { source: 'JWT_SECRET', secret } }
  if (path !== undefined) return { signingKey: { source: 'JWT_KEY_FILE', path } }
  return {}
}

function readScheme(raw: string, errors: string[]): 'http' | 'https' {
  const value = raw.trim().toLowerCase()
  if (value === 'http' || value === 'https') return value
  errors.push('CUSTOM_DOMAIN_SCHEME must be http or https')
  return 'https'
}
