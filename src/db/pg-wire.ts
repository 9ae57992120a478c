/**
 * The little of the Postgres wire protocol (3.0, PostgreSQL docs §55) that the embedded database's socket server
 * reads: a client's bytes framed into units a backend answers as a whole, and the transaction status of an answer.
 * Pure: no I/O.
 */

/** What a client sent: its startup packet, a unit to run, or a request answered (or refused) without the backend. */
export type Framed =
  | { readonly kind: 'startup' | 'unit'; readonly bytes: Uint8Array }
  /** SSLRequest or GSSENCRequest: answered `N` (the socket is local; no encryption). */
  | { readonly kind: 'ssl' }
  /** CancelRequest, Terminate, or bytes that are no protocol message: the connection ends. */
  | { readonly kind: 'cancel' | 'terminate' | 'invalid' }

/** Frames a client's bytes as they arrive, in any chunks. */
export interface Framer {
  push(chunk: Uint8Array): Framed[]
}

/** Largest message taken (Postgres itself stops at 1 GB): a bigger length is a broken or hostile client. */
export const MAX_MESSAGE_BYTES = 256 * 1024 * 1024

/** Largest startup packet (user, database and a few settings). */
const MAX_STARTUP_BYTES = 10_000

const SSL_REQUEST = 80877103
const GSSENC_REQUEST = 80877104
const CANCEL_REQUEST = 80877102
const PROTOCOL_3 = 196608

const SYNC = 0x53
const QUERY = 0x51
const FLUSH = 0x48
const TERMINATE = 0x58
const READY_FOR_QUERY = 0x5a

/**
 * A framer for one connection. A unit is every complete message up to and including a Sync, a simple Query or a
 * Flush: what the backend must answer before another client's statement may run, since an extended-protocol
 * statement (Parse, Bind, Execute) lives in the backend's one unnamed slot until the Sync.
 */
export function createFramer(): Framer {
  let buffer: Uint8Array = new Uint8Array(0)
  let chunks: Uint8Array[] = []
  let length = 0
  let started = false
  /** Bytes of complete messages of the unit being gathered, from the start of the buffer. */
  let unitEnd = 0
  /** The end of the message whose header was read, waiting for its body (0: none), and where that message starts. */
  let waitingFor = 0
  let lastMessageStart = 0
  let ended = false

  /** The buffered bytes as one array, of which at least `need` exist (copied once per message, not per chunk). */
  const contiguous = (need: number): Uint8Array | null => {
    if (length < need) return null
    if (buffer.length < need) {
      const joined = new Uint8Array(length)
      joined.set(buffer)
      let at = buffer.length
      for (const c of chunks) {
        joined.set(c, at)
        at += c.length
      }
      buffer = joined
      chunks = []
    }
    return buffer
  }
  const take = (n: number): Uint8Array => {
    const all = contiguous(n) as Uint8Array
    const taken = all.slice(0, n)
    buffer = all.subarray(n)
    length -= n
    unitEnd = 0
    waitingFor = 0
    return taken
  }
  const stop = (kind: 'cancel' | 'terminate' | 'invalid'): Framed => {
    ended = true
    return { kind }
  }

  const next = (): Framed | null => {
    if (!started) {
      const head = contiguous(8)
      if (head === null) return null
      const size = readInt32(head, 0)
      const code = readInt32(head, 4)
      if (size < 8 || size > MAX_STARTUP_BYTES) return stop('invalid')
      if (length < size) return null
      if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
        take(size)
        return { kind: 'ssl' }
      }
      if (code === CANCEL_REQUEST) return stop('cancel')
      if (code !== PROTOCOL_3) return stop('invalid')
      started = true
      return { kind: 'startup', bytes: take(size) }
    }
    for (;;) {
      if (waitingFor > 0) {
        if (length < waitingFor) return null
        unitEnd = waitingFor
        waitingFor = 0
        const all = contiguous(unitEnd) as Uint8Array
        const type = all[lastMessageStart] as number
        if (type === SYNC || type === QUERY || type === FLUSH) return { kind: 'unit', bytes: take(unitEnd) }
        continue
      }
      const head = contiguous(unitEnd + 5)
      if (head === null) return null
      const type = head[unitEnd] as number
      const size = readInt32(head, unitEnd + 1)
      if (size < 4 || size > MAX_MESSAGE_BYTES) return stop('invalid')
      if (type === TERMINATE) {
        // The statements before it still run; the Terminate ends the connection after them.
        if (unitEnd > 0) return { kind: 'unit', bytes: take(unitEnd) }
        return stop('terminate')
      }
      lastMessageStart = unitEnd
      waitingFor = unitEnd + 1 + size
    }
  }

  return {
    push(chunk) {
      if (ended) return []
      chunks.push(chunk)
      length += chunk.length
      const framed: Framed[] = []
      while (!ended) {
        const f = next()
        if (f === null) break
        framed.push(f)
      }
      return framed
    },
  }
}

/** The transaction status of the last ReadyForQuery in a backend's answer (`I`, `T` or `E`), or null for none. */
export function transactionStatus(answer: Uint8Array): string | null {
  let status: string | null = null
  let offset = 0
  while (offset + 5 <= answer.length) {
    const size = readInt32(answer, offset + 1)
    if (size < 4) return status
    if (answer[offset] === READY_FOR_QUERY && size === 5 && offset + 5 < answer.length)
      status = String.fromCharCode(answer[offset + 5] as number)
    offset += 1 + size
  }
  return status
}

/** A simple Query message for `sql`. */
export function simpleQuery(sql: string): Uint8Array {
  const text = new TextEncoder().encode(`${sql}\0`)
  const message = new Uint8Array(5 + text.length)
  message[0] = QUERY
  new DataView(message.buffer).setInt32(1, 4 + text.length)
  message.set(text, 5)
  return message
}

/** A signed big-endian 32-bit integer, as the protocol writes lengths and codes. */
function readInt32(bytes: Uint8Array, at: number): number {
  return (
    ((bytes[at] as number) << 24) |
    ((bytes[at + 1] as number) << 16) |
    ((bytes[at + 2] as number) << 8) |
    (bytes[at + 3] as number)
  )
}
