import { describe, expect, test } from 'bun:test'
import { CountTable } from '../../src/analytics/count-table.ts'
import { scanRow } from '../support/scans.ts'

const ORG = '00000000-0000-4000-8000-000000000001'

describe('count table', () => {
  test('finds the very row it inserted, by all eight dimensions and no fewer', () => {
    const table = new CountTable()
    const row = table.insert(scanRow(ORG))
    const dims = ['2026-11-24', ORG, '09506000134352', 'resolver', 'redirect', 'gs1:pip', 'en'] as const
    expect(table.find(...dims, 'mobile')).toBe(row)
    expect(table.find(...dims, 'desktop')).toBeUndefined()
    const [, ...rest] = dims
    expect(table.find('2026-11-25', ...rest, 'mobile')).toBeUndefined()
    row.count += 2
    expect(table.rows()).toEqual([scanRow(ORG, { count: 3 })])
  })

  test('keeps rows that differ in one dimension apart, in the order they came, and counts them', () => {
    const table = new CountTable()
    table.insert(scanRow(ORG, { language: 'de' }))
    table.insert(scanRow(ORG, { language: '' }))
    table.insert(scanRow(ORG, { linkType: '' }))
    expect(table.size).toBe(3)
    expect(table.rows().map((r) => [r.linkType, r.language])).toEqual([
      ['gs1:pip', 'de'],
      ['gs1:pip', ''],
      ['', 'en'],
    ])
  })
})
