import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { generateKeyPairSync } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose'
import type { Config, SigningKeySource } from '../../src/app/config.ts'
import { loadSigningKey, SigningKeyError } from '../../src/auth/key-source.ts'
import { createAuthService } from '../../src/auth/service.ts'
import { signingKeys } from '../../src/db/schema.ts'
import { recordLogLines, recordSecret } from '../security/log-audit.ts'
import { apiRequest, TEST_CONFIG, testDeps } from '../support/app.ts'
import { useTestDatabase } from '../support/db.ts'
import { seedOrganization } from '../support/people.ts'
import { freePorts, ROOT, waitForOk } from '../support/processes.ts'
import { makeTempDir, removeTempDir } from '../support/temp.ts'
import { authHarness, obtainToken, probe, seedClient } from './helpers.ts'

const database = useTestDatabase()
const dir = makeTempDir('environment-key')
afterAll(() => removeTempDir(dir))

/** A fresh high-entropy secret per run, registered with the log audit so no log line may hold it. */
function newSecret(): string {
  const secret = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64')
  recordSecret(secret)
  return secret
}

const SECRET = newSecret()
const withKey = (signingKey: SigningKeySource): Config => ({ ...TEST_CONFIG, signingKey })
const SECRET_CONFIG = withKey({ source: 'JWT_SECRET', secret: SECRET })

let client: { clientId: string; clientSecret: string }
beforeAll(async () => {
  await seedOrganization(database(), 'acme')
  client = await seedClient(database(), 'acme')
  recordSecret(client.clientSecret)
})

async function jwksOf(app: { handle(request: Request): Promise<Response> }) {
  const res = await app.handle(apiRequest('/.well-known/jwks.json'))
  expect(res.status).toBe(200)
  return (await res.json()) as { keys: Record<string, string>[] }
}

const bearer = (token: string) => {
  recordSecret(token)
  return `Bearer ${token}`
}

describe('a signing key from JWT_SECRET', () => {
  test('signs tokens that are accepted; the JWKS lists exactly that key; nothing is stored in the database', async () => {
    const expected = await loadSigningKey({ source: 'JWT_SECRET', secret: SECRET })
    const h = await authHarness(database(), {}, SECRET_CONFIG)
    try {
      const token = await obtainToken(h.app, client)
      expect(decodeProtectedHeader(token)).toEqual({ alg: 'EdDSA', typ: 'at+jwt', kid: expected.kid })
      expect((await h.app.handle(probe('/probe/codes', bearer(token)))).status).toBe(200)

      const jwks = await jwksOf(h.app)
      expect(jwks).toEqual({
        keys: [
          {
            kty: 'OKP',
            crv: 'Ed25519',
            x: expected.jwk.x as string,
            kid: expected.kid,
            alg: 'EdDSA',
            use: 'sig',
          },
        ],
      })
      const { payload } = await jwtVerify(token, createLocalJWKSet(jwks as never), {
        issuer: TEST_CONFIG.apiUrl,
        audience: TEST_CONFIG.apiUrl,
        algorithms: ['EdDSA'],
        currentDate: new Date(h.clock()),
      })
      expect(payload.sub).toBe(client.clientId)

      // A reload (what `keys rotate` elsewhere would trigger) changes nothing.
      await h.auth.reloadKeys()
      expect(h.auth.jwks().keys.map((k) => k.kid)).toEqual([expected.kid])
      expect(await database().db.select().from(signingKeys)).toEqual([])

      const events = h.deps.logger.lines.map((l) => JSON.parse(l) as Record<string, unknown>)
      expect(events.filter((e) => String(e.event).startsWith('auth.signing_key'))).toEqual([
        {
          time: expect.any(String),
          level: 'info',
          event: 'auth.signing_key.environment',
          source: 'JWT_SECRET',
          kid: expected.kid,
        },
      ])
    } finally {
      await h.auth.close()
    }
  })

  test('two services given the same secret accept each other’s tokens; a service with another secret does not', async () => {
    const a = await authHarness(database(), {}, SECRET_CONFIG)
    const b = await authHarness(database(), {}, SECRET_CONFIG)
    const other = await authHarness(database(), {}, withKey({ source: 'JWT_SECRET', secret: newSecret() }))
    try {
      const fromA = await obtainToken(a.app, client)
      const fromB = await obtainToken(b.app, client)
      expect(decodeProtectedHeader(fromA).kid).toBe(decodeProtectedHeader(fromB).kid as string)
      expect((await b.app.handle(probe('/probe/codes', bearer(fromA)))).status).toBe(200)
      expect((await a.app.handle(probe('/probe/codes', bearer(fromB)))).status).toBe(200)
      expect((await other.app.handle(probe('/probe/codes', bearer(fromA)))).status).toBe(401)
      expect(await jwksOf(a.app)).toEqual(await jwksOf(b.app))
      expect((await jwksOf(other.app)).keys[0]?.kid).not.toBe(decodeProtectedHeader(fromA).kid)
      expect(await database().db.select().from(signingKeys)).toEqual([])
    } finally {
      await Promise.all([a.auth.close(), b.auth.close(), other.auth.close()])
    }
  })
})

describe('a signing key from JWT_KEY_FILE', () => {
  test('the file’s key signs and verifies, and the JWKS publishes only its public half', async () => {
    const pair = generateKeyPairSync('ed25519')
    const privateJwk = pair.privateKey.export({ format: 'jwk' })
    const path = join(dir, 'signing.pem')
    writeFileSync(path, pair.privateKey.export({ format: 'pem', type: 'pkcs8' }))
    const h = await authHarness(database(), {}, withKey({ source: 'JWT_KEY_FILE', path }))
    try {
      const token = await obtainToken(h.app, client)
      const jwks = await jwksOf(h.app)
      expect(jwks.keys).toHaveLength(1)
      expect(jwks.keys[0]?.x).toBe(privateJwk.x as string)
      expect(decodeProtectedHeader(token).kid).toBe(jwks.keys[0]?.kid as string)
      expect(JSON.stringify(jwks)).not.toContain(String(privateJwk.d))
      expect((await h.app.handle(probe('/probe/codes', bearer(token)))).status).toBe(200)
      expect(await database().db.select().from(signingKeys)).toEqual([])
    } finally {
      await h.auth.close()
    }
  })

  test('a key loaded at start-up (as src/main.ts passes it) is used as is; the file is not read again', async () => {
    const environmentKey = await loadSigningKey({ source: 'JWT_SECRET', secret: SECRET })
    const missing = withKey({ source: 'JWT_KEY_FILE', path: join(dir, 'gone.pem') })
    const auth = await createAuthService({ ...testDeps(database(), { config: missing }), environmentKey })
    try {
      expect(auth.jwks().keys.map((k) => k.kid)).toEqual([environmentKey.kid])
    } finally {
      await auth.close()
    }
  })

  test('without a preloaded key, a bad file fails the service with the one-line SigningKeyError', async () => {
    const path = join(dir, 'missing.pem')
    const config = withKey({ source: 'JWT_KEY_FILE', path })
    const error = await createAuthService(testDeps(database(), { config })).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SigningKeyError)
    expect((error as Error).message).toBe(`JWT_KEY_FILE ${path} cannot be read (ENOENT)`)
    expect(await database().db.select().from(signingKeys)).toEqual([])
  })
})

describe('switching between the database and the environment', () => {
  test('tokens signed with the database key are refused while the environment names the key', async () => {
    const fromDatabase = await authHarness(database())
    const fromSecret = await authHarness(database(), {}, SECRET_CONFIG)
    try {
      expect(await database().db.select().from(signingKeys)).toHaveLength(1)
      const token = await obtainToken(fromDatabase.app, client)
      expect((await fromSecret.app.handle(probe('/probe/codes', bearer(token)))).status).toBe(401)
      const jwks = await jwksOf(fromSecret.app)
      expect(jwks.keys.map((k) => k.kid)).toEqual([
        (await loadSigningKey({ source: 'JWT_SECRET', secret: SECRET })).kid,
      ])
    } finally {
      await Promise.all([fromDatabase.auth.close(), fromSecret.auth.close()])
    }
  })
})

describe('bun run start with JWT_SECRET', () => {
  test('serves the derived key in the JWKS and never creates one in the database', async () => {
    const [apiPort, resolverPort] = (await freePorts(2)) as [number, number]
    const child = Bun.spawn([process.execPath, 'src/main.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: join(dir, 'pglite'),
        API_PORT: String(apiPort),
        RESOLVER_PORT: String(resolverPort),
        DASHBOARD_PORT: '0',
        API_URL: `http://127.0.0.1:${apiPort}`,
        RESOLVER_URL: `http://localhost:${resolverPort}`,
        JWT_SECRET: SECRET,
      },
      stdout: 'pipe',
      stderr: 'pipe',
    })
    try {
      const res = await waitForOk(`http://127.0.0.1:${apiPort}/.well-known/jwks.json`, 60_000)
      const { kid, jwk } = await loadSigningKey({ source: 'JWT_SECRET', secret: SECRET })
      expect(await res.json()).toEqual({ keys: [{ ...jwk }] })
      expect(kid).toBe(jwk.kid)
    } finally {
      child.kill('SIGTERM')
    }
    expect(await child.exited).toBe(0)
    const logLines = (await new Response(child.stdout).text()).split('\n').filter((l) => l.startsWith('{'))
    recordLogLines(logLines)
    const events = logLines.map((l) => (JSON.parse(l) as { event: string }).event)
    expect(events).toContain('auth.signing_key.environment')
    expect(events).not.toContain('auth.signing_key.created')
    expect(await new Response(child.stderr).text()).toBe('')
  }, 120_000)
})
