/** `keys rotate | list`: token signing keys. Rotation signs new tokens with a new key; old tokens stay valid. */
import { generateSigningKey } from '../auth/keys.ts'
import { listSigningKeys, rotateSigningKey } from '../db/signing-keys.ts'
import { parseFlags, positionals } from './args.ts'
import { type CliContext, EXIT, UsageError } from './context.ts'

const USAGE = ['keys rotate [--json]', 'keys list [--json]']

export async function runKeysCommand(args: string[], ctx: CliContext): Promise<number> {
  const [sub, ...rest] = args
  const { values, positionals: pos } = parseFlags(rest, { json: { type: 'boolean' } })
  const json = values.json === true
  if (sub === 'rotate') {
    positionals(pos, 0, USAGE[0] as string)
    const { key, retired } = await ctx.withDatabase((d) =>
      rotateSigningKey(d.db, generateSigningKey, ctx.clock),
    )
    if (json) ctx.io.out(JSON.stringify({ kid: key.kid, retired }))
    else {
      ctx.io.out(`new signing key: ${key.kid}`)
      for (const kid of retired) ctx.io.out(`retired: ${kid} (verifies until its last tokens expire)`)
    }
    return EXIT.ok
  }
  if (sub === 'list') {
    positionals(pos, 0, USAGE[1] as string)
    const keys = await ctx.withDatabase((d) => listSigningKeys(d.db, ctx.clock()))
    const views = keys.map((k) => ({
      kid: k.kid,
      algorithm: k.algorithm,
      createdAt: k.createdAt.toISOString(),
      retiredAt: k.retiredAt?.toISOString() ?? null,
    }))
    if (json) ctx.io.out(JSON.stringify(views))
    else
      for (const k of views)
        ctx.io.out([k.kid, k.algorithm, k.retiredAt ? 'retired' : 'active', k.createdAt].join('\t'))
    return EXIT.ok
  }
  throw new UsageError(`usage:\n  ${USAGE.join('\n  ')}`)
}
