import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { createFramer, type Framed, simpleQuery, transactionStatus } from '../../src/db/pg-wire.ts'

const enc = new TextEncoder()

function startup(): Uint8Array {
  const params = enc.encode('user\0postgres\0database\0postgres\0\0')
  const bytes = new Uint8Array(8 + params.length)
  const view = new DataView(bytes.buffer)
  view.setInt32(0, bytes.length)
  view.setInt32(4, 196608)
  bytes.set(params, 8)
  return bytes
}

function message(type: string, body: Uint8Array = new Uint8Array(0)): Uint8Array {
  const bytes = new Uint8Array(5 + body.length)
  bytes[0] = type.charCodeAt(0)
  new DataView(bytes.buffer).setInt32(1, 4 + body.length)
  bytes.set(body, 5)
  return bytes
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    all.set(p, at)
    at += p.length
  }
  return all
}

/** Feeds `bytes` to a new framer cut at `cuts` (offsets), and returns everything it framed. */
function frame(bytes: Uint8Array, cuts: readonly number[] = []): Framed[] {
  const framer = createFramer()
  const points = [...new Set(cuts.filter((c) => c > 0 && c < bytes.length))].sort((a, b) => a - b)
  const out: Framed[] = []
  let from = 0
  for (const to of [...points, bytes.length]) {
    out.push(...framer.push(bytes.slice(from, to)))
    from = to
  }
  return out
}

const units = (framed: readonly Framed[]) =>
  framed.map((f) => ('bytes' in f ? `${f.kind}:${Buffer.from(f.bytes).toString('hex')}` : f.kind))

describe('createFramer', () => {
  test('a startup packet, then an extended-protocol statement up to its Sync, is two units', () => {
    const extended = [
      message('P', enc.encode('\0select 1\0\0\0')),
      message('B', new Uint8Array(8)),
      message('E'),
      message('S'),
    ]
    const framed = frame(concat([startup(), ...extended]))
    expect(framed.map((f) => f.kind)).toEqual(['startup', 'unit'])
    expect((framed[1] as { bytes: Uint8Array }).bytes).toEqual(concat(extended))
  })

  test('pipelined statements are one unit each, and a statement without its Sync waits for it', () => {
    const one = concat([message('P'), message('S')])
    const two = concat([message('Q', enc.encode('select 2\0'))])
    const half = message('B')
    const framed = frame(concat([startup(), one, two, half]))
    expect(framed.map((f) => f.kind)).toEqual(['startup', 'unit', 'unit'])
  })

  test('an SSL request is answered without the backend; a cancel request or a Terminate ends the connection', () => {
    const ssl = new Uint8Array(8)
    new DataView(ssl.buffer).setInt32(0, 8)
    new DataView(ssl.buffer).setInt32(4, 80877103)
    expect(frame(concat([ssl, startup()])).map((f) => f.kind)).toEqual(['ssl', 'startup'])
    const cancel = new Uint8Array(16)
    new DataView(cancel.buffer).setInt32(0, 16)
    new DataView(cancel.buffer).setInt32(4, 80877102)
    expect(frame(cancel).map((f) => f.kind)).toEqual(['cancel'])
    const framed = frame(
      concat([startup(), message('P'), message('S'), message('P'), message('X'), message('S')]),
    )
    expect(framed.map((f) => f.kind)).toEqual(['startup', 'unit', 'unit', 'terminate'])
  })

  test('a length under 4 or over the limit, or another protocol version, is invalid and nothing after it is read', () => {
    const bad = message('Q')
    new DataView(bad.buffer).setInt32(1, -1)
    expect(frame(concat([startup(), bad, message('S')])).map((f) => f.kind)).toEqual(['startup', 'invalid'])
    const huge = message('Q')
    new DataView(huge.buffer).setInt32(1, 0x7fffffff)
    expect(frame(concat([startup(), huge])).map((f) => f.kind)).toEqual(['startup', 'invalid'])
    const v2 = startup()
    new DataView(v2.buffer).setInt32(4, 131072)
    expect(frame(v2).map((f) => f.kind)).toEqual(['invalid'])
  })

  test('any stream of messages frames the same however it is cut into chunks', () => {
    const messageArb = fc
      .tuple(fc.constantFrom('P', 'B', 'D', 'E', 'S', 'Q', 'H', 'C'), fc.uint8Array({ maxLength: 40 }))
      .map(([type, body]) => message(type, body))
    fc.assert(
      fc.property(
        fc.array(messageArb, { maxLength: 30 }),
        fc.array(fc.nat(2000), { maxLength: 20 }),
        (list, cuts) => {
          const bytes = concat([startup(), ...list])
          expect(units(frame(bytes, cuts))).toEqual(units(frame(bytes)))
        },
      ),
    )
  })

  test('every complete unit comes out once, in order, with exactly its bytes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.uint8Array({ maxLength: 20 }), { maxLength: 4 }), { maxLength: 10 }),
        fc.array(fc.nat(1000), { maxLength: 10 }),
        (statements, cuts) => {
          const expected = statements.map((bodies) =>
            concat([...bodies.map((b) => message('B', b)), message('S')]),
          )
          const framed = frame(concat([startup(), ...expected]), cuts)
          expect(framed.slice(1).map((f) => ('bytes' in f ? f.bytes : null))).toEqual(expected)
        },
      ),
    )
  })

  test('random bytes never throw, and framing stops at the first invalid message', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 300 }),
        fc.array(fc.nat(300), { maxLength: 8 }),
        (noise, cuts) => {
          const framed = frame(concat([startup(), noise]), cuts)
          const stops = framed.filter((f) => f.kind === 'invalid' || f.kind === 'terminate')
          expect(stops.length).toBeLessThanOrEqual(1)
          if (stops.length === 1) expect(framed.at(-1)).toBe(stops[0] as Framed)
        },
      ),
    )
  })
})

describe('transactionStatus', () => {
  test('reads the status of the last ReadyForQuery of an answer', () => {
    const ready = (s: string) => message('Z', enc.encode(s))
    expect(transactionStatus(concat([message('1'), message('2'), ready('T')]))).toBe('T')
    expect(transactionStatus(concat([ready('T'), message('C', enc.encode('COMMIT\0')), ready('I')]))).toBe(
      'I',
    )
    expect(transactionStatus(message('1'))).toBeNull()
    expect(transactionStatus(new Uint8Array([0x5a, 0, 0, 0]))).toBeNull()
  })

  test('simpleQuery writes a Query message with its NUL-ended text', () => {
    expect(Buffer.from(simpleQuery('ROLLBACK')).toString('hex')).toBe(
      Buffer.concat([Buffer.from('Q'), Buffer.from([0, 0, 0, 13]), Buffer.from('ROLLBACK\0')]).toString(
        'hex',
      ),
    )
  })
})
