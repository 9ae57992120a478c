/** `org create | set-plan | list | prefix`: organizations, their subscription plans and GS1 Company Prefixes. */

import {
  addCompanyPrefix,
  listCompanyPrefixes,
  type PrefixResult,
  removeCompanyPrefix,
} from '../services/catalog/company-prefixes.ts'
import {
  createOrganization,
  isPlan,
  isSubscriptionStatus,
  listOrganizations,
  type OrganizationResult,
  PLANS,
  SUBSCRIPTION_STATUSES,
  setPlan,
} from '../services/people/organizations.ts'
import { parseFlags, positionals, required } from './args.ts'
import { type CliContext, EXIT, refuse, UsageError, unknownSubcommand } from './context.ts'

export const USAGE = [
  'org create --slug SLUG --name NAME [--plan free|starter|pro|enterprise] [--status active|past_due|canceled] [--json]',
  'org set-plan SLUG free|starter|pro|enterprise [--status active|past_due|canceled] [--json]',
  'org list [--json]',
  'org prefix add|remove|list SLUG [PREFIX] [--json]',
]

const FLAGS = {
  slug: { type: 'string' },
  name: { type: 'string' },
  plan: { type: 'string' },
  status: { type: 'string' },
  json: { type: 'boolean' },
} as const

export async function runOrgCommand(args: string[], ctx: CliContext): Promise<number> {
  const [sub, ...rest] = args
  const { values, positionals: pos } = parseFlags(rest, FLAGS)
  const json = values.json === true
  if (sub === 'create') {
    positionals(pos, 0, USAGE[0] as string)
    const plan = checkPlan(values.plan ?? 'free')
    const status = checkStatus(values.status ?? 'active')
    const input = {
      slug: required(values, 'slug'),
      name: required(values, 'name'),
      plan,
      subscriptionStatus: status,
    }
    return report(await ctx.withDatabase((d) => createOrganization(d.db, input)), ctx, json, 'created')
  }
  if (sub === 'set-plan') {
    const [slug, plan] = positionals(pos, 2, USAGE[1] as string) as [string, string]
    const status = values.status === undefined ? undefined : checkStatus(values.status)
    return report(
      await ctx.withDatabase((d) => setPlan(d.db, slug, checkPlan(plan), status)),
      ctx,
      json,
      'updated',
    )
  }
  if (sub === 'list') {
    positionals(pos, 0, USAGE[2] as string)
    const list = await ctx.withDatabase((d) => listOrganizations(d.db))
    if (json) ctx.io.out(JSON.stringify(list))
    else for (const o of list) ctx.io.out(`${o.slug}\t${o.plan}\t${o.subscriptionStatus}\t${o.name}`)
    return EXIT.ok
  }
  if (sub === 'prefix') return runPrefixCommand(pos, json, ctx)
  throw unknownSubcommand('org', sub, USAGE)
}

/**
 * `org prefix add|remove SLUG PREFIX` and `org prefix list SLUG`: the GS1 Company Prefixes whose entries the
 * organization may import (DESIGN §12; none recorded: not checked).
 */
async function runPrefixCommand(pos: string[], json: boolean, ctx: CliContext): Promise<number> {
  const usage = USAGE[3] as string
  const [action] = pos
  if (action === 'list') {
    const [, slug] = positionals(pos, 2, usage) as [string, string]
    const list = await ctx.withDatabase((d) => listCompanyPrefixes(d.db, slug))
    if (list === null)
      return prefixReport(
        { ok: false, reason: 'unknown', message: `organization '${slug}' does not exist` },
        ctx,
        json,
      )
    return prefixReport({ ok: true, prefixes: list }, ctx, json)
  }
  if (action !== 'add' && action !== 'remove') throw new UsageError(`usage: ${usage}`)
  const [, slug, prefix] = positionals(pos, 3, usage) as [string, string, string]
  const change = action === 'add' ? addCompanyPrefix : removeCompanyPrefix
  return prefixReport(await ctx.withDatabase((d) => change(d.db, slug, prefix)), ctx, json)
}

function prefixReport(result: PrefixResult, ctx: CliContext, json: boolean): number {
  if (!result.ok) return refuse(ctx, result.message)
  if (json) ctx.io.out(JSON.stringify({ companyPrefixes: result.prefixes }))
  else
    ctx.io.out(
      result.prefixes.length === 0
        ? '(no company prefixes: entries are not checked)'
        : result.prefixes.join('\n'),
    )
  return EXIT.ok
}

function checkPlan(value: string) {
  if (!isPlan(value)) throw new UsageError(`plan must be one of ${PLANS.join(', ')}`)
  return value
}

function checkStatus(value: string) {
  if (!isSubscriptionStatus(value))
    throw new UsageError(`status must be one of ${SUBSCRIPTION_STATUSES.join(', ')}`)
  return value
}

function report(result: OrganizationResult, ctx: CliContext, json: boolean, verb: string): number {
  if (!result.ok) return refuse(ctx, result.message)
  const o = result.organization
  ctx.io.out(
    json ? JSON.stringify(o) : `organization '${o.slug}' ${verb}: plan ${o.plan}, ${o.subscriptionStatus}`,
  )
  return EXIT.ok
}
