/**
 * Admission on second sight for the in-memory caches ("doorkeeper" in TinyLFU terms): a key is worth keeping
 * only once it has been asked for before. A crawler or a scan of random GTINs then never pushes the products
 * people actually scan out of a cache, and one-off answers die young instead of burdening the collector.
 *
 * Keys are remembered as 32-bit hashes in a fixed table: no object per key, nothing for the collector to trace.
 * A key that lands on an occupied slot takes it over, so the memory of a one-off key fades as others arrive.
 * Two keys sharing a hash can only admit one of them a sight early; no answer is ever wrong because of it.
 */
export class Doorkeeper {
  readonly #slots: Uint32Array
  readonly #mask: number

  /** A table of at least `minSlots` slots (rounded up to a power of two, at least 1024). */
  constructor(minSlots: number) {
    let size = 1024
    while (size < minSlots && size < 1 << 24) size *= 2
    this.#slots = new Uint32Array(size)
    this.#mask = size - 1
  }

  /** True when `key` was offered before and is still remembered; otherwise remembers it and returns false. */
  admit(key: string): boolean {
    const hash = fnv1a(key)
    const slot = hash & this.#mask
    if (this.#slots[slot] === hash) return true
    this.#slots[slot] = hash
    return false
  }

  get slots(): number {
    return this.#slots.length
  }
}

/** 32-bit FNV-1a over UTF-16 code units, never 0 (0 marks an empty slot). */
function fnv1a(key: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0 || 1
}
