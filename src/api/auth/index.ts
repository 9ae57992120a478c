/** The auth feature for `createApp`: the token endpoint, the JWK Set, and the guard the code routes use. */
import { Elysia } from 'elysia'
import type { AuthService } from '../../auth/service.ts'
import type { AppDeps } from '../app.ts'
import { jwksRoute } from './jwks.ts'
import { type TokenRequestLimiter, tokenRoute } from './token-route.ts'

export { bearerAuth, principalOf, requireScope } from './guard.ts'
export { JWKS_PATH } from './jwks.ts'
export { type TokenLimitOptions, tokenRequestLimiter } from './token-limit.ts'
export {
  TOKEN_PATH,
  type TokenLimitDecision,
  type TokenOutcome,
  type TokenRequestLimiter,
} from './token-route.ts'

/**
 * Adds `POST /oauth/token` and `GET /.well-known/jwks.json`. `limitTokenRequest` is the token
 * endpoint's rate limiter, usually `tokenRequestLimiter({ limits, trustedProxyHops, clock, logger })`.
 */
export function authFeature(deps: AppDeps & { auth: AuthService; limitTokenRequest?: TokenRequestLimiter }) {
  return new Elysia({ name: 'auth' })
    .use(tokenRoute(deps.auth, deps.limitTokenRequest))
    .use(jwksRoute(deps.auth))
}
