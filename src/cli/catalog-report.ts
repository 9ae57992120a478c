/** What `catalog import` (of either format) prints: the file read, its errors with their paths, the summary. */
import { readFile } from 'node:fs/promises'
import type { Issue } from '../gs1/issue.ts'
import { errorMessage } from '../lib/log.ts'
import type { ImportReport } from '../services/catalog/import.ts'
import { type CliContext, EXIT } from './context.ts'
import { jsonErrorPosition } from './json-position.ts'

const MAX_PRINTED_ERRORS = 50

/** An error of the file; `source` is where in the file given its part came from, when the file was mapped. */
export type FileError = Issue & { readonly source?: string }

/** The parsed JSON of `file` (a leading byte-order mark ignored), or undefined once the reason is printed. */
export async function readJson(file: string, ctx: CliContext): Promise<unknown> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    ctx.io.err(`error: cannot read ${file}: ${errorMessage(error)}`)
    return undefined
  }
  const json = text.replace(/^\uFEFF/, '')
  try {
    return JSON.parse(json)
  } catch (error) {
    const at = jsonErrorPosition(json)
    const where = at === null ? '' : ` at line ${at.line}, column ${at.column}`
    ctx.io.err(`error: ${file} is not valid JSON${where} (${errorMessage(error)})`)
    return undefined
  }
}

/** Prints every error (the first 50 as lines; all with `--json`) and answers the refusal's exit code. */
export function refuseFile(
  file: string,
  errors: readonly FileError[],
  json: boolean,
  ctx: CliContext,
): number {
  if (json) ctx.io.out(JSON.stringify({ errors }))
  ctx.io.err(`error: ${file} has ${errors.length} error(s); nothing was imported`)
  for (const e of errors.slice(0, MAX_PRINTED_ERRORS)) {
    const from = e.source === undefined ? '' : ` (from ${e.source})`
    ctx.io.err(`  ${e.code} at ${e.path ?? '(file)'}${from}: ${e.message}`)
  }
  if (errors.length > MAX_PRINTED_ERRORS) ctx.io.err(`  … and ${errors.length - MAX_PRINTED_ERRORS} more`)
  return EXIT.refused
}

/** Prints what an import changed, or with `dryRun` what it would have changed. */
export function reportImport(
  report: ImportReport,
  options: { json: boolean; dryRun: boolean },
  ctx: CliContext,
): number {
  if (options.json) ctx.io.out(JSON.stringify(options.dryRun ? { ...report, dryRun: true } : report))
  else {
    ctx.io.out(summary(report, options.dryRun))
    // Imported all the same; said on stderr so that the summary stays what a script reads.
    if (report.warnings.length > 0) ctx.io.err(`${report.warnings.length} warning(s):`)
    for (const w of report.warnings.slice(0, MAX_PRINTED_ERRORS))
      ctx.io.err(`  ${w.code} at ${w.path ?? '(file)'}: ${w.message}`)
  }
  return EXIT.ok
}

function summary(r: ImportReport, dryRun: boolean): string {
  const line = (name: string, c: ImportReport['products']) =>
    `  ${name}: ${c.created} created, ${c.updated} updated, ${c.unchanged} unchanged`
  return [
    dryRun
      ? `dry run: ${r.changes} change(s) to import; nothing was written`
      : `imported: ${r.changes} change(s)`,
    line('organizations', r.organizations),
    line('brands', r.brands),
    line('products', r.products),
    line('items', r.items),
    line('rules', r.rules),
  ].join('\n')
}
