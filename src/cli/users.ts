/** `user create | list | disable | reset-password`: the dashboard's people, for operators (DESIGN §7). */
import { setPasswordUrl } from '../auth/password-links.ts'
import type { Database } from '../db/database.ts'
import { CLI_ACTOR } from '../services/audit.ts'
import { listOrganizations } from '../services/people/organizations.ts'
import {
  createUser,
  disableUser,
  listUsers,
  resetPassword,
  type UserListing,
} from '../services/people/users.ts'
import { parseFlags, positionals, required } from './args.ts'
import { type CliContext, EXIT, refuse, unknownSubcommand } from './context.ts'

export const USAGE = [
  'user create --email EMAIL --name NAME --org SLUG --role owner|editor|viewer [--json]',
  'user list [--org SLUG] [--json]',
  'user disable EMAIL [--json]',
  'user reset-password EMAIL [--json]',
]

const FLAGS = {
  email: { type: 'string' },
  name: { type: 'string' },
  org: { type: 'string' },
  role: { type: 'string' },
  json: { type: 'boolean' },
} as const

export async function runUserCommand(args: string[], ctx: CliContext): Promise<number> {
  const [sub, ...rest] = args
  const { values, positionals: pos } = parseFlags(rest, FLAGS)
  const json = values.json === true
  if (sub === 'create') {
    positionals(pos, 0, USAGE[0] as string)
    const input = {
      email: required(values, 'email'),
      name: required(values, 'name'),
      organizationSlug: required(values, 'org'),
      role: required(values, 'role'),
      actor: CLI_ACTOR,
      clock: ctx.clock,
    }
    const result = await ctx.withDatabase(async (d) => {
      const created = await createUser(d.db, input)
      return created.ok || created.reason !== 'unknown_organization'
        ? created
        : { ...created, message: `${created.message} (${await knownOrganizations(d)})` }
    })
    if (!result.ok) return refuse(ctx, result.message)
    return linkOut(
      ctx,
      json,
      { userId: result.user.id, email: result.user.email },
      result.setPasswordToken,
      'created',
    )
  }
  if (sub === 'list') {
    positionals(pos, 0, USAGE[1] as string)
    const users = await ctx.withDatabase((d) => listUsers(d.db, values.org))
    if (json) ctx.io.out(JSON.stringify(users.map(publicView)))
    else if (users.length === 0)
      ctx.io.out(values.org === undefined ? 'no users' : `organization '${values.org}' has no users`)
    else for (const u of users) ctx.io.out(listLine(u))
    return EXIT.ok
  }
  if (sub === 'disable') {
    const [email] = positionals(pos, 1, USAGE[2] as string) as [string]
    const result = await ctx.withDatabase((d) => disableUser(d.db, email, CLI_ACTOR))
    if (!result.ok) return refuse(ctx, result.message)
    if (json) ctx.io.out(JSON.stringify({ userId: result.user.id, email: result.user.email, disabled: true }))
    else ctx.io.out(`user '${result.user.email}' disabled: sign-in is refused and their sessions have ended`)
    return EXIT.ok
  }
  if (sub === 'reset-password') {
    const [email] = positionals(pos, 1, USAGE[3] as string) as [string]
    const result = await ctx.withDatabase((d) => resetPassword(d.db, email, ctx.clock))
    if (!result.ok) return refuse(ctx, result.message)
    return linkOut(
      ctx,
      json,
      { userId: result.user.id, email: result.user.email },
      result.setPasswordToken,
      'reset',
    )
  }
  throw unknownSubcommand('user', sub, USAGE)
}

/** At most this many slugs in the error of an unknown `--org`; `org list` shows them all. */
const KNOWN_SHOWN = 20

/** The organizations a user may join, for the error of an unknown `--org`: the operator sees the slug they meant. */
async function knownOrganizations(database: Database): Promise<string> {
  const slugs = (await listOrganizations(database.db)).map((o) => o.slug)
  if (slugs.length === 0) return 'there is none yet: org create --slug SLUG --name NAME makes one'
  const more = slugs.length - KNOWN_SHOWN
  return `known: ${slugs.slice(0, KNOWN_SHOWN).join(', ')}${more > 0 ? ` and ${more} more (org list)` : ''}`
}

/** Prints the one-time set-password link. */
function linkOut(
  ctx: CliContext,
  json: boolean,
  user: { userId: string; email: string },
  token: string,
  verb: 'created' | 'reset',
): number {
  const link = setPasswordUrl(ctx.config.dashboardUrl, token)
  if (json) {
    ctx.io.out(JSON.stringify({ ...user, setPasswordUrl: link }))
    return EXIT.ok
  }
  ctx.io.out(
    verb === 'created' ? `user '${user.email}' created` : `new set-password link for '${user.email}'`,
  )
  ctx.io.out(`  set-password link (one use, 7 days): ${link}`)
  ctx.io.out('Hand the link to the person only: whoever opens it sets the password.')
  return EXIT.ok
}

function publicView(u: UserListing) {
  return {
    userId: u.id,
    email: u.email,
    name: u.name,
    disabled: u.disabled,
    hasPassword: u.hasPassword,
    memberships: u.memberships,
  }
}

function listLine(u: UserListing): string {
  const state = u.disabled ? 'disabled' : u.hasPassword ? 'active' : 'invited'
  const orgs = u.memberships.map((m) => `${m.organization}:${m.role}`).join(' ') || '-'
  return [u.email, state, orgs, u.name].join('\t')
}
