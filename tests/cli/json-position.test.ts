import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { jsonErrorPosition } from '../../src/cli/json-position.ts'

function parses(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

describe('jsonErrorPosition', () => {
  test('points at the first character that breaks the JSON, by line and column', () => {
    expect(jsonErrorPosition('{\n  "products": [\n    {"gtin": "1"},\n  ]\n}')).toEqual({
      line: 4,
      column: 3,
    })
    expect(jsonErrorPosition('{"a": tru}')).toEqual({ line: 1, column: 10 })
    expect(jsonErrorPosition('{"a": 01}')).toEqual({ line: 1, column: 8 })
    expect(jsonErrorPosition('{"a": "x\ny"}')).toEqual({ line: 1, column: 9 })
    expect(jsonErrorPosition('{"a": "\\q"}')).toEqual({ line: 1, column: 8 })
    expect(jsonErrorPosition('{"a": 1} x')).toEqual({ line: 1, column: 10 })
    expect(jsonErrorPosition('{"products": [')).toEqual({ line: 1, column: 15 })
    expect(jsonErrorPosition('')).toEqual({ line: 1, column: 1 })
  })

  test('is null for valid JSON, whatever its layout', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(undefined, 2, '\t'), (v, indent) => {
        expect(jsonErrorPosition(JSON.stringify(v, null, indent))).toBeNull()
      }),
    )
  })

  test('property: it finds a position exactly when JSON.parse refuses the text', () => {
    const piece = fc.constantFrom(
      '{',
      '}',
      '[',
      ']',
      ',',
      ':',
      '"a"',
      '"\\u00e9"',
      '"\\x"',
      '1',
      '-0.5e3',
      '01',
      'true',
      'nul',
      ' ',
      '\n',
      '"',
    )
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join('')
        expect(jsonErrorPosition(text) === null).toBe(parses(text))
      }),
      { numRuns: 5000 },
    )
  })
})
