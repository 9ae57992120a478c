/** `domain activate | deactivate DOMAIN`: an operator turns a brand's requested custom domain on or off. */
import { CLI_ACTOR } from '../db/audit.ts'
import { setDomainActive } from '../db/brands.ts'
import { parseFlags, positionals } from './args.ts'
import { type CliContext, EXIT, unknownSubcommand } from './context.ts'

const USAGE = ['domain activate DOMAIN [--json]', 'domain deactivate DOMAIN [--json]']

export async function runDomainCommand(args: string[], ctx: CliContext): Promise<number> {
  const [sub, ...rest] = args
  const { values, positionals: pos } = parseFlags(rest, { json: { type: 'boolean' } } as const)
  if (sub !== 'activate' && sub !== 'deactivate') throw unknownSubcommand('domain', sub, USAGE)
  const [domain] = positionals(pos, 1, USAGE[sub === 'activate' ? 0 : 1] as string) as [string]
  const active = sub === 'activate'
  const result = await ctx.withDatabase((d) => setDomainActive(d.db, { domain, active, actor: CLI_ACTOR }))
  if (!result.ok) {
    ctx.io.err(`error: ${result.message}`)
    return EXIT.refused
  }
  if (values.json === true) {
    ctx.io.out(
      JSON.stringify({
        domain: domain.trim().toLowerCase(),
        brand: result.brand,
        organization: result.organization,
        active,
      }),
    )
  } else {
    const state = active
      ? 'active: scans of it resolve the brand’s products'
      : 'inactive: scans of it answer 404'
    ctx.io.out(
      `custom domain '${domain}' of brand '${result.brand}' is ${result.changed ? 'now ' : 'already '}${state}`,
    )
  }
  return EXIT.ok
}
