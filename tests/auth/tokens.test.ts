import { beforeAll, describe, expect, test } from 'bun:test'
import { type CryptoKey, generateKeyPair, SignJWT } from 'jose'
import { signAccessToken, TOKEN_TTL_SECONDS, verifyAccessToken } from '../../src/auth/tokens.ts'

const ISSUER = 'http://api.test'
const NOW = Date.UTC(2026, 10, 21, 12)
let pair: { publicKey: CryptoKey; privateKey: CryptoKey }

beforeAll(async () => {
  pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' })
})

const policy = (now = NOW) => ({
  issuer: ISSUER,
  now,
  keyFor: async (kid: string) => (kid === 'k1' ? pair.publicKey : undefined),
})

function sign(kid = 'k1') {
  return signAccessToken({
    key: pair.privateKey,
    kid,
    issuer: ISSUER,
    clientId: 'svc_client_1',
    organizationId: 'org-1',
    scopes: ['write:codes'],
    now: NOW,
  })
}

/** A token like ours with one part changed. */
function craft(change: { typ?: string; claims?: Record<string, unknown>; sub?: string }) {
  const iat = Math.floor(NOW / 1000)
  return new SignJWT({ org: 'org-1', scope: 'write:codes', ...change.claims })
    .setProtectedHeader({ alg: 'EdDSA', typ: change.typ ?? 'at+jwt', kid: 'k1' })
    .setIssuer(ISSUER)
    .setAudience(ISSUER)
    .setSubject(change.sub ?? 'svc_client_1')
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_TTL_SECONDS)
    .setJti('j')
    .sign(pair.privateKey)
}

describe('access tokens', () => {
  test('a signed token verifies to its claims', async () => {
    expect(await verifyAccessToken(await sign(), policy())).toEqual({
      ok: true,
      claims: {
        clientId: 'svc_client_1',
        organizationId: 'org-1',
        scopes: ['write:codes'],
        exp: Math.floor(NOW / 1000) + 3600,
        jti: expect.any(String),
      },
    })
  })

  test('is valid until the 3600th second, expired from it on', async () => {
    const token = await sign()
    expect((await verifyAccessToken(token, policy(NOW + 3599_999))).ok).toBe(true)
    expect(await verifyAccessToken(token, policy(NOW + 3600_000))).toEqual({ ok: false, reason: 'expired' })
  })

  test('refuses an unknown kid, a typ other than at+jwt, and missing or foreign claims', async () => {
    const invalid = { ok: false, reason: 'invalid' } as const
    expect(await verifyAccessToken(await sign('k2'), policy())).toEqual(invalid)
    expect(await verifyAccessToken(await craft({ typ: 'JWT' }), policy())).toEqual(invalid)
    expect(await verifyAccessToken(await craft({ claims: { org: undefined } }), policy())).toEqual(invalid)
    expect(await verifyAccessToken(await craft({ claims: { scope: ['write:codes'] } }), policy())).toEqual(
      invalid,
    )
    expect(await verifyAccessToken(await craft({ sub: 'someone-else' }), policy())).toEqual(invalid)
  })
})
