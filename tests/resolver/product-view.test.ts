import { describe, expect, test } from 'bun:test'
import { productView } from '../../src/resolver/product-view.ts'
import { oliveOil } from './fixtures.ts'

describe('product views', () => {
  test('are built once per product object, and anew for another object of the same product', () => {
    // A copy of its own: other tests' scans fill the caches of the fixture's view (views are shared state).
    const product = { ...oliveOil }
    const view = productView(product)
    expect(productView(product)).toBe(view)
    expect(view.product).toBe(product)
    const reloaded = { ...product }
    expect(productView(reloaded)).not.toBe(view)
    expect(productView(reloaded)).toEqual({ ...view, product: reloaded })
  })

  test('are kept for the 10,000 most recent product objects only, so a scan of every GTIN cannot grow them', () => {
    const first = { ...oliveOil }
    const view = productView(first)
    for (let i = 0; i < 9_999; i++) productView({ ...oliveOil })
    expect(productView(first)).toBe(view)
    for (let i = 0; i < 10_000; i++) productView({ ...oliveOil })
    expect(productView(first)).not.toBe(view)
  })

  test('with keep: false, are built for the one answer and not kept', () => {
    const product = { ...oliveOil }
    const once = productView(product, { keep: false })
    expect(productView(product, { keep: false })).not.toBe(once)
    const kept = productView(product)
    expect(productView(product, { keep: false })).toBe(kept)
  })
})
