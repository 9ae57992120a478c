/**
 * Telling the analytics port about a scan: what the answer was, built once per answer where it can be (a remembered
 * answer keeps its template), and the device class and time added per scan. Never throws, never waits.
 */

import { entryId } from '../catalog/entry-id.ts'
import type { CatalogProduct } from './catalog.ts'
import { deviceClass } from './device.ts'
import type { ScanHost } from './hosts.ts'
import type { KeyLink } from './link.ts'
import type { OnScan, ScanEvent, ScanOutcome } from './scan-event.ts'

/** A scan's event without what differs per request (device, time). */
export type ScanTemplate = Omit<ScanEvent, 'device' | 'at'>

/** True when the query names the AI as a parameter (`17=…`). */
function inQuery(query: string, ai: string): boolean {
  return query.startsWith(`${ai}=`) || query.includes(`&${ai}=`)
}

function hasQualifier(link: KeyLink, ai: string): boolean {
  for (const q of link.qualifiers) if (q.ai === ai) return true
  return false
}

/** The template of a scan of `link` (its effective query included) answered with `outcome`. */
export function scanTemplate(
  link: KeyLink | null,
  query: string,
  host: ScanHost,
  product: CatalogProduct | null,
  outcome: ScanOutcome,
  served: {
    readonly linkType: string | null
    readonly language: string | null
    readonly compressed: boolean
  },
): ScanTemplate {
  return {
    organizationId: product?.organizationId ?? null,
    // The entry answering counts the scan: a prefix rule's scans add up under the rule, not per value (DESIGN §12).
    gtin: product?.gtin ?? (link === null ? null : entryId(link.key, link.value)),
    host: host.kind,
    outcome,
    linkType: served.linkType,
    language: served.language,
    lot: link !== null && (hasQualifier(link, '10') || inQuery(query, '10')),
    serial: link !== null && (hasQualifier(link, '21') || inQuery(query, '21')),
    expiry: inQuery(query, '17'),
    compressed: served.compressed,
  }
}

/** Tells `onScan` about one scan; a failing port never changes the answer. */
export function reportScan(
  onScan: OnScan | undefined,
  request: Request,
  template: ScanTemplate | null,
): void {
  // A HEAD is a link checker's, not a phone's: it gets the same answer and is not counted.
  if (onScan === undefined || template === null || request.method === 'HEAD') return
  try {
    // Spelled out rather than spread: one object shape for every event, built without walking the template.
    onScan({
      organizationId: template.organizationId,
      gtin: template.gtin,
      host: template.host,
      outcome: template.outcome,
      linkType: template.linkType,
      language: template.language,
      lot: template.lot,
      serial: template.serial,
      expiry: template.expiry,
      compressed: template.compressed,
      device: deviceClass(request.headers.get('user-agent')),
      at: Date.now(),
    })
  } catch {
    // Analytics is an observer: the scan's answer is already decided.
  }
}
