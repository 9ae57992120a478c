/**
 * Eviction from a full bounded map (the rate limiter's 100,000 keys, the caches): filling a map to twice its capacity,
 * one eviction per insertion, with `dropOldest` beside a fresh `map.keys()` per eviction (what it did before).
 */
import { dropOldest } from '../src/lib/bounded-map.ts'

function freshIterator(map: Map<unknown, unknown>, maxEntries: number): void {
  while (map.size > maxEntries) {
    const oldest = map.keys().next()
    if (oldest.done) return
    map.delete(oldest.value)
  }
}

function fill(capacity: number, evict: (map: Map<unknown, unknown>, max: number) => void): number {
  const map = new Map<unknown, unknown>()
  const start = performance.now()
  for (let i = 0; i < capacity * 2; i++) {
    map.set(`key-${i}`, i)
    evict(map, capacity)
  }
  return performance.now() - start
}

for (const capacity of [25_000, 100_000]) {
  const before = fill(capacity, freshIterator)
  const now = fill(capacity, dropOldest)
  console.log(
    `capacity ${String(capacity).padStart(7)}: fresh iterator ${before.toFixed(0).padStart(6)} ms, dropOldest ${now.toFixed(0).padStart(5)} ms, ${(before / now).toFixed(1)}x`,
  )
}
