import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { locationAllowed, responseFaults } from './assertions.ts'
import { REDIRECT_ORIGINS, useService } from './harness.ts'
import {
  hostArb,
  queryArb,
  resolverHeadersArb,
  resolverMethodArb,
  resolverPathArb,
} from './resolver-arbitraries.ts'

const s = useService()

/** Builds the request, or null when the Fetch API itself refuses it (no server would see it either). */
function build(
  method: string,
  hostName: string,
  path: string,
  query: string,
  headers: Record<string, string>,
) {
  try {
    return new Request(`http://${hostName}${path}${query}`, { method, headers })
  } catch {
    return null
  }
}

const RUNS = 400

describe('resolver port under hostile input (fast-check)', () => {
  test('the checks catch what they look for', async () => {
    const origins = REDIRECT_ORIGINS
    expect(locationAllowed('/en/brand/product/page?x=1', origins)).toBe(true)
    expect(locationAllowed('https://id.dalgiardino.example/01/09506000134352', origins)).toBe(true)
    expect(locationAllowed('http://resolver.test/en/a/b/c', origins)).toBe(true)
    for (const bad of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'http://resolver.test.evil/',
    ]) {
      expect(locationAllowed(bad, origins)).toBe(false)
    }
    const stack = new Response('Error: boom\n    at handler (src/resolver/index.ts:10:5)', { status: 500 })
    expect(await responseFaults(stack, origins)).toHaveLength(2)
  })

  test('demo links resolve to a redirect that passes every check (the generators reach the redirect path)', async () => {
    const res = await s().service.resolver(new Request('http://resolver.test/01/04012345000009'))
    expect(res.status).toBe(307)
    expect(await responseFaults(res, REDIRECT_ORIGINS)).toEqual([])
  })

  test('a page path with an escaped control character answers 404 and never reaches the database', async () => {
    for (const segment of ['%00', 'a%00b', '%1F', '%7F']) {
      for (const path of [`/en/dal-giardino/${segment}/product`, `/en/${segment}/risotto-rice/product`]) {
        const res = await s().service.resolver(new Request(`http://resolver.test${path}`))
        expect(res.status).toBe(404)
        expect(await responseFaults(res, REDIRECT_ORIGINS)).toEqual([])
      }
    }
  })

  test('any method, host, path, compressed segment, query and header: never 5xx, no stack trace, safe headers, Location on allowed hosts', async () => {
    const statuses = new Map<number, number>()
    await fc.assert(
      fc.asyncProperty(
        resolverMethodArb,
        hostArb,
        resolverPathArb,
        queryArb,
        resolverHeadersArb,
        async (method, hostName, path, query, headers) => {
          const request = build(method, hostName, path, query, headers)
          if (request === null) return true
          const res = await s().service.resolver(request)
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
          const faults = await responseFaults(res, REDIRECT_ORIGINS)
          if (faults.length > 0) throw new Error(`${method} ${request.url}: ${faults.join('; ')}`)
          return true
        },
      ),
      { numRuns: RUNS },
    )
    // The run reached redirects, linksets or pages, and errors: it is not all 404s.
    expect([...statuses.keys()].some((code) => code < 400)).toBe(true)
  }, 60_000)

  test('redirects for random scans on every host stay on the resolver host or an active custom domain', async () => {
    const paths = fc.oneof(
      fc.constantFrom(
        '/01/09506000134352',
        '/01/9506000134376',
        '/01/04012345000009',
        '/01/4012345000009/10/AB',
      ),
      resolverPathArb,
    )
    let redirects = 0
    await fc.assert(
      fc.asyncProperty(hostArb, paths, queryArb, async (hostName, path, query) => {
        const request = build('GET', hostName, path, query, {})
        if (request === null) return true
        const res = await s().service.resolver(request)
        const location = res.headers.get('location')
        if (location !== null) redirects++
        if (location !== null && !locationAllowed(location, REDIRECT_ORIGINS)) {
          throw new Error(`${request.url} redirected to ${location}`)
        }
        return true
      }),
      { numRuns: RUNS },
    )
    expect(redirects).toBeGreaterThan(0)
  }, 60_000)
})
