/** One JSON line per event on stdout. Callers pass only safe fields: never secrets, tokens or Authorization values. */

export type LogFields = Record<string, string | number | boolean | null | undefined>

export interface Logger {
  info(event: string, fields?: LogFields): void
  error(event: string, fields?: LogFields): void
}

/** Writes JSON lines through `write` (stdout by default). */
export function createLogger(
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Logger {
  const emit = (level: string, event: string, fields: LogFields = {}) =>
    write(JSON.stringify({ time: new Date().toISOString(), level, event, ...fields }))
  return {
    info: (event, fields) => emit('info', event, fields),
    error: (event, fields) => emit('error', event, fields),
  }
}

/** A logger that drops everything (tests). */
export const silentLogger: Logger = { info() {}, error() {} }

/** A logger that keeps lines in memory (tests that assert on logs). */
export function memoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = []
  return { ...createLogger((line) => lines.push(line)), lines }
}

/** The name of an error for a log line, without its message or stack (they may carry input). */
export function errorName(error: unknown): string {
  return error instanceof Error ? error.name : typeof error
}
