import { describe, expect, test } from 'bun:test'
import { failureLine } from '../../src/cli/context.ts'

describe('failureLine', () => {
  test("prints a wrapped database error as the database's own reason, on one line, without SQL or parameters", () => {
    const driver = new Error('duplicate key value violates unique constraint "products_brand_slug_idx"')
    const wrapped = new Error('Failed query: insert into "products" values ($1)\nparams: 0950600013436,x', {
      cause: driver,
    })
    expect(failureLine(wrapped)).toBe(
      'error: duplicate key value violates unique constraint "products_brand_slug_idx"',
    )
  })

  test('keeps the first line of a plain error, and names a thrown non-error', () => {
    expect(failureLine(new Error('the file is not JSON\n  at line 3'))).toBe('error: the file is not JSON')
    expect(failureLine('gone')).toBe('error: gone')
    expect(failureLine(new Error(''))).toBe('error: unknown failure')
  })
})
