/** `client create | list | block | unblock | delete`: API clients of an organization (DESIGN §4). */

import { SCOPES } from '../auth/scopes.ts'
import { CLI_ACTOR } from '../services/audit.ts'
import {
  type ClientSummary,
  type CreateClientResult,
  createClient,
  deleteClient,
  listClients,
  setBlocked,
} from '../services/clients/api-clients.ts'
import { parseFlags, positionals, required } from './args.ts'
import { type CliContext, EXIT, refuse, UsageError, unknownSubcommand } from './context.ts'

export const USAGE = [
  'client create --org SLUG --name NAME --scope SCOPE [--scope SCOPE …] [--json]   (SCOPE: write:codes, read:catalog, write:catalog or read:scans; one per --scope)',
  'client list --org SLUG [--json]',
  'client block ID [--json]',
  'client unblock ID [--json]',
  'client delete ID [--json]',
]

const FLAGS = {
  org: { type: 'string' },
  name: { type: 'string' },
  scope: { type: 'string', multiple: true },
  json: { type: 'boolean' },
} as const

export async function runClientCommand(args: string[], ctx: CliContext): Promise<number> {
  const [sub, ...rest] = args
  const { values, positionals: pos } = parseFlags(rest, FLAGS)
  const json = values.json === true
  if (sub === 'create') {
    positionals(pos, 0, USAGE[0] as string)
    const input = {
      organizationSlug: required(values, 'org'),
      name: required(values, 'name'),
      scopes: scopesOf(values.scope),
      clock: ctx.clock,
      actor: CLI_ACTOR,
    }
    return reportCreated(await ctx.withDatabase((d) => createClient(d.db, input)), ctx, json)
  }
  if (sub === 'list') {
    positionals(pos, 0, USAGE[1] as string)
    const slug = required(values, 'org')
    const result = await ctx.withDatabase((d) => listClients(d.db, slug))
    if (!result.ok) return refuse(ctx, result.message)
    if (json) ctx.io.out(JSON.stringify(result.clients))
    else if (result.clients.length === 0) ctx.io.out(`organization '${slug}' has no API clients`)
    else for (const c of result.clients) ctx.io.out(listLine(c))
    return EXIT.ok
  }
  if (sub === 'block' || sub === 'unblock' || sub === 'delete') {
    const [clientId] = positionals(pos, 1, USAGE[['block', 'unblock', 'delete'].indexOf(sub) + 2] as string)
    return changeClient(sub, clientId as string, ctx, json)
  }
  throw unknownSubcommand('client', sub, USAGE)
}

/** `--scope` may repeat or hold a space-separated list; at least one is required. */
function scopesOf(value: string[] | undefined): string[] {
  const scopes = (value ?? []).flatMap((s) => s.split(' ')).filter((s) => s !== '')
  if (scopes.length === 0) throw new UsageError(`missing --scope (the API grants ${SCOPES.join(', ')})`)
  return scopes
}

async function changeClient(
  action: 'block' | 'unblock' | 'delete',
  clientId: string,
  ctx: CliContext,
  json: boolean,
): Promise<number> {
  const found = await ctx.withDatabase((d) =>
    action === 'delete'
      ? deleteClient(d.db, clientId, { actor: CLI_ACTOR })
      : setBlocked(d.db, clientId, action === 'block', { actor: CLI_ACTOR }),
  )
  if (!found) return refuse(ctx, `unknown API client '${clientId}'`)
  if (json) {
    const state = action === 'delete' ? { deleted: true } : { blocked: action === 'block' }
    ctx.io.out(JSON.stringify({ clientId, ...state }))
  } else {
    const done = {
      block: 'blocked: it can no longer obtain tokens, and its tokens stop working',
      unblock: 'unblocked: it can obtain tokens again',
      delete: 'deleted: its tokens are revoked',
    }[action]
    ctx.io.out(`API client '${clientId}' ${done}`)
  }
  return EXIT.ok
}

function reportCreated(result: CreateClientResult, ctx: CliContext, json: boolean): number {
  if (!result.ok) return refuse(ctx, result.message)
  const { clientId, clientSecret, name, scopes } = result
  if (json) {
    ctx.io.out(JSON.stringify({ clientId, clientSecret, name, scopes }))
    return EXIT.ok
  }
  ctx.io.out(`API client '${name}' created`)
  ctx.io.out(`  client id:     ${clientId}`)
  ctx.io.out(`  client secret: ${clientSecret}`)
  ctx.io.out(`  scopes:        ${scopes.join(' ')}`)
  ctx.io.out('The client secret is shown only once and cannot be retrieved later: store it now.')
  return EXIT.ok
}

function listLine(c: ClientSummary): string {
  const state = c.blocked ? 'blocked' : 'active'
  return [c.clientId, state, c.scopes.join(' '), `last used ${c.lastUsedAt ?? 'never'}`, c.name].join('\t')
}
