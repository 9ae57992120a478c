/** Resolver configuration and the host table derived from it once (DESIGN §3). */

export interface ResolverConfig {
  /** Public origin of {resolver_url}, e.g. `http://localhost:3001`. */
  resolverUrl: string
  /** Public origin of {short_url}; its redirects and links lead to {resolver_url}. */
  shortUrl: string
  /** Scheme of links built on a brand's custom domain. */
  customDomainScheme: 'http' | 'https'
}

/** One configured host: its origin (no trailing slash) and how a request authority is compared with it. */
export interface ConfiguredHost {
  readonly origin: string
  /** Lower-case `host[:port]` when the origin names a port, else the lower-case host name alone. */
  readonly match: string
  readonly withPort: boolean
}

export interface CompiledConfig {
  readonly resolver: ConfiguredHost
  readonly short: ConfiguredHost
  readonly customScheme: 'http' | 'https'
}

function configuredHost(value: string, name: string): ConfiguredHost {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new TypeError(`${name} is not an absolute URL`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new TypeError(`${name} must be http or https`)
  const withPort = url.port !== ''
  return { origin: url.origin, match: withPort ? url.host : url.hostname, withPort }
}

/** Validates the configuration and precomputes what every request compares against. */
export function compileConfig(config: ResolverConfig): CompiledConfig {
  if (config.customDomainScheme !== 'http' && config.customDomainScheme !== 'https') {
    throw new TypeError('customDomainScheme must be http or https')
  }
  return {
    resolver: configuredHost(config.resolverUrl, 'resolverUrl'),
    short: configuredHost(config.shortUrl, 'shortUrl'),
    customScheme: config.customDomainScheme,
  }
}

/** The host name of a lower-case authority, without port (IPv6 literals keep their brackets). */
export function hostName(authority: string): string {
  if (authority.charCodeAt(0) === 91) {
    const end = authority.indexOf(']')
    return end === -1 ? authority : authority.slice(0, end + 1)
  }
  const colon = authority.lastIndexOf(':')
  return colon === -1 ? authority : authority.slice(0, colon)
}

/** True when the request authority designates this configured host. */
export function isHost(host: ConfiguredHost, authority: string, name: string): boolean {
  return host.withPort ? authority === host.match : name === host.match
}
