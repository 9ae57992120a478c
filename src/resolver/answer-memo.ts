/** Recent answers to bare-GTIN scans by request URL, so that a repeated scan skips parsing and choosing. */
import { dropOldest } from '../lib/bounded-map.ts'
import type { Catalog, CatalogProduct } from './catalog.ts'
import type { Answer } from './responses.ts'
import type { ScanTemplate } from './scan-report.ts'

/** One remembered answer and everything it was derived from besides the URL. */
interface Entry {
  readonly accept: string | null
  readonly acceptLanguage: string | null
  readonly cookie: string | null
  readonly gtin: string
  /** The catalog's object when the answer was made; a reload or an invalidation gives another one. */
  readonly product: CatalogProduct
  readonly answer: Answer
  /** What analytics is told about each scan this answer serves. */
  readonly scan: ScanTemplate
}

/** A remembered answer and the scan template it goes with. */
export interface Remembered {
  readonly answer: Answer
  readonly scan: ScanTemplate
}

/**
 * A bounded map from the URL of a bare `/01/{gtin}` scan (no qualifiers, no query) to its answer: the
 * redirect, or the linkset in the format negotiated.
 * An entry serves only a request with the same `Accept`, `Accept-Language` and `Cookie` while the catalog
 * still answers the GTIN, without I/O, with the very product object the answer was made from: a change of
 * the catalog (a reload, a notification, an expiry) is a miss, never a stale answer.
 */
export class AnswerMemo {
  readonly #entries = new Map<string, Entry>()

  constructor(
    private readonly catalog: Catalog,
    private readonly maxEntries: number,
  ) {}

  /** Only catalogs that can answer without I/O can vouch for an entry. */
  get enabled(): boolean {
    return this.catalog.peekByGtin !== undefined && this.maxEntries > 0
  }

  /** The remembered answer for this URL and request, or undefined. */
  find(url: string, request: Request): Remembered | undefined {
    const entry = this.#entries.get(url)
    if (entry === undefined) return undefined
    const h = request.headers
    if (
      h.get('accept') !== entry.accept ||
      h.get('accept-language') !== entry.acceptLanguage ||
      h.get('cookie') !== entry.cookie
    )
      return undefined
    if (this.catalog.peekByGtin?.(entry.gtin) !== entry.product) {
      this.#entries.delete(url)
      return undefined
    }
    return entry
  }

  /**
   * Remembers the answer to a bare scan; the oldest entry goes when the memo is full. Only while the catalog keeps
   * the product: an entry it no longer vouches for could never be served.
   */
  remember(url: string, request: Request, product: CatalogProduct, answer: Answer, scan: ScanTemplate): void {
    if (!this.enabled || this.catalog.peekByGtin?.(product.gtin) !== product) return
    const h = request.headers
    this.#entries.set(url, {
      accept: h.get('accept'),
      acceptLanguage: h.get('accept-language'),
      cookie: h.get('cookie'),
      gtin: product.gtin,
      product,
      answer,
      scan,
    })
    dropOldest(this.#entries, this.maxEntries)
  }

  get size(): number {
    return this.#entries.size
  }
}
