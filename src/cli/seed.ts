/** `seed demo`: the demo catalog, a demo API client whose secret is printed once, and a demo owner's set-password link. */
import { setPasswordUrl } from '../auth/password-links.ts'
import { seedDemo } from '../services/catalog/seed.ts'
import { parseFlags, positionals } from './args.ts'
import { type CliContext, EXIT } from './context.ts'

export const USAGE = ['seed demo [--json]']

export async function runSeedCommand(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals: pos } = parseFlags(args, { json: { type: 'boolean' } })
  positionals(pos, 1, USAGE[0] as string)
  if (pos[0] !== 'demo') return usage(ctx)
  const seed = await ctx.withDatabase((d) => seedDemo(d, ctx.clock))
  const owner =
    seed.owner === null
      ? null
      : {
          email: seed.owner.email,
          setPasswordUrl: setPasswordUrl(ctx.config.dashboardUrl, seed.owner.setPasswordToken),
        }
  if (values.json === true) {
    ctx.io.out(JSON.stringify({ changes: seed.report.changes, client: seed.client, owner }))
    return EXIT.ok
  }
  ctx.io.out(`demo catalog: ${seed.report.changes} change(s)`)
  if (seed.client === null)
    ctx.io.out('demo client: already present (its secret was shown when it was created)')
  else {
    ctx.io.out(`demo client id:     ${seed.client.clientId}`)
    ctx.io.out(`demo client secret: ${seed.client.clientSecret}   (shown once; store it now)`)
  }
  if (owner === null)
    ctx.io.out('demo owner: already present (its set-password link was shown when it was created)')
  else ctx.io.out(`demo owner ${owner.email}: set-password link (one use, 7 days): ${owner.setPasswordUrl}`)
  return EXIT.ok
}

function usage(ctx: CliContext): number {
  ctx.io.err(`usage: ${USAGE[0]}`)
  return EXIT.usage
}
