/**
 * `domain list | activate | deactivate`: the custom domains brands have requested, and an operator turning one on
 * or off.
 */

import { serviceHosts } from '../security/service-hosts.ts'
import { CLI_ACTOR } from '../services/audit.ts'
import { type CustomDomainListing, listCustomDomains, setDomainActive } from '../services/catalog/brands.ts'
import { parseFlags, positionals } from './args.ts'
import { type CliContext, EXIT, refuse, UsageError, unknownSubcommand } from './context.ts'

export const USAGE = [
  'domain list [--pending] [--json]',
  'domain activate DOMAIN [--json]',
  'domain deactivate DOMAIN [--json]',
]

const FLAGS = { json: { type: 'boolean' }, pending: { type: 'boolean' } } as const

export async function runDomainCommand(args: string[], ctx: CliContext): Promise<number> {
  const [sub, ...rest] = args
  const { values, positionals: pos } = parseFlags(rest, FLAGS)
  if (sub === 'list') {
    positionals(pos, 0, USAGE[0] as string)
    const pending = values.pending === true
    const list = await ctx.withDatabase((d) => listCustomDomains(d.db, { pending }))
    if (list.length === 0 && values.json !== true)
      ctx.io.out(pending ? 'no custom domain is waiting for activation' : 'no brand has a custom domain')
    else printList(list, ctx, values.json === true)
    return EXIT.ok
  }
  if (sub !== 'activate' && sub !== 'deactivate') throw unknownSubcommand('domain', sub, USAGE)
  if (values.pending === true) throw new UsageError('--pending is an option of domain list')
  const [domain] = positionals(pos, 1, USAGE[sub === 'activate' ? 1 : 2] as string) as [string]
  const active = sub === 'activate'
  // The service's own hosts (RESOLVER_URL, SHORT_URL, API_URL, DASHBOARD_URL) are never a brand's: scans would loop.
  const hosts = serviceHosts(ctx.config)
  const result = await ctx.withDatabase((d) =>
    setDomainActive(d.db, { domain, active, actor: CLI_ACTOR, serviceHosts: hosts }),
  )
  if (!result.ok) return refuse(ctx, result.message)
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

/** One line per domain (domain, brand, organization, status; tab-separated), or a JSON array. */
function printList(list: readonly CustomDomainListing[], ctx: CliContext, json: boolean): void {
  const rows = list.map((d) => ({
    domain: d.domain,
    brand: d.brand,
    organization: d.organization,
    status: d.active ? 'active' : 'requested',
  }))
  if (json) ctx.io.out(JSON.stringify(rows))
  else for (const r of rows) ctx.io.out(`${r.domain}\t${r.brand}\t${r.organization}\t${r.status}`)
}
