/** `catalog import FILE | export --org SLUG`: the catalog file in and out of the database. */
import { readFile, writeFile } from 'node:fs/promises'
import { exportCatalog } from '../db/catalog-export.ts'
import { type ImportReport, importCatalog } from '../db/catalog-import.ts'
import { errorMessage } from '../log.ts'
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
  const result = await ctx.withDatabase((d) => importCatalog(d.db, input))
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

async function exportOrg(org: string, out: string | undefined, ctx: CliContext): Promise<number> {
  const catalog = await ctx.withDatabase((d) => exportCatalog(d.db, org))
  if (catalog === null) {
    ctx.io.err(`error: organization '${org}' does not exist`)
    return EXIT.refused
  }
  const text = `${JSON.stringify(catalog, null, 2)}\n`
  if (out === undefined) ctx.io.out(text.trimEnd())
  else await writeFile(out, text)
  return EXIT.ok
}
