import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { createScanCounter } from '../../src/analytics/scan-counter.ts'
import type { ScanEvent } from '../../src/resolver/scan-event.ts'
import type { ScanCountRow } from '../../src/services/scans/counts.ts'
import { scanRow } from '../support/scans.ts'

const ORG = '00000000-0000-4000-8000-000000000001'
const AT = Date.parse('2026-11-24T23:59:59.999Z')

function scan(overrides: Partial<ScanEvent> = {}): ScanEvent {
  return {
    organizationId: ORG,
    gtin: '09506000134352',
    host: 'resolver',
    outcome: 'redirect',
    linkType: 'gs1:pip',
    language: 'en',
    lot: false,
    serial: false,
    expiry: false,
    compressed: false,
    device: 'mobile',
    at: AT,
    ...overrides,
  }
}

describe('scan counter', () => {
  test('sums scans per day and dimensions, with the flags counted, in one batch', async () => {
    const batches: (readonly ScanCountRow[])[] = []
    const counter = createScanCounter({ flush: async (rows) => void batches.push(rows) })
    counter.record(scan({ lot: true }))
    counter.record(scan({ serial: true, compressed: true }))
    counter.record(scan({ at: AT + 1 }))
    counter.record(scan({ language: null, linkType: null, outcome: 'linkset' }))
    expect(counter.pending()).toBe(3)
    await counter.flush()
    expect(batches).toHaveLength(1)
    expect(batches[0]).toEqual([
      scanRow(ORG, { count: 2, withLot: 1, withSerial: 1, compressed: 1 }),
      scanRow(ORG, { day: '2026-11-25' }),
      scanRow(ORG, { outcome: 'linkset', linkType: '', language: '' }),
    ])
    expect(counter.pending()).toBe(0)
    await counter.flush()
    expect(batches).toHaveLength(1)
  })

  test('scans of no known product (no organization or GTIN) are not stored', async () => {
    const batches: (readonly ScanCountRow[])[] = []
    const counter = createScanCounter({ flush: async (rows) => void batches.push(rows) })
    counter.record(scan({ organizationId: null }))
    counter.record(scan({ gtin: null }))
    await counter.flush()
    expect(batches).toEqual([])
  })

  test('a failed flush keeps its counts and adds later scans to them; nothing is lost or doubled', async () => {
    let fail = true
    const written: ScanCountRow[] = []
    const errors: unknown[] = []
    const counter = createScanCounter({
      flush: async (rows) => {
        if (fail) throw new Error('database away')
        written.push(...rows)
      },
      onFlushError: (e) => errors.push(e),
    })
    for (let i = 0; i < 10; i++) counter.record(scan())
    await counter.flush()
    expect(errors).toHaveLength(1)
    expect(counter.lastFlushAt()).toBeNull()
    for (let i = 0; i < 5; i++) counter.record(scan())
    await counter.flush()
    fail = false
    await counter.flush()
    expect(written.map((r) => r.count)).toEqual([15])
    expect(counter.lastFlushAt()).not.toBeNull()
  })

  test('the buffer is bounded: scans needing a new key past the bound are counted as dropped', async () => {
    const counter = createScanCounter({ flush: async () => {}, maxKeys: 2 })
    counter.record(scan({ language: 'en' }))
    counter.record(scan({ language: 'de' }))
    counter.record(scan({ language: 'fr' }))
    counter.record(scan({ language: 'en' }))
    expect([counter.pending(), counter.dropped()]).toEqual([2, 1])
  })

  test('flushes never overlap, and a flush asked during one writes what came after', async () => {
    let inFlight = 0
    let most = 0
    const sizes: number[] = []
    const counter = createScanCounter({
      flush: async (rows) => {
        inFlight++
        most = Math.max(most, inFlight)
        await Bun.sleep(5)
        sizes.push(rows.reduce((n, r) => n + r.count, 0))
        inFlight--
      },
    })
    counter.record(scan())
    const first = counter.flush()
    counter.record(scan())
    counter.record(scan())
    await Promise.all([first, counter.flush()])
    expect(most).toBe(1)
    expect(sizes).toEqual([1, 2])
  })

  test('the counts equal a plain tally of the events, whatever their order, runs, flushes and failed flushes', async () => {
    const event = fc.record({
      organizationId: fc.constantFrom(ORG, '00000000-0000-4000-8000-000000000002'),
      gtin: fc.constantFrom('09506000134352', '04012345000009'),
      host: fc.constantFrom('resolver', 'short', 'custom'),
      outcome: fc.constantFrom('redirect', 'linkset', 'not_found'),
      linkType: fc.constantFrom('gs1:pip', null),
      language: fc.constantFrom('en', 'fr', null),
      lot: fc.boolean(),
      serial: fc.boolean(),
      expiry: fc.boolean(),
      compressed: fc.boolean(),
      device: fc.constantFrom('mobile', 'desktop', 'bot', 'other'),
      // Back and forth over two midnights: the counter's remembered day must follow both ways.
      at: fc.integer({ min: AT - 86_400_000, max: AT + 86_400_001 }),
    }) as fc.Arbitrary<ScanEvent>
    // A scan repeated (a run of one product), or a flush that succeeds or fails.
    const step = fc.oneof(
      fc.record({ scan: event, times: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ flushFails: fc.boolean() }),
    )
    const keyOf = (r: ScanCountRow) =>
      JSON.stringify([
        r.day,
        r.organizationId,
        r.gtin,
        r.hostKind,
        r.outcome,
        r.linkType,
        r.language,
        r.device,
      ])
    const sum = (into: Map<string, ScanCountRow>, r: ScanCountRow) => {
      const was = into.get(keyOf(r))
      into.set(
        keyOf(r),
        was === undefined
          ? { ...r }
          : {
              ...was,
              count: was.count + r.count,
              withLot: was.withLot + r.withLot,
              withSerial: was.withSerial + r.withSerial,
              withExpiry: was.withExpiry + r.withExpiry,
              compressed: was.compressed + r.compressed,
            },
      )
    }
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 40 }), async (steps) => {
        const written = new Map<string, ScanCountRow>()
        let fail = false
        const counter = createScanCounter({
          flush: async (rows) => {
            if (fail) throw new Error('database away')
            for (const r of rows) sum(written, r)
          },
        })
        const expected = new Map<string, ScanCountRow>()
        for (const s of steps) {
          if ('flushFails' in s) {
            fail = s.flushFails
            await counter.flush()
            continue
          }
          const e = s.scan
          for (let i = 0; i < s.times; i++) {
            counter.record(e)
            sum(
              expected,
              scanRow(e.organizationId as string, {
                day: new Date(e.at).toISOString().slice(0, 10),
                gtin: e.gtin as string,
                hostKind: e.host,
                outcome: e.outcome,
                linkType: e.linkType ?? '',
                language: e.language ?? '',
                device: e.device,
                withLot: e.lot ? 1 : 0,
                withSerial: e.serial ? 1 : 0,
                withExpiry: e.expiry ? 1 : 0,
                compressed: e.compressed ? 1 : 0,
              }),
            )
          }
        }
        fail = false
        await counter.flush()
        const order = (rows: Map<string, ScanCountRow>) =>
          [...rows.values()].map((r) => JSON.stringify(r)).sort()
        expect(order(written)).toEqual(order(expected))
      }),
      { numRuns: 300 },
    )
  })
})
