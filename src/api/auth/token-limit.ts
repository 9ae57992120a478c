/** The token endpoint's rate limiter as a `limitTokenRequest` hook: failed authentications per client ID and source address. */
import { createRateLimiter, type RateLimits } from '../../auth/rate-limit.ts'
import { CLIENT_ID_PREFIX } from '../../auth/secrets.ts'
import type { Logger } from '../../lib/log.ts'
import { sourceAddress } from '../../security/client-address.ts'
import { tooManyRequests } from './oauth-errors.ts'
import type { TokenRequestLimiter } from './token-route.ts'

export interface TokenLimitOptions {
  readonly limits: RateLimits
  /** Reverse proxies whose `X-Forwarded-For` entries are trusted (0: the TCP peer only). */
  readonly trustedProxyHops?: number
  readonly clock: () => number
  /** Told about each refused request (client ID only when it has the shape of one, never the secret). */
  readonly logger?: Logger
}

/** A well-formed client ID is safe to log (SPEC "API client"); anything else the caller typed may be a secret. */
const CLIENT_ID = new RegExp(`^${CLIENT_ID_PREFIX}[0-9a-f]{32}$`)

/**
 * The hook for `authFeature({ …, limitTokenRequest })`: `429` with `Retry-After` once a bucket is
 * empty, checked before the secret is hashed; otherwise the request goes on and its outcome is
 * reported back, so only failures use up the budget.
 */
export function tokenRequestLimiter(options: TokenLimitOptions): TokenRequestLimiter {
  const limiter = createRateLimiter(options.limits, options.clock)
  const hops = options.trustedProxyHops ?? 0
  return (request, clientId) => {
    const decision = limiter.attempt(clientId, sourceAddress(request, hops))
    if (decision.allowed) return decision.settle
    options.logger?.info('auth.token.limited', {
      clientId: CLIENT_ID.test(clientId) ? clientId : null,
      retryAfter: decision.retryAfterSeconds,
    })
    return tooManyRequests(decision.retryAfterSeconds)
  }
}
