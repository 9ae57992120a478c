import { describe, expect, test } from 'bun:test'
import { createStandingCache } from '../../src/auth/standing.ts'

function loaders() {
  const calls = { client: 0, organization: 0 }
  let blocked = false
  let release: () => void = () => {}
  let gate: Promise<void> | null = null
  return {
    calls,
    block: (value: boolean) => {
      blocked = value
    },
    hold() {
      gate = new Promise((resolve) => {
        release = resolve
      })
      return () => release()
    },
    loaders: {
      async client() {
        calls.client++
        if (gate) await gate
        return { organizationId: 'o1', blocked, covered: true }
      },
      async organization() {
        calls.organization++
        return true
      },
    },
  }
}

describe('standing cache', () => {
  test('serves a loaded entry until its TTL has passed, then loads again', async () => {
    const l = loaders()
    const cache = createStandingCache(l.loaders, 4000)
    expect(cache.peekClient('c1', 0)).toBeUndefined()
    expect(await cache.loadClient('c1', 0)).toEqual({ active: true, organizationId: 'o1' })
    expect(cache.peekClient('c1', 3999)).toEqual({ active: true, organizationId: 'o1' })
    expect(cache.peekOrganization('o1', 3999)).toBe(true)
    expect(cache.peekClient('c1', 4000)).toBeUndefined()
    expect(l.calls.client).toBe(1)
  })

  test('concurrent loads of one client share a single query', async () => {
    const l = loaders()
    const cache = createStandingCache(l.loaders, 4000)
    await Promise.all([cache.loadClient('c1', 0), cache.loadClient('c1', 0), cache.loadClient('c1', 0)])
    expect(l.calls.client).toBe(1)
  })

  test('a load that began before clear() does not store its stale answer', async () => {
    const l = loaders()
    const cache = createStandingCache(l.loaders, 4000)
    const release = l.hold()
    const loading = cache.loadClient('c1', 0)
    cache.clear()
    release()
    await loading
    expect(cache.peekClient('c1', 1)).toBeUndefined()
  })

  test('a blocked or deleted client is not active', async () => {
    const l = loaders()
    l.block(true)
    const cache = createStandingCache(l.loaders, 4000)
    expect(await cache.loadClient('c1', 0)).toEqual({ active: false })
    const gone = createStandingCache({ ...l.loaders, client: async () => null }, 4000)
    expect(await gone.loadClient('c2', 0)).toEqual({ active: false })
  })
})
