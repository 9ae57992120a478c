/** Every AI of Table F, with every method its components allow, is written and read back bit-exactly. */
import { describe, expect, test } from 'bun:test'
import { AI_SPECS, type Component } from '../../src/epc/ai-specs.ts'
import { createWriter, toSegment } from '../../src/epc/bit-writer.ts'
import { createReader } from '../../src/epc/bits.ts'
import { readAidc } from '../../src/epc/read-aidc.ts'
import type { AiPair } from '../../src/epc/types.ts'
import { UnencodableValue, writeBcd, writeComponent } from '../../src/epc/write-values.ts'

/** Sample values per method; alphanumeric ones exercise each Table E method in turn. */
const ALPHANUMERIC = ['0042', 'BEEF', 'beef', 'Ab-_', 'x/y!', 'AB:.-', '7']
function samples(c: Component, min: number): string[] {
  switch (c.kind) {
    case 'N':
    case 'B':
      return ['0'.repeat(c.digits), '9'.repeat(c.digits), '1234567890123456789012'.slice(0, c.digits)]
    case 'A':
      return [...ALPHANUMERIC.map((s) => s.slice(0, c.max)), 'Z'.repeat(c.max), ...(min === 0 ? [''] : [])]
    case 'V':
      return ['0', '9'.repeat(c.max), '0'.repeat(c.max), ...(min === 0 ? [''] : [])]
    case 'X':
      return ['0614141', '0614141AB-12', 'abc', '0'.repeat(40)]
    case 'D':
      return ['250101', '991231', '000000']
    case 'T':
      return ['2512312359', '0001010000']
    case 'R':
      return ['250101', '250101250131']
    case 'P':
      return ['251231', '25123112', '2512311230', '251231123456']
    case 'C':
      return ['FR', 'ZA']
    case 'S':
      return ['0', '1']
    case 'Q':
      return ['1/3', '9/9']
    case 'M':
      return ['', '-']
  }
}

/** Writes `ai` + value as +AIDC data after nothing, and reads it back. */
function roundTrip(ai: string, first: string, second: string): AiPair[] {
  const spec = AI_SPECS.get(ai)
  if (spec === undefined) throw new Error(ai)
  const w = createWriter()
  writeBcd(w, ai)
  writeComponent(w, spec.first, first, 1)
  if (spec.second !== null) writeComponent(w, spec.second, second, 0)
  const out: AiPair[] = []
  readAidc(createReader(toSegment(w, 'hex') as string, 2, 4), out)
  return out
}

describe('write → read for every AI of Table F', () => {
  for (const [ai, spec] of AI_SPECS) {
    test(`AI (${ai})`, () => {
      // An all-zero AI (00) would be zero padding, never an SSCC (EPC-NOTES policy §10.2).
      const firsts = samples(spec.first, 1).filter((s) => s !== '' && !(ai === '00' && /^0+$/.test(s)))
      const seconds = spec.second === null ? [''] : samples(spec.second, 0)
      for (const first of firsts) {
        for (const second of seconds) {
          expect({ ai, pairs: roundTrip(ai, first, second) }).toEqual({
            ai,
            pairs: [{ ai, value: first + second }],
          })
        }
      }
    })
  }
})

describe('values the encoding methods refuse', () => {
  const refused = (ai: string, value: string) => {
    try {
      roundTrip(ai, value, '')
      return 'written'
    } catch (e) {
      return e instanceof UnencodableValue ? 'refused' : String(e)
    }
  }
  test('a non-digit in a numeric component', () => {
    expect(refused('410', '950600013435X')).toBe('refused')
    expect(refused('3103', '00123A')).toBe('refused')
    expect(refused('30', '12a')).toBe('refused')
  })
  test('a value longer than the Table F maximum', () => {
    expect(refused('10', 'x'.repeat(21))).toBe('refused')
  })
  test('a character outside 7-bit ASCII', () => {
    expect(refused('10', 'é')).toBe('refused')
  })
  test('a date field too large for its bits, a bad country code, sign or sequence', () => {
    expect(refused('17', '251631')).toBe('refused')
    expect(refused('4307', 'fr')).toBe('refused')
    expect(refused('4321', '2')).toBe('refused')
    expect(refused('7258', '1-3')).toBe('refused')
    expect(refused('7007', '2501')).toBe('refused')
  })
})
