import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { TEST_CONFIG } from '../support/app.ts'
import {
  acceptArb,
  apiMethodArb,
  apiPathArb,
  apiQueryArb,
  authorizationArb,
  contentTypeArb,
  formBodyArb,
  headerValue,
  isValidBearer,
  jsonBodyArb,
  withCredentials,
} from './api-arbitraries.ts'
import { responseFaults } from './assertions.ts'
import { useService } from './harness.ts'

const s = useService()

/** The API redirects nowhere: only paths on its own host would be acceptable. */
const NO_ORIGINS: readonly string[] = []

/** The real credentials behind the placeholders of generated `Authorization` values. */
const known = () => ({ ...s().client, token: s().token })

interface Shape {
  method: string
  path: string
  query: string
  /** `authorization` may hold placeholders (see `withCredentials`). */
  headers: Record<string, string | undefined>
  body?: string | Uint8Array<ArrayBuffer>
}

/** Builds the request, or null when the Fetch API itself refuses it (no server would see it either). */
function build(shape: Shape): Request | null {
  const headers = new Headers()
  const authorization = withCredentials(shape.headers.authorization, known())
  try {
    for (const [name, value] of Object.entries({ ...shape.headers, authorization })) {
      if (value !== undefined) headers.set(name, value)
    }
    const body = shape.method === 'GET' || shape.method === 'HEAD' ? undefined : shape.body
    const url = `${TEST_CONFIG.apiUrl}${shape.path}${shape.query}`
    return new Request(url, { method: shape.method, headers, body })
  } catch {
    return null
  }
}

/** Sends the request and returns its faults, plus any header that echoes the credentials sent. */
async function faultsOf(shape: Shape): Promise<string[]> {
  const request = build(shape)
  if (request === null) return []
  const res = await s().service.api(request)
  const sent = withCredentials(shape.headers.authorization, known())
  const credential = sent?.split(' ').slice(1).join(' ') ?? ''
  const echoed = [...res.headers].filter(([, v]) => credential.length >= 8 && v.includes(credential))
  const faults = await responseFaults(res, NO_ORIGINS)
  return [...faults, ...echoed.map(([name]) => `${name} echoes the credentials`)].map(
    (f) => `${shape.method} ${shape.path}${shape.query}: ${f}`,
  )
}

function expectNoFaults(faults: string[]): true {
  if (faults.length > 0) throw new Error(faults.join('\n'))
  return true
}

/** Mutating a token's last base64url character may leave its bytes unchanged: then it is the same token. */
function sameTokenBytes(authorization: string | undefined): boolean {
  const real = withCredentials(authorization, known())
  if (!real?.startsWith('Bearer ')) return false
  const sent = real.slice(7).split('.')
  const decode = (part: string | undefined) => Buffer.from(part ?? '', 'base64url').toString('hex')
  return s()
    .token.split('.')
    .every((part, i) => decode(part) === decode(sent[i]))
}

describe('code API under hostile input (fast-check)', () => {
  test('any method, path, query, media types, credentials and body: never 5xx, no stack trace, safe headers', async () => {
    await fc.assert(
      fc.asyncProperty(
        apiMethodArb,
        apiPathArb,
        apiQueryArb,
        contentTypeArb,
        acceptArb,
        authorizationArb(s().client.clientId),
        fc.oneof(jsonBodyArb, formBodyArb),
        async (method, path, query, contentType, accept, authorization, body) =>
          expectNoFaults(
            await faultsOf({
              method,
              path,
              query,
              headers: { 'content-type': contentType, accept, authorization },
              body,
            }),
          ),
      ),
      { numRuns: 300 },
    )
  }, 60_000)

  test('JSON bodies on every code endpoint with a valid token: never 5xx, no stack trace', async () => {
    const statuses = new Set<number>()
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/code', '/codes', '/render'),
        fc.constantFrom('application/json', 'application/vnd.service.public.v1+json'),
        fc.constantFrom(undefined, 'image/svg+xml', 'application/json', '*/*'),
        jsonBodyArb,
        async (path, contentType, accept, body) => {
          const headers = { 'content-type': contentType, accept, authorization: 'Bearer {{TOKEN}}' }
          const shape = { method: 'POST', path, query: '', headers, body }
          const request = build(shape)
          if (request !== null) statuses.add((await s().service.api(request)).status)
          return expectNoFaults(await faultsOf(shape))
        },
      ),
      { numRuns: 300 },
    )
    // The definitions reach the generator: some succeed, some are refused as invalid.
    expect(statuses.has(200)).toBe(true)
    expect(statuses.has(422)).toBe(true)
  }, 60_000)

  test('Bearer tokens forged, mutated or junk on a guarded endpoint: 401 or 403 only, never accepted', async () => {
    await fc.assert(
      fc.asyncProperty(authorizationArb(s().client.clientId), async (authorization) => {
        if (isValidBearer(authorization)) return true
        const headers = { 'content-type': 'application/json', authorization }
        const request = build({ method: 'POST', path: '/code', query: '', headers, body: '{}' })
        if (request === null) return true
        const res = await s().service.api(request)
        if (res.status === 422 && sameTokenBytes(authorization)) return true
        // The generated value (placeholders, not the token) is what fast-check reports.
        if (res.status !== 401 && res.status !== 403) throw new Error(`answered ${res.status}`)
        return expectNoFaults(await responseFaults(res, NO_ORIGINS))
      }),
      { numRuns: 300 },
    )
  }, 60_000)

  test('token requests with hostile forms, media types and Basic credentials: 2xx or 4xx, flat RFC 6749 errors', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof({ weight: 5, arbitrary: fc.constant('application/x-www-form-urlencoded') }, contentTypeArb),
        fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, acceptArb),
        authorizationArb(s().client.clientId),
        fc.oneof({ weight: 3, arbitrary: fc.constant('grant_type=client_credentials') }, formBodyArb),
        fc.oneof({ weight: 4, arbitrary: fc.constant('') }, apiQueryArb),
        async (contentType, accept, authorization, body, query) => {
          const headers = { 'content-type': contentType, accept, authorization }
          const request = build({ method: 'POST', path: '/oauth/token', query, headers, body })
          if (request === null) return true
          const res = await s().service.api(request)
          const copy = res.clone()
          expectNoFaults(await responseFaults(res, NO_ORIGINS))
          if (res.status >= 400) {
            const answer = (await copy.json()) as Record<string, unknown>
            expect(Object.keys(answer).sort()).toEqual(['error', 'error_description'])
          }
          return true
        },
      ),
      { numRuns: 120 },
    )
  }, 60_000)

  test('hostile header values anywhere (Host-like, forwarding, cookies, unknown names) change nothing for the worse', async () => {
    const names = [
      'x-forwarded-for',
      'x-forwarded-host',
      'forwarded',
      'cookie',
      'origin',
      'referer',
      'x-a',
      'range',
    ]
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom(...names), headerValue(200), { maxKeys: 4 }),
        apiPathArb,
        async (headers, path) => expectNoFaults(await faultsOf({ method: 'GET', path, query: '', headers })),
      ),
      { numRuns: 150 },
    )
  }, 60_000)
})
