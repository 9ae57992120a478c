/** What every CLI command receives: output, configuration, a clock and a way to use the database. */
import type { Config } from '../app/config.ts'
import type { Database } from '../db/database.ts'

export interface CliIo {
  out(line: string): void
  err(line: string): void
}

export interface CliContext {
  readonly io: CliIo
  readonly config: Config
  readonly clock: () => number
  /** Opens (and migrates) the configured database for the duration of `fn`, and always closes it. */
  withDatabase<T>(fn: (database: Database) => Promise<T>): Promise<T>
}

/** Exit codes: 0 success, 1 refused (the request was understood and declined), 2 usage error. */
export const EXIT = { ok: 0, refused: 1, usage: 2 } as const

export type CliCommand = (args: string[], ctx: CliContext) => Promise<number>

/** A refusal: `error: <message>` on stderr, and the exit code for it. */
export function refuse(ctx: CliContext, message: string): number {
  ctx.io.err(`error: ${message}`)
  return EXIT.refused
}

/**
 * One line for an unexpected failure: the innermost cause's first line. A database driver's error, wrapped by the
 * ORM as "Failed query: <SQL> params: <values>", then reads as the database's own reason.
 */
export function failureLine(error: unknown): string {
  let inner = error
  while (inner instanceof Error && inner.cause instanceof Error) inner = inner.cause
  const message = inner instanceof Error ? inner.message : String(inner)
  return `error: ${message.split('\n')[0]?.trim() || 'unknown failure'}`
}

/**
 * A failure thrown outside any command's await (a database driver's socket callback after the connection died, say)
 * is still one line and exit code 1: an import in flight is one transaction, which the database rolls back.
 */
export function exitOnUncaught(err: (line: string) => void, exit: (code: number) => never): void {
  const fail = (error: unknown) => {
    err(failureLine(error))
    exit(EXIT.refused)
  }
  process.on('uncaughtException', fail)
  process.on('unhandledRejection', fail)
}

/** Thrown by argument parsing; the dispatcher prints the message and exits with code 2. */
export class UsageError extends Error {
  override name = 'UsageError'
}

/** The forms of a command group, as usage errors and `--help` print them. */
export function usageText(usage: readonly string[]): string {
  return `usage:\n  ${usage.join('\n  ')}`
}

/** The usage of a command group, naming the subcommand given when it is not one of them. */
export function unknownSubcommand(
  command: string,
  sub: string | undefined,
  usage: readonly string[],
): UsageError {
  const forms = usageText(usage)
  return new UsageError(sub === undefined ? forms : `unknown command '${command} ${sub}'\n${forms}`)
}
