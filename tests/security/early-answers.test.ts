import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { connect } from 'node:net'
import { createService, type Service } from '../../src/app/boot.ts'
import { portOptions, RESOLVER_DRAIN_BYTES } from '../../src/app/ports.ts'
import type { Database } from '../../src/db/database.ts'
import { DEFAULT_SECURITY_CONFIG, type SecurityConfig } from '../../src/security/config.ts'
import { seedDemo } from '../../src/services/catalog/seed.ts'
import { TEST_CONFIG, testClock } from '../support/app.ts'
import { DATABASE_HOOK_TIMEOUT_MS, openTestDatabase } from '../support/db.ts'
import { basicAuth } from './harness.ts'
import { auditedLogger } from './log-audit.ts'

/** A code-work budget of one code, so that the second request of the client is `429` before its body is read. */
const SECURITY: SecurityConfig = {
  ...DEFAULT_SECURITY_CONFIG,
  codeWorkLimits: { concurrent: 4, burst: 1, perSecond: 1 },
}

/** What a client of a slow uplink sends: 240 KB in 16 KiB pieces, a little apart. */
const BODY_BYTES = 240 * 1024
const PIECE_BYTES = 16 * 1024
const PIECE_GAP_MS = 2

let database: Database
let service: Service
let token: string
const servers: ReturnType<typeof Bun.serve>[] = []
const portOf = { api: 0, resolver: 0, dashboard: 0 }

beforeAll(async () => {
  database = await openTestDatabase()
  const clock = testClock()
  const seeded = await seedDemo(database, clock)
  if (seeded.client === null) throw new Error('the demo client was not created')
  const config = { ...TEST_CONFIG, security: SECURITY }
  service = await createService({ config, database, logger: auditedLogger(), clock })
  const basic = basicAuth(seeded.client.clientId, seeded.client.clientSecret)
  const issued = await service.api(
    new Request(`${TEST_CONFIG.apiUrl}/oauth/token`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    }),
  )
  token = ((await issued.json()) as { access_token: string }).access_token
  // As src/main.ts serves the three ports, on loopback and a free port.
  for (const surface of ['api', 'resolver', 'dashboard'] as const) {
    const fetch =
      surface === 'api' ? service.api : surface === 'resolver' ? service.resolver : service.dashboard
    const server = Bun.serve(
      portOptions({ surface, port: 0, hostname: '127.0.0.1', fetch, security: SECURITY }),
    )
    servers.push(server)
    portOf[surface] = server.port as number
  }
}, DATABASE_HOOK_TIMEOUT_MS)
afterAll(async () => {
  for (const server of servers) await server.stop(true)
  await service?.close()
  await database?.close()
}, DATABASE_HOOK_TIMEOUT_MS)

interface Exchange {
  /** Body bytes the socket accepted before the server answered and the client stopped, or before an error. */
  readonly written: number
  /** A socket error (EPIPE, ECONNRESET), or null. */
  readonly error: string | null
  readonly status: number | null
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
}

/**
 * Sends a request head and then `bodyBytes` of body in pieces, as a client on a slow uplink does, reading the answer
 * meanwhile; resolves once the whole body is written and the whole answer (by its Content-Length) is read, or the
 * connection failed or closed. The socket is always destroyed.
 */
function slowUpload(port: number, head: string, bodyBytes = BODY_BYTES): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    const received: Buffer[] = []
    let written = 0
    let error: string | null = null
    let writing = true
    let finished = false
    const answer = () => parseAnswer(Buffer.concat(received).toString('latin1'))
    const finish = () => {
      if (finished) return
      finished = true
      clearTimeout(deadline)
      socket.destroy()
      resolve({ written, error, ...(answer() ?? { status: null, headers: {}, body: '' }) })
    }
    const maybeDone = () => {
      if (!writing && answer()?.complete) finish()
    }
    const deadline = setTimeout(finish, 20_000)
    socket.on('data', (data: Buffer) => {
      received.push(data)
      maybeDone()
    })
    socket.on('error', (e: NodeJS.ErrnoException) => {
      error = e.code ?? e.name
      finish()
    })
    socket.on('close', finish)
    socket.on('connect', async () => {
      socket.write(head)
      const piece = Buffer.alloc(PIECE_BYTES, 0x61)
      while (written < bodyBytes && !socket.destroyed) {
        const part = piece.subarray(0, Math.min(PIECE_BYTES, bodyBytes - written))
        const ok = await new Promise<boolean>((done) => socket.write(part, (e) => done(e == null)))
        if (!ok) break
        written += part.length
        await Bun.sleep(PIECE_GAP_MS)
      }
      writing = false
      maybeDone()
    })
  })
}

function parseAnswer(
  text: string,
): { status: number; headers: Record<string, string>; body: string; complete: boolean } | null {
  const end = text.indexOf('\r\n\r\n')
  if (end === -1) return null
  const [statusLine, ...fields] = text.slice(0, end).split('\r\n')
  const headers: Record<string, string> = {}
  for (const field of fields) {
    const colon = field.indexOf(':')
    headers[field.slice(0, colon).toLowerCase()] = field.slice(colon + 1).trim()
  }
  const body = text.slice(end + 4)
  const length = Number(headers['content-length'] ?? '0')
  return {
    status: Number(statusLine?.split(' ')[1]),
    headers,
    body: body.slice(0, length),
    complete: body.length >= length,
  }
}

const postHead = (path: string, host: string, headers: Record<string, string>, bytes = BODY_BYTES) =>
  `POST ${path} HTTP/1.1\r\nHost: ${host}\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}Content-Length: ${bytes}\r\n\r\n`

const hostOf = (origin: string) => new URL(origin).host

/** The client wrote its whole body and then read the whole answer: nothing was cut off. */
function expectDelivered(exchange: Exchange, status: number): void {
  expect({ error: exchange.error, written: exchange.written, status: exchange.status }).toEqual({
    error: null,
    written: BODY_BYTES,
    status,
  })
}

describe('an early answer to a body still arriving reaches the client (240 KB, written slowly)', () => {
  test('the resolver: 413 in its own shape, after Bun has read and discarded the body (was a bare 413 and EPIPE)', async () => {
    const head = postHead('/01/09506000134352', hostOf(TEST_CONFIG.resolverUrl), {
      accept: 'application/json',
      'content-type': 'application/octet-stream',
    })
    const exchange = await slowUpload(portOf.resolver, head)
    expectDelivered(exchange, 413)
    expect(JSON.parse(exchange.body)).toEqual({ status: 413, error: 'PAYLOAD_TOO_LARGE' })
  }, 30_000)

  test('the API: 401 without a token, in the envelope, before the body is read', async () => {
    const head = postHead('/code', hostOf(TEST_CONFIG.apiUrl), { 'content-type': 'application/json' })
    const exchange = await slowUpload(portOf.api, head)
    expectDelivered(exchange, 401)
    expect(JSON.parse(exchange.body).errors[0].code).toBe('Unauthorized')
  }, 30_000)

  test('the API: 429 with Retry-After when the client’s code budget is spent', async () => {
    const spend = await service.api(
      new Request(`${TEST_CONFIG.apiUrl}/code`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ primaryKey: { key: '01', value: '09506000134352' } }),
      }),
    )
    expect(spend.status).toBe(200)
    const head = postHead('/code', hostOf(TEST_CONFIG.apiUrl), {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    })
    const exchange = await slowUpload(portOf.api, head)
    expectDelivered(exchange, 429)
    expect(Number(exchange.headers['retry-after'])).toBeGreaterThan(0)
    expect(JSON.parse(exchange.body).errors[0].code).toBe('TooManyRequests')
  }, 30_000)

  test('the token endpoint and the dashboard: 413 for a form over their limit, before the body is read', async () => {
    const token = await slowUpload(
      portOf.api,
      postHead('/oauth/token', hostOf(TEST_CONFIG.apiUrl), {
        authorization: basicAuth('svc_client_00000000000000000000000000000000', 'x'),
        'content-type': 'application/x-www-form-urlencoded',
      }),
    )
    expectDelivered(token, 413)
    expect(JSON.parse(token.body).error).toBe('invalid_request')
    const signIn = await slowUpload(
      portOf.dashboard,
      postHead('/sign-in', hostOf(TEST_CONFIG.dashboardUrl), {
        origin: TEST_CONFIG.dashboardUrl,
        'content-type': 'application/x-www-form-urlencoded',
      }),
    )
    expectDelivered(signIn, 413)
    expect(signIn.body).toContain('Too much data')
  }, 30_000)

  test('a body over the resolver’s drain limit is still cut off by Bun itself (bounded work)', async () => {
    const bytes = RESOLVER_DRAIN_BYTES + 1
    const head = postHead('/01/09506000134352', hostOf(TEST_CONFIG.resolverUrl), {}, bytes)
    const exchange = await slowUpload(portOf.resolver, head, bytes)
    expect(exchange.status).toBe(413)
    expect(exchange.written).toBeLessThan(bytes)
  }, 30_000)
})
