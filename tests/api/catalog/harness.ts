/** The catalog API over a test database: Acme (with API clients) and Globex, and a `call` helper per client. */
import { createApp } from '../../../src/api/app.ts'
import { authFeature } from '../../../src/api/auth/index.ts'
import { catalogFeature } from '../../../src/api/catalog/index.ts'
import { type AuthService, createAuthService } from '../../../src/auth/service.ts'
import { createWorkBudget, type WorkLimits } from '../../../src/auth/work-budget.ts'
import type { Database } from '../../../src/db/database.ts'
import { organizations } from '../../../src/db/schema.ts'
import type { ServiceHosts } from '../../../src/security/service-hosts.ts'
import { CLI_ACTOR } from '../../../src/services/audit.ts'
import { importCatalog } from '../../../src/services/catalog/import.ts'
import { createClient } from '../../../src/services/clients/api-clients.ts'
import { oatDrinkBody } from '../../catalog/fixtures.ts'
import { apiRequest, testDeps } from '../../support/app.ts'
import { openTestDatabase, useFileFixture } from '../../support/db.ts'
import { fetchToken } from '../codes/harness.ts'

/** The API clients: Acme's reader, writer, and one with only `write:codes`. */
export type Who = 'reader' | 'writer' | 'coder'

export interface CatalogApi {
  readonly database: Database
  readonly app: ReturnType<typeof createApp>
  readonly acmeId: string
  /** Sends `method path` as `who`; a body that is no string is sent as JSON. */
  call(
    method: string,
    path: string,
    who: Who,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Response>
}

/** The routes' `serviceHosts` dependency when the test names the service's hosts. */
function serviceHostsOf(options: { serviceHosts?: ServiceHosts }) {
  return options.serviceHosts === undefined ? {} : { serviceHosts: options.serviceHosts }
}

/** A product of brand `acme-oats` in the import format, without its GTIN: the catalog fixtures' oat drink. */
export const PRODUCT = oatDrinkBody

/** Acme (starter) with brand `acme-oats`, Globex (pro) with brand `globex-tools` and its product 4000000000006. */
export const SEED = {
  organizations: [
    { slug: 'acme', name: 'Acme', plan: 'starter' },
    { slug: 'globex', name: 'Globex', plan: 'pro' },
  ],
  brands: [
    { slug: 'acme-oats', name: 'Acme Oats', organization: 'acme' },
    { slug: 'globex-tools', name: 'Globex Tools', organization: 'globex' },
  ],
  products: [{ ...PRODUCT, gtin: '4000000000006', brand: 'globex-tools', slug: 'hammer' }],
}

const CLIENTS = {
  reader: ['read:catalog'],
  writer: ['read:catalog', 'write:catalog'],
  coder: ['write:codes'],
} as const

/**
 * Registers hooks that build the API over a fresh database holding `seed` (and `SEED` first) for this file; `budget`
 * is each client's budget of catalog files (none by default).
 */
export function useCatalogApi(
  seed?: unknown,
  options: { budget?: WorkLimits; serviceHosts?: ServiceHosts } = {},
): () => CatalogApi {
  let auth: AuthService | undefined
  return useFileFixture(
    'the catalog API',
    async () => {
      const database = await openTestDatabase()
      const deps = testDeps(database)
      for (const file of seed === undefined ? [SEED] : [SEED, seed]) {
        const imported = await importCatalog(database.db, file)
        if (!imported.ok) throw new Error(JSON.stringify(imported.errors))
      }
      auth = await createAuthService(deps)
      const budget =
        options.budget === undefined ? {} : { budget: createWorkBudget(options.budget, deps.clock) }
      const app = createApp(deps, [
        authFeature({ ...deps, auth }),
        catalogFeature({ auth, database, ...budget, ...serviceHostsOf(options) }),
      ])
      const tokens: Partial<Record<Who, string>> = {}
      for (const [name, scopes] of Object.entries(CLIENTS)) {
        const c = await createClient(database.db, {
          organizationSlug: 'acme',
          name,
          scopes: [...scopes],
          clock: deps.clock,
          actor: CLI_ACTOR,
        })
        if (!c.ok) throw new Error(c.message)
        tokens[name as Who] = await fetchToken(app, c.clientId, c.clientSecret)
      }
      const acmeId = (await database.db.select().from(organizations)).find((o) => o.slug === 'acme')?.id ?? ''
      const call: CatalogApi['call'] = (method, path, who, body, headers = {}) =>
        app.handle(
          apiRequest(path, {
            method,
            headers: {
              authorization: `Bearer ${tokens[who]}`,
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
              ...headers,
            },
            ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
          }),
        )
      return { database, app, acmeId, call }
    },
    async (api) => {
      await auth?.close()
      await api.database.close()
    },
  )
}
