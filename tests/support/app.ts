/** Builds app dependencies for HTTP tests: a fixed configuration, an injected clock and an in-memory log. */
import type { AppDeps } from '../../src/api/app.ts'
import type { Config } from '../../src/app/config.ts'
import type { Database } from '../../src/db/database.ts'
import { auditedLogger } from '../security/log-audit.ts'

export const TEST_CONFIG: Config = {
  databaseUrl: null,
  dataDir: '',
  apiPort: 0,
  resolverPort: 0,
  dashboardPort: 0,
  apiUrl: 'http://api.test',
  resolverUrl: 'http://resolver.test',
  shortUrl: 'http://s.test',
  dashboardUrl: 'http://dashboard.test',
  mail: null,
  customDomainScheme: 'https',
}

/** A controllable clock starting at a fixed instant. */
export function testClock(start = Date.UTC(2026, 10, 21, 12, 0, 0)) {
  let now = start
  const clock = () => now
  clock.advance = (ms: number) => {
    now += ms
  }
  return clock
}

/** App dependencies around an open test database. */
export function testDeps(database: Database, overrides: Partial<Omit<AppDeps, 'logger'>> = {}) {
  const deps = { database, config: TEST_CONFIG, logger: auditedLogger(), clock: testClock() }
  return { ...deps, ...overrides }
}

/** `Request` for `path` on the API origin. */
export function apiRequest(path: string, init: RequestInit = {}): Request {
  return new Request(`${TEST_CONFIG.apiUrl}${path}`, init)
}
