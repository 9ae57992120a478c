import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { readQuery } from '../../src/api/query.ts'

const URL_BASE = 'http://api.test/products'
const TAKES = ['brand', 'q', 'limit']

describe('readQuery', () => {
  test('gives the parameters by name, decoded; an empty query gives none', () => {
    expect(readQuery(`${URL_BASE}?q=oat+drink&brand=acme%2Doats`, TAKES)).toEqual({
      ok: true,
      params: { q: 'oat drink', brand: 'acme-oats' },
    })
    expect(readQuery(URL_BASE, TAKES)).toEqual({ ok: true, params: {} })
    expect(readQuery(`${URL_BASE}?`, [])).toEqual({ ok: true, params: {} })
  })

  test('lists each unknown name once and each repeated one once, in the order they come', () => {
    const result = readQuery(`${URL_BASE}?x=1&q=a&x=2&q=b&q=c&limit=1`, TAKES)
    expect(result.ok ? [] : result.errors.map((e) => e.code)).toEqual([
      'Validation.Unknown.x',
      'Validation.Invalid.q',
    ])
  })

  test('names that are no identifier are one problem together; the list is bounded', () => {
    const odd = readQuery(`${URL_BASE}?a-b=1&c.d=2&${encodeURIComponent('<x>')}=3`, TAKES)
    expect(odd.ok ? [] : odd.errors).toEqual([
      {
        code: 'Validation.Unknown.parameter',
        path: null,
        message: 'a parameter is not a parameter of this operation; it takes brand, q, limit',
      },
    ])
    const many = Array.from({ length: 100 }, (_, i) => `p${i}=1`).join('&')
    const bounded = readQuery(`${URL_BASE}?${many}`, TAKES)
    expect(bounded.ok ? 0 : bounded.errors.length).toBe(20)
  })

  test('any query string: never throws; ok exactly when every name is taken once, with its first value', () => {
    const name = fc.oneof(fc.constantFrom(...TAKES), fc.string({ maxLength: 6 }))
    fc.assert(
      fc.property(fc.array(fc.tuple(name, fc.string({ maxLength: 8 })), { maxLength: 8 }), (pairs) => {
        const query = new URLSearchParams(pairs).toString()
        const result = readQuery(`${URL_BASE}?${query}`, TAKES)
        const names = pairs.map(([n]) => n)
        const clean = names.every((n) => TAKES.includes(n)) && new Set(names).size === names.length
        expect(result.ok).toBe(clean)
        if (result.ok) expect(result.params).toEqual(Object.fromEntries(pairs))
        else
          for (const e of result.errors)
            expect(e.code).toMatch(/^Validation\.(Unknown|Invalid)\.[A-Za-z0-9_]+$/)
      }),
    )
  })

  test('raw query text of any bytes, malformed escapes included, never throws', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (raw) => {
        const result = readQuery(`${URL_BASE}?${raw}`, TAKES)
        expect(typeof result.ok).toBe('boolean')
      }),
    )
  })
})
