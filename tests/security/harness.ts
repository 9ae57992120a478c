/** The whole service as `createService` builds it, on a fresh database with the demo catalog and client, for hostile-input tests. */
import { createService, type Service } from '../../src/app/boot.ts'
import { portOptions } from '../../src/app/ports.ts'
import demoCatalog from '../../src/catalog/demo-catalog.json' with { type: 'json' }
import type { Database } from '../../src/db/database.ts'
import type { SecurityConfig } from '../../src/security/config.ts'
import { seedDemo } from '../../src/services/catalog/seed.ts'
import { TEST_CONFIG, testClock } from '../support/app.ts'
import { openTestDatabase, useFileFixture } from '../support/db.ts'
import { auditedLogger, recordSecret } from './log-audit.ts'

export interface ServiceUnderTest {
  readonly service: Service
  readonly database: Database
  /** Every log line the service wrote. */
  readonly logs: string[]
  readonly clock: ReturnType<typeof testClock>
  /** The demo client's credentials and a `write:codes` token obtained with them. */
  readonly client: { clientId: string; clientSecret: string }
  readonly token: string
  close(): Promise<void>
}

/** Custom domains of the demo catalog that are active: the only hosts besides the configured ones a redirect may name. */
export const ACTIVE_CUSTOM_DOMAINS: readonly string[] = demoCatalog.brands
  .filter((b) => b.customDomain !== null && b.customDomainActive)
  .map((b) => b.customDomain as string)

/** Origins an absolute `Location` may have: {resolver_url} and `{scheme}://{active custom domain}`. */
export const REDIRECT_ORIGINS: readonly string[] = [
  TEST_CONFIG.resolverUrl,
  ...ACTIVE_CUSTOM_DOMAINS.map((d) => `${TEST_CONFIG.customDomainScheme}://${d}`),
]

/** `Authorization: Basic` as RFC 6749 §2.3.1 wants it (both halves form-urlencoded). */
export function basicAuth(clientId: string, secret: string): string {
  return `Basic ${btoa(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`)}`
}

export async function openService(): Promise<ServiceUnderTest> {
  const database = await openTestDatabase()
  const clock = testClock()
  const seeded = await seedDemo(database, clock)
  if (seeded.client === null) throw new Error('the demo client was not created')
  const logger = auditedLogger()
  const service = await createService({ config: TEST_CONFIG, database, logger, clock })
  const client = seeded.client
  const res = await service.api(
    new Request(`${TEST_CONFIG.apiUrl}/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: basicAuth(client.clientId, client.clientSecret),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    }),
  )
  if (res.status !== 200) throw new Error(`token request answered ${res.status}`)
  const token = ((await res.json()) as { access_token: string }).access_token
  recordSecret(client.clientSecret, token)
  return {
    service,
    database,
    logs: logger.lines,
    clock,
    client,
    token,
    async close() {
      await service.close()
      await database.close()
    },
  }
}

/** Opens the service for the current test file and closes it after; returns an accessor. */
export function useService(): () => ServiceUnderTest {
  return useFileFixture('the service', openService, (opened) => opened.close())
}

/** The service with its ports served: each port's number. */
export interface ServedService extends ServiceUnderTest {
  readonly ports: { readonly api: number; readonly resolver: number }
}

/**
 * Opens the service for the current test file and serves its ports as src/main.ts does, on loopback and free ports
 * (with `security`'s server settings when given); stops and closes them after. Returns an accessor.
 */
export function useServedService(security?: SecurityConfig): () => ServedService {
  return useFileFixture(
    'the served service',
    async () => {
      const opened = await openService()
      const common = { port: 0, hostname: '127.0.0.1', security }
      const api = Bun.serve(portOptions({ ...common, surface: 'api', fetch: opened.service.api }))
      const resolver = Bun.serve(
        portOptions({ ...common, surface: 'resolver', fetch: opened.service.resolver }),
      )
      return {
        ...opened,
        ports: { api: api.port as number, resolver: resolver.port as number },
        async close() {
          await api.stop(true)
          await resolver.stop(true)
          await opened.close()
        },
      }
    },
    (served) => served.close(),
  )
}
