/** Scan count rows for tests: one scan of the demo GTIN, redirected on the resolver host to an English page. */
import type { ScanCountRow } from '../../src/services/scans/counts.ts'

export function scanRow(organizationId: string, overrides: Partial<ScanCountRow> = {}): ScanCountRow {
  return {
    day: '2026-11-24',
    organizationId,
    gtin: '09506000134352',
    hostKind: 'resolver',
    outcome: 'redirect',
    linkType: 'gs1:pip',
    language: 'en',
    device: 'mobile',
    count: 1,
    withLot: 0,
    withSerial: 0,
    withExpiry: 0,
    compressed: 0,
    ...overrides,
  }
}
