/** Which resolver host a request was made on: {resolver_url}, {short_url} or a brand's active custom domain (SPEC Addresses). */
import type { Catalog } from './catalog.ts'
import { type CompiledConfig, hostName, isHost } from './config.ts'

export interface ScanHost {
  readonly kind: 'resolver' | 'short' | 'custom'
  /** Origin of links on this host (configured, never taken from the request). */
  readonly origin: string
  /** The custom domain (lower case, no port), or null. */
  readonly domain: string | null
}

export interface Hosts {
  readonly resolver: ScanHost
  readonly short: ScanHost
  /**
   * One ScanHost per custom domain seen active, so that a host is the same object on every scan (the redirect
   * header cache is keyed by it). Bounded by the brands' domains: only active ones are added.
   */
  readonly custom: Map<string, ScanHost>
}

/** The two configured hosts, built once. */
export function configuredHosts(config: CompiledConfig): Hosts {
  return {
    resolver: { kind: 'resolver', origin: config.resolver.origin, domain: null },
    short: { kind: 'short', origin: config.short.origin, domain: null },
    custom: new Map(),
  }
}

/** The configured host matching a lower-case authority, or null (then it may still be a custom domain). */
export function configuredHost(config: CompiledConfig, hosts: Hosts, authority: string): ScanHost | null {
  const name = hostName(authority)
  if (isHost(config.resolver, authority, name)) return hosts.resolver
  if (isHost(config.short, authority, name)) return hosts.short
  return null
}

/**
 * The custom domain of a lower-case authority when the catalog knows it as active, else null: any other host
 * answers `404` (DESIGN §3). Links on it use the configured scheme and no port.
 */
export async function customDomainHost(
  config: CompiledConfig,
  hosts: Hosts,
  catalog: Catalog,
  authority: string,
): Promise<ScanHost | null> {
  const domain = hostName(authority)
  if (domain === '' || !(await catalog.isActiveCustomDomain(domain))) return null
  let host = hosts.custom.get(domain)
  if (host === undefined) {
    host = { kind: 'custom', origin: `${config.customScheme}://${domain}`, domain }
    hosts.custom.set(domain, host)
  }
  return host
}
