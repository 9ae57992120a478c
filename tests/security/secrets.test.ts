import { afterAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { createApp } from '../../src/api/app.ts'
import { authFeature, tokenRequestLimiter } from '../../src/api/auth/index.ts'
import type { AuthService } from '../../src/auth/service.ts'
import { rememberPeer } from '../../src/security/client-address.ts'
import { TEST_CONFIG, testDeps } from '../support/app.ts'
import { startInstance, stopAllInstances } from '../support/processes.ts'
import { makeTempDir, removeTempDir } from '../support/temp.ts'
import { basicAuth, useService } from './harness.ts'
import { auditedLogger, recordLogLines, recordSecret, scanForSecrets } from './log-audit.ts'

const s = useService()
afterAll(() => stopAllInstances(), 30_000)

const FORM = 'application/x-www-form-urlencoded'

function api(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Request(`${TEST_CONFIG.apiUrl}${path}`, { method: init.method ?? 'POST', ...init })
}

function tokenRequest(authorization: string, options: { query?: string; body?: string } = {}) {
  return api(`/oauth/token${options.query ?? ''}`, {
    headers: { authorization, 'content-type': FORM },
    body: options.body ?? 'grant_type=client_credentials',
  })
}

/** Waits (at most a second) for `condition`. */
async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !condition(); i++) await Bun.sleep(10)
  expect(condition()).toBe(true)
}

describe('log audit helper', () => {
  test('finds tokens, Authorization values, secret-named fields and known secrets, naming only line and kind', () => {
    const lines = [
      '{"event":"request","path":"/code"}',
      '{"event":"x","path":"/eyJhbGciOi.eyJzdWIiOi.c2ln"}',
      '{"event":"x","note":"Bearer abcdefgh12345"}',
      '{"event":"x","client_secret":"-"}',
      '{"event":"x","path":"/s3cr3t-value-123"}',
    ]
    expect(scanForSecrets(lines, ['s3cr3t-value-123'])).toEqual([
      { line: 1, kind: 'access token (JWT)' },
      { line: 2, kind: 'Authorization value' },
      { line: 3, kind: 'secret-named field' },
      { line: 4, kind: 'known secret or token' },
    ])
  })
})

describe('no secret, token or Authorization value in any log line (in-process)', () => {
  test('token requests of every kind, guarded endpoints and the resolver log none of what they were sent', async () => {
    const { service, client, token, clock } = s()
    const secret = client.clientSecret
    const basic = basicAuth(client.clientId, secret)
    const bearer = `Bearer ${token}`
    const json = { 'content-type': 'application/json', authorization: bearer }
    const definition = JSON.stringify({ primaryKey: { key: '01', value: '9506000134352' } })
    const requests = [
      tokenRequest(basic),
      tokenRequest(basicAuth(client.clientId, `${secret}x`)),
      tokenRequest(basicAuth(secret, secret)),
      tokenRequest(`Basic ${secret}`),
      tokenRequest(basic, { query: `?client_secret=${secret}` }),
      tokenRequest(basic, { body: `grant_type=client_credentials&client_secret=${secret}` }),
      tokenRequest(basic, { body: `grant_type=${secret}` }),
      api('/code', { headers: json, body: definition }),
      api('/codes', { headers: json, body: JSON.stringify({ codes: [JSON.parse(definition)] }) }),
      api('/render', { headers: { ...json, accept: 'image/svg+xml' }, body: '{}' }),
      api(`/code?access_token=${token}`, {
        headers: { 'content-type': 'application/json' },
        body: definition,
      }),
      api('/code', {
        headers: { ...json, authorization: `Bearer ${token.slice(0, -4)}AAAA` },
        body: definition,
      }),
      api('/code', { headers: { ...json, authorization: basic }, body: definition }),
      api('/healthz', { method: 'GET', headers: { authorization: bearer, cookie: `token=${token}` } }),
    ]
    const statuses = []
    for (const request of requests) statuses.push((await service.api(request)).status)
    // Expired: the same token an hour later.
    clock.advance(3601 * 1000)
    statuses.push((await service.api(api('/code', { headers: json, body: definition }))).status)
    clock.advance(-3601 * 1000)
    for (const path of ['/01/09506000134352', '/01/04012345000009', '/en/northwind/green-tea/about']) {
      const r = new Request(`http://resolver.test${path}?token=${token}`, {
        headers: { authorization: bearer },
      })
      statuses.push((await service.resolver(r)).status)
    }
    expect(statuses).toEqual([
      200, 401, 401, 401, 400, 400, 400, 200, 200, 400, 401, 401, 401, 200, 401, 307, 307, 200,
    ])
    // The request log line is written after the response is handed back.
    await waitFor(() => s().logs.length > statuses.length)
    expect(scanForSecrets(s().logs, [secret, token, basic, bearer])).toEqual([])
  })

  test('a fault while checking credentials logs the error name only, not its message', async () => {
    const { database, client } = s()
    const logger = auditedLogger()
    const deps = { ...testDeps(database), logger }
    const failing = {
      issueToken: () => Promise.reject(new Error(`database said: no row for secret ${client.clientSecret}`)),
    } as unknown as AuthService
    const limitTokenRequest = tokenRequestLimiter({
      limits: { client: { burst: 1, perMinute: 1 }, address: { burst: 1, perMinute: 1 } },
      clock: deps.clock,
      logger,
    })
    const app = createApp(deps, [authFeature({ ...deps, auth: failing, limitTokenRequest })])
    const basic = basicAuth(client.clientId, client.clientSecret)
    const statuses = []
    for (let i = 0; i < 3; i++) {
      const request = tokenRequest(basic)
      rememberPeer(request, '192.0.2.77')
      statuses.push((await app.handle(request)).status)
    }
    // A fault is not a failed authentication: the budget of 1 is never used up.
    expect(statuses).toEqual([500, 500, 500])
    const errors = logger.lines.filter((l) => l.includes('"api.error"'))
    expect(errors).toHaveLength(3)
    expect(JSON.parse(errors[0] as string).error).toBe('Error')
    expect(scanForSecrets(logger.lines, [client.clientSecret, basic])).toEqual([])
  })
})

describe('no secret, token or Authorization value in the log of a real `bun src/main.ts`', () => {
  test('the demo secret appears only in the start banner; JSON log lines carry none of it nor any token', async () => {
    const dir = makeTempDir('secrets')
    try {
      const instance = await startInstance({ env: { DATA_DIR: join(dir, 'pglite') }, readyTimeoutMs: 60_000 })
      const idLine = instance.stdout.find((l) => l.includes('client id:'))
      const secretLine = instance.stdout.find((l) => l.includes('client secret:'))
      const clientId = idLine?.split('client id:')[1]?.trim() ?? ''
      const secret = secretLine?.split('client secret:')[1]?.trim() ?? ''
      expect(clientId).toStartWith('svc_client_')
      recordSecret(secret)
      const post = (path: string, headers: Record<string, string>, body: string) =>
        fetch(`${instance.api}${path}`, { method: 'POST', headers, body })
      const form = { 'content-type': FORM }
      const ok = await post(
        '/oauth/token',
        { ...form, authorization: basicAuth(clientId, secret) },
        'grant_type=client_credentials',
      )
      expect(ok.status).toBe(200)
      const token = ((await ok.json()) as { access_token: string }).access_token
      recordSecret(token)
      const statuses = [
        (
          await post(
            '/oauth/token',
            { ...form, authorization: basicAuth(clientId, 'wrong') },
            'grant_type=client_credentials',
          )
        ).status,
        (
          await post(
            `/oauth/token?client_secret=${secret}`,
            { ...form, authorization: basicAuth(clientId, secret) },
            '',
          )
        ).status,
        (
          await post(
            '/code',
            { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            '{"primaryKey":{"key":"01","value":"9506000134352"}}',
          )
        ).status,
        (await post('/code', { 'content-type': 'application/json', authorization: `Bearer ${token}x` }, '{}'))
          .status,
        (
          await fetch(`${instance.resolver}/01/04012345000009?t=${token}`, {
            headers: { authorization: `Bearer ${token}` },
            redirect: 'manual',
          })
        ).status,
      ]
      expect(statuses).toEqual([401, 400, 200, 401, 307])
      expect(await instance.stop()).toBe(0)
      const logLines = instance.stdout.filter((l) => l.startsWith('{'))
      recordLogLines(logLines)
      expect(logLines.filter((l) => l.includes('"event":"request"')).length).toBeGreaterThanOrEqual(6)
      expect(scanForSecrets(logLines, [secret, token, basicAuth(clientId, secret)])).toEqual([])
      expect(instance.stdout.filter((l) => l.includes(secret)).length).toBe(2)
    } finally {
      removeTempDir(dir)
    }
  }, 90_000)
})
