/** A bounded least-recently-used cache of rendered SVGs: identical render requests skip bwip-js (1–5 ms each). */

export interface SvgCache {
  get(key: string): string | undefined
  set(key: string, svg: string): void
  readonly size: number
}

export interface SvgCacheOptions {
  /** Most entries kept. */
  maxEntries?: number
  /** Most characters kept over all keys and SVGs (bounds memory whatever the symbol sizes). */
  maxChars?: number
}

/** A Map keeps insertion order: re-inserting on a hit makes the first key the least recently used. */
export function createSvgCache(options: SvgCacheOptions = {}): SvgCache {
  const maxEntries = options.maxEntries ?? 1000
  const maxChars = options.maxChars ?? 16 * 1024 * 1024
  const entries = new Map<string, string>()
  let chars = 0

  function evict(): void {
    while (entries.size > maxEntries || chars > maxChars) {
      const oldest = entries.keys().next()
      if (oldest.done) return
      chars -= oldest.value.length + (entries.get(oldest.value)?.length ?? 0)
      entries.delete(oldest.value)
    }
  }

  return {
    get(key) {
      const svg = entries.get(key)
      if (svg === undefined) return undefined
      entries.delete(key)
      entries.set(key, svg)
      return svg
    },
    set(key, svg) {
      if (key.length + svg.length > maxChars) return
      const previous = entries.get(key)
      if (previous !== undefined) {
        chars -= key.length + previous.length
        entries.delete(key)
      }
      entries.set(key, svg)
      chars += key.length + svg.length
      evict()
    },
    get size() {
      return entries.size
    },
  }
}
