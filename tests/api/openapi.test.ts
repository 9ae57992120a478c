/** The OpenAPI document: served, valid (swagger-parser, Redocly recommended rules), complete, and true to real answers. */
import { describe, expect, test } from 'bun:test'
import SwaggerParser from '@apidevtools/swagger-parser'
import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { validationCodes } from '../../src/api/openapi/index.ts'
import { VALIDATION_CODES } from '../../src/gs1/index.ts'
import { CLI_ACTOR } from '../../src/services/audit.ts'
import { createClient } from '../../src/services/clients/api-clients.ts'
import { apiRequest } from '../support/app.ts'
import { fetchToken, gtinDefinition, postJson, STEM, useCodeApi } from './codes/harness.ts'

const api = useCodeApi()
const VND = 'application/vnd.service.public.v1+json'

// biome-ignore lint/suspicious/noExplicitAny: the document is checked by shape here
type Doc = any

async function document(): Promise<Doc> {
  const res = await api().app.handle(apiRequest('/openapi.json'))
  expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/json'])
  return res.json()
}

describe('GET /openapi.json', () => {
  test('is JSON that browsers may not sniff as anything else', async () => {
    const res = await api().app.handle(apiRequest('/openapi.json'))
    expect([res.status, res.headers.get('x-content-type-options')]).toEqual([200, 'nosniff'])
  })

  test('is OpenAPI 3.1 with info.version 1.0.0 and the configured server', async () => {
    const doc = await document()
    expect([doc.openapi, doc.info.version, doc.servers]).toEqual([
      '3.1.0',
      '1.0.0',
      [{ url: 'http://api.test', description: 'This service' }],
    ])
  })

  test('passes @apidevtools/swagger-parser validation', async () => {
    await SwaggerParser.validate(await document())
  })

  test('passes the Redocly recommended rules without a warning', async () => {
    // @redocly/openapi-core is the lint engine of @redocly/cli (installed with openapi-typescript).
    const redocly = await import('@redocly/openapi-core')
    const config = await redocly.createConfig({ extends: ['recommended'] })
    const problems = await redocly.lintFromString({
      source: JSON.stringify(await document()),
      absoluteRef: 'openapi.json',
      config,
    })
    expect(problems.map((p) => `${p.ruleId}: ${p.message} ${p.location[0]?.pointer ?? ''}`)).toEqual([])
  })

  test('describes exactly the routes of the app (health and documentation aside)', async () => {
    const doc = await document()
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item as object).map((method) => `${method.toUpperCase()} ${path}`),
    )
    const hidden = new Set(['/healthz', '/readyz', '/openapi.json', '/docs'])
    const routes = api()
      .app.routes.filter((r) => !hidden.has(r.path))
      .map((r) => `${r.method.toUpperCase()} ${r.path.replace(/:(\w+)/g, '{$1}')}`)
    expect(documented.sort()).toEqual(routes.sort())
    expect(documented).toEqual(
      expect.arrayContaining([
        'POST /oauth/token',
        'GET /.well-known/jwks.json',
        'POST /code',
        'POST /codes',
        'POST /render',
      ]),
    )
  })

  test('names the operations, with render2dBarcode for POST /render', async () => {
    const doc = await document()
    expect(['/oauth/token', '/code', '/codes', '/render'].map((p) => doc.paths[p].post.operationId)).toEqual([
      'requestAccessToken',
      'generateCode',
      'batchGenerate2dBarcodes',
      'render2dBarcode',
    ])
  })

  test('code operations take and give both JSON media types, with every status code', async () => {
    const doc = await document()
    for (const path of ['/code', '/codes']) {
      const op = doc.paths[path].post
      expect(Object.keys(op.requestBody.content).sort()).toEqual(['application/json', VND])
      // Only the batch queues work for the worker threads: its queue may be full (503).
      const queued = path === '/codes' ? ['503'] : []
      expect(Object.keys(op.responses).sort()).toEqual([
        '200',
        '400',
        '401',
        '403',
        '406',
        '413',
        '415',
        '422',
        '429',
        '500',
        ...queued,
      ])
      for (const status of ['200', '400', '413', '415', '422']) {
        expect([status, Object.keys(op.responses[status].content).sort()]).toEqual([
          status,
          ['application/json', VND],
        ])
      }
      expect(op.security).toEqual([{ oauth2: ['write:codes'] }])
    }
    const render = doc.paths['/render'].post
    expect(Object.keys(render.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '406',
      '413',
      '415',
      '422',
      '429',
      '500',
      '503',
    ])
    for (const status of ['429', '503']) {
      expect(render.responses[status].headers).toEqual({
        'Retry-After': { $ref: '#/components/headers/Retry-After' },
      })
    }
    expect(render.responses['429'].content['application/json'].example.errors[0].code).toBe('TooManyRequests')
    expect(render.responses['503'].content['application/json'].example.errors[0].code).toBe('Overloaded')
    expect(Object.keys(render.responses['200'].content)).toEqual([
      'image/svg+xml',
      'image/png',
      'application/pdf',
    ])
    expect(Object.keys(render.responses['200'].headers)).toContain('X-Module-Size')
    expect(Object.keys(render.responses['422'].content)).toEqual(['application/json'])
    const batch = doc.paths['/render/batch'].post
    expect(Object.keys(batch.responses['200'].content)).toEqual(['application/zip'])
    expect(render.responses['400'].content).toBeUndefined()
    expect(Object.keys(render.responses['415'].content)).toEqual(['application/json'])
  })

  test('describes the token endpoint: form body, HTTP Basic, flat RFC 6749 errors', async () => {
    const doc = await document()
    const op = doc.paths['/oauth/token'].post
    expect(Object.keys(op.requestBody.content)).toEqual(['application/x-www-form-urlencoded'])
    expect(op.security).toEqual([{ clientBasic: [] }])
    expect(Object.keys(op.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '406',
      '413',
      '415',
      '429',
      '500',
    ])
    for (const status of ['400', '401', '403', '406', '413', '415', '429', '500']) {
      expect(op.responses[status].content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/OAuthError',
      })
    }
    expect(op.responses['429'].headers['Retry-After'].schema).toEqual({ type: 'integer', minimum: 1 })
    expect(doc.components.schemas.OAuthError.properties.error.enum).toEqual([
      'invalid_request',
      'invalid_client',
      'invalid_scope',
      'unauthorized_client',
      'unsupported_grant_type',
      'server_error',
    ])
  })

  test('declares oauth2 client credentials with the write:codes scope', async () => {
    const doc = await document()
    expect(doc.components.securitySchemes.oauth2).toMatchObject({
      type: 'oauth2',
      flows: {
        clientCredentials: { tokenUrl: '/oauth/token', scopes: { 'write:codes': expect.any(String) } },
      },
    })
  })

  test('lists every validation code with its meaning', async () => {
    const description: string = (await document()).components.schemas.ValidationIssue.properties.code
      .description
    const codes = validationCodes()
    expect(codes.length).toBe(VALIDATION_CODES.length + 19)
    for (const c of codes) expect(description).toContain(`\`${c.code}\`: ${c.description}`)
  })
})

describe('real answers match the documented schemas', () => {
  async function validator() {
    const doc = (await SwaggerParser.dereference(await document())) as Doc
    const ajv = new Ajv2020({ strict: false, allErrors: true })
    addFormats(ajv)
    return (path: string, status: string, body: unknown) => {
      const schema = doc.paths[path].post.responses[status].content['application/json'].schema
      const validate = ajv.compile(schema)
      expect(validate(body) ? [] : validate.errors).toEqual([])
    }
  }

  test('200 and 422 of /code and /codes, and the envelope of 406', async () => {
    const check = await validator()
    const ok = gtinDefinition([['21', 'S']], { digitalLinkStem: STEM, mode: 'QR_GS1_DIGITAL_LINK_URI' })
    const bad = gtinDefinition([['17', '261332']], { mode: 'GS1_QR' })
    check('/code', '200', await (await postJson(api(), '/code', ok)).json())
    check('/code', '422', await (await postJson(api(), '/code', bad)).json())
    check('/codes', '200', await (await postJson(api(), '/codes', { codes: [ok, bad, 'x'] })).json())
    check('/codes', '422', await (await postJson(api(), '/codes', { codes: 1 })).json())
    check('/code', '406', await (await postJson(api(), '/code', ok, { accept: 'text/html' })).json())
  })
})

describe('GET /docs', () => {
  async function docs(): Promise<{ res: Response; html: string }> {
    const res = await api().app.handle(apiRequest('/docs'))
    return { res, html: await res.text() }
  }

  test('is an HTML page with nosniff, no referrer and a CSP that allows only its inline stylesheet, by hash', async () => {
    const { res, html } = await docs()
    const style = /<style>(.*?)<\/style>/s.exec(html)?.[1] ?? ''
    const hash = new Bun.CryptoHasher('sha256').update(style).digest('base64')
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8'])
    expect([res.headers.get('x-content-type-options'), res.headers.get('referrer-policy')]).toEqual([
      'nosniff',
      'no-referrer',
    ])
    expect(res.headers.get('content-security-policy')).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    )
    expect(res.headers.get('set-cookie')).toBeNull()
  })

  test('works without JavaScript: no script at all; every link stays on the page, the document or a data: icon', async () => {
    const { html } = await docs()
    expect(html).not.toMatch(/<script|\son[a-z]+=|javascript:/i)
    const targets = [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1] as string)
    expect(
      targets.filter((t) => !t.startsWith('#') && t !== 'openapi.json' && !t.startsWith('data:')),
    ).toEqual([])
    expect(html).toContain('<link rel="icon" href="data:image/svg+xml;base64,')
    expect(html).toContain('<a href="openapi.json">OpenAPI document (JSON)</a>')
  })

  test('shows the title and version, then every operation of the document with its method, path and summary', async () => {
    const { html } = await docs()
    const doc = await document()
    expect(html).toContain(
      '<h1>GS1 Digital Link Code API</h1><p class="subtitle">Version 1.0.0 · OpenAPI 3.1.0</p>',
    )
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item as Record<string, Doc>)) {
        expect(html).toContain(
          `<section class="op" id="op-${operation.operationId}"><h3>${operation.summary}</h3>` +
            `<p class="endpoint"><span class="method method-${method}">${method.toUpperCase()}</span> <code>${path}</code></p>`,
        )
        expect(html).toContain(`<a href="#op-${operation.operationId}">`)
      }
    }
  })

  test('lists every response status of an operation, its schema and example, and every schema with every validation code', async () => {
    const { html } = await docs()
    const doc = await document()
    const render = /<section class="op" id="op-render2dBarcode">.*?<\/section>/s.exec(html)?.[0] ?? ''
    const statuses = [...render.matchAll(/<span class="status">(\d+)<\/span>/g)].map((m) => m[1])
    expect(statuses).toEqual(Object.keys(doc.paths['/render'].post.responses))
    expect(render).toContain(
      '<span class="status">400</span> Bad Request</dt><dd><p>Invalid JSON or definition',
    )
    expect(html).toContain(
      '<code>application/vnd.service.public.v1+json</code>, <code>application/json</code>: <a href="#schema-CodeDefinition">CodeDefinition</a>',
    )
    expect(html).toContain(
      '<details open><summary>Example request body</summary><pre><code>grant_type=client_credentials</code></pre></details>',
    )
    for (const name of Object.keys(doc.components.schemas)) {
      expect(html).toContain(`<section class="schema" id="schema-${name}"><h3>${name}</h3>`)
    }
    for (const { code } of validationCodes()) expect(html).toContain(`<li><code>${code}</code>: `)
  })

  test('/docs/ redirects to /docs, where the page’s relative link to the document resolves', async () => {
    const res = await api().app.handle(apiRequest('/docs/'))
    expect([res.status, res.headers.get('location')]).toEqual([308, '../docs'])
    expect(new URL(res.headers.get('location') ?? '', 'https://api.example/docs/').pathname).toBe('/docs')
  })
})

describe('every answer is documented: its status, and its media type for that status', () => {
  const SAMPLE: Readonly<Record<string, string>> = { gtin: '09506000134352', slug: 'acme-oats' }
  const concrete = (path: string, sample: Readonly<Record<string, string>> = {}) =>
    path.replace(/\{(\w+)\}/g, (_, name: string) => sample[name] ?? SAMPLE[name] ?? 'x')

  interface Attempt {
    readonly label: string
    readonly init: RequestInit
    readonly query?: string
    /** Path parameters other than `SAMPLE`'s. */
    readonly sample?: Readonly<Record<string, string>>
  }

  /** Requests that fail in each way a client can fail: no token, a token without the scope, bad input, bad types. */
  function attempts(method: string, token: string): Attempt[] {
    const json = { 'content-type': VND }
    const svgToo = { accept: `${VND}, image/svg+xml` }
    const body = method === 'GET' || method === 'DELETE' ? undefined : '{"unknown":1}'
    const bearer = { authorization: `Bearer ${token}` }
    return [
      { label: 'no token', init: { method, headers: { accept: VND, ...json }, body } },
      { label: 'token', init: { method, headers: { accept: VND, ...json, ...bearer }, body } },
      {
        label: 'bad query',
        init: { method, headers: { accept: VND, ...json, ...bearer }, body },
        query: '?limit=x&dryRun=maybe&from=1',
      },
      {
        label: 'wrong check digit',
        init: { method, headers: { accept: VND, ...json, ...bearer }, body },
        sample: { gtin: '09506000134353' },
      },
      {
        label: 'not JSON',
        init: { method, headers: { accept: VND, ...json, ...bearer }, body: body && '{' },
      },
      {
        label: 'too large',
        init: {
          method,
          headers: { ...json, ...bearer, ...svgToo },
          body: body && 'x'.repeat(1024 * 1024 + 1),
        },
      },
      { label: 'SVG too', init: { method, headers: { ...json, ...bearer, ...svgToo }, body } },
      { label: 'html wanted', init: { method, headers: { accept: 'text/html', ...json, ...bearer }, body } },
      {
        label: 'text sent',
        init: { method, headers: { accept: VND, 'content-type': 'text/plain', ...bearer }, body },
      },
    ]
  }

  test('with Accept: the versioned type, every failure of every operation', async () => {
    const client = await createClient(api().database.db, {
      actor: CLI_ACTOR,
      organizationSlug: 'acme',
      name: 'Everything',
      scopes: ['write:codes', 'read:catalog', 'write:catalog', 'read:scans'],
      clock: api().deps.clock,
    })
    if (!client.ok) throw new Error(client.message)
    const token = await fetchToken(api().app, client.clientId, client.clientSecret)
    const doc = (await SwaggerParser.dereference(await document())) as Doc
    const ajv = new Ajv2020({ strict: false, allErrors: true })
    addFormats(ajv)
    const undocumented: string[] = []
    for (const [path, operations] of Object.entries(doc.paths as Record<string, Record<string, Doc>>)) {
      if (path === '/oauth/token') continue
      for (const [method, operation] of Object.entries(operations)) {
        for (const attempt of attempts(method.toUpperCase(), token)) {
          const url = concrete(path, attempt.sample) + (attempt.query ?? '')
          const res = await api().app.handle(apiRequest(url, attempt.init))
          const documented = operation.responses[String(res.status)] ?? operation.responses.default
          const type = (res.headers.get('content-type') ?? '').split(';')[0] ?? ''
          const where = `${method.toUpperCase()} ${path} (${attempt.label}) ${res.status} ${type}`
          if (documented === undefined) {
            undocumented.push(`${where}: status not documented`)
            continue
          }
          const media = documented.content?.[type]
          if (media === undefined) {
            if (documented.content !== undefined || res.body !== null)
              undocumented.push(`${where}: type not documented`)
            continue
          }
          if (type.endsWith('json')) {
            const validate = ajv.compile(media.schema)
            if (!validate(await res.json())) undocumented.push(`${where}: ${ajv.errorsText(validate.errors)}`)
          }
        }
      }
    }
    expect(undocumented).toEqual([])
  })
})
