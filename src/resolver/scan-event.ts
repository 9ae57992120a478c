/** The resolver's analytics port (DESIGN §9): what it tells about one scan. Never a client address, a User-Agent, a lot or a serial. */

export type HostKind = 'resolver' | 'short' | 'custom'
/**
 * What the scan was answered with. `domain_redirect`: the hop of a scan on {resolver_url} or {short_url} to the same
 * link on its brand's custom domain (SPEC redirect rule 2); a phone that follows is counted again there.
 */
export type ScanOutcome = 'redirect' | 'linkset' | 'not_found' | 'invalid' | 'domain_redirect'
export type DeviceClass = 'mobile' | 'desktop' | 'bot' | 'other'

export interface ScanEvent {
  /** The organization of the scanned product; null when the scan named no product the catalog knows. */
  readonly organizationId: string | null
  /** GTIN-14, or null when the link did not parse. */
  readonly gtin: string | null
  readonly host: HostKind
  readonly outcome: ScanOutcome
  /** The link type served (`gs1:pip`), or null (a linkset, an error). */
  readonly linkType: string | null
  /** The language of the page served, or null. */
  readonly language: string | null
  readonly lot: boolean
  readonly serial: boolean
  readonly expiry: boolean
  readonly compressed: boolean
  readonly device: DeviceClass
  /** Milliseconds since the epoch (the day is its UTC date). */
  readonly at: number
}

/** The resolver's analytics port: called once per scan, synchronously, and must never throw or wait. */
export type OnScan = (event: ScanEvent) => void
