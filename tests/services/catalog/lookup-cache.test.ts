import { describe, expect, test } from 'bun:test'
import { LookupCache } from '../../../src/services/catalog/lookup-cache.ts'
import { testClock } from '../../support/app.ts'

function cacheWith(load: (key: string) => Promise<string | null>, clock = testClock()) {
  return {
    clock,
    cache: new LookupCache<string>({ ttlMs: 1000, negativeTtlMs: 100, maxEntries: 3, clock }, load),
  }
}

describe('LookupCache', () => {
  test('serves a fresh value without loading again; after the TTL it answers the old value at once and reloads it', async () => {
    let loads = 0
    const { cache, clock } = cacheWith(async (k) => `${k}${++loads}`)
    expect(await cache.get('a')).toBe('a1')
    clock.advance(999)
    expect(await cache.get('a')).toBe('a1')
    clock.advance(2)
    expect(await cache.get('a')).toBe('a1')
    expect(loads).toBe(2)
    await Bun.sleep(0)
    expect(cache.peek('a')).toBe('a2')
    expect(await cache.get('a')).toBe('a2')
  })

  test('an aged value is answered without waiting for its reload, however slow', async () => {
    const { promise: gate, resolve: open } = Promise.withResolvers<void>()
    let loads = 0
    const { cache, clock } = cacheWith(async (k) => {
      if (++loads > 1) await gate
      return `${k}${loads}`
    })
    expect(await cache.get('a')).toBe('a1')
    clock.advance(1001)
    const answered = await Promise.race([cache.get('a'), Bun.sleep(50).then(() => 'waited')])
    expect(answered).toBe('a1')
    // Asked again while the reload is under way: still the old value, and no second load.
    expect(await cache.get('a')).toBe('a1')
    expect(loads).toBe(2)
    open()
    await Bun.sleep(0)
    expect(await cache.get('a')).toBe('a2')
  })

  test('keeps a "not found" only for the shorter negative TTL', async () => {
    let value: string | null = null
    const { cache, clock } = cacheWith(async () => value)
    expect(await cache.get('a')).toBeNull()
    value = 'now'
    expect(await cache.get('a')).toBeNull()
    clock.advance(101)
    expect(await cache.get('a')).toBe('now')
  })

  test('peek() answers only from a fresh entry, never loads, and is undefined once stale or cleared', async () => {
    let loads = 0
    let value: string | null = 'v'
    const { cache, clock } = cacheWith(async () => {
      loads++
      return value
    })
    expect(cache.peek('a')).toBeUndefined()
    await cache.get('a')
    expect(cache.peek('a')).toBe('v')
    clock.advance(1001)
    expect(cache.peek('a')).toBeUndefined()
    value = null
    await cache.get('b')
    expect(cache.peek('b')).toBeNull()
    clock.advance(101)
    expect(cache.peek('b')).toBeUndefined()
    await cache.get('a')
    cache.clear()
    expect(cache.peek('a')).toBeUndefined()
    expect(loads).toBe(3)
  })

  test('shares one load between concurrent misses', async () => {
    let loads = 0
    const { cache } = cacheWith(async (k) => {
      loads++
      await Bun.sleep(1)
      return k
    })
    await Promise.all([cache.get('a'), cache.get('a'), cache.get('a')])
    expect(loads).toBe(1)
  })

  test('serves the stale value while the source fails, and rejects when it has none', async () => {
    let fail = false
    const { cache, clock } = cacheWith(async (k) => {
      if (fail) throw new Error('down')
      return k
    })
    await cache.get('a')
    fail = true
    clock.advance(5000)
    expect(await cache.get('a')).toBe('a')
    await expect(cache.get('b')).rejects.toThrow('down')
  })

  test('evicts the least recently stored entry past maxEntries', async () => {
    let loads = 0
    const { cache } = cacheWith(async (k) => `${k}${++loads}`)
    for (const k of ['a', 'b', 'c', 'd']) await cache.get(k)
    expect(cache.size).toBe(3)
    expect(await cache.get('a')).toBe('a5')
  })

  test('clear() drops everything, and a load started before it does not repopulate', async () => {
    let release: () => void = () => {}
    const { cache } = cacheWith(
      (k) =>
        new Promise((resolve) => {
          release = () => resolve(`${k}-old`)
        }),
    )
    const pending = cache.get('a')
    cache.clear()
    release()
    expect(await pending).toBe('a-old')
    expect(cache.size).toBe(0)
  })

  test('with admitOnRepeat, keeps a value only from the second load of its key on; a stale entry is refreshed in place', async () => {
    let loads = 0
    const clock = testClock()
    const options = { ttlMs: 1000, negativeTtlMs: 100, maxEntries: 3, clock, admitOnRepeat: true }
    const cache = new LookupCache<string>(options, async (k) => `${k}${++loads}`)
    expect(await cache.get('a')).toBe('a1')
    expect(cache.peek('a')).toBeUndefined()
    expect(await cache.get('a')).toBe('a2')
    expect(cache.peek('a')).toBe('a2')
    expect(await cache.get('a')).toBe('a2')
    clock.advance(1001)
    expect(await cache.get('a')).toBe('a2')
    await Bun.sleep(0)
    expect(cache.peek('a')).toBe('a3')
    expect(await cache.get('b')).toBe('b4')
    expect(cache.size).toBe(1)
  })
})
