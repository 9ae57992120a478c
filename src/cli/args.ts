/** Small, strict argument parsing for the CLI: known flags only, every value checked, usage errors as UsageError. */
import { parseArgs } from 'node:util'
import { errorMessage } from '../lib/log.ts'
import { UsageError } from './context.ts'

export type FlagSpec = Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>

/** Parses `args` against `flags`; unknown flags and missing values become UsageError. */
export function parseFlags<F extends FlagSpec>(args: string[], flags: F) {
  try {
    return parseArgs({ args, options: flags, allowPositionals: true, strict: true })
  } catch (error) {
    const message = errorMessage(error)
    // node:util explains how to pass a positional that starts with '-'; a mistyped flag is far likelier.
    const unknown = /^Unknown option '([^']+)'/.exec(message)
    throw new UsageError(unknown ? `unknown option ${unknown[1]}` : message)
  }
}

/** A required string flag, or UsageError naming it. */
export function required(values: Record<string, unknown>, name: string): string {
  const value = values[name]
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`missing --${name}`)
  return value
}

/** Exactly `count` positionals, or UsageError with the expected form. */
export function positionals(list: string[], count: number, usage: string): string[] {
  if (list.length !== count) throw new UsageError(`usage: ${usage}`)
  return list
}
