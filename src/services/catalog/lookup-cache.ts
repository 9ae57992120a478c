/**
 * A bounded cache for lookups: TTL, shared in-flight loads, stale answers while an aged value is loaded again or the
 * source fails, bulk invalidation.
 */
import { dropOldest } from '../../lib/bounded-map.ts'
import { Doorkeeper } from '../../lib/doorkeeper.ts'

export interface LookupCacheOptions {
  /** How long a found value is fresh. */
  readonly ttlMs: number
  /** How long a "not found" (null) is fresh; shorter, so new data shows up quickly even without a notification. */
  readonly negativeTtlMs: number
  /** Most entries kept; the least recently used go first. */
  readonly maxEntries: number
  readonly clock: () => number
  /**
   * Keep a loaded value only when its key was loaded before (src/lib/doorkeeper.ts), so one-off keys never push
   * out the ones asked for again. Off by default: every load is kept.
   */
  readonly admitOnRepeat?: boolean
}

interface Entry<V> {
  value: V | null
  expires: number
}

/** Cache of `key → V | null` in front of an async loader. */
export class LookupCache<V> {
  readonly #entries = new Map<string, Entry<V>>()
  readonly #inflight = new Map<string, Promise<V | null>>()
  readonly #doorkeeper: Doorkeeper | null
  #generation = 0
  #hits = 0
  #misses = 0

  constructor(
    private readonly options: LookupCacheOptions,
    private readonly load: (key: string) => Promise<V | null>,
  ) {
    this.#doorkeeper = options.admitOnRepeat === true ? new Doorkeeper(options.maxEntries) : null
  }

  /**
   * The cached value when fresh; else loads it. A value found before whose entry went stale (its TTL passed) is
   * answered at once while it is loaded again in the background: a scan never waits for the database because an
   * entry aged, and a change reaches the cache by `clear()` anyway (the TTL only bounds a missed notification). When
   * the load fails, the stale value stays the answer.
   */
  get(key: string): Promise<V | null> {
    const entry = this.#entries.get(key)
    if (this.#isFresh(entry)) {
      this.#hits++
      return Promise.resolve(entry.value)
    }
    let pending = this.#inflight.get(key)
    if (pending === undefined) {
      pending = this.#refresh(key, entry)
      this.#inflight.set(key, pending)
    }
    const aged = entry as Entry<V> | undefined
    if (aged !== undefined && aged.value !== null) {
      this.#hits++
      return Promise.resolve(aged.value)
    }
    this.#misses++
    return pending
  }

  /** The value when a fresh entry holds it (null for a fresh "not found"); undefined when only `get` can tell. */
  peek(key: string): V | null | undefined {
    const entry = this.#entries.get(key)
    if (!this.#isFresh(entry)) return undefined
    this.#hits++
    return entry.value
  }

  /** Answers from the cache and loads (or joins of a load) since start: a peek that finds nothing counts at its get. */
  get stats(): { readonly hits: number; readonly misses: number } {
    return { hits: this.#hits, misses: this.#misses }
  }

  #isFresh(entry: Entry<V> | undefined): entry is Entry<V> {
    return entry !== undefined && entry.expires > this.options.clock()
  }

  /** Drops every entry; loads started before the call do not repopulate the cache. */
  clear(): void {
    this.#generation++
    this.#entries.clear()
    this.#inflight.clear()
  }

  get size(): number {
    return this.#entries.size
  }

  async #refresh(key: string, stale: Entry<V> | undefined): Promise<V | null> {
    const generation = this.#generation
    try {
      const value = await this.load(key)
      if (generation === this.#generation && this.#admits(key, stale)) this.#store(key, value)
      return value
    } catch (error) {
      if (stale !== undefined && stale.value !== null) return stale.value
      throw error
    } finally {
      if (generation === this.#generation) this.#inflight.delete(key)
    }
  }

  /** A key already cached (its entry just went stale) stays; a new one must pass the doorkeeper, if any. */
  #admits(key: string, stale: Entry<V> | undefined): boolean {
    return this.#doorkeeper === null || stale !== undefined || this.#doorkeeper.admit(key)
  }

  #store(key: string, value: V | null): void {
    const ttl = value === null ? this.options.negativeTtlMs : this.options.ttlMs
    this.#entries.delete(key)
    this.#entries.set(key, { value, expires: this.options.clock() + ttl })
    dropOldest(this.#entries, this.options.maxEntries)
  }
}
