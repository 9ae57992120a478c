import { describe, expect, test } from 'bun:test'
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose'
import { generateSigningKey } from '../../../src/auth/keys.ts'
import { rotateSigningKey } from '../../../src/services/clients/signing-keys.ts'
import { obtainToken, probe, useAuthHarness } from '../../auth/helpers.ts'
import { apiRequest } from '../../support/app.ts'

const h = useAuthHarness()

async function jwks() {
  const res = await h().app.handle(apiRequest('/.well-known/jwks.json'))
  expect(res.status).toBe(200)
  return { res, body: (await res.json()) as { keys: Record<string, string>[] } }
}

describe('GET /.well-known/jwks.json', () => {
  test('publishes the public signing key as a JWK Set, without private parts, cacheable for 5 minutes', async () => {
    const { res, body } = await jwks()
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(res.headers.get('cache-control')).toBe('public, max-age=300')
    expect(body.keys).toHaveLength(1)
    expect(body.keys[0]).toEqual({
      kty: 'OKP',
      crv: 'Ed25519',
      x: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      kid: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      alg: 'EdDSA',
      use: 'sig',
    })
  })

  test('answers with the JWK Set media type when asked for it', async () => {
    const res = await h().app.handle(
      apiRequest('/.well-known/jwks.json', { headers: { accept: 'application/jwk-set+json' } }),
    )
    expect(res.headers.get('content-type')).toBe('application/jwk-set+json')
  })

  test('lets a third party verify an access token with the published keys', async () => {
    const token = await obtainToken(h().app, h().client)
    const { body } = await jwks()
    const { payload } = await jwtVerify(token, createLocalJWKSet(body as never), {
      issuer: 'http://api.test',
      audience: 'http://api.test',
      algorithms: ['EdDSA'],
      currentDate: new Date(h().clock()),
    })
    expect(payload.sub).toBe(h().client.clientId)
  })

  test('after a rotation it publishes both keys; new tokens use the new key and old tokens stay valid', async () => {
    const before = await obtainToken(h().app, h().client)
    const oldKid = decodeProtectedHeader(before).kid
    const { key } = await rotateSigningKey(h().database.db, generateSigningKey, h().clock)
    await h().auth.reloadKeys()
    const { body } = await jwks()
    expect(body.keys.map((k) => k.kid).sort()).toEqual([oldKid, key.kid].sort())
    const after = await obtainToken(h().app, h().client)
    expect(decodeProtectedHeader(after).kid).toBe(key.kid)
    for (const t of [before, after]) {
      expect((await h().app.handle(probe('/probe/codes', `Bearer ${t}`))).status).toBe(200)
    }
  })
})
