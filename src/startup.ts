/**
 * The start of every service entry (Bun's `src/main.ts`, Deno's `src/api/serve-deno.ts`): the configuration, the
 * signing key it names and the database, each failure one line on stderr with the documented exit code.
 */
import { type EnvironmentKey, readEnvironmentKey } from './auth/key-source.ts'
import { type Config, readConfig } from './config.ts'
import type { Database } from './db/database.ts'
import { STATEMENT_TIMEOUT_MS } from './db/deadline.ts'
import { openConfiguredDatabase } from './db/open.ts'
import { errorMessage } from './log.ts'

export interface Started {
  readonly config: Config
  readonly environmentKey: EnvironmentKey | undefined
  readonly database: Database
}

/** Reads `env` once; exits 2 on a configuration error (a bad key included), 1 when the database cannot open. */
export async function startFromEnvironment(
  env: Readonly<Record<string, string | undefined>>,
  exit: (code: number) => never,
): Promise<Started> {
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
  try {
    const session = { applicationName: 'gs1-dl service', statementTimeoutMs: STATEMENT_TIMEOUT_MS }
    return { config, environmentKey: key.key, database: await openConfiguredDatabase(config, session) }
  } catch (error) {
    console.error(`error: ${errorMessage(error)}`)
    return exit(1)
  }
}
