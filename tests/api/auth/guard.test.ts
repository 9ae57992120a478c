import { beforeAll, describe, expect, spyOn, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { generateKeyPair, importJWK, type JWK, SignJWT, UnsecuredJWT } from 'jose'
import { apiClients, organizations, signingKeys } from '../../../src/db/schema.ts'
import { CLI_ACTOR } from '../../../src/services/audit.ts'
import { deleteClient, setBlocked } from '../../../src/services/clients/api-clients.ts'
import { setPlan } from '../../../src/services/people/organizations.ts'
import { authHarness, obtainToken, probe, seedClient, useAuthHarness } from '../../auth/helpers.ts'
import { DATABASE_HOOK_TIMEOUT_MS } from '../../support/db.ts'
import { seedOrganization } from '../../support/people.ts'

const h = useAuthHarness()
let token: string
let orgId: string

const CHALLENGE = 'Bearer realm="api"'
const INVALID = 'Bearer realm="api", error="invalid_token"'

beforeAll(async () => {
  token = await obtainToken(h().app, h().client)
  const [org] = await h().database.db.select({ id: organizations.id }).from(organizations)
  orgId = org?.id as string
}, DATABASE_HOOK_TIMEOUT_MS)

async function expectUnauthorized(res: Response, challenge = INVALID) {
  expect(res.status).toBe(401)
  expect(res.headers.get('content-type')).toBe('application/json')
  expect(res.headers.get('www-authenticate')).toBe(challenge)
  const body = await res.json()
  expect(body.errors).toHaveLength(1)
  expect(body.errors[0]).toMatchObject({ code: 'Unauthorized', path: null })
  return body.errors[0].message as string
}

/**
 * Sets the registered claims of the service's tokens on a JWT being forged: its issuer and audience (unless
 * `changes` replace them), the client as subject, issued now for 3600 seconds, with `jti`.
 */
function withServiceClaims<T extends SignJWT | UnsecuredJWT>(
  jwt: T,
  jti = 'x',
  changes: { iss?: string; aud?: string } = {},
): T {
  const iat = Math.floor(h().clock() / 1000)
  jwt
    .setIssuer(changes.iss ?? 'http://api.test')
    .setAudience(changes.aud ?? 'http://api.test')
    .setSubject(h().client.clientId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + 3600)
    .setJti(jti)
  return jwt
}

/** Claims as the service signs them, for forging variants with the real key. */
async function forge(changes: { iss?: string; aud?: string; alg?: string; kid?: string } = {}) {
  const [stored] = await h().database.db.select().from(signingKeys)
  const key = await importJWK(stored?.privateJwk as JWK, 'EdDSA')
  const jwt = new SignJWT({
    org: orgId,
    scope: 'write:codes',
    client_id: h().client.clientId,
  }).setProtectedHeader({ alg: 'EdDSA', typ: 'at+jwt', kid: changes.kid ?? (stored?.kid as string) })
  return withServiceClaims(jwt, crypto.randomUUID(), changes).sign(key)
}

/** Waits for the next notification on the clients channel (no sleeping: resolves when it arrives). */
async function nextClientsNotification(): Promise<() => Promise<void>> {
  let arrived: () => void = () => {}
  const seen = new Promise<void>((resolve) => {
    arrived = resolve
  })
  const stop = await h().database.listen('clients_changed', () => arrived())
  return async () => {
    await seen
    await stop()
  }
}

describe('bearer guard: success', () => {
  test('a valid token reaches the handler with {clientId, organizationId, scopes}', async () => {
    const res = await h().app.handle(probe('/probe/codes', `Bearer ${token}`))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      clientId: h().client.clientId,
      organizationId: orgId,
      scopes: ['write:codes'],
    })
  })

  test('the beforeHandle form (requireScope) guards the same way and exposes the principal', async () => {
    const ok = await h().app.handle(probe('/probe/hook', `Bearer ${token}`))
    expect(ok.status).toBe(200)
    expect((await ok.json()).clientId).toBe(h().client.clientId)
    await expectUnauthorized(await h().app.handle(probe('/probe/hook')), CHALLENGE)
  })

  test('accepts the Bearer scheme in any letter case', async () => {
    for (const scheme of ['bearer', 'BEARER', 'BeArEr']) {
      expect((await h().app.handle(probe('/probe/codes', `${scheme} ${token}`))).status).toBe(200)
    }
  })

  test('an unguarded route needs no token', async () => {
    expect((await h().app.handle(probe('/probe/open'))).status).toBe(200)
  })

  test('the request log shows the client ID, never the token', async () => {
    h().deps.logger.lines.length = 0
    await h().app.handle(probe('/probe/codes', `Bearer ${token}`))
    await Bun.sleep(0)
    expect(JSON.parse(h().deps.logger.lines.at(-1) ?? '{}')).toMatchObject({
      status: 200,
      clientId: h().client.clientId,
    })
    expect(h().deps.logger.lines.join('\n')).not.toContain(token)
  })

  test('the request log shows the status of a refusal, for the macro and the hook form', async () => {
    const { lines } = h().deps.logger
    lines.length = 0
    await h().app.handle(probe('/probe/codes'))
    await h().app.handle(probe('/probe/hook'))
    await h().app.handle(probe('/probe/admin', `Bearer ${token}`))
    await Bun.sleep(0)
    const logged = lines.map((l) => JSON.parse(l)).filter((l) => l.event === 'request')
    expect(logged.map((l) => [l.path, l.status, l.clientId])).toEqual([
      ['/probe/codes', 401, null],
      ['/probe/hook', 401, null],
      ['/probe/admin', 403, h().client.clientId],
    ])
  })

  test('a cached verified request makes no database round trip', async () => {
    await h().app.handle(probe('/probe/codes', `Bearer ${token}`))
    const select = spyOn(h().database.db, 'select')
    try {
      const res = await h().app.handle(probe('/probe/codes', `Bearer ${token}`))
      expect(res.status).toBe(200)
      expect(select).not.toHaveBeenCalled()
    } finally {
      select.mockRestore()
    }
  })
})

describe('bearer guard: 401 for missing, malformed, expired or revoked credentials', () => {
  test('no Authorization header answers 401 with WWW-Authenticate: Bearer and no error code', async () => {
    const message = await expectUnauthorized(await h().app.handle(probe('/probe/codes')), CHALLENGE)
    expect(message).toBe('An Authorization: Bearer access token is required')
  })

  test('malformed bearer credentials answer 401 invalid_token', async () => {
    for (const header of ['Bearer', 'Bearer not-a-jwt', `Bearer ${token} x`]) {
      const message = await expectUnauthorized(await h().app.handle(probe('/probe/codes', header)))
      expect(message).toBe('The bearer access token is malformed: it is not a JWT')
    }
  })

  test('credentials of another scheme answer 401 with a bare challenge, naming the scheme to use (RFC 6750 §3.1)', async () => {
    for (const header of [`Basic ${btoa('a:b')}`, `Token ${token}`]) {
      const res = await h().app.handle(probe('/probe/codes', header))
      const message = await expectUnauthorized(res, 'Bearer realm="api"')
      expect(message).toStartWith('The Authorization header must carry an access token in the Bearer scheme')
    }
  })

  test('an over-long Authorization header answers 401 without being verified', async () => {
    const long = `Bearer ${token}${'A'.repeat(5000)}`
    await expectUnauthorized(await h().app.handle(probe('/probe/codes', long)))
  })

  test('a tampered payload or signature answers 401', async () => {
    const [header, payload, signature] = token.split('.') as [string, string, string]
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')))
    const widened = btoa(JSON.stringify({ ...claims, scope: 'write:codes admin' })).replace(/=+$/, '')
    const flipped = signature.slice(0, 10) + (signature[10] === 'A' ? 'B' : 'A') + signature.slice(11)
    for (const forged of [`${header}.${widened}.${signature}`, `${header}.${payload}.${flipped}`]) {
      const message = await expectUnauthorized(
        await h().app.handle(probe('/probe/codes', `Bearer ${forged}`)),
      )
      expect(message).toBe('The access token is invalid or revoked')
    }
  })

  test('alg: none answers 401', async () => {
    const unsigned = withServiceClaims(new UnsecuredJWT({ org: orgId, scope: 'write:codes' })).encode()
    // The guard demands three non-empty segments; an unsigned JWT with a dummy signature is refused too.
    await expectUnauthorized(await h().app.handle(probe('/probe/codes', `Bearer ${unsigned}`)))
    await expectUnauthorized(await h().app.handle(probe('/probe/codes', `Bearer ${unsigned}AAAA`)))
  })

  test('an HS256 token signed with the public key answers 401', async () => {
    const [stored] = await h().database.db.select().from(signingKeys)
    const publicKey = stored?.publicJwk as { x: string }
    for (const secret of [JSON.stringify(stored?.publicJwk), publicKey.x]) {
      const header = { alg: 'HS256', typ: 'at+jwt', kid: stored?.kid as string }
      const jwt = new SignJWT({ org: orgId, scope: 'write:codes' }).setProtectedHeader(header)
      const forged = await withServiceClaims(jwt).sign(new TextEncoder().encode(secret))
      await expectUnauthorized(await h().app.handle(probe('/probe/codes', `Bearer ${forged}`)))
    }
  })

  test('a token for another audience or from another issuer answers 401', async () => {
    expect((await h().app.handle(probe('/probe/codes', `Bearer ${await forge()}`))).status).toBe(200)
    for (const forged of [
      await forge({ aud: 'http://other.test' }),
      await forge({ iss: 'http://other.test' }),
    ]) {
      await expectUnauthorized(await h().app.handle(probe('/probe/codes', `Bearer ${forged}`)))
    }
  })

  test('a token signed by an unknown key answers 401', async () => {
    const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true })
    const [stored] = await h().database.db.select().from(signingKeys)
    for (const kid of ['unknown-kid', stored?.kid as string]) {
      const header = { alg: 'EdDSA', typ: 'at+jwt', kid }
      const jwt = new SignJWT({ org: orgId, scope: 'write:codes', client_id: h().client.clientId })
      const forged = await withServiceClaims(jwt.setProtectedHeader(header)).sign(pair.privateKey)
      await expectUnauthorized(await h().app.handle(probe('/probe/codes', `Bearer ${forged}`)))
    }
  })

  test('a token answers 401 once its 3600 seconds have passed (clock injected)', async () => {
    const fresh = await obtainToken(h().app, h().client)
    const unseen = await obtainToken(h().app, h().client)
    h().clock.advance(3599_000)
    expect((await h().app.handle(probe('/probe/codes', `Bearer ${fresh}`))).status).toBe(200)
    h().clock.advance(1000)
    // Both the cached path and the full verification path see the expiry.
    for (const t of [fresh, unseen]) {
      const message = await expectUnauthorized(await h().app.handle(probe('/probe/codes', `Bearer ${t}`)))
      expect(message).toBe('The access token has expired')
    }
    token = await obtainToken(h().app, h().client)
  })
})

describe('bearer guard: 403', () => {
  test('a valid token without the endpoint scope answers 403 Forbidden', async () => {
    const res = await h().app.handle(probe('/probe/admin', `Bearer ${token}`))
    expect(res.status).toBe(403)
    expect(res.headers.get('www-authenticate')).toBe(
      'Bearer realm="api", error="insufficient_scope", scope="admin:reports"',
    )
    expect(await res.json()).toEqual({
      errors: [
        {
          code: 'Forbidden',
          path: null,
          message: 'This operation needs the admin:reports scope, which the access token does not carry',
        },
      ],
    })
  })

  test('a lapsed subscription answers 403 on guarded endpoints, and 200 again once renewed', async () => {
    await seedOrganization(h().database, 'lapsing', 'pro')
    const c = await seedClient(h().database, 'lapsing')
    const t = await obtainToken(h().app, c)
    expect((await h().app.handle(probe('/probe/codes', `Bearer ${t}`))).status).toBe(200)
    const heard = await nextClientsNotification()
    await setPlan(h().database.db, 'lapsing', 'free')
    await heard()
    const res = await h().app.handle(probe('/probe/codes', `Bearer ${t}`))
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({
      errors: [
        {
          code: 'Forbidden',
          path: null,
          message: "The organization's subscription no longer covers API clients",
        },
      ],
    })
    const renewed = await nextClientsNotification()
    await setPlan(h().database.db, 'lapsing', 'starter')
    await renewed()
    expect((await h().app.handle(probe('/probe/codes', `Bearer ${t}`))).status).toBe(200)
  })
})

describe('bearer guard: revocation across instances', () => {
  test('blocking a client revokes its tokens on every instance as soon as the notification arrives', async () => {
    const other = await authHarness(h().database)
    try {
      const c = await seedClient(h().database, 'acme')
      const t = await obtainToken(h().app, c)
      expect((await other.app.handle(probe('/probe/codes', `Bearer ${t}`))).status).toBe(200)
      const heard = await nextClientsNotification()
      await setBlocked(h().database.db, c.clientId, true, { actor: CLI_ACTOR })
      await heard()
      await expectUnauthorized(await other.app.handle(probe('/probe/codes', `Bearer ${t}`)))
      await expectUnauthorized(await h().app.handle(probe('/probe/codes', `Bearer ${t}`)))
    } finally {
      await other.auth.close()
    }
  })

  test('the token of a deleted client answers 401', async () => {
    const c = await seedClient(h().database, 'acme')
    const t = await obtainToken(h().app, c)
    expect((await h().app.handle(probe('/probe/codes', `Bearer ${t}`))).status).toBe(200)
    const heard = await nextClientsNotification()
    await deleteClient(h().database.db, c.clientId, { actor: CLI_ACTOR })
    await heard()
    const message = await expectUnauthorized(await h().app.handle(probe('/probe/codes', `Bearer ${t}`)))
    expect(message).toBe('The access token is invalid or revoked')
  })

  test('a change whose notification was lost takes effect within 5 seconds', async () => {
    const c = await seedClient(h().database, 'acme')
    const t = await obtainToken(h().app, c)
    expect((await h().app.handle(probe('/probe/codes', `Bearer ${t}`))).status).toBe(200)
    // Written behind the service's back: no pg_notify.
    await h().database.db.update(apiClients).set({ blocked: true }).where(eq(apiClients.id, c.clientId))
    expect((await h().app.handle(probe('/probe/codes', `Bearer ${t}`))).status).toBe(200)
    h().clock.advance(5000)
    await expectUnauthorized(await h().app.handle(probe('/probe/codes', `Bearer ${t}`)))
  })

  test('a plan change whose notification was lost takes effect within 5 seconds', async () => {
    await seedOrganization(h().database, 'quiet', 'enterprise')
    const c = await seedClient(h().database, 'quiet')
    const t = await obtainToken(h().app, c)
    expect((await h().app.handle(probe('/probe/codes', `Bearer ${t}`))).status).toBe(200)
    const { db } = h().database
    await db
      .update(organizations)
      .set({ subscriptionStatus: 'canceled' })
      .where(eq(organizations.slug, 'quiet'))
    h().clock.advance(5000)
    expect((await h().app.handle(probe('/probe/codes', `Bearer ${t}`))).status).toBe(403)
  })
})
