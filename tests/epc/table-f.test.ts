/** The project's own Tables F, K, B and E agree with the GS1 TDT 2.2 JSON artefacts in ../shared. */
import { describe, expect, test } from 'bun:test'
import {
  AI_LENGTHS,
  AI_SPECS,
  type Component,
  MAX_VALUE_LENGTH,
  NUMERIC_BITS,
} from '../../src/epc/ai-specs.ts'
import { expandAiPattern } from '../../src/epc/table-f.ts'
import { lacksShared, readSharedJson, type SharedFile } from '../support/shared.ts'

type Row = Record<string, string | undefined>
interface Table {
  rows: Row[]
}

type TableName = 'F' | 'K' | 'B' | 'E'

function tableFile(name: TableName): SharedFile {
  return ['gs1', 'epc', `TDT_Table${name}.json`]
}

const skip = lacksShared(...(['F', 'K', 'B', 'E'] as const).map(tableFile))

const FORMATS: Record<string, string> = {
  'Fixed-length numeric': 'N',
  'Fixed-Bit-Length Numeric String': 'B',
  'Variable-length alphanumeric': 'A',
  'Variable-length numeric string without encoding indicator': 'V',
  'Delimited/terminated numeric': 'X',
  '6-digit date YYMMDD': 'D',
  '10-digit date+time YYMMDDhhmm': 'T',
  'Variable-format date / date range': 'R',
  'Variable-precision date+time': 'P',
  'Country code (ISO 3166-1 alpha-2)': 'C',
  'Single data bit': 'S',
  'Sequence indicator': 'Q',
  'Optional minus sign in 1 bit': 'M',
}

/** The TDT row's component in the project's terms (columns b,d,e,f,g,h or i,k,l,m,n,o). */
function tdtComponent(row: Row, cols: string): Partial<Component> & { ei?: number } {
  const [format, digits, bits, ei, li, max] = [...cols].map((c) => row[c])
  const kind = FORMATS[format ?? ''] ?? `unknown ${format}`
  const out: Partial<Component> & { ei?: number } = { kind: kind as Component['kind'] }
  if (kind === 'N' || kind === 'B') Object.assign(out, { digits: Number(digits), bits: Number(bits) })
  if (kind === 'A' || kind === 'V' || kind === 'X') Object.assign(out, { li: Number(li), max: Number(max) })
  if (kind === 'A' || kind === 'X') out.ei = Number(ei)
  return out
}

function ownComponent(c: Component): Partial<Component> & { ei?: number } {
  const out: Partial<Component> & { ei?: number } = { kind: c.kind }
  if (c.kind === 'N' || c.kind === 'B') Object.assign(out, { digits: c.digits, bits: c.bits })
  if (c.kind === 'A' || c.kind === 'V' || c.kind === 'X') Object.assign(out, { li: c.li, max: c.max })
  if (c.kind === 'A' || c.kind === 'X') out.ei = 3
  return out
}

describe.skipIf(skip)('own TDS tables against the TDT artefacts', () => {
  test('Table F lists the same AIs with the same encoding of each component', () => {
    const rows = readSharedJson<Table>(tableFile('F')).rows
    expect([...AI_SPECS.keys()].sort()).toEqual(rows.map((r) => r.a as string).sort())
    for (const row of rows) {
      const spec = AI_SPECS.get(row.a as string)
      if (spec === undefined) throw new Error(`AI ${row.a} missing`)
      expect({ ai: row.a, c: ownComponent(spec.first) }).toEqual({
        ai: row.a,
        c: tdtComponent(row, 'bdefgh'),
      })
      const second = row.i === undefined ? null : tdtComponent(row, 'iklmno')
      // The minus sign's "1 bit / 1 character" needs no digits or length in the project's form.
      const own = spec.second === null ? null : ownComponent(spec.second)
      expect({ ai: row.a, c: own }).toEqual({ ai: row.a, c: second })
    }
  })

  test('Table K gives the same AI length for every two-digit prefix', () => {
    const rows = readSharedJson<Table>(tableFile('K')).rows
    const tdt = new Map(rows.map((r) => [Number(r.a), Number(r.b)]))
    for (let p = 0; p < 100; p++) expect({ p, length: AI_LENGTHS[p] }).toEqual({ p, length: tdt.get(p) ?? 0 })
    for (const r of rows) expect(Number(r.c)).toBe((Number(r.b) - 2) * 4)
  })

  test('Table B bit counts equal the rules the codec uses for each method', () => {
    const rows = readSharedJson<Table>(tableFile('B')).rows
    expect(rows.length).toBe(MAX_VALUE_LENGTH)
    for (const r of rows) {
      const n = Number(r.a)
      const own = { n, b: NUMERIC_BITS[n], c: 4 * n, d: 4 * n, e: 16 * Math.ceil(n / 3), f: 6 * n, g: 7 * n }
      expect(own).toEqual({
        n,
        b: Number(r.b),
        c: Number(r.c),
        d: Number(r.d),
        e: Number(r.e),
        f: Number(r.f),
        g: Number(r.g),
      })
    }
  })

  test('Table E has the six encoding indicators the decoder implements', () => {
    const rows = readSharedJson<Table>(tableFile('E')).rows
    expect(rows.map((r) => `${r.b}:${r.g}`)).toEqual([
      '000:14.5.6.1',
      '001:14.5.6.2',
      '010:14.5.6.3',
      '011:14.5.6.4',
      '100:14.5.6.6',
      '101:14.5.6.5',
    ])
  })
})

describe('own Table F notation', () => {
  test('a pattern expands each bracketed digit range', () => {
    expect(expandAiPattern('31[0-1][4-5]')).toEqual(['3104', '3105', '3114', '3115'])
    expect(expandAiPattern('235')).toEqual(['235'])
  })

  test('every AI length in Table F matches Table K', () => {
    for (const ai of AI_SPECS.keys())
      expect({ ai, n: AI_LENGTHS[Number(ai.slice(0, 2))] }).toEqual({ ai, n: ai.length })
  })
})
