/** PDF content operators written as ASCII bytes: numbers as text, separators, head and tail, growth and reuse. */
import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { OperatorBytes } from '../../src/render/pdf-operators.ts'

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes)
/** How an operand reads: whole numbers as they are, any other to 3 decimals. */
const expected = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(3))

describe('OperatorBytes', () => {
  test('whole numbers, fractions, negatives and large numbers read as their text, a space after each', () => {
    const ops = new OperatorBytes()
    for (const n of [0, 7, 10, 99, 100, 4096, 999_999_999, 1_000_000_000, -3, 1.5, -0.25, 2 / 3])
      ops.number(n)
    expect(text(ops.contents(ops.generation, '', ''))).toBe(
      '0 7 10 99 100 4096 999999999 1000000000 -3 1.500 -0.250 0.667 ',
    )
  })

  test('operators end with a space, a line’s last one with a newline; head and tail wrap the stream', () => {
    const ops = new OperatorBytes()
    ops.number(2)
    ops.number(4)
    ops.operator('m')
    ops.number(6)
    ops.number(4)
    ops.operator('l')
    ops.lastOperator('h')
    ops.lastOperator('f*')
    expect(text(ops.contents(ops.generation, 'q\n', 'Q\n'))).toBe('q\n2 4 m 6 4 l h\nf*\nQ\n')
  })

  test('any number reads as whole-or-3-decimals text, alone or among others', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.nat(), fc.integer(), fc.double({ min: -1e20, max: 1e20, noNaN: true }))),
        (ns) => {
          const ops = new OperatorBytes()
          for (const n of ns) ops.number(n)
          expect(text(ops.contents(ops.generation, '', ''))).toBe(ns.map((n) => `${expected(n)} `).join(''))
        },
      ),
    )
  })

  test('a stream past the first buffer grows and keeps every byte', () => {
    const ops = new OperatorBytes()
    for (let i = 0; i < 5000; i++) ops.number(i)
    const written = text(ops.contents(ops.generation, '', ''))
    expect(written.length).toBeGreaterThan(8192)
    expect(written).toBe(Array.from({ length: 5000 }, (_, i) => `${i} `).join(''))
  })

  test('reset starts a new stream; contents taken before are a copy the next stream does not touch', () => {
    const ops = new OperatorBytes()
    ops.number(111)
    const first = ops.contents(ops.generation, '', '')
    ops.reset().number(2)
    expect(text(ops.contents(ops.generation, '', ''))).toBe('2 ')
    expect(text(first)).toBe('111 ')
  })

  test('the contents of a stream a later one has replaced are refused, not handed out as the later one’s', () => {
    const ops = new OperatorBytes()
    const earlier = ops.reset().generation
    ops.number(1)
    ops.reset().number(2)
    expect(() => ops.contents(earlier, '', '')).toThrow('overwritten by a later drawing')
  })

  test('a number PDF cannot write is refused: not finite, or so large JavaScript writes an exponent', () => {
    for (const n of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e21, -1.5e21]) {
      expect(() => new OperatorBytes().number(n)).toThrow(RangeError)
    }
    const ops = new OperatorBytes()
    ops.number(-0)
    ops.number(1e-7)
    ops.number(9.99e20)
    expect(text(ops.contents(ops.generation, '', ''))).toBe('0 0.000 999000000000000000000 ')
  })
})
