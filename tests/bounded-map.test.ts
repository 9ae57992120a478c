import { describe, expect, test } from 'bun:test'
import { dropOldest } from '../src/bounded-map.ts'

describe('dropOldest', () => {
  test('deletes the first-inserted keys until the map holds at most maxEntries', () => {
    const map = new Map([
      ['a', 1],
      ['b', 2],
      ['c', 3],
      ['d', 4],
    ])
    dropOldest(map, 2)
    expect([...map.keys()]).toEqual(['c', 'd'])
  })

  test('leaves a map within the bound untouched, and empties it for 0', () => {
    const map = new Map([
      ['a', 1],
      ['b', 2],
    ])
    dropOldest(map, 2)
    expect([...map.keys()]).toEqual(['a', 'b'])
    dropOldest(map, 0)
    expect(map.size).toBe(0)
  })
})
