/** Runs CLI commands in-process against a test database, capturing their output lines. */
import type { CliCommand, CliContext } from '../../src/cli/context.ts'
import type { Database } from '../../src/db/database.ts'
import { TEST_CONFIG, testClock } from './app.ts'

export interface CliRun {
  code: number
  out: string[]
  err: string[]
}

/**
 * A CLI context whose `withDatabase` lends the (already open) test database without closing it; with `null`, for
 * commands that need none, `withDatabase` rejects.
 */
export function cliContext(database: Database | null): CliContext & { out: string[]; err: string[] } {
  const out: string[] = []
  const err: string[] = []
  return {
    out,
    err,
    io: { out: (line) => out.push(line), err: (line) => err.push(line) },
    config: TEST_CONFIG,
    clock: testClock(),
    withDatabase: (fn) =>
      database === null ? Promise.reject(new Error('this command needs no database')) : fn(database),
  }
}

/** Runs `command` with `args` and returns its exit code and output. */
export async function runCommand(command: CliCommand, database: Database, args: string[]): Promise<CliRun> {
  const ctx = cliContext(database)
  const code = await command(args, ctx)
  return { code, out: ctx.out, err: ctx.err }
}
