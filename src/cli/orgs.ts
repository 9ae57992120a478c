/** `org create | set-plan | list`: organizations and their subscription plans. */

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
import { type CliContext, EXIT, UsageError, unknownSubcommand } from './context.ts'

const USAGE = [
  'org create --slug SLUG --name NAME [--plan free|starter|pro|enterprise] [--status active|past_due|canceled] [--json]',
  'org set-plan SLUG free|starter|pro|enterprise [--status active|past_due|canceled] [--json]',
  'org list [--json]',
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
  throw unknownSubcommand('org', sub, USAGE)
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
  if (!result.ok) {
    ctx.io.err(`error: ${result.message}`)
    return EXIT.refused
  }
  const o = result.organization
  ctx.io.out(
    json ? JSON.stringify(o) : `organization '${o.slug}' ${verb}: plan ${o.plan}, ${o.subscriptionStatus}`,
  )
  return EXIT.ok
}
