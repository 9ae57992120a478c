/**
 * `keys rotate | list`: token signing keys. Rotation signs new tokens with a new key; old tokens stay valid.
 * When the environment names the key (`JWT_SECRET`, `JWT_KEY_FILE`) the database's keys are not used: `rotate`
 * refuses and `list` shows the environment's key.
 */

import type { SigningKeySource } from '../app/config.ts'
import { loadSigningKey } from '../auth/key-source.ts'
import { generateSigningKey } from '../auth/keys.ts'
import { listSigningKeys, rotateSigningKey } from '../services/clients/signing-keys.ts'
import { parseFlags, positionals } from './args.ts'
import { type CliContext, EXIT, refuse, unknownSubcommand } from './context.ts'

export const USAGE = ['keys rotate [--json]', 'keys list [--json]']

export async function runKeysCommand(args: string[], ctx: CliContext): Promise<number> {
  const [sub, ...rest] = args
  const { values, positionals: pos } = parseFlags(rest, { json: { type: 'boolean' } })
  const json = values.json === true
  const environment = ctx.config.signingKey
  if (sub === 'rotate') {
    positionals(pos, 0, USAGE[0] as string)
    if (environment !== undefined) {
      return refuse(ctx, rotateRefusal(environment))
    }
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
    if (environment !== undefined) {
      const key = await loadSigningKey(environment)
      const view = { kid: key.kid, algorithm: key.jwk.alg, source: key.source }
      if (json) ctx.io.out(JSON.stringify([view]))
      else ctx.io.out([view.kid, view.algorithm, 'active', view.source].join('\t'))
      return EXIT.ok
    }
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
  throw unknownSubcommand('keys', sub, USAGE)
}

/** Why `keys rotate` does nothing when the key comes from the environment, and how to rotate it instead. */
export function rotateRefusal(source: SigningKeySource): string {
  const how =
    source.source === 'JWT_SECRET'
      ? 'set a new JWT_SECRET on every instance and restart them'
      : 'put a new key in JWT_KEY_FILE on every instance and restart them'
  return `the signing key comes from the environment (${source.source}), not the database; to rotate it, ${how}`
}
