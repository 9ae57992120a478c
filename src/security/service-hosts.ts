/** The service's own host names, which no brand may claim as its custom domain. */
import type { Config } from '../app/config.ts'

/** The origins the service is reached at (read once by `src/app/config.ts`). */
export type ServiceOrigins = Pick<Config, 'resolverUrl' | 'shortUrl' | 'apiUrl' | 'dashboardUrl'>

/** Host name (lower case, no port) → the variable that names it, for the refusal's message. */
export type ServiceHosts = ReadonlyMap<string, string>

/** Which variable each origin comes from; the resolver's first, since it is the host a brand's DNS points at. */
const VARIABLES: readonly (readonly [keyof ServiceOrigins, string])[] = [
  ['resolverUrl', 'RESOLVER_URL'],
  ['shortUrl', 'SHORT_URL'],
  ['apiUrl', 'API_URL'],
  ['dashboardUrl', 'DASHBOARD_URL'],
]

/**
 * The host names of the service's own origins. A brand whose custom domain is one of them would have its scans on
 * that host redirected to `{CUSTOM_DOMAIN_SCHEME}://{the same host}/…`, a `307` to itself for ever; the dashboard,
 * the catalog import and the CLI's `domain activate` refuse them.
 *
 * @example serviceHosts({ resolverUrl: 'https://id.example.com', … }).get('id.example.com') // 'RESOLVER_URL'
 */
export function serviceHosts(origins: ServiceOrigins): ServiceHosts {
  const hosts = new Map<string, string>()
  for (const [key, variable] of VARIABLES) {
    const host = hostOf(origins[key])
    if (host !== null && !hosts.has(host)) hosts.set(host, variable)
  }
  return hosts
}

/** The host a brand's custom domain must point at with its DNS (a CNAME to it): the resolver's, from RESOLVER_URL. */
export function resolverHost(origins: Pick<ServiceOrigins, 'resolverUrl'>): string {
  return hostOf(origins.resolverUrl) ?? origins.resolverUrl
}

/** Why `domain` may not be a brand's custom domain, or null when it may (as far as the service's own hosts go). */
export function ownHostProblem(domain: string, hosts: ServiceHosts): string | null {
  const variable = hosts.get(normaliseHost(domain))
  if (variable === undefined) return null
  return `${normaliseHost(domain)} is a host of this service itself (${variable}), not a brand's own: scans of it would be redirected to themselves. A custom domain is a host name of the brand's, whose DNS points at the resolver.`
}

/** A host name as compared: lower case, without the trailing dot of a fully qualified name. */
export function normaliseHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, '')
}

function hostOf(origin: string): string | null {
  try {
    return normaliseHost(new URL(origin).hostname)
  } catch {
    return null
  }
}
