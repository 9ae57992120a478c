/**
 * The start of every service entry (Bun's `src/main.ts`, Deno's `src/api/serve-deno.ts`): the configuration, the
 * signing key it names and the database, each failure one line on stderr with the documented exit code.
 */
import { type EnvironmentKey, readEnvironmentKey } from '../auth/key-source.ts'
import type { Database, EmbeddedUse } from '../db/database.ts'
import { STATEMENT_TIMEOUT_MS } from '../lib/deadline.ts'
import { errorMessage } from '../lib/log.ts'
import { type Config, readConfig } from './config.ts'

export interface StartConfig {
  readonly config: Config
  readonly environmentKey: EnvironmentKey | undefined
}

export interface Started extends StartConfig {
  readonly database: Database
}

/** Reads `env` once and the key it names; exits 2 on a configuration error (a bad key included). No database work. */
export async function readStartConfig(
  env: Readonly<Record<string, string | undefined>>,
  exit: (code: number) => never,
): Promise<StartConfig> {
  const loaded = readConfig(env)
  if (!loaded.ok) {
    for (const e of loaded.errors) console.error(`config error: ${e}`)
    return exit(2)
  }
  const config = loaded.config
  // A key named by the environment is read (JWT_KEY_FILE) or derived (JWT_SECRET) before the database opens;
  // a bad one is a configuration error on one line, without a stack trace or any key material.
  const key = await readEnvironmentKey(config.signingKey)
  if (!key.ok) {
    console.error(`config error: ${key.message}`)
    return exit(2)
  }
  return { config, environmentKey: key.key }
}

/** Opens and migrates the configured database; exits 1 with one line when it cannot, after `release()`. */
export async function openStartDatabase(
  config: Config,
  exit: (code: number) => never,
  release: () => Promise<void> = async () => {},
  embedded: EmbeddedUse = {},
): Promise<Database> {
  try {
    // The drivers load only now: an entry checks its configuration and binds its ports before paying for them.
    const { openConfiguredDatabase } = await import('../db/open.ts')
    const session = { applicationName: 'gs1-dl service', statementTimeoutMs: STATEMENT_TIMEOUT_MS }
    return await openConfiguredDatabase(config, session, undefined, embedded)
  } catch (error) {
    console.error(`error: ${errorMessage(error)}`)
    await release()
    return exit(1)
  }
}

/** Both steps, for an entry that binds its port after the database is open (Deno's). */
export async function startFromEnvironment(
  env: Readonly<Record<string, string | undefined>>,
  exit: (code: number) => never,
): Promise<Started> {
  const start = await readStartConfig(env, exit)
  return { ...start, database: await openStartDatabase(start.config, exit) }
}
