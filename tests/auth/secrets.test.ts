import { describe, expect, test } from 'bun:test'
import {
  DUMMY_SECRET_HASH,
  hashSecret,
  newClientId,
  newClientSecret,
  verifySecret,
} from '../../src/auth/secrets.ts'

describe('client IDs and secrets', () => {
  test('client IDs are svc_client_ plus 128 random bits in hex, and do not repeat', () => {
    const ids = Array.from({ length: 100 }, newClientId)
    for (const id of ids) expect(id).toMatch(/^svc_client_[0-9a-f]{32}$/)
    expect(new Set(ids).size).toBe(100)
  })

  test('secrets are 256 random bits in base64url', () => {
    const secrets = Array.from({ length: 100 }, newClientSecret)
    for (const s of secrets) expect(s).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(new Set(secrets).size).toBe(100)
  })
})

describe('secret hashes (scrypt, PHC string)', () => {
  test('a hash names its cost, has a random salt, and never contains the secret', async () => {
    const secret = newClientSecret()
    const [a, b] = await Promise.all([hashSecret(secret), hashSecret(secret)])
    expect(a).toMatch(/^\$scrypt\$ln=14,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/)
    expect(a).not.toBe(b)
    expect(a).not.toContain(secret)
  })

  test('verifies the right secret only', async () => {
    const hash = await hashSecret('correct horse')
    expect(await verifySecret('correct horse', hash)).toBe(true)
    expect(await verifySecret('correct horsf', hash)).toBe(false)
    expect(await verifySecret('', hash)).toBe(false)
  })

  test('a malformed stored hash never verifies', async () => {
    expect(await verifySecret('x', 'plain-text')).toBe(false)
    expect(await verifySecret('x', '$scrypt$ln=30,r=8,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAA')).toBe(false)
  })

  test('the dummy hash used for unknown clients matches nothing', async () => {
    expect(await verifySecret('', DUMMY_SECRET_HASH)).toBe(false)
    expect(await verifySecret(newClientSecret(), DUMMY_SECRET_HASH)).toBe(false)
  })
})
