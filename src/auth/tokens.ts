/** Access tokens as JWTs (RFC 9068 profile): signing with the current key, verification with a pinned policy. */
import { type CryptoKey, errors, type JWTHeaderParameters, jwtVerify, SignJWT } from 'jose'
import { SIGNING_ALGORITHM } from './keys.ts'
import { formatScopes } from './scopes.ts'
import { CLIENT_ID_PREFIX } from './secrets.ts'

/** Token lifetime (SPEC "Limits"): one hour, no refresh token. */
export const TOKEN_TTL_SECONDS = 3600

/** RFC 9068 §2.1: the `typ` header of a JWT access token. */
export const ACCESS_TOKEN_TYPE = 'at+jwt'

/** The claims a verified token gives the guard. */
export interface AccessClaims {
  clientId: string
  organizationId: string
  scopes: string[]
  /** Expiry in seconds since the epoch. */
  exp: number
  jti: string
}

export interface SignInput {
  key: CryptoKey
  kid: string
  issuer: string
  clientId: string
  organizationId: string
  scopes: readonly string[]
  /** Milliseconds since the epoch. */
  now: number
}

/** Signs an access token; `iss` and `aud` are both the API origin, `jti` a random UUID (unique per token). */
export function signAccessToken(input: SignInput): Promise<string> {
  const iat = Math.floor(input.now / 1000)
  return new SignJWT({
    org: input.organizationId,
    scope: formatScopes(input.scopes),
    client_id: input.clientId,
  })
    .setProtectedHeader({ alg: SIGNING_ALGORITHM, typ: ACCESS_TOKEN_TYPE, kid: input.kid })
    .setIssuer(input.issuer)
    .setAudience(input.issuer)
    .setSubject(input.clientId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_TTL_SECONDS)
    .setJti(crypto.randomUUID())
    .sign(input.key)
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' }

export interface VerifyPolicy {
  /** The API origin: expected `iss` and `aud`. */
  issuer: string
  now: number
  /** Finds the public key for a `kid`; `undefined` when no such key is known. */
  keyFor(kid: string): Promise<CryptoKey | undefined>
}

/**
 * Verifies a token with the algorithm, `typ`, issuer, audience and expiry pinned (RFC 8725 §3.1,
 * RFC 9068 §4): `alg: none`, HS256 forged with the public key and unknown `kid`s all fail here.
 */
export async function verifyAccessToken(token: string, policy: VerifyPolicy): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, (header: JWTHeaderParameters) => resolveKey(header, policy), {
      algorithms: [SIGNING_ALGORITHM],
      issuer: policy.issuer,
      audience: policy.issuer,
      typ: ACCESS_TOKEN_TYPE,
      currentDate: new Date(policy.now),
      requiredClaims: ['sub', 'exp', 'iat', 'jti'],
    })
    const { sub, org, scope, exp, jti } = payload
    const valid =
      typeof sub === 'string' &&
      sub.startsWith(CLIENT_ID_PREFIX) &&
      typeof org === 'string' &&
      typeof scope === 'string' &&
      typeof exp === 'number' &&
      typeof jti === 'string'
    if (!valid) return { ok: false, reason: 'invalid' }
    const scopes = scope.split(' ').filter((s) => s !== '')
    return { ok: true, claims: { clientId: sub, organizationId: org, scopes, exp, jti } }
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' }
  }
}

async function resolveKey(header: JWTHeaderParameters, policy: VerifyPolicy): Promise<CryptoKey> {
  const key = typeof header.kid === 'string' ? await policy.keyFor(header.kid) : undefined
  if (key === undefined) throw new errors.JWKSNoMatchingKey()
  return key
}
