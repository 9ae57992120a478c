/** The auth service: issues access tokens for client credentials and verifies bearer tokens with cached standing. */

import { CLIENTS_CHANNEL } from '../db/channels.ts'
import { withDeadline } from '../lib/deadline.ts'
import { errorName } from '../lib/log.ts'
import {
  findClientCredentials,
  findOrganizationPlan,
  recordLastUsed,
} from '../services/clients/api-clients.ts'
import { SIGNING_KEYS_CHANNEL } from '../services/clients/signing-keys.ts'
import { coversApiClients } from '../services/people/organizations.ts'
import { parseBearer } from './authorization.ts'
import { type EnvironmentKey, loadSigningKey } from './key-source.ts'
import { fixedKeyring, type Keyring, openKeyring } from './keyring.ts'
import { createLastUsedRecorder } from './last-used.ts'
import { DUMMY_SECRET_HASH, isClientId, verifySecret } from './secrets.ts'
import { type ClientStanding, createStandingCache } from './standing.ts'
import { createTokenCache } from './token-cache.ts'
import { type AccessClaims, signAccessToken, TOKEN_TTL_SECONDS, verifyAccessToken } from './tokens.ts'
import type {
  AuthDeps,
  AuthOptions,
  AuthService,
  BearerFailure,
  BearerResult,
  Principal,
  TokenGrant,
} from './types.ts'

export type {
  AuthDeps,
  AuthOptions,
  AuthService,
  BearerFailure,
  BearerResult,
  Principal,
  TokenGrant,
} from './types.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const failed = (failure: BearerFailure): BearerResult => ({ ok: false, failure })
const MISSING = failed('missing')
const EXPIRED = failed('expired')
const REVOKED = failed('revoked')
const SUBSCRIPTION = failed('subscription')

/** A verified token with its answer built once: the hot path allocates nothing per request. */
interface VerifiedToken {
  claims: AccessClaims
  exp: number
  granted: { ok: true; principal: Principal }
}

/**
 * Creates the service once a signing key exists: the environment's (`JWT_SECRET`, `JWT_KEY_FILE`), or the
 * database's (created here on first start).
 */
export async function createAuthService(deps: AuthDeps, options: AuthOptions = {}): Promise<AuthService> {
  const { database, config, logger, clock } = deps
  const db = database.db
  const environmentKey =
    deps.environmentKey ?? (config.signingKey ? await loadSigningKey(config.signingKey) : undefined)
  const keyring = await openAnyKeyring(deps, environmentKey)
  const verified = createTokenCache<VerifiedToken>()
  const standing = createStandingCache(standingLoaders(db), options.standingTtlMs ?? 4000)
  const lastUsed = createLastUsedRecorder((entries) => recordLastUsed(db, entries), logger)
  const reloadKeys = () =>
    keyring.reload().catch((error) => logger.error('auth.keys.reload_failed', { error: errorName(error) }))
  // A key from the environment never changes while the process runs: no key listener, no periodic reload.
  const keysInDatabase = environmentKey === undefined
  const unlisten = await Promise.all([
    database.listen(CLIENTS_CHANNEL, () => standing.clear()),
    ...(keysInDatabase
      ? [
          database.listen(SIGNING_KEYS_CHANNEL, () => {
            // A key change may be a withdrawal: forget verified tokens so each is checked against the new set.
            verified.clear()
            void reloadKeys()
          }),
        ]
      : []),
  ])
  const timers = [
    unrefTimer(setInterval(() => void lastUsed.flush(), options.lastUsedFlushMs ?? 30_000)),
    ...(keysInDatabase
      ? [unrefTimer(setInterval(() => void reloadKeys(), options.keyRefreshMs ?? 60_000))]
      : []),
  ]

  async function issueToken(request: Parameters<AuthService['issueToken']>[0]): Promise<TokenGrant> {
    // An ID of another shape names no client and never reaches the database (a NUL byte would fail there).
    const row = isClientId(request.clientId)
      ? await withDeadline(findClientCredentials(db, request.clientId))
      : null
    // The hash check runs for unknown clients too (against a dummy hash), so the timing of the
    // answer does not tell which client IDs exist; blocked answers exactly like unknown (SPEC).
    const matches = await verifySecret(request.clientSecret, row?.secretHash ?? DUMMY_SECRET_HASH)
    if (row === null || !matches || row.blocked) return { ok: false, error: 'invalid_client' }
    if (!coversApiClients(row.plan, row.subscriptionStatus))
      return { ok: false, error: 'unauthorized_client' }
    const scopes = request.scopes ?? row.scopes
    if (!scopes.every((s) => row.scopes.includes(s))) return { ok: false, error: 'invalid_scope' }
    const now = clock()
    const { kid, key } = keyring.signing()
    const principal = { clientId: row.clientId, organizationId: row.organizationId, scopes }
    const accessToken = await signAccessToken({ key, kid, issuer: config.apiUrl, ...principal, now })
    lastUsed.mark(row.clientId, now)
    return { ok: true, accessToken, expiresIn: TOKEN_TTL_SECONDS, principal }
  }

  function verifyBearer(authorization: string | null): BearerResult | Promise<BearerResult> {
    if (authorization === null) return MISSING
    const now = clock()
    // Hot path: the exact header value was verified before, so only expiry and standing are checked.
    const cached = verified.get(authorization, now)
    if (cached === 'expired') return EXPIRED
    if (cached !== undefined) return checkStanding(cached, now)
    const parsed = parseBearer(authorization)
    if (!parsed.ok) return failed(parsed.reason)
    return verifyUncached(authorization, parsed.token, now)
  }

  async function verifyUncached(authorization: string, token: string, now: number): Promise<BearerResult> {
    const result = await verifyAccessToken(token, { issuer: config.apiUrl, now, keyFor: keyring.keyFor })
    if (!result.ok) return failed(result.reason)
    const { clientId, organizationId, scopes } = result.claims
    const principal = Object.freeze({
      clientId,
      organizationId,
      scopes: Object.freeze([...scopes]),
    })
    const entry = { claims: result.claims, exp: result.claims.exp, granted: { ok: true, principal } as const }
    verified.set(authorization, entry)
    return checkStanding(entry, now)
  }

  /** Deleted or blocked clients' tokens are revoked; a lapsed subscription forbids (SPEC "Errors"). */
  function checkStanding(entry: VerifiedToken, now: number): BearerResult | Promise<BearerResult> {
    const client = standing.peekClient(entry.claims.clientId, now)
    const covered = standing.peekOrganization(entry.claims.organizationId, now)
    if (client === undefined || covered === undefined) return checkStandingSlow(entry, client, now)
    return decide(entry, client, covered, now)
  }

  async function checkStandingSlow(
    entry: VerifiedToken,
    cachedClient: ClientStanding | undefined,
    now: number,
  ): Promise<BearerResult> {
    const { clientId, organizationId } = entry.claims
    const client = cachedClient ?? (await standing.loadClient(clientId, now))
    const covered =
      standing.peekOrganization(organizationId, now) ?? (await standing.loadOrganization(organizationId, now))
    return decide(entry, client, covered, now)
  }

  function decide(entry: VerifiedToken, client: ClientStanding, covered: boolean, now: number): BearerResult {
    if (!client.active || client.organizationId !== entry.claims.organizationId) return REVOKED
    if (!covered) return SUBSCRIPTION
    lastUsed.mark(entry.claims.clientId, now)
    return entry.granted
  }

  return {
    issueToken,
    verifyBearer,
    jwks: () => keyring.jwks(),
    reloadKeys: () => keyring.reload(),
    flushLastUsed: () => lastUsed.flush(),
    async close() {
      for (const timer of timers) clearInterval(timer)
      await Promise.all(unlisten.map((stop) => stop().catch(() => {})))
      await lastUsed.flush()
    },
  }
}

/** How the standing cache reads a client and an organization's plan, each lookup within the database deadline. */
function standingLoaders(db: AuthDeps['database']['db']): Parameters<typeof createStandingCache>[0] {
  return {
    async client(clientId) {
      const row = await withDeadline(findClientCredentials(db, clientId))
      if (!row) return null
      return { ...row, covered: coversApiClients(row.plan, row.subscriptionStatus) }
    },
    async organization(organizationId) {
      const row = UUID.test(organizationId)
        ? await withDeadline(findOrganizationPlan(db, organizationId))
        : null
      return row !== null && coversApiClients(row.plan, row.subscriptionStatus)
    },
  }
}

/** The environment's key alone, or the database's keys (creating the first one on a first start). */
async function openAnyKeyring(deps: AuthDeps, environmentKey: EnvironmentKey | undefined): Promise<Keyring> {
  if (environmentKey !== undefined) {
    // The kid is the public key's thumbprint: safe to log, and it tells which key the instance signs with.
    deps.logger.info('auth.signing_key.environment', {
      source: environmentKey.source,
      kid: environmentKey.kid,
    })
    return fixedKeyring(environmentKey)
  }
  return openKeyring(deps.database, deps.clock, (kid) =>
    deps.logger.info('auth.signing_key.created', { kid }),
  )
}

/** Timers must not keep a process (or a test run) alive; `unref` exists on Bun, Node and Deno. */
function unrefTimer(timer: ReturnType<typeof setInterval>): ReturnType<typeof setInterval> {
  ;(timer as { unref?: () => void }).unref?.()
  return timer
}
