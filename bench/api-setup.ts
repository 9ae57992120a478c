/**
 * Shared set-up of the API benchmarks: a scratch database, an organization with one API client, the auth service,
 * and a token for the client.
 */

import type { Config } from '../src/app/config.ts'
import { createAuthService } from '../src/auth/service.ts'
import { silentLogger } from '../src/lib/log.ts'
import { CLI_ACTOR } from '../src/services/audit.ts'
import { createClient } from '../src/services/clients/api-clients.ts'
import { createOrganization } from '../src/services/people/organizations.ts'
import { openTestDatabase } from '../tests/support/db.ts'

export const BENCH_CONFIG: Config = {
  databaseUrl: null,
  dataDir: '',
  apiPort: 0,
  resolverPort: 0,
  dashboardPort: 0,
  apiUrl: 'http://api.bench',
  resolverUrl: 'http://resolver.bench',
  shortUrl: 'http://s.bench',
  dashboardUrl: 'http://dashboard.bench',
  mail: null,
  customDomainScheme: 'https',
}

/**
 * A fresh database (in-memory PGlite, or a scratch Postgres database dropped on `close()` when DATABASE_URL is
 * set), an organization on the pro plan with one `write:codes` client, and the auth service over it.
 */
export async function openBenchAuth() {
  const database = await openTestDatabase()
  const deps = { database, config: BENCH_CONFIG, logger: silentLogger, clock: Date.now }
  const slug = `bench-${crypto.randomUUID().slice(0, 8)}`
  await createOrganization(database.db, { slug, name: 'Bench', plan: 'pro', subscriptionStatus: 'active' })
  const client = await createClient(database.db, {
    actor: CLI_ACTOR,
    organizationSlug: slug,
    name: 'bench',
    scopes: ['write:codes'],
    clock: Date.now,
  })
  if (!client.ok) throw new Error(client.message)
  const auth = await createAuthService(deps)
  return {
    database,
    deps,
    slug,
    client,
    auth,
    async close() {
      await auth.close()
      await database.close()
    },
  }
}

/** The access token of the OAuth client-credentials grant for `client`, asked at `base` through `send`. */
export async function clientToken(
  send: (request: Request) => Response | Promise<Response>,
  base: string,
  client: { clientId: string; clientSecret: string },
): Promise<string> {
  const response = await send(
    new Request(`${base}/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${btoa(`${client.clientId}:${client.clientSecret}`)}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    }),
  )
  return ((await response.json()) as { access_token: string }).access_token
}
