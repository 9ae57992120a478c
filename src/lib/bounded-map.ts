/** The one eviction rule of the in-memory caches: a `Map` keeps insertion order, so its first keys are the oldest. */

/**
 * A live key iterator per map, kept between calls. A fresh `map.keys()` walks over every entry deleted since the map
 * last rehashed before it finds the first live one, so evicting one key per insertion from a fresh iterator grew
 * quadratic in a full map (1.6 s to fill a 100,000-key map twice over, against 0.1 s this way). A kept iterator
 * stands at the oldest live key: it only ever moves forward past what was deleted, and sees keys added after it.
 */
const cursors = new WeakMap<Map<unknown, unknown>, Iterator<unknown>>()

/** Deletes the oldest entries of `map` until at most `maxEntries` remain. */
export function dropOldest(map: Map<unknown, unknown>, maxEntries: number): void {
  if (map.size <= maxEntries) return
  let keys = cursors.get(map) ?? map.keys()
  while (map.size > maxEntries) {
    let oldest = keys.next()
    if (oldest.done) {
      // The kept iterator ran off the end once: only a fresh one sees what was inserted before it was made.
      keys = map.keys()
      oldest = keys.next()
      if (oldest.done) break
    }
    map.delete(oldest.value)
  }
  cursors.set(map, keys)
}
