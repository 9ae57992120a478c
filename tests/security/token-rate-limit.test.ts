import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createApp } from '../../src/api/app.ts'
import { authFeature, tokenRequestLimiter } from '../../src/api/auth/index.ts'
import type { RateLimits } from '../../src/auth/rate-limit.ts'
import { newClientId } from '../../src/auth/secrets.ts'
import { type AuthService, createAuthService } from '../../src/auth/service.ts'
import type { Database } from '../../src/db/database.ts'
import { rememberPeer } from '../../src/security/client-address.ts'
import { basic, seedClient, tokenRequest } from '../auth/helpers.ts'
import { testClock, testDeps } from '../support/app.ts'
import { DATABASE_HOOK_TIMEOUT_MS, openTestDatabase } from '../support/db.ts'
import { seedOrganization } from '../support/people.ts'

const LIMITS: RateLimits = { client: { burst: 3, perMinute: 6 }, address: { burst: 6, perMinute: 60 } }

let database: Database
let auth: AuthService
let client: { clientId: string; clientSecret: string }

beforeAll(async () => {
  database = await openTestDatabase()
  await seedOrganization(database, 'acme')
  client = await seedClient(database, 'acme')
  auth = await createAuthService(testDeps(database))
}, DATABASE_HOOK_TIMEOUT_MS)
afterAll(async () => {
  await auth?.close()
  await database?.close()
}, DATABASE_HOOK_TIMEOUT_MS)

/** A fresh app with its own limiter, a controllable clock and a count of hashed secrets. */
function limitedApp(options: { trustedProxyHops?: number; limits?: RateLimits } = {}) {
  const clock = testClock()
  const deps = testDeps(database, { clock })
  const counted = { hashes: 0 }
  const spy: AuthService = {
    ...auth,
    issueToken(request) {
      counted.hashes++
      return auth.issueToken(request)
    },
  }
  const limitTokenRequest = tokenRequestLimiter({
    limits: options.limits ?? LIMITS,
    trustedProxyHops: options.trustedProxyHops ?? 0,
    clock,
    logger: deps.logger,
  })
  const app = createApp(deps, [authFeature({ ...deps, auth: spy, limitTokenRequest })])
  /** A token request from `peer` (as the server entry records it). */
  const send = (authorization: string, peer: string, headers: Record<string, string> = {}) => {
    const request = tokenRequest({ authorization })
    for (const [name, value] of Object.entries(headers)) request.headers.set(name, value)
    rememberPeer(request, peer)
    return app.handle(request)
  }
  return { app, clock, counted, send, logs: deps.logger.lines }
}

const wrong = (clientId: string) => basic(clientId, 'not-the-secret')

describe('POST /oauth/token rate limit: per client ID', () => {
  test('after the burst of failures answers 429 with Retry-After and an RFC 6749 body, without hashing', async () => {
    const h = limitedApp()
    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push((await h.send(wrong(client.clientId), '192.0.2.1')).status)
    expect(statuses).toEqual([401, 401, 401])
    expect(h.counted.hashes).toBe(3)
    const res = await h.send(wrong(client.clientId), '192.0.2.2')
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('10')
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('www-authenticate')).toBeNull()
    expect(await res.json()).toEqual({
      error: 'invalid_request',
      error_description: 'Too many failed client authentications; retry after 10 seconds',
    })
    expect(h.counted.hashes).toBe(3)
  })

  test('the right secret from a new address is refused too while the ID is locked, and accepted after the wait', async () => {
    const h = limitedApp()
    for (let i = 0; i < 3; i++) await h.send(wrong(client.clientId), '192.0.2.1')
    const good = basic(client.clientId, client.clientSecret)
    expect((await h.send(good, '198.51.100.1')).status).toBe(429)
    h.clock.advance(10_000)
    expect((await h.send(good, '198.51.100.1')).status).toBe(200)
  })

  test('a valid client that authenticated from its address gets tokens there while its ID is attacked elsewhere', async () => {
    const h = limitedApp()
    const good = basic(client.clientId, client.clientSecret)
    expect((await h.send(good, '192.0.2.10')).status).toBe(200)
    for (let i = 0; i < 5; i++) await h.send(wrong(client.clientId), '203.0.113.66')
    expect((await h.send(wrong(client.clientId), '203.0.113.66')).status).toBe(429)
    const started = performance.now()
    const res = await h.send(good, '192.0.2.10')
    expect(res.status).toBe(200)
    // Never delayed: no wait is added to a valid request (a scrypt hash takes far less than this).
    expect(performance.now() - started).toBeLessThan(2_000)
  })

  test('successes use no budget: many token requests in a row all answer 200', async () => {
    const h = limitedApp()
    const good = basic(client.clientId, client.clientSecret)
    const statuses = []
    for (let i = 0; i < 8; i++) statuses.push((await h.send(good, '192.0.2.20')).status)
    expect(statuses).toEqual(Array(8).fill(200))
  })

  test('workers asking at once with the right secret all get tokens, beyond the failure burst', async () => {
    const h = limitedApp()
    const good = basic(client.clientId, client.clientSecret)
    const answers = await Promise.all(Array.from({ length: 12 }, () => h.send(good, '192.0.2.21')))
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200))
  })

  test('unknown and existing client IDs are limited alike, so a 429 tells nothing about which IDs exist', async () => {
    const h = limitedApp()
    const unknown = newClientId()
    const answers = []
    for (const id of [client.clientId, unknown]) {
      for (let i = 0; i < 3; i++) await h.send(wrong(id), `192.0.2.${id === unknown ? 31 : 30}`)
      const res = await h.send(wrong(id), '192.0.2.32')
      answers.push({ status: res.status, retry: res.headers.get('retry-after'), body: await res.text() })
    }
    expect(answers[0]).toEqual(answers[1] as (typeof answers)[0])
    expect(answers[0]?.status).toBe(429)
  })

  test('the refusal is logged with the client ID when it has the shape of one, never with what was typed otherwise', async () => {
    const h = limitedApp()
    const typo = 'my-secret-typed-as-the-user-name'
    for (let i = 0; i < 4; i++) await h.send(basic(typo, 'x'), '192.0.2.40')
    for (let i = 0; i < 4; i++) await h.send(wrong(client.clientId), '192.0.2.41')
    const limited = h.logs.map((l) => JSON.parse(l)).filter((l) => l.event === 'auth.token.limited')
    expect(limited.map((l) => l.clientId)).toEqual([null, client.clientId])
    expect(h.logs.join('\n')).not.toContain(typo)
  })
})

describe('POST /oauth/token rate limit: per source address', () => {
  test('one address spraying client IDs is refused after its burst; other addresses are not', async () => {
    const h = limitedApp()
    const statuses = []
    for (let i = 0; i < 7; i++) statuses.push((await h.send(wrong(newClientId()), '198.51.100.9')).status)
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429])
    expect(h.counted.hashes).toBe(6)
    expect((await h.send(wrong(newClientId()), '198.51.100.10')).status).toBe(401)
  })

  test('IPv6 addresses of one /64 share a budget', async () => {
    const h = limitedApp()
    for (let i = 0; i < 6; i++) await h.send(wrong(newClientId()), `2001:db8:1:2::${i + 1}`)
    expect((await h.send(wrong(newClientId()), '2001:db8:1:2:ffff::9')).status).toBe(429)
    expect((await h.send(wrong(newClientId()), '2001:db8:1:3::1')).status).toBe(401)
  })

  test('X-Forwarded-For is ignored without trusted proxies: rotating it does not escape the limit', async () => {
    const h = limitedApp()
    const statuses = []
    for (let i = 0; i < 7; i++) {
      const res = await h.send(wrong(newClientId()), '198.51.100.20', { 'x-forwarded-for': `10.0.0.${i}` })
      statuses.push(res.status)
    }
    expect(statuses.at(-1)).toBe(429)
  })

  test('with one trusted proxy, the address it appended to X-Forwarded-For is the one limited', async () => {
    const h = limitedApp({ trustedProxyHops: 1 })
    const proxy = '10.0.0.1'
    for (let i = 0; i < 6; i++) {
      await h.send(wrong(newClientId()), proxy, { 'x-forwarded-for': `1.2.3.${i}, 198.51.100.30` })
    }
    const forged = await h.send(wrong(newClientId()), proxy, { 'x-forwarded-for': '9.9.9.9, 198.51.100.30' })
    expect(forged.status).toBe(429)
    const other = await h.send(wrong(newClientId()), proxy, { 'x-forwarded-for': '198.51.100.31' })
    expect(other.status).toBe(401)
  })
})
