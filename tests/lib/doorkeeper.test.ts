import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { Doorkeeper } from '../../src/lib/doorkeeper.ts'

describe('Doorkeeper', () => {
  test('admits a key from its second offer on', () => {
    const door = new Doorkeeper(1024)
    expect(door.admit('09506000134352')).toBe(false)
    expect(door.admit('09506000134352')).toBe(true)
    expect(door.admit('09506000134352')).toBe(true)
    expect(door.admit('09506000134369')).toBe(false)
  })

  test('rounds its table up to a power of two of at least 1024 slots', () => {
    expect(new Doorkeeper(0).slots).toBe(1024)
    expect(new Doorkeeper(100_000).slots).toBe(131_072)
  })

  test('forgets a one-off key once others have taken its slot, so memory of old keys fades', () => {
    const door = new Doorkeeper(1024)
    door.admit('first')
    for (let i = 0; i < 20_000; i++) door.admit(`other-${i}`)
    expect(door.admit('first')).toBe(false)
  })

  test('admits a key offered again right away, and a new key only when its whole 32-bit hash is taken (property)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string(), { minLength: 1, maxLength: 50 }), (keys) => {
        const door = new Doorkeeper(1 << 20)
        for (const key of keys) {
          // Two of at most 50 keys sharing a whole 32-bit hash: about one run in three million.
          expect(door.admit(key)).toBe(false)
          expect(door.admit(key)).toBe(true)
        }
      }),
    )
  })
})
