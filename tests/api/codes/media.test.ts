/** Media types, body limits, routing and credentials of the code endpoints: 415, 406, 400, 413, 404, 405, 401, 403. */
import { describe, expect, test } from 'bun:test'
import { setPlan } from '../../../src/services/people/organizations.ts'
import { apiRequest } from '../../support/app.ts'
import { fetchToken, gtinDefinition, postJson, postVnd, useCodeApi } from './harness.ts'

const api = useCodeApi()
const VND = 'application/vnd.service.public.v1+json'
const definition = gtinDefinition([['10', 'ABC']], { mode: 'GS1_QR' })

function envelope(code: string, message: string) {
  return { errors: [{ code, path: null, message }] }
}

async function answer(res: Response) {
  return { status: res.status, type: res.headers.get('content-type'), body: await res.json() }
}

describe('request and response media types', () => {
  test('the versioned type in and out answers with the versioned Content-Type', async () => {
    for (const path of ['/code', '/codes']) {
      const body = path === '/code' ? definition : { codes: [definition] }
      const res = await postVnd(api(), path, body)
      expect([res.status, res.headers.get('content-type')]).toEqual([200, VND])
    }
  })

  test('a 422 answers in the versioned type when asked for it', async () => {
    const res = await postVnd(api(), '/code', { primaryKey: 1 })
    expect([res.status, res.headers.get('content-type')]).toEqual([422, VND])
  })

  test('a body sent in the versioned type pins the answer’s type unless Accept names a JSON type', async () => {
    const sent = { 'content-type': VND }
    for (const accept of ['', '*/*', 'application/*']) {
      const res = await postJson(api(), '/code', definition, { ...sent, accept })
      expect([res.status, res.headers.get('content-type')]).toEqual([200, VND])
    }
    const latest = await postJson(api(), '/code', definition, { ...sent, accept: 'application/json' })
    expect(latest.headers.get('content-type')).toBe('application/json')
  })

  test('400 and 415 answer in the versioned type when asked for it', async () => {
    const vnd = { accept: VND }
    const malformed = await postJson(api(), '/code', '{', { ...vnd, 'content-type': VND })
    expect([malformed.status, malformed.headers.get('content-type')]).toEqual([400, VND])
    const plain = await postJson(api(), '/codes', 'x', { ...vnd, 'content-type': 'text/plain' })
    expect([plain.status, plain.headers.get('content-type')]).toEqual([415, VND])
  })

  test('application/json, */*, application/*, none, or a list naming either, answer application/json', async () => {
    for (const accept of [
      'application/json',
      '*/*',
      'application/*',
      '',
      'text/html, application/json;q=0.2',
    ]) {
      const res = await postJson(api(), '/code', definition, { accept })
      expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/json'])
    }
  })

  test('an Accept naming the versioned type among others picks it', async () => {
    const res = await postJson(api(), '/code', definition, { accept: `application/json, ${VND}` })
    expect(res.headers.get('content-type')).toBe(VND)
    const lower = await postJson(api(), '/code', definition, { accept: `application/json, ${VND};q=0.5` })
    expect(lower.headers.get('content-type')).toBe('application/json')
  })

  test('JSON bodies are accepted with parameters such as charset', async () => {
    const res = await postJson(api(), '/code', definition, { 'content-type': `${VND}; charset=utf-8` })
    expect(res.status).toBe(200)
  })

  test('any other Accept is 406 in the envelope', async () => {
    for (const accept of [
      'text/html',
      'image/svg+xml',
      'application/vnd.service.public.v2+json',
      'application/json;q=0',
    ]) {
      expect(await answer(await postJson(api(), '/code', definition, { accept }))).toEqual({
        status: 406,
        type: 'application/json',
        body: envelope(
          'NotAcceptable',
          'The Accept header names no media type this endpoint produces: it produces application/json or ' +
            'application/vnd.service.public.v1+json',
        ),
      })
    }
  })

  test('a 406 names what the endpoint produces, and every answer negotiated by Accept says Vary: Accept', async () => {
    const render = await postJson(
      api(),
      '/render',
      { ...definition, mode: 'GS1_QR' },
      { accept: 'text/html' },
    )
    expect(render.status).toBe(406)
    expect((await render.json()).errors[0].message).toEndWith(
      'it produces image/svg+xml, image/png or application/pdf',
    )
    const batch = await postJson(api(), '/render/batch', { codes: [] }, { accept: 'application/zip' })
    expect((await batch.json()).errors[0].message).toEndWith(
      'image/svg+xml, image/png or application/pdf, the type of the files in its ZIP',
    )
    for (const [path, body, accept] of [
      ['/code', definition, 'application/json'],
      ['/render', { ...definition, mode: 'GS1_QR' }, 'image/svg+xml'],
      ['/render', { ...definition, mode: 'GS1_QR' }, 'image/png'],
      ['/code', definition, 'text/html'],
    ] as const) {
      const res = await postJson(api(), path, body, { accept })
      expect([path, accept, res.headers.get('vary')]).toEqual([path, accept, 'Accept'])
    }
  })

  test('any other Content-Type, or none, is 415 in the envelope on every code endpoint', async () => {
    for (const path of ['/code', '/codes', '/render']) {
      for (const type of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/vnd.service.public.v2+json',
      ]) {
        expect(
          await answer(await postJson(api(), path, definition, { 'content-type': type, accept: '*/*' })),
        ).toEqual({
          status: 415,
          type: 'application/json',
          body: envelope(
            'UnsupportedMediaType',
            'Unsupported Content-Type: send the body as application/json or application/vnd.service.public.v1+json',
          ),
        })
      }
    }
    const res = await api().app.handle(
      apiRequest('/code', {
        method: 'POST',
        headers: { authorization: `Bearer ${api().token}` },
        body: '{}',
      }),
    )
    expect(res.status).toBe(415)
  })

  test('a body that is not UTF-8 is 400 in the envelope, even when it would parse with replacement characters', async () => {
    // 0xFF is never UTF-8; decoded leniently it would be U+FFFD inside a valid reference string.
    const withByte = (json: string) => new TextEncoder().encode(json).map((b) => (b === 0x58 ? 0xff : b))
    const item = JSON.stringify({ ...definition, reference: 'X' })
    for (const [path, json] of [
      ['/code', item],
      ['/codes', `{"codes":[${item}]}`],
    ] as const) {
      const request = apiRequest(path, {
        method: 'POST',
        headers: { authorization: `Bearer ${api().token}`, 'content-type': 'application/json' },
        body: withByte(json),
      })
      expect(await answer(await api().app.handle(request))).toEqual({
        status: 400,
        type: 'application/json',
        body: envelope('MalformedJson', 'The request body is not valid JSON'),
      })
    }
  })

  test('malformed JSON is 400 in the envelope', async () => {
    for (const path of ['/code', '/codes']) {
      for (const body of ['{"primaryKey": ', '', '\u00ff']) {
        expect(await answer(await postJson(api(), path, body))).toEqual({
          status: 400,
          type: 'application/json',
          body: envelope('MalformedJson', 'The request body is not valid JSON'),
        })
      }
    }
  })
})

describe('body size', () => {
  const tooLarge = JSON.stringify({ codes: [{ reference: 'x'.repeat(1024 * 1024) }] })

  test('a body over 1 MiB is 413 in the envelope', async () => {
    expect(await answer(await postJson(api(), '/codes', tooLarge))).toEqual({
      status: 413,
      type: 'application/json',
      body: envelope('PayloadTooLarge', 'The request body exceeds 1 MiB'),
    })
  })

  test('a declared body over 1 MiB is refused before any route, in the type the client asked for', async () => {
    const headers = { 'content-type': VND, accept: VND, 'content-length': String(tooLarge.length) }
    const res = await postJson(api(), '/codes', tooLarge, headers)
    expect([res.status, res.headers.get('content-type')]).toEqual([413, VND])
  })

  test('a streamed body over 1 MiB without Content-Length is 413 too', async () => {
    const bytes = new TextEncoder().encode(tooLarge)
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 64 * 1024) controller.enqueue(bytes.slice(i, i + 64 * 1024))
        controller.close()
      },
    })
    const res = await api().app.handle(
      apiRequest('/codes', {
        method: 'POST',
        headers: { authorization: `Bearer ${api().token}`, 'content-type': 'application/json' },
        body: stream,
      }),
    )
    expect(res.headers.get('content-length')).not.toBe(String(bytes.length))
    expect(res.status).toBe(413)
  })

  test('a batch of 1000 definitions just under 1 MiB is accepted', async () => {
    const codes = Array.from({ length: 1000 }, (_, i) => ({
      ...definition,
      reference: `${i}`.padEnd(180, '.'),
    }))
    const body = JSON.stringify({ codes })
    expect(body.length).toBeLessThan(1024 * 1024)
    expect((await postJson(api(), '/codes', body)).status).toBe(200)
  })
})

describe('routing', () => {
  test('an unknown route is 404 in the envelope', async () => {
    expect(await answer(await postJson(api(), '/codez', definition))).toEqual({
      status: 404,
      type: 'application/json',
      body: envelope('NotFound', 'Unknown resource'),
    })
  })

  test('another method on a code endpoint is 405 with Allow: POST', async () => {
    for (const path of ['/code', '/codes', '/render']) {
      for (const method of ['GET', 'PUT', 'DELETE']) {
        const res = await api().app.handle(apiRequest(path, { method }))
        expect([res.status, res.headers.get('allow')]).toEqual([405, 'POST'])
        expect((await res.json()).errors[0].code).toBe('MethodNotAllowed')
      }
    }
  })
})

describe('credentials (SPEC "Authentication")', () => {
  test('no token is 401 with a Bearer challenge, before the body is looked at', async () => {
    for (const path of ['/code', '/codes', '/render']) {
      const res = await api().app.handle(
        apiRequest(path, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' }),
      )
      expect([res.status, res.headers.get('www-authenticate')]).toEqual([401, 'Bearer realm="api"'])
      expect((await res.json()).errors[0].code).toBe('Unauthorized')
    }
  })

  test('a malformed or forged token is 401', async () => {
    for (const token of ['nope', 'a.b.c', `${api().token.slice(0, -4)}AAAA`]) {
      const res = await postJson({ app: api().app, token }, '/code', definition)
      expect(res.status).toBe(401)
    }
  })

  test('an expired token is 401; a new token works again', async () => {
    const a = api()
    a.clock.advance(3601 * 1000)
    try {
      expect((await postJson(a, '/code', definition)).status).toBe(401)
      const fresh = await fetchToken(a.app, a.clientId, a.clientSecret)
      expect((await postJson({ app: a.app, token: fresh }, '/code', definition)).status).toBe(200)
    } finally {
      a.clock.advance(-3601 * 1000)
    }
  })

  test('a valid token of an organization whose subscription lapsed is 403 Forbidden', async () => {
    const a = api()
    await setPlan(a.database.db, 'acme', 'free')
    try {
      // The plan change notifies the guard, which drops its cached standing; the notification may take a moment
      // to arrive over Postgres. (The injected clock is not moved: this checks the notification, not the expiry.)
      let res = await postJson(a, '/code', definition)
      for (let i = 0; i < 100 && res.status !== 403; i++) {
        await Bun.sleep(20)
        res = await postJson(a, '/code', definition)
      }
      expect(res.status).toBe(403)
      expect((await res.json()).errors[0].code).toBe('Forbidden')
    } finally {
      await setPlan(a.database.db, 'acme', 'starter')
    }
  })
})
