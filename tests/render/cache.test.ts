/** The bounded LRU cache of rendered SVGs: entry and character budgets, eviction order. */
import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { createSvgCache, type SvgCache } from '../../src/render/cache.ts'

/** Reads every key (hits refresh recency, which is fine for a final look). */
function contents(cache: SvgCache, keys: string[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const k of keys) {
    const v = cache.get(k)
    if (v !== undefined) out[k] = v
  }
  return out
}

describe('createSvgCache character budget', () => {
  test('an entry larger than the whole budget is not stored and does not flush the others', () => {
    const cache = createSvgCache({ maxChars: 10 })
    cache.set('a', '1234')
    cache.set('b', '567')
    cache.set('big', 'x'.repeat(20))
    expect(cache.size).toBe(2)
    expect(contents(cache, ['a', 'b', 'big'])).toEqual({ a: '1234', b: '567' })
  })

  test('the key counts toward the budget: key plus SVG of exactly the budget is stored, one more is not', () => {
    const fits = createSvgCache({ maxChars: 10 })
    fits.set('k', 'x'.repeat(9))
    expect(contents(fits, ['k'])).toEqual({ k: 'x'.repeat(9) })
    const over = createSvgCache({ maxChars: 10 })
    over.set('kk', 'x'.repeat(9))
    expect(over.size).toBe(0)
  })

  test('reaching the budget exactly keeps everything; going over drops the least recently used', () => {
    const cache = createSvgCache({ maxChars: 10 })
    cache.set('a', '1234')
    cache.set('b', '5678')
    expect(cache.size).toBe(2)
    cache.set('c', '9')
    expect(contents(cache, ['a', 'b', 'c'])).toEqual({ b: '5678', c: '9' })
  })

  test('replacing an SVG gives back the characters of the old one', () => {
    const cache = createSvgCache({ maxChars: 10 })
    cache.set('a', '1234')
    cache.set('a', '12')
    cache.set('b', '12345')
    expect(contents(cache, ['a', 'b'])).toEqual({ a: '12', b: '12345' })
  })

  test('total characters of keys and SVGs never exceed maxChars, nor entries maxEntries', () => {
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('set' as const),
        key: fc.constantFrom('a', 'bb', 'ccc', 'd', 'e'),
        len: fc.nat(40),
      }),
      fc.record({ kind: fc.constant('get' as const), key: fc.constantFrom('a', 'bb', 'ccc', 'd', 'e') }),
    )
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(op, { maxLength: 40 }),
        (maxChars, maxEntries, ops) => {
          const cache = createSvgCache({ maxChars, maxEntries })
          const keys = ['a', 'bb', 'ccc', 'd', 'e']
          for (const o of ops) {
            if (o.kind === 'set') cache.set(o.key, 'x'.repeat(o.len))
            else cache.get(o.key)
            const held = contents(cache, keys)
            const chars = Object.entries(held).reduce((n, [k, v]) => n + k.length + v.length, 0)
            expect(chars).toBeLessThanOrEqual(maxChars)
            expect(Object.keys(held).length).toBe(cache.size)
            expect(cache.size).toBeLessThanOrEqual(maxEntries)
            if (o.kind === 'set' && o.key.length + o.len <= maxChars)
              expect(held[o.key]).toBe('x'.repeat(o.len))
          }
        },
      ),
      { numRuns: 500 },
    )
  })
})

describe('createSvgCache entry limit', () => {
  test('evicts in least-recently-used order, where both get and set count as use', () => {
    const cache = createSvgCache({ maxEntries: 3 })
    cache.set('a', '1')
    cache.set('b', '2')
    cache.set('c', '3')
    cache.get('a') // order now b, c, a
    cache.set('b', '2b') // order now c, a, b
    cache.get('zzz') // a miss changes nothing
    cache.set('d', '4') // evicts c
    expect(cache.size).toBe(3)
    cache.set('e', '5') // evicts a
    expect(contents(cache, ['a', 'b', 'c', 'd', 'e'])).toEqual({ b: '2b', d: '4', e: '5' })
  })

  test('with a limit of one, each new key replaces the last', () => {
    const cache = createSvgCache({ maxEntries: 1 })
    cache.set('a', '1')
    cache.set('b', '2')
    expect(contents(cache, ['a', 'b'])).toEqual({ b: '2' })
  })
})
