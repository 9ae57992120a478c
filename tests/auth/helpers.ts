/** Test fixtures for auth: organizations and clients in a test database, an app with guarded probe routes, token requests. */
import { Elysia } from 'elysia'
import { createApp } from '../../src/api/app.ts'
import { authFeature, bearerAuth, principalOf, requireScope } from '../../src/api/auth/index.ts'
import type { Config } from '../../src/app/config.ts'
import { type AuthOptions, type AuthService, createAuthService } from '../../src/auth/service.ts'
import type { Database } from '../../src/db/database.ts'
import { CLI_ACTOR } from '../../src/services/audit.ts'
import { createClient } from '../../src/services/clients/api-clients.ts'
import { apiRequest, TEST_CONFIG, testClock, testDeps } from '../support/app.ts'
import { openTestDatabase, useFileFixture } from '../support/db.ts'
import { seedOrganization } from '../support/people.ts'

export const FORM = 'application/x-www-form-urlencoded'
export const GRANT = 'grant_type=client_credentials'

/** Creates a client and returns its credentials. */
export async function seedClient(database: Database, slug: string, scopes: string[] = ['write:codes']) {
  const created = await createClient(database.db, {
    actor: CLI_ACTOR,
    organizationSlug: slug,
    name: 'ERP',
    scopes,
    clock: Date.now,
  })
  if (!created.ok) throw new Error(created.message)
  return { clientId: created.clientId, clientSecret: created.clientSecret }
}

/** `Authorization: Basic` for a client ID and secret, each form-urlencoded first (RFC 6749 §2.3.1). */
export function basic(clientId: string, clientSecret: string, scheme = 'Basic'): string {
  const encode = (s: string) => encodeURIComponent(s)
  return `${scheme} ${btoa(`${encode(clientId)}:${encode(clientSecret)}`)}`
}

/** A token request; every part can be overridden or removed (`null`). */
export function tokenRequest(
  options: {
    authorization?: string | null
    body?: string
    contentType?: string | null
    accept?: string
    query?: string
  } = {},
): Request {
  const headers = new Headers()
  if (options.authorization) headers.set('authorization', options.authorization)
  const contentType = options.contentType === undefined ? FORM : options.contentType
  if (contentType !== null) headers.set('content-type', contentType)
  if (options.accept !== undefined) headers.set('accept', options.accept)
  return apiRequest(`/oauth/token${options.query ?? ''}`, {
    method: 'POST',
    headers,
    body: options.body ?? GRANT,
  })
}

/** Probe routes: one per way of guarding, plus an unguarded one. */
export function probeRoutes(auth: AuthService) {
  return new Elysia()
    .use(bearerAuth(auth))
    .get('/probe/open', () => ({ ok: true }))
    .post('/probe/codes', ({ principal }) => principal, { scope: 'write:codes' })
    .post('/probe/admin', ({ principal }) => principal, { scope: 'admin:reports' })
    .post('/probe/hook', ({ request }) => principalOf(request) ?? null, {
      beforeHandle: requireScope(auth, 'write:codes'),
    })
}

/** An app with the auth feature and probe routes, on a controllable clock (`config`: the test configuration). */
export async function authHarness(
  database: Database,
  options: AuthOptions = {},
  config: Config = TEST_CONFIG,
) {
  const clock = testClock()
  const deps = testDeps(database, { clock, config })
  const auth = await createAuthService(deps, options)
  const app = createApp(deps, [authFeature({ ...deps, auth }), probeRoutes(auth)])
  return { app, auth, clock, deps }
}

/** What `authHarness` resolves to. */
export type AuthHarness = Awaited<ReturnType<typeof authHarness>>

/** What `useAuthHarness` opens for a test file: the harness, its database and the seeded client's credentials. */
export interface AuthFixture extends AuthHarness {
  readonly database: Database
  readonly client: { clientId: string; clientSecret: string }
}

/** Opens a test database and runs `seed` on it, closing the database again if seeding fails. */
async function openSeeded<T>(seed: (database: Database) => Promise<T>): Promise<T> {
  const database = await openTestDatabase()
  try {
    return await seed(database)
  } catch (error) {
    await database.close()
    throw error
  }
}

/**
 * Registers hooks that open a test database with the organization 'acme' for the current file and close it
 * after; returns an accessor for the database.
 */
export function useAuthDatabase(): () => Database {
  return useFileFixture(
    'the test database',
    () =>
      openSeeded(async (database) => {
        await seedOrganization(database, 'acme')
        return database
      }),
    (database) => database.close(),
  )
}

/**
 * Registers hooks that open a test database with the organization 'acme' and one of its clients, and an
 * `authHarness` on it, for the current file, and close both after; returns an accessor.
 */
export function useAuthHarness(options: AuthOptions = {}, config: Config = TEST_CONFIG): () => AuthFixture {
  return useFileFixture(
    'the auth harness',
    () =>
      openSeeded(async (database) => {
        await seedOrganization(database, 'acme')
        const client = await seedClient(database, 'acme')
        return { ...(await authHarness(database, options, config)), database, client }
      }),
    async (fixture) => {
      await fixture.auth.close()
      await fixture.database.close()
    },
  )
}

/** Obtains a token through the HTTP endpoint. */
export async function obtainToken(
  app: { handle(request: Request): Promise<Response> },
  credentials: { clientId: string; clientSecret: string },
): Promise<string> {
  const res = await app.handle(
    tokenRequest({ authorization: basic(credentials.clientId, credentials.clientSecret) }),
  )
  if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { access_token: string }).access_token
}

/** A bearer request to a probe route. */
export function probe(path: string, authorization?: string): Request {
  const headers: Record<string, string> = authorization === undefined ? {} : { authorization }
  return apiRequest(path, { method: path === '/probe/open' ? 'GET' : 'POST', headers })
}
