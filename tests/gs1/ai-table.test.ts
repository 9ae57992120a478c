/** The project's AI table agrees with the GS1 Barcode Syntax Dictionary file on every AI. */
import { describe, expect, test } from 'bun:test'
import { aiInfo, allAis, dlPrimaryKeys } from '../../src/gs1/ai-table.ts'
import { LINTERS } from '../../src/gs1/linters.ts'
import { lacksShared, readSharedText, type SharedFile } from '../support/shared.ts'

const DICT: SharedFile = ['gs1', 'syntax', 'gs1-syntax-dictionary.txt']

interface DictEntry {
  flags: string
  components: { type: string; min: number; max: number; optional: boolean; linters: string[] }[]
  req: string[][][]
  ex: string[]
  dlpkey: string[][] | null
}

// An independent reading of the dictionary line format (SYNTAX-NOTES §1).
function parseDictionary(text: string): Map<string, DictEntry> {
  const out = new Map<string, DictEntry>()
  for (const line of text.split('\n')) {
    const t = line.trim().split(/\s+/)
    if (t[0] === undefined || t[0] === '' || t[0].startsWith('#')) continue
    let i = 1
    let flags = ''
    while (
      i < t.length &&
      /^[*!?"$%&'()+,\-./:;<=>@[\\\]^_`{|}~]+$/.test(t[i] ?? '') &&
      !/^\[/.test(t[i] ?? '')
    ) {
      flags += t[i]
      i++
    }
    const components: DictEntry['components'] = []
    while (i < t.length && /^[A-Z[]/.test(t[i] ?? '')) {
      const [spec = '', ...linters] = (t[i] ?? '').split(',')
      const m = /^(\[)?([NXYZ])(\.\.)?(\d+)\]?$/.exec(spec)
      if (!m) throw new Error(`bad component ${t[i]}`)
      const n = Number(m[4])
      components.push({ type: m[2] ?? '', min: m[3] ? 1 : n, max: n, optional: m[1] === '[', linters })
      i++
    }
    const req: string[][][] = []
    const ex: string[] = []
    let dlpkey: string[][] | null = null
    for (; i < t.length && t[i] !== '#'; i++) {
      const a = t[i] ?? ''
      if (a.startsWith('req='))
        req.push(
          a
            .slice(4)
            .split(',')
            .map((g) => g.split('+')),
        )
      else if (a.startsWith('ex=')) ex.push(...a.slice(3).split(','))
      else if (a === 'dlpkey') dlpkey = [[]]
      else if (a.startsWith('dlpkey='))
        dlpkey = a
          .slice(7)
          .split('|')
          .map((s) => s.split(','))
      else throw new Error(`unknown attribute ${a}`)
    }
    const [first = '', last = first] = (t[0] ?? '').split('-')
    for (let n = Number(first); n <= Number(last); n++) {
      out.set(String(n).padStart(first.length, '0'), { flags, components, req, ex, dlpkey })
    }
  }
  return out
}

const skip = lacksShared(DICT)
const dict = skip ? new Map<string, DictEntry>() : parseDictionary(readSharedText(DICT))

describe.skipIf(skip)('AI table against the Barcode Syntax Dictionary 2026-01-27', () => {
  test('covers exactly the 541 AIs of the file', () => {
    expect(dict.size).toBe(541)
    expect(allAis()).toEqual([...dict.keys()].sort())
  })

  test('every AI has the same components, lengths, linters, flags, req, ex and dlpkey', () => {
    const mismatches: string[] = []
    for (const [ai, d] of dict) {
      const info = aiInfo(ai)
      if (!info) {
        mismatches.push(`${ai}: missing`)
        continue
      }
      const mine = {
        fixed: info.predefinedLength,
        attr: info.dlAttribute,
        components: info.components.map((c) => ({
          type: c.charset,
          min: c.min,
          max: c.max,
          optional: c.optional,
          linters: [...c.linters],
        })),
        req: info.requires.map((inst) => inst.map((g) => g.map((p) => p.text))),
        ex: info.excludes.map((p) => p.text),
        dlpkey: info.qualifierSequences?.map((s) => [...s]) ?? null,
      }
      const theirs = {
        fixed: d.flags.includes('*'),
        attr: d.flags.includes('?'),
        components: d.components,
        req: d.req,
        ex: d.ex,
        dlpkey: d.dlpkey,
      }
      if (JSON.stringify(mine) !== JSON.stringify(theirs))
        mismatches.push(`${ai}: ${JSON.stringify(mine)} != ${JSON.stringify(theirs)}`)
      const min = d.components.reduce((n, c) => n + (c.optional ? 0 : c.min), 0)
      const max = d.components.reduce((n, c) => n + c.max, 0)
      if (info.minLength !== min || info.maxLength !== max) mismatches.push(`${ai}: lengths`)
    }
    expect(mismatches).toEqual([])
  })

  test('every linter the file names is implemented', () => {
    const names = new Set([...dict.values()].flatMap((d) => d.components.flatMap((c) => c.linters)))
    expect(names.size).toBe(34)
    expect([...names].filter((n) => !(n in LINTERS))).toEqual([])
  })

  test('the Digital Link primary keys are the 16 AIs with dlpkey', () => {
    expect([...dlPrimaryKeys()]).toEqual([...dict].filter(([, d]) => d.dlpkey).map(([ai]) => ai))
    expect(dlPrimaryKeys().length).toBe(16)
  })
})

describe('AI table invariants', () => {
  test('all AIs sharing a two-digit prefix have the same length (aiLengthByPrefix)', () => {
    const byPrefix = new Map<string, number>()
    for (const ai of allAis()) {
      const len = byPrefix.get(ai.slice(0, 2))
      if (len !== undefined) expect(`${ai}:${ai.length}`).toBe(`${ai}:${len}`)
      byPrefix.set(ai.slice(0, 2), ai.length)
    }
  })

  test('predefined-length AIs have fixed, mandatory components only', () => {
    for (const ai of allAis()) {
      const info = aiInfo(ai)
      if (!info?.predefinedLength) continue
      expect(info.components.every((c) => !c.optional && c.min === c.max)).toBe(true)
    }
  })

  test('the 16 AIs without the data-attribute flag are the key qualifiers and AIs not allowed in URIs', () => {
    const no = allAis().filter((ai) => !aiInfo(ai)?.dlAttribute)
    expect(no).toEqual([
      '03',
      '21',
      '22',
      '235',
      '254',
      '7040',
      '7041',
      '8011',
      '8014',
      '8019',
      '8020',
      '8040',
      '8041',
      '8042',
      '8043',
      '8200',
    ])
  })
})
