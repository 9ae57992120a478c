/** A raw HTTP/1.1 client on 127.0.0.1 for what `fetch` cannot send: oversized heads, stalled heads and bodies, exact Host headers. */
import { connect } from 'node:net'

export interface RawExchange {
  /** Everything the server sent. */
  readonly received: string
  /** Milliseconds from the first byte written until the server closed the connection, or null if it stayed open. */
  readonly closedAfterMs: number | null
}

/**
 * Writes `chunks` (the first at once, the others `gapMs` apart) and collects the answer until the
 * server closes the connection or `waitMs` pass; the socket is always destroyed before resolving.
 */
export function rawExchange(
  port: number,
  chunks: readonly (string | Uint8Array)[],
  options: { waitMs: number; gapMs?: number },
): Promise<RawExchange> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    const parts: Buffer[] = []
    const started = performance.now()
    let next = 0
    let finished = false
    const finish = (closed: boolean) => {
      if (finished) return
      finished = true
      clearInterval(writer)
      clearTimeout(deadline)
      socket.destroy()
      resolve({
        received: Buffer.concat(parts).toString('latin1'),
        closedAfterMs: closed ? Math.round(performance.now() - started) : null,
      })
    }
    const writeNext = () => {
      const chunk = chunks[next++]
      if (chunk !== undefined && !socket.destroyed) socket.write(chunk)
    }
    socket.on('data', (data: Buffer) => parts.push(data))
    socket.on('close', () => finish(true))
    socket.on('error', () => finish(true))
    socket.on('connect', writeNext)
    const writer = setInterval(writeNext, options.gapMs ?? 1000)
    const deadline = setTimeout(() => finish(false), options.waitMs)
  })
}

/** The status code of the first response in `received`, or null. */
export function statusOf(received: string): number | null {
  const m = /^HTTP\/1\.1 (\d{3})/.exec(received)
  return m === null ? null : Number(m[1])
}

/** The body of the first response in `received` (after the blank line). */
export function bodyOf(received: string): string {
  const at = received.indexOf('\r\n\r\n')
  return at === -1 ? '' : received.slice(at + 4)
}

/** A GET request head for `path` on `host`. */
export function getRequest(path: string, host: string, headers: Record<string, string> = {}): string {
  const extra = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`)
  return `GET ${path} HTTP/1.1\r\nHost: ${host}\r\n${extra.join('')}Connection: close\r\n\r\n`
}
