/** `catalog import FILE | export --org SLUG`: the catalog file in and out of the database. */
import { open, readFile, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { errorMessage } from '../lib/log.ts'
import { serviceHosts } from '../security/service-hosts.ts'
import { exportCatalogText } from '../services/catalog/export.ts'
import { type ImportReport, importCatalog, OPERATOR_IMPORT } from '../services/catalog/import.ts'
import { parseFlags, positionals, required } from './args.ts'
import { type CliContext, EXIT, unknownSubcommand } from './context.ts'
import { jsonErrorPosition } from './json-position.ts'

const USAGE = ['catalog import FILE.json [--json]', 'catalog export --org SLUG [--out FILE.json]']
const MAX_PRINTED_ERRORS = 50

export async function runCatalogCommand(args: string[], ctx: CliContext): Promise<number> {
  const [sub, ...rest] = args
  const { values, positionals: pos } = parseFlags(rest, {
    json: { type: 'boolean' },
    org: { type: 'string' },
    out: { type: 'string' },
  })
  if (sub === 'import')
    return importFile(positionals(pos, 1, USAGE[0] as string)[0] as string, values.json === true, ctx)
  if (sub === 'export') {
    positionals(pos, 0, USAGE[1] as string)
    return exportOrg(required(values, 'org'), values.out, ctx)
  }
  throw unknownSubcommand('catalog', sub, USAGE)
}

async function importFile(file: string, json: boolean, ctx: CliContext): Promise<number> {
  const input = await readJson(file, ctx)
  if (input === undefined) return EXIT.refused
  // An operator's import may activate custom domains: never one of the service's own hosts.
  const options = { ...OPERATOR_IMPORT, serviceHosts: serviceHosts(ctx.config) }
  const result = await ctx.withDatabase((d) => importCatalog(d.db, input, options))
  if (!result.ok) {
    if (json) ctx.io.out(JSON.stringify({ errors: result.errors }))
    ctx.io.err(`error: ${file} has ${result.errors.length} error(s); nothing was imported`)
    for (const e of result.errors.slice(0, MAX_PRINTED_ERRORS))
      ctx.io.err(`  ${e.code} at ${e.path ?? '(file)'}: ${e.message}`)
    if (result.errors.length > MAX_PRINTED_ERRORS)
      ctx.io.err(`  … and ${result.errors.length - MAX_PRINTED_ERRORS} more`)
    return EXIT.refused
  }
  ctx.io.out(json ? JSON.stringify(result.report) : summary(result.report))
  return EXIT.ok
}

async function readJson(file: string, ctx: CliContext): Promise<unknown> {
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

function summary(r: ImportReport): string {
  const line = (name: string, c: ImportReport['products']) =>
    `  ${name}: ${c.created} created, ${c.updated} updated, ${c.unchanged} unchanged`
  return [
    `imported: ${r.changes} change(s)`,
    line('organizations', r.organizations),
    line('brands', r.brands),
    line('products', r.products),
  ].join('\n')
}

/**
 * Writes the catalog a batch of products at a time (a catalog of 100,000 products is never held whole): to
 * standard output line by line, or to a file that appears only once complete (a failure midway leaves none).
 */
async function exportOrg(org: string, out: string | undefined, ctx: CliContext): Promise<number> {
  return ctx.withDatabase(async (d) => {
    const parts = await exportCatalogText(d.db, org, { pretty: true })
    if (parts === null) {
      ctx.io.err(`error: organization '${org}' does not exist`)
      return EXIT.refused
    }
    if (out === undefined) await printLines(parts, ctx.io.out)
    else await writeWhole(out, parts)
    return EXIT.ok
  })
}

/** Prints text given in parts as whole lines (`out` ends each one); the text's own last line end is `out`'s. */
async function printLines(parts: AsyncIterable<string>, out: (line: string) => void): Promise<void> {
  let pending = ''
  for await (const part of parts) {
    const text = pending + part
    const end = text.lastIndexOf('\n')
    if (end === -1) pending = text
    else {
      out(text.slice(0, end))
      pending = text.slice(end + 1)
    }
  }
  if (pending !== '') out(pending)
}

/** Writes the parts to a file beside `path`, renamed to `path` once all are written, removed on a failure. */
async function writeWhole(path: string, parts: AsyncIterable<string>): Promise<void> {
  const partial = join(dirname(path), `.${basename(path)}.${process.pid}.partial`)
  const file = await open(partial, 'w')
  try {
    for await (const part of parts) await file.write(part)
    await file.close()
    await rename(partial, path)
  } catch (error) {
    await file.close().catch(() => undefined)
    await rm(partial, { force: true })
    throw error
  }
}
