/** One JSON line per event on stdout. Callers pass only safe fields: never secrets, tokens or Authorization values. */
import { decodeSegment } from '../epc/index.ts'

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

/** What stands in a logged path for a value that is not logged (a lot, a serial, …). */
export const REDACTED = '*'

const GTIN_PATH = '/01/'
/** A GTIN as a path holds it (GTIN-8 to GTIN-14), and an AI's number (GS1 DL URI syntax 1.4 §4: 2 to 4 digits). */
const DIGITS = /^\d{1,14}$/
const AI = /^\d{2,4}$/

/**
 * The path of a request as log lines carry it. A GS1 Digital Link keeps its GTIN and the AI numbers of its
 * qualifiers, and each qualifier's value becomes `*`: `/01/09506000134352/10/ABC/21/12345` is logged with `*` in
 * place of `ABC` and `12345`, since a lot and above all a serial tell which pack someone scanned, and where. An
 * EPC-compressed segment (`eh…`, `ex…`), which holds GTIN and serial in one value, is logged as its prefix and `*`
 * followed by that redacted uncompressed path, or as the prefix and `*` alone when it does not decode. Other paths
 * pass unchanged; the query is never logged. Every request and error log line (API, resolver, dashboard) uses it.
 *
 * @example
 * loggedPath('/01/09506000134352/10/LOT1') // '/01/09506000134352/10/' + '*'
 * loggedPath('/eh3066C4409047E140075BCD15') // '/eh' + '*' + '/01/09506000134352/21/' + '*'
 */
export function loggedPath(path: string): string {
  const key = path.startsWith(GTIN_PATH) ? 0 : path.indexOf(GTIN_PATH)
  if (key !== -1) return path.slice(0, key) + redactedLink(path.slice(key + GTIN_PATH.length))
  // The resolver reads a compressed link from a path of one segment, a trailing slash tolerated.
  if (path.charCodeAt(1) === 101 && (path.charCodeAt(2) === 104 || path.charCodeAt(2) === 120)) {
    const segment = path.endsWith('/') ? path.slice(1, -1) : path.slice(1)
    if (!segment.includes('/')) return redactedCompressed(segment)
  }
  return path
}

/** `/01/` and what follows it (`{gtin}/{ai}/{value}…`) with every value but a GTIN's replaced. */
function redactedLink(rest: string): string {
  // The common scan, a bare GTIN: no copy.
  if (!rest.includes('/') && DIGITS.test(rest)) return GTIN_PATH + rest
  const parts = rest.split('/')
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string
    if (part === '') continue
    // parts[0] is the GTIN, then AI numbers and values alternate; a part of another shape is a value too.
    const kept = i === 0 ? DIGITS.test(part) : i % 2 === 1 && AI.test(part)
    if (!kept) parts[i] = REDACTED
  }
  return GTIN_PATH + parts.join('/')
}

function redactedCompressed(segment: string): string {
  const prefix = `/${segment.slice(0, 2)}${REDACTED}`
  const decoded = decodeSegment(segment)
  if (!decoded.ok) return prefix
  let path = `${prefix}${GTIN_PATH}${decoded.link.gtin}`
  for (const q of decoded.link.qualifiers) path += `/${q.ai}/${REDACTED}`
  return path
}
