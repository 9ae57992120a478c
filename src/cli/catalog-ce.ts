/** `catalog import --from gs1-resolver-ce`: GS1 Resolver CE data entry as products of an existing brand (DESIGN §11). */
import { ceSourceOf, fromResolverCe } from '../catalog/from-resolver-ce.ts'
import type { Db } from '../db/database.ts'
import { serviceHosts } from '../security/service-hosts.ts'
import { brandOfOrganization } from '../services/catalog/brands.ts'
import { importCatalog, OPERATOR_IMPORT } from '../services/catalog/import.ts'
import { type FileError, readJson, refuseFile, reportImport } from './catalog-report.ts'
import { type CliContext, EXIT, refuse } from './context.ts'

/** The one source `--from` names. */
export const RESOLVER_CE = 'gs1-resolver-ce'

export interface ResolverCeImport {
  readonly file: string
  readonly org: string
  readonly brand: string
  readonly dryRun: boolean
  readonly json: boolean
}

/**
 * Maps the file; anything it cannot map is printed with its path in the file and nothing is written. Otherwise the
 * products go through the catalog import as a catalog file would, its errors pointing into the file given as well.
 */
export async function importResolverCe(args: ResolverCeImport, ctx: CliContext): Promise<number> {
  const input = await readJson(args.file, ctx)
  if (input === undefined) return EXIT.refused
  return ctx.withDatabase(async (d) => {
    const problem = await brandProblem(d.db, args.org, args.brand)
    if (problem !== null) {
      return refuse(ctx, problem)
    }
    const mapped = fromResolverCe(input, { brand: args.brand })
    if (mapped.issues.length > 0) return refuseFile(args.file, mapped.issues, args.json, ctx)
    const options = { ...OPERATOR_IMPORT, serviceHosts: serviceHosts(ctx.config), dryRun: args.dryRun }
    const result = await importCatalog(d.db, mapped.file, options)
    if (!result.ok) {
      const errors = result.errors.map((e): FileError => {
        const source = ceSourceOf(mapped.sources, e.path)
        return source === null ? e : { ...e, source }
      })
      return refuseFile(args.file, errors, args.json, ctx)
    }
    return reportImport(result.report, args, ctx)
  })
}

/** Why the products cannot go to `brand` of `org`, or null. */
async function brandProblem(db: Db, org: string, brand: string): Promise<string | null> {
  const found = await brandOfOrganization(db, org, brand)
  if (found === 'no_organization') return `organization '${org}' does not exist`
  if (found === 'no_brand')
    return `brand '${brand}' does not exist in organization '${org}'; create it first (dashboard or a catalog file)`
  return null
}
