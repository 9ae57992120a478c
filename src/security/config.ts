/** The security settings of the environment (rate limits, trusted proxies, idle timeout), read by `src/app/config.ts`. */
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../auth/rate-limit.ts'
import type { WorkLimits } from '../auth/work-budget.ts'

export interface SecurityConfig {
  /** Failed authentications on `POST /oauth/token`, per client ID and per source address. */
  readonly tokenRateLimits: RateLimits
  /** Reverse proxies in front of the API whose `X-Forwarded-For` entries are believed; 0: none. */
  readonly trustedProxyHops: number
  /** Seconds a connection may stay silent (keep-alive, stalled body) before the server closes it. */
  readonly idleTimeoutSeconds: number
  /** Each API client's budget on `/code`, `/codes` and `/render`: requests at once and codes per second. */
  readonly codeWorkLimits: CodeWorkLimits
  /** Failed dashboard sign-ins per account (`client`, the email address) and per source address. */
  readonly signInRateLimits: RateLimits
  /**
   * Catalog files read or written, in KiB: per API client (`PUT` bodies, imports, exports) and per person on the
   * dashboard (uploads, exports).
   */
  readonly fileWorkLimits: WorkLimits
  /** Symbols a person draws on the dashboard's Codes page, counted as the API counts them (a drawing: 100). */
  readonly drawingLimits: WorkLimits
}

/** Requests of one client on the code endpoints at once, and codes it may generate at once and per second. */
export type CodeWorkLimits = WorkLimits

/** Four requests at once; 20,000 codes (twenty full batches) at once, then 10,000 a second. */
export const DEFAULT_CODE_WORK_LIMITS: CodeWorkLimits = { concurrent: 4, burst: 20_000, perSecond: 10_000 }

/** Two files at once; 32 MiB at once (about 90,000 products), then 4 MiB a second. */
export const DEFAULT_FILE_WORK_LIMITS: WorkLimits = { concurrent: 2, burst: 32 * 1024, perSecond: 4 * 1024 }

/** Four previews or downloads at once; 50 drawings at once, then 10 a second. */
export const DEFAULT_DRAWING_LIMITS: WorkLimits = { concurrent: 4, burst: 5_000, perSecond: 1_000 }

/** Sign-in: an account gets 5 tries, then 2 a minute; an address (a whole office behind NAT) 30, then 10 a minute. */
export const DEFAULT_SIGN_IN_LIMITS: RateLimits = {
  client: { burst: 5, perMinute: 2 },
  address: { burst: 30, perMinute: 10 },
}

export const DEFAULT_SECURITY_CONFIG: SecurityConfig = {
  tokenRateLimits: DEFAULT_RATE_LIMITS,
  trustedProxyHops: 0,
  idleTimeoutSeconds: 10,
  codeWorkLimits: DEFAULT_CODE_WORK_LIMITS,
  signInRateLimits: DEFAULT_SIGN_IN_LIMITS,
  fileWorkLimits: DEFAULT_FILE_WORK_LIMITS,
  drawingLimits: DEFAULT_DRAWING_LIMITS,
}

/** The environment variables, with their defaults in {@link DEFAULT_SECURITY_CONFIG}. */
export const SECURITY_ENV = {
  clientBurst: 'TOKEN_RATE_CLIENT_BURST',
  clientPerMinute: 'TOKEN_RATE_CLIENT_PER_MINUTE',
  addressBurst: 'TOKEN_RATE_ADDRESS_BURST',
  addressPerMinute: 'TOKEN_RATE_ADDRESS_PER_MINUTE',
  trustedProxyHops: 'TRUSTED_PROXY_HOPS',
  idleTimeout: 'HTTP_IDLE_TIMEOUT_SECONDS',
  codeConcurrent: 'CODE_RATE_CLIENT_CONCURRENT',
  codeBurst: 'CODE_RATE_CLIENT_BURST',
  codePerSecond: 'CODE_RATE_CLIENT_PER_SECOND',
  signInAccountBurst: 'SIGNIN_RATE_ACCOUNT_BURST',
  signInAccountPerMinute: 'SIGNIN_RATE_ACCOUNT_PER_MINUTE',
  signInAddressBurst: 'SIGNIN_RATE_ADDRESS_BURST',
  signInAddressPerMinute: 'SIGNIN_RATE_ADDRESS_PER_MINUTE',
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
  const code = d.codeWorkLimits
  const signIn = d.signInRateLimits
  return {
    tokenRateLimits: { client, address },
    trustedProxyHops: read(SECURITY_ENV.trustedProxyHops, d.trustedProxyHops, 0, 10),
    // Bun takes 0 (never) to 255 seconds; never is refused, since it lets idle sockets pile up.
    idleTimeoutSeconds: read(SECURITY_ENV.idleTimeout, d.idleTimeoutSeconds, 1, 255),
    codeWorkLimits: {
      concurrent: read(SECURITY_ENV.codeConcurrent, code.concurrent, 0, 10_000),
      burst: read(SECURITY_ENV.codeBurst, code.burst, 0, 100_000_000),
      perSecond: read(SECURITY_ENV.codePerSecond, code.perSecond, 1, 100_000_000),
    },
    signInRateLimits: {
      client: {
        burst: read(SECURITY_ENV.signInAccountBurst, signIn.client.burst, 0, 100_000),
        perMinute: read(SECURITY_ENV.signInAccountPerMinute, signIn.client.perMinute, 1, 1_000_000),
      },
      address: {
        burst: read(SECURITY_ENV.signInAddressBurst, signIn.address.burst, 0, 100_000),
        perMinute: read(SECURITY_ENV.signInAddressPerMinute, signIn.address.perMinute, 1, 1_000_000),
      },
    },
    fileWorkLimits: d.fileWorkLimits,
    drawingLimits: d.drawingLimits,
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
