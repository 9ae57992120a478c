/** Reads the service configuration from the environment once, validates every field, and reports all errors. */
import { postgresTarget } from './db/connection-url.ts'
import { errorMessage } from './log.ts'
import { readSecurityConfig, type SecurityConfig } from './security/config.ts'

export interface Config {
  /** Postgres connection string, or null for the embedded PGlite database in `dataDir`. */
  readonly databaseUrl: string | null
  /** Directory of the embedded database (used only when `databaseUrl` is null). */
  readonly dataDir: string
  readonly apiPort: number
  readonly resolverPort: number
  /** Public origin of the code API; JWT issuer and audience. */
  readonly apiUrl: string
  /** Public origin of `{resolver_url}`. */
  readonly resolverUrl: string
  /** Public origin of `{short_url}`. */
  readonly shortUrl: string
  readonly customDomainScheme: 'http' | 'https'
  /** Token rate limits, trusted proxies and the idle timeout (SECURITY.md); absent: the defaults. */
  readonly security?: SecurityConfig
  /**
   * Where the token signing key comes from when the environment names one (`JWT_SECRET` or `JWT_KEY_FILE`);
   * absent: keys are generated and kept in the database. The file is read, and the key derived, at start-up
   * (`loadSigningKey` in `src/auth/key-source.ts`), not here: reading the configuration does no I/O.
   */
  readonly signingKey?: SigningKeySource
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
  customDomainScheme: 'https',
} as const

/** Builds the configuration from environment variables (DESIGN §3). Never throws. */
export function readConfig(env: Env): ConfigResult {
  const errors: string[] = []
  const databaseUrl = readDatabaseUrl(env.DATABASE_URL, errors)
  const apiPort = readPort('API_PORT', env.API_PORT ?? DEFAULTS.apiPort, errors)
  const resolverPort = readPort('RESOLVER_PORT', env.RESOLVER_PORT ?? DEFAULTS.resolverPort, errors)
  if (apiPort === resolverPort && isListeningPort(apiPort)) {
    errors.push(
      'API_PORT and RESOLVER_PORT must differ: the code API and the resolver each need their own port',
    )
  }
  const defaults = originDefaults(apiPort, resolverPort)
  const config: Config = {
    databaseUrl,
    dataDir: nonEmpty(env.DATA_DIR) ?? DEFAULTS.dataDir,
    apiPort,
    resolverPort,
    apiUrl: readOrigin('API_URL', env.API_URL ?? defaults.apiUrl, errors),
    resolverUrl: readOrigin('RESOLVER_URL', env.RESOLVER_URL ?? defaults.resolverUrl, errors),
    shortUrl: readOrigin('SHORT_URL', env.SHORT_URL ?? defaults.shortUrl, errors),
    customDomainScheme: readScheme(env.CUSTOM_DOMAIN_SCHEME ?? DEFAULTS.customDomainScheme, errors),
    security: readSecurityConfig(env, errors),
    ...readSigningKeySource(env, errors),
  }
  // Defaults of different ports never meet; a port of 0 falls back to a default that may equal the other's.
  const explicit = env.API_URL !== undefined || env.RESOLVER_URL !== undefined
  if (errors.length === 0 && explicit && config.resolverUrl === config.apiUrl) {
    errors.push('RESOLVER_URL must differ from API_URL: the resolver is not served on the API origin')
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
