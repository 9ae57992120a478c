/** One JSON line per event on stdout. Callers pass only safe fields: never secrets, tokens or Authorization values. */

export type LogFields = Record<string, string | number | boolean | null | undefined>

export interface Logger {
  info(event: string, fields?: LogFields): void
  error(event: string, fields?: LogFields): void
}

/** `new Date().toISOString()`, formatted once per millisecond: a busy resolver logs many lines in each. */
function isoClock(): () => string {
  let lastMs = Number.NaN
  let lastIso = ''
  return () => {
    const now = Date.now()
    if (now !== lastMs) {
      lastMs = now
      lastIso = new Date(now).toISOString()
    }
    return lastIso
  }
}

/** Writes JSON lines through `write`, one call per line: `time`, `level`, `event`, then the fields. Never throws. */
export function createLogger(write: (line: string) => void): Logger {
  const isoNow = isoClock()
  const emit = (level: string, event: string, fields?: LogFields) => {
    try {
      // One JSON.stringify of the caller's object, no copy of it: this runs once per resolver request.
      const head = `{"time":"${isoNow()}","level":"${level}","event":${JSON.stringify(event)}`
      const body = fields === undefined ? '{}' : JSON.stringify(fields)
      write(body === '{}' ? `${head}}` : `${head},${body.slice(1)}`)
    } catch {
      // Logging runs in hooks after the answer, where a throw ends the process: a line that fails is dropped.
    }
  }
  return {
    info: (event, fields) => emit('info', event, fields),
    error: (event, fields) => emit('error', event, fields),
  }
}

const FLUSH_BYTES = 64 * 1024

/** Where the stdout logger writes: `process.stdout`, or any stream (tests). */
export interface LogOutput {
  write(text: string): unknown
  on?(event: 'error', listener: (error: Error) => void): unknown
}

/**
 * JSON lines on stdout, batched: one write per event-loop turn (or per 64 KiB) instead of one system call per
 * request line, which the resolver's request rate would otherwise pay for. `flush()` on shutdown.
 */
export function createStdoutLogger(out: LogOutput = process.stdout): Logger & { flush(): void } {
  // A stdout whose reader is gone (EPIPE) reports it as an 'error' event, which nobody else hears: unheard, it
  // would end the process on the next request. The lines are lost either way.
  out.on?.('error', () => {})
  let buffer = ''
  let scheduled = false
  const flush = () => {
    scheduled = false
    if (buffer === '') return
    const text = buffer
    buffer = ''
    try {
      out.write(text)
    } catch {
      // A closed or failing stdout must not end the process from a timer; the lines are lost either way.
    }
  }
  const logger = createLogger((line) => {
    buffer += `${line}\n`
    if (buffer.length >= FLUSH_BYTES) flush()
    else if (!scheduled) {
      scheduled = true
      setTimeout(flush, 0)
    }
  })
  return { ...logger, flush }
}

/** A logger that drops everything (tests). */
export const silentLogger: Logger = { info() {}, error() {} }

/** A logger that keeps lines in memory (tests that assert on logs). */
export function memoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = []
  return { ...createLogger((line) => lines.push(line)), lines }
}

/** The message of a thrown value, for the one-line errors of the entry points (never a log line: it may carry input). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** The name of an error for a log line, without its message or stack (they may carry input). */
export function errorName(error: unknown): string {
  return error instanceof Error ? error.name : typeof error
}
