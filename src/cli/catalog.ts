/**
 * `catalog import FILE | export --org SLUG`: the catalog file in and out of the database; `import --from
 * gs1-resolver-ce` takes GS1 Resolver CE data entry instead (`catalog-ce.ts`).
 */
import { open, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { serviceHosts } from '../security/service-hosts.ts'
import { exportCatalogText } from '../services/catalog/export.ts'
import { importCatalog, OPERATOR_IMPORT } from '../services/catalog/import.ts'
import { parseFlags, positionals, required } from './args.ts'
import { importResolverCe, RESOLVER_CE } from './catalog-ce.ts'
import { readJson, refuseFile, reportImport } from './catalog-report.ts'
import { type CliContext, EXIT, UsageError, unknownSubcommand } from './context.ts'

export const USAGE = [
  'catalog import FILE.json [--dry-run] [--json]',
  `catalog import --from ${RESOLVER_CE} --org SLUG --brand SLUG FILE.json [--dry-run] [--json]`,
  'catalog export --org SLUG [--out FILE.json]',
]

const FLAGS = {
  json: { type: 'boolean' },
  'dry-run': { type: 'boolean' },
  from: { type: 'string' },
  org: { type: 'string' },
  brand: { type: 'string' },
  out: { type: 'string' },
} as const

export async function runCatalogCommand(args: string[], ctx: CliContext): Promise<number> {
  const [sub, ...rest] = args
  const { values, positionals: pos } = parseFlags(rest, FLAGS)
  const json = values.json === true
  const dryRun = values['dry-run'] === true
  if (sub === 'import' && values.from !== undefined) {
    if (values.from !== RESOLVER_CE)
      throw new UsageError(`unknown --from '${values.from}'; the one source is ${RESOLVER_CE}`)
    const [file] = positionals(pos, 1, USAGE[1] as string)
    const org = required(values, 'org')
    const brand = required(values, 'brand')
    return importResolverCe({ file: file as string, org, brand, dryRun, json }, ctx)
  }
  if (sub === 'import') {
    if (values.org !== undefined || values.brand !== undefined)
      throw new UsageError(`--org and --brand go with --from ${RESOLVER_CE}; a catalog file names its own`)
    return importFile(positionals(pos, 1, USAGE[0] as string)[0] as string, { json, dryRun }, ctx)
  }
  if (sub === 'export') {
    positionals(pos, 0, USAGE[2] as string)
    return exportOrg(required(values, 'org'), values.out, ctx)
  }
  throw unknownSubcommand('catalog', sub, USAGE)
}

async function importFile(
  file: string,
  options: { json: boolean; dryRun: boolean },
  ctx: CliContext,
): Promise<number> {
  const input = await readJson(file, ctx)
  if (input === undefined) return EXIT.refused
  // An operator's import may activate custom domains: never one of the service's own hosts.
  const importOptions = { ...OPERATOR_IMPORT, serviceHosts: serviceHosts(ctx.config), dryRun: options.dryRun }
  const result = await ctx.withDatabase((d) => importCatalog(d.db, input, importOptions))
  if (!result.ok) return refuseFile(file, result.errors, options.json, ctx)
  return reportImport(result.report, options, ctx)
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
    else {
      await writeWhole(out, parts)
      ctx.io.out(`wrote the catalog of '${org}' to ${out}`)
    }
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
