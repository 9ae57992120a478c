import { describe, expect, test } from 'bun:test'
import { dropOldest } from '../../src/lib/bounded-map.ts'

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

describe('dropOldest over many insertions', () => {
  test('keeps exactly the newest keys however keys are added, updated and deleted between calls', () => {
    const map = new Map<number, number>()
    const model: number[] = []
    let next = 0
    for (let round = 0; round < 2000; round++) {
      const action = (round * 7919) % 5
      if (action === 0 && model.length > 0) {
        // Update in place: the key keeps its position.
        map.set(model[0] as number, round)
      } else if (action === 1 && model.length > 2) {
        // The caller deletes one itself.
        const gone = model.splice(1, 1)[0] as number
        map.delete(gone)
      } else {
        map.set(next, round)
        model.push(next++)
      }
      dropOldest(map, 50)
      while (model.length > 50) model.shift()
      expect([...map.keys()]).toEqual(model)
    }
  })
})
