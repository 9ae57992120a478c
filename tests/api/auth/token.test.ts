import { describe, expect, spyOn, test } from 'bun:test'
import { decodeJwt, decodeProtectedHeader } from 'jose'
import { createApp } from '../../../src/api/app.ts'
import { authFeature } from '../../../src/api/auth/index.ts'
import * as secrets from '../../../src/auth/secrets.ts'
import { hashSecret, newClientId } from '../../../src/auth/secrets.ts'
import { apiClients, organizations } from '../../../src/db/schema.ts'
import { CLI_ACTOR } from '../../../src/services/audit.ts'
import { deleteClient, setBlocked } from '../../../src/services/clients/api-clients.ts'
import { setPlan } from '../../../src/services/people/organizations.ts'
import { basic, FORM, GRANT, seedClient, tokenRequest, useAuthHarness } from '../../auth/helpers.ts'
import { seedOrganization } from '../../support/people.ts'

const h = useAuthHarness()

async function snapshot(res: Response) {
  return { status: res.status, headers: [...res.headers], body: await res.text() }
}

const invalidRequest = (description: string) => ({ error: 'invalid_request', error_description: description })
const invalidClient = (description: string) => ({ error: 'invalid_client', error_description: description })

describe('POST /oauth/token: success', () => {
  test('answers 200 {access_token, token_type: Bearer, expires_in: 3600, scope} with Cache-Control: no-store', async () => {
    const res = await h().app.handle(
      tokenRequest({ authorization: basic(h().client.clientId, h().client.clientSecret) }),
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('pragma')).toBe('no-cache')
    const body = await res.json()
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'scope', 'token_type'])
    expect(body.token_type).toBe('Bearer')
    expect(body.expires_in).toBe(3600)
    expect(body.scope).toBe('write:codes')
  })

  test('the token is a JWT with kid, typ at+jwt and the DESIGN §6 claims', async () => {
    const res = await h().app.handle(
      tokenRequest({ authorization: basic(h().client.clientId, h().client.clientSecret) }),
    )
    const token = (await res.json()).access_token as string
    const header = decodeProtectedHeader(token)
    expect(header).toEqual({ alg: 'EdDSA', typ: 'at+jwt', kid: h().auth.jwks().keys[0]?.kid })
    const claims = decodeJwt(token)
    const [org] = await h().database.db.select({ id: organizations.id }).from(organizations)
    const iat = Math.floor(h().clock() / 1000)
    expect(claims).toEqual({
      iss: 'http://api.test',
      aud: 'http://api.test',
      sub: h().client.clientId,
      client_id: h().client.clientId,
      org: org?.id,
      scope: 'write:codes',
      iat,
      exp: iat + 3600,
      jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
    })
  })

  test('every token gets its own jti', async () => {
    const auth = basic(h().client.clientId, h().client.clientSecret)
    const tokens = await Promise.all(
      [1, 2, 3].map(() => h().app.handle(tokenRequest({ authorization: auth }))),
    )
    const ids = await Promise.all(tokens.map(async (r) => decodeJwt((await r.json()).access_token).jti))
    expect(new Set(ids).size).toBe(3)
  })

  test('accepts the versioned media type in Accept and answers with it', async () => {
    const auth = basic(h().client.clientId, h().client.clientSecret)
    const vnd = 'application/vnd.service.public.v1+json'
    const res = await h().app.handle(tokenRequest({ authorization: auth, accept: vnd }))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe(vnd)
    const both = await h().app.handle(
      tokenRequest({ authorization: auth, accept: `${vnd}, application/json` }),
    )
    expect(both.headers.get('content-type')).toBe(vnd)
    const json = await h().app.handle(tokenRequest({ authorization: auth, accept: 'application/json' }))
    expect(json.headers.get('content-type')).toBe('application/json')
    const any = await h().app.handle(tokenRequest({ authorization: auth, accept: '*/*' }))
    expect(any.status).toBe(200)
  })

  test('accepts a charset parameter on the form Content-Type', async () => {
    const auth = basic(h().client.clientId, h().client.clientSecret)
    const res = await h().app.handle(
      tokenRequest({ authorization: auth, contentType: `${FORM}; charset=UTF-8` }),
    )
    expect(res.status).toBe(200)
  })

  test('accepts the Basic scheme in any letter case', async () => {
    for (const scheme of ['basic', 'BASIC', 'bAsIc']) {
      const res = await h().app.handle(
        tokenRequest({ authorization: basic(h().client.clientId, h().client.clientSecret, scheme) }),
      )
      expect(res.status).toBe(200)
    }
  })

  test('with no scope asked for, the answer names every scope of the client, as the token carries them (RFC 6749 §5.1)', async () => {
    const client = await seedClient(h().database, 'acme', ['write:codes', 'read:catalog', 'read:scans'])
    const res = await h().app.handle(
      tokenRequest({ authorization: basic(client.clientId, client.clientSecret) }),
    )
    const body = await res.json()
    expect(body.scope.split(' ').sort()).toEqual(['read:catalog', 'read:scans', 'write:codes'])
    expect(body.scope).toBe(decodeJwt(body.access_token).scope)
  })

  test('a scope that is a subset of the client scopes is granted', async () => {
    const res = await h().app.handle(
      tokenRequest({
        authorization: basic(h().client.clientId, h().client.clientSecret),
        body: `${GRANT}&scope=write%3Acodes`,
      }),
    )
    expect(res.status).toBe(200)
    const body = await res.json()
    expect([decodeJwt(body.access_token).scope, body.scope]).toEqual(['write:codes', 'write:codes'])
  })

  test('reads URL-encoded credentials, and a secret with ":" in it, raw or encoded (RFC 6749 §2.3.1, RFC 7617 §2)', async () => {
    const { db } = h().database
    const [org] = await db.select({ id: organizations.id }).from(organizations)
    const clientId = newClientId()
    const secret = 'pa:ss w+rd%/é'
    await db.insert(apiClients).values({
      id: clientId,
      organizationId: org?.id as string,
      name: 'odd',
      scopes: ['write:codes'],
      secretHash: await hashSecret(secret),
    })
    const encoded = await h().app.handle(tokenRequest({ authorization: basic(clientId, secret) }))
    expect(encoded.status).toBe(200)
    const colonOnly = newClientId()
    await db.insert(apiClients).values({
      id: colonOnly,
      organizationId: org?.id as string,
      name: 'colon',
      scopes: ['write:codes'],
      secretHash: await hashSecret('a:b:c'),
    })
    const raw = await h().app.handle(tokenRequest({ authorization: `Basic ${btoa(`${colonOnly}:a:b:c`)}` }))
    expect(raw.status).toBe(200)
  })

  test('logs the client ID of a token request, never the secret or the token', async () => {
    h().deps.logger.lines.length = 0
    const res = await h().app.handle(
      tokenRequest({ authorization: basic(h().client.clientId, h().client.clientSecret) }),
    )
    const token = (await res.json()).access_token
    await Bun.sleep(0)
    const log = h().deps.logger.lines.join('\n')
    expect(JSON.parse(h().deps.logger.lines.at(-1) ?? '{}')).toMatchObject({
      event: 'request',
      path: '/oauth/token',
      status: 200,
      clientId: h().client.clientId,
    })
    expect(log).not.toContain(h().client.clientSecret)
    expect(log).not.toContain(token)
    expect(log).not.toContain(btoa(`${h().client.clientId}:`).slice(0, 20))
  })

  test('logs the status of a refused token request', async () => {
    const { lines } = h().deps.logger
    lines.length = 0
    await h().app.handle(tokenRequest({ authorization: basic(h().client.clientId, 'wrong') }))
    const credentials = basic(h().client.clientId, h().client.clientSecret)
    await h().app.handle(tokenRequest({ authorization: credentials, body: 'grant_type=password' }))
    await Bun.sleep(0)
    const statuses = lines.map((l) => JSON.parse(l)).map((l) => [l.status, l.clientId])
    expect(statuses).toEqual([
      [401, null],
      [400, null],
    ])
  })
})

describe('POST /oauth/token: refusals', () => {
  test('an unsupported grant_type answers 400 unsupported_grant_type', async () => {
    const res = await h().app.handle(
      tokenRequest({
        authorization: basic(h().client.clientId, h().client.clientSecret),
        body: 'grant_type=password',
      }),
    )
    expect(res.status).toBe(400)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.json()).toEqual({
      error: 'unsupported_grant_type',
      error_description: 'Only grant_type=client_credentials is supported',
    })
  })

  test('a missing grant_type answers 400 invalid_request', async () => {
    const res = await h().app.handle(
      tokenRequest({ authorization: basic(h().client.clientId, h().client.clientSecret), body: '' }),
    )
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual(invalidRequest('grant_type is required'))
  })

  test('a repeated parameter answers 400 invalid_request (RFC 6749 §3.2)', async () => {
    const res = await h().app.handle(
      tokenRequest({
        authorization: basic(h().client.clientId, h().client.clientSecret),
        body: `${GRANT}&${GRANT}`,
      }),
    )
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual(invalidRequest('The parameter grant_type is repeated'))
  })

  test('missing credentials answer 401 invalid_client with a Basic challenge (SPEC Authentication 6)', async () => {
    const res = await h().app.handle(tokenRequest())
    expect(res.status).toBe(401)
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(res.headers.get('www-authenticate')).toBe('Basic realm="oauth", charset="UTF-8"')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.json()).toEqual(invalidClient('HTTP Basic client credentials are required'))
  })

  test('malformed Basic credentials answer 401 invalid_client', async () => {
    const malformed = [
      'Basic',
      'Basic !!!notbase64',
      `Basic ${btoa('no-colon-here')}`,
      `Basic ${btoa(`${h().client.clientId}:`)}`,
      `Basic ${btoa(':secret')}`,
      'Basic /w==',
      `Bearer ${'a'.repeat(20)}.${'b'.repeat(20)}.${'c'.repeat(20)}`,
      `Digest username="${h().client.clientId}"`,
    ]
    for (const authorization of malformed) {
      const res = await h().app.handle(tokenRequest({ authorization }))
      expect(res.status).toBe(401)
      expect(res.headers.get('www-authenticate')).toBe('Basic realm="oauth", charset="UTF-8"')
      expect(await res.json()).toEqual(invalidClient('HTTP Basic client credentials are malformed'))
    }
  })

  test('an over-long Authorization header answers 401 invalid_client without being decoded', async () => {
    const res = await h().app.handle(
      tokenRequest({ authorization: basic(h().client.clientId, 'x'.repeat(5000)) }),
    )
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual(invalidClient('HTTP Basic client credentials are malformed'))
  })

  test('an over-long body answers 413 invalid_request, flat', async () => {
    const auth = basic(h().client.clientId, h().client.clientSecret)
    const res = await h().app.handle(
      tokenRequest({ authorization: auth, body: `${GRANT}&pad=${'x'.repeat(5000)}` }),
    )
    expect(res.status).toBe(413)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.json()).toEqual(invalidRequest('The request body exceeds 4096 bytes'))
  })

  test('a body declared over 1 MiB answers 413 invalid_request unread, flat like every token error', async () => {
    const auth = basic(h().client.clientId, h().client.clientSecret)
    const body = `${GRANT}&pad=${'x'.repeat(1024 * 1024)}`
    const request = tokenRequest({ authorization: auth, body })
    request.headers.set('content-length', String(body.length))
    const res = await h().app.handle(request)
    expect(res.status).toBe(413)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.json()).toEqual(invalidRequest('The request body exceeds 1 MiB'))
  })

  test('client credentials in the body instead of Basic answer 400 invalid_request', async () => {
    const body = `${GRANT}&client_id=${h().client.clientId}&client_secret=${h().client.clientSecret}`
    for (const authorization of [null, basic(h().client.clientId, h().client.clientSecret)]) {
      const res = await h().app.handle(tokenRequest({ authorization, body }))
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual(
        invalidRequest('Client credentials must be sent with HTTP Basic authentication'),
      )
    }
  })

  test('a secret in the query string answers 400 invalid_request', async () => {
    const auth = basic(h().client.clientId, h().client.clientSecret)
    for (const query of [`?client_secret=${h().client.clientSecret}`, `?client_id=${h().client.clientId}`]) {
      const res = await h().app.handle(tokenRequest({ authorization: auth, query }))
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual(
        invalidRequest('Client credentials must not be sent in the query string'),
      )
    }
  })

  test('a Content-Type other than the form type answers 415', async () => {
    const auth = basic(h().client.clientId, h().client.clientSecret)
    for (const contentType of ['application/json', 'text/plain', null]) {
      const res = await h().app.handle(tokenRequest({ authorization: auth, contentType, body: '{}' }))
      expect(res.status).toBe(415)
      expect(await res.json()).toEqual(
        invalidRequest('The request body must be application/x-www-form-urlencoded'),
      )
    }
  })

  test('an Accept naming nothing producible answers 406', async () => {
    const auth = basic(h().client.clientId, h().client.clientSecret)
    for (const accept of ['text/html', 'application/xml', 'application/json;q=0']) {
      const res = await h().app.handle(tokenRequest({ authorization: auth, accept }))
      expect(res.status).toBe(406)
      expect((await res.json()).error).toBe('invalid_request')
    }
  })

  test('a wrong secret answers 401 invalid_client with WWW-Authenticate: Basic', async () => {
    const res = await h().app.handle(
      tokenRequest({ authorization: basic(h().client.clientId, `${h().client.clientSecret}x`) }),
    )
    expect(res.status).toBe(401)
    expect(res.headers.get('www-authenticate')).toBe('Basic realm="oauth", charset="UTF-8"')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.json()).toEqual({
      error: 'invalid_client',
      error_description: 'Client authentication failed',
    })
  })

  test('a scope beyond the client scopes answers 400 invalid_scope', async () => {
    const auth = basic(h().client.clientId, h().client.clientSecret)
    for (const scope of ['admin:all', 'write:codes%20read:codes', '%22quoted%22']) {
      const res = await h().app.handle(tokenRequest({ authorization: auth, body: `${GRANT}&scope=${scope}` }))
      expect(res.status).toBe(400)
      expect((await res.json()).error).toBe('invalid_scope')
    }
  })

  test('GET /oauth/token answers 405 with Allow: POST', async () => {
    const res = await h().app.handle(new Request('http://api.test/oauth/token'))
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('POST')
  })
})

describe('POST /oauth/token: unknown, blocked and deleted clients', () => {
  test('an unknown client answers 401 invalid_client', async () => {
    const res = await h().app.handle(
      tokenRequest({ authorization: basic(newClientId(), h().client.clientSecret) }),
    )
    expect(res.status).toBe(401)
    expect(res.headers.get('www-authenticate')).toStartWith('Basic ')
    expect((await res.json()).error).toBe('invalid_client')
  })

  test('a client ID of another shape (a NUL byte, upper-case hex, too short) answers 401 invalid_client', async () => {
    const unknown = await h().app.handle(
      tokenRequest({ authorization: basic(newClientId(), h().client.clientSecret) }),
    )
    const expected = await unknown.text()
    const id = h().client.clientId
    for (const odd of ['a\u0000b', `${id}\u0000`, id.toUpperCase(), id.slice(0, -1), `${id}0`]) {
      const res = await h().app.handle(tokenRequest({ authorization: basic(odd, h().client.clientSecret) }))
      expect(res.status).toBe(401)
      expect(await res.text()).toBe(expected)
    }
  })

  test('a blocked client answers byte for byte like an unknown one, with the right secret', async () => {
    const blocked = await seedClient(h().database, 'acme')
    await setBlocked(h().database.db, blocked.clientId, true, { actor: CLI_ACTOR })
    const fromBlocked = await snapshot(
      await h().app.handle(tokenRequest({ authorization: basic(blocked.clientId, blocked.clientSecret) })),
    )
    const fromUnknown = await snapshot(
      await h().app.handle(tokenRequest({ authorization: basic(newClientId(), blocked.clientSecret) })),
    )
    expect(fromBlocked.status).toBe(401)
    expect(fromBlocked).toEqual(fromUnknown)
    await setBlocked(h().database.db, blocked.clientId, false, { actor: CLI_ACTOR })
    const again = await h().app.handle(
      tokenRequest({ authorization: basic(blocked.clientId, blocked.clientSecret) }),
    )
    expect(again.status).toBe(200)
  })

  test('a deleted client answers like an unknown one', async () => {
    const gone = await seedClient(h().database, 'acme')
    await deleteClient(h().database.db, gone.clientId, { actor: CLI_ACTOR })
    const res = await h().app.handle(tokenRequest({ authorization: basic(gone.clientId, gone.clientSecret) }))
    expect(res.status).toBe(401)
    expect((await res.json()).error).toBe('invalid_client')
  })

  test('the unknown-client path hashes the secret as the wrong-secret path does, against a dummy hash', async () => {
    // The timing itself is measured in bench/auth-token.ts; here: the same scrypt check runs on both paths.
    const spy = spyOn(secrets, 'verifySecret')
    try {
      await h().app.handle(tokenRequest({ authorization: basic(h().client.clientId, 'wrong-secret') }))
      await h().app.handle(tokenRequest({ authorization: basic(newClientId(), 'wrong-secret') }))
      expect(spy.mock.calls.map(([secret, hash]) => [secret, hash === secrets.DUMMY_SECRET_HASH])).toEqual([
        ['wrong-secret', false],
        ['wrong-secret', true],
      ])
    } finally {
      spy.mockRestore()
    }
  })
})

describe('POST /oauth/token: rate-limit hook', () => {
  test('a limiter sees the claimed client ID before the secret is checked, and its Response is sent as is', async () => {
    const seen: string[] = []
    const limitTokenRequest = (_request: Request, clientId: string) => {
      seen.push(clientId)
      return new Response(null, { status: 429, headers: { 'retry-after': '1' } })
    }
    const app = createApp(h().deps, [authFeature({ ...h().deps, auth: h().auth, limitTokenRequest })])
    const res = await app.handle(tokenRequest({ authorization: basic(h().client.clientId, 'not-checked') }))
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('1')
    expect(seen).toEqual([h().client.clientId])
  })
})

describe('POST /oauth/token: subscription', () => {
  test('answers 403 unauthorized_client when the plan no longer covers API clients, and 200 again once it does', async () => {
    await seedOrganization(h().database, 'lapsing', 'pro')
    const c = await seedClient(h().database, 'lapsing')
    const request = () => h().app.handle(tokenRequest({ authorization: basic(c.clientId, c.clientSecret) }))
    for (const [plan, status] of [
      ['free', 'active'],
      ['pro', 'past_due'],
      ['enterprise', 'canceled'],
    ] as const) {
      await setPlan(h().database.db, 'lapsing', plan, status)
      const res = await request()
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual({
        error: 'unauthorized_client',
        error_description: "The organization's subscription no longer covers API clients",
      })
    }
    await setPlan(h().database.db, 'lapsing', 'starter', 'active')
    expect((await request()).status).toBe(200)
  })

  test('a wrong secret on a lapsed organization still answers 401, not 403', async () => {
    await seedOrganization(h().database, 'lapsed2', 'pro')
    const c = await seedClient(h().database, 'lapsed2')
    await setPlan(h().database.db, 'lapsed2', 'free', 'active')
    const res = await h().app.handle(tokenRequest({ authorization: basic(c.clientId, 'nope') }))
    expect(res.status).toBe(401)
  })

  test('a fault while issuing answers 500 server_error, flat and uncached, and names no cause', async () => {
    const failing = {
      ...h().auth,
      issueToken: async () => {
        throw new Error('connection to the database lost: secret detail')
      },
    }
    const app = createApp(h().deps, [authFeature({ ...h().deps, auth: failing })])
    const res = await app.handle(tokenRequest({ authorization: basic(h().client.clientId, 'any') }))
    expect(res.status).toBe(500)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.json()).toEqual({
      error: 'server_error',
      error_description: 'Internal server error; safe to retry',
    })
  })
})
