/** The auth service's contract: what it issues, what it verifies, and its options. */
import type { Config } from '../app/config.ts'
import type { Database } from '../db/database.ts'
import type { Logger } from '../lib/log.ts'
import type { EnvironmentKey } from './key-source.ts'
import type { PublicJwk } from './keys.ts'

/** Who a verified request comes from (frozen: one object per token, shared by its requests). */
export interface Principal {
  readonly clientId: string
  readonly organizationId: string
  readonly scopes: readonly string[]
}

export type TokenGrant =
  | { ok: true; accessToken: string; expiresIn: number; principal: Principal }
  | { ok: false; error: 'invalid_client' | 'unauthorized_client' | 'invalid_scope' }

/** Why a bearer token was refused: `subscription` is a 403, every other reason a 401. */
/** `scheme`: credentials of another scheme than Bearer (Basic, say), which RFC 6750 §3.1 treats as none. */
export type BearerFailure =
  | 'missing'
  | 'scheme'
  | 'malformed'
  | 'expired'
  | 'invalid'
  | 'revoked'
  | 'subscription'

export type BearerResult = { ok: true; principal: Principal } | { ok: false; failure: BearerFailure }

export interface AuthService {
  /** Authenticates a client (RFC 6749 §4.4) and signs a token for `scopes` (null: all the client's scopes). */
  issueToken(request: {
    clientId: string
    clientSecret: string
    scopes: string[] | null
  }): Promise<TokenGrant>
  /** Checks an `Authorization` header value; synchronous when everything it needs is cached. */
  verifyBearer(authorization: string | null): BearerResult | Promise<BearerResult>
  /** The public signing keys (RFC 7517 JWK Set). */
  jwks(): { keys: PublicJwk[] }
  /** Re-reads the signing keys (after `keys rotate` on another process). */
  reloadKeys(): Promise<void>
  /** Writes pending last-used times now. */
  flushLastUsed(): Promise<void>
  /** Stops timers and listeners and flushes last-used times. */
  close(): Promise<void>
}

export interface AuthDeps {
  readonly database: Database
  readonly config: Config
  readonly logger: Logger
  readonly clock: () => number
  /**
   * The key `config.signingKey` names, when the caller has loaded it already (`src/main.ts` does, so a bad key
   * file stops the start before the database opens); otherwise the service loads it itself.
   */
  readonly environmentKey?: EnvironmentKey
}

export interface AuthOptions {
  /** Longest time a block, delete or plan change may go unseen when a notification is lost (≤ 5 s). */
  standingTtlMs?: number
  /** Interval of the batched last-used write. */
  lastUsedFlushMs?: number
  /** Interval of the periodic key reload (picks up a rotation whose notification was lost). */
  keyRefreshMs?: number
}
