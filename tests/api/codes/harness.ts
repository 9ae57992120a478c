/** An API app with the auth and code features on a fresh test database, an API client and its bearer token. */
import { expect } from 'bun:test'
import { createApp } from '../../../src/api/app.ts'
import { authFeature } from '../../../src/api/auth/index.ts'
import { catalogFeature } from '../../../src/api/catalog/index.ts'
import { type CodeRoutesDeps, codesFeature, companyPrefixReader } from '../../../src/api/codes/index.ts'
import { VND_JSON } from '../../../src/api/media.ts'
import { openapiFeature } from '../../../src/api/openapi/index.ts'
import { scansFeature } from '../../../src/api/scans/routes.ts'
import { type AuthService, createAuthService } from '../../../src/auth/service.ts'
import type { Database } from '../../../src/db/database.ts'
import { CLI_ACTOR } from '../../../src/services/audit.ts'
import { createClient } from '../../../src/services/clients/api-clients.ts'
import { createOrganization } from '../../../src/services/people/organizations.ts'
import { apiRequest, testClock, testDeps } from '../../support/app.ts'
import { openTestDatabase, useFileFixture } from '../../support/db.ts'

export interface CodeApi {
  app: ReturnType<typeof createApp>
  database: Database
  auth: AuthService
  deps: ReturnType<typeof testDeps>
  /** The API's clock (the same as `deps.clock`), which tests may move. */
  clock: ReturnType<typeof testClock>
  clientId: string
  clientSecret: string
  /** A `write:codes` bearer token obtained through `POST /oauth/token`. */
  token: string
  close(): Promise<void>
}

/** Creates an organization on the Starter plan with one `write:codes` client, and gets its token. */
/** What a test may put in place of the code routes' defaults: the code work and the per-client budget. */
export type CodeApiOptions = Partial<Pick<CodeRoutesDeps, 'work' | 'limiter'>>

export async function openCodeApi(options: CodeApiOptions = {}): Promise<CodeApi> {
  const database = await openTestDatabase()
  const clock = testClock()
  const deps = testDeps(database, { clock })
  await createOrganization(database.db, {
    slug: 'acme',
    name: 'Acme',
    plan: 'starter',
    subscriptionStatus: 'active',
  })
  const client = await createClient(database.db, {
    actor: CLI_ACTOR,
    organizationSlug: 'acme',
    name: 'Label printer',
    scopes: ['write:codes'],
    clock: deps.clock,
  })
  if (!client.ok) throw new Error(client.message)
  const auth = await createAuthService(deps)
  const app = createApp(deps, [
    authFeature({ ...deps, auth }),
    codesFeature({ auth, companyPrefixes: companyPrefixReader(database.db), ...options }),
    catalogFeature({ auth, database }),
    scansFeature({ auth, database, clock: deps.clock }),
    openapiFeature({ serverUrl: deps.config.apiUrl }),
  ])
  const token = await fetchToken(app, client.clientId, client.clientSecret)
  return {
    app,
    database,
    auth,
    deps,
    clock,
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    token,
    async close() {
      await auth.close()
      await database.close()
    },
  }
}

/** Registers hooks that open the code API for the current test file and close it after; returns an accessor. */
export function useCodeApi(options: CodeApiOptions = {}): () => CodeApi {
  return useFileFixture(
    'the code API',
    () => openCodeApi(options),
    (api) => api.close(),
  )
}

/** `POST /oauth/token` with HTTP Basic credentials. */
export async function fetchToken(app: CodeApi['app'], clientId: string, secret: string): Promise<string> {
  const res = await app.handle(
    apiRequest('/oauth/token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${btoa(`${clientId}:${secret}`)}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    }),
  )
  if (res.status !== 200) throw new Error(`token request answered ${res.status}`)
  return ((await res.json()) as { access_token: string }).access_token
}

/** A JSON POST with the bearer token; `headers` override the defaults (JSON in and out). */
export function postJson(
  api: Pick<CodeApi, 'app' | 'token'>,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return api.app.handle(
    apiRequest(path, {
      method: 'POST',
      headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  )
}

/** The same POST in the versioned media type both ways. */
export function postVnd(api: Pick<CodeApi, 'app' | 'token'>, path: string, body: unknown): Promise<Response> {
  return postJson(api, path, body, { 'content-type': VND_JSON, accept: VND_JSON })
}

export const GTIN = '09506000134352'
export const STEM = 'https://example.com'

/** A definition with GTIN primary key and the given AIs. */
export function gtinDefinition(ais: [string, string][] = [], extra: Record<string, unknown> = {}) {
  return {
    primaryKey: { key: '01', value: GTIN },
    ais: ais.map(([key, value]) => ({ key, value })),
    ...extra,
  }
}

/** A definition with GTIN primary key, the given AIs and `STEM` as Digital Link stem. */
export function dlDefinition(ais: [string, string][] = [], extra: Record<string, unknown> = {}) {
  return gtinDefinition(ais, { digitalLinkStem: STEM, ...extra })
}

/** `POST /code` on the code API of the current test file (`api`: the accessor `useCodeApi` returns). */
export function codeRequests(api: () => CodeApi) {
  /** The status and JSON body of the answer. */
  async function generate(definition: unknown) {
    const res = await postJson(api(), '/code', definition)
    return { status: res.status, body: await res.json() }
  }

  /** The `{code, path}` of each error of a 422 answer (messages are checked separately). */
  async function problems(definition: unknown) {
    const { status, body } = await generate(definition)
    expect(status).toBe(422)
    return (body.errors as { code: string; path: string | null }[]).map(({ code, path }) => ({ code, path }))
  }

  /** The barcode text of a 200 answer. */
  async function text(definition: unknown): Promise<string> {
    const { status, body } = await generate(definition)
    expect({ status, body }).toMatchObject({ status: 200 })
    return body.barcodeText
  }

  return { generate, problems, text }
}
