/** The security settings of the environment (rate limits, trusted proxies, idle timeout), read by `src/config.ts`. */
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../auth/rate-limit.ts'

export interface SecurityConfig {
  /** Failed authentications on `POST /oauth/token`, per client ID and per source address. */
  readonly tokenRateLimits: RateLimits
  /** Reverse proxies in front of the API whose `X-Forwarded-For` entries are believed; 0: none. */
  readonly trustedProxyHops: number
  /** Seconds a connection may stay silent (keep-alive, stalled body) before the server closes it. */
  readonly idleTimeoutSeconds: number
}

export const DEFAULT_SECURITY_CONFIG: SecurityConfig = {
  tokenRateLimits: DEFAULT_RATE_LIMITS,
  trustedProxyHops: 0,
  idleTimeoutSeconds: 10,
}

/** The environment variables, with their defaults in {@link DEFAULT_SECURITY_CONFIG}. */
export const SECURITY_ENV = {
  clientBurst: 'TOKEN_RATE_CLIENT_BURST',
  clientPerMinute: 'TOKEN_RATE_CLIENT_PER_MINUTE',
  addressBurst: 'TOKEN_RATE_ADDRESS_BURST',
  addressPerMinute: 'TOKEN_RATE_ADDRESS_PER_MINUTE',
  trustedProxyHops: 'TRUSTED_PROXY_HOPS',
  idleTimeout: 'HTTP_IDLE_TIMEOUT_SECONDS',
} as const

type Env = Readonly<Record<string, string | undefined>>

/** Reads the settings, pushing one message per bad variable onto `errors` (the defaults stand in for them). */
export function readSecurityConfig(env: Env, errors: string[]): SecurityConfig {
  const d = DEFAULT_SECURITY_CONFIG
  const read = (name: string, fallback: number, min: number, max: number) =>
    readInteger(env, { name, fallback, min, max }, errors)
  const client = {
    burst: read(SECURITY_ENV.clientBurst, d.tokenRateLimits.client.burst, 0, 100_000),
    perMinute: read(SECURITY_ENV.clientPerMinute, d.tokenRateLimits.client.perMinute, 1, 1_000_000),
  }
  const address = {
    burst: read(SECURITY_ENV.addressBurst, d.tokenRateLimits.address.burst, 0, 100_000),
    perMinute: read(SECURITY_ENV.addressPerMinute, d.tokenRateLimits.address.perMinute, 1, 1_000_000),
  }
  return {
    tokenRateLimits: { client, address },
    trustedProxyHops: read(SECURITY_ENV.trustedProxyHops, d.trustedProxyHops, 0, 10),
    // Bun takes 0 (never) to 255 seconds; never is refused, since it lets idle sockets pile up.
    idleTimeoutSeconds: read(SECURITY_ENV.idleTimeout, d.idleTimeoutSeconds, 1, 255),
  }
}

interface IntegerSpec {
  name: string
  fallback: number
  min: number
  max: number
}

function readInteger(env: Env, spec: IntegerSpec, errors: string[]): number {
  const raw = env[spec.name]?.trim()
  if (raw === undefined || raw === '') return spec.fallback
  const value = /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN
  if (value >= spec.min && value <= spec.max) return value
  errors.push(`${spec.name} must be a whole number from ${spec.min} to ${spec.max}`)
  return spec.fallback
}
