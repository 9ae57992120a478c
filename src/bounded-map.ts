/** The one eviction rule of the in-memory caches: a `Map` keeps insertion order, so its first keys are the oldest. */

/** Deletes the oldest entries of `map` until at most `maxEntries` remain. */
export function dropOldest(map: Map<unknown, unknown>, maxEntries: number): void {
  while (map.size > maxEntries) {
    const oldest = map.keys().next()
    if (oldest.done) return
    map.delete(oldest.value)
  }
}
