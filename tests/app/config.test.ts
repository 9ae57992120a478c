import { describe, expect, test } from 'bun:test'
import { readConfig, readResolverConfig } from '../../src/app/config.ts'
import { defaultWorkerThreads } from '../../src/app/serve-mode.ts'
import { DEFAULT_SECURITY_CONFIG } from '../../src/security/config.ts'

describe('readConfig', () => {
  test('defaults describe a local embedded setup', () => {
    expect(readConfig({})).toEqual({
      ok: true,
      config: {
        databaseUrl: null,
        dataDir: './.data/pglite',
        apiPort: 3000,
        resolverPort: 3001,
        apiUrl: 'http://localhost:3000',
        resolverUrl: 'http://localhost:3001',
        shortUrl: 'http://127.0.0.1:3001',
        dashboardPort: 3002,
        dashboardUrl: 'http://localhost:3002',
        mail: null,
        customDomainScheme: 'https',
        analytics: { enabled: true, retentionDays: 400 },
        metricsPort: null,
        serve: 'all',
        workerThreads: defaultWorkerThreads(),
        security: DEFAULT_SECURITY_CONFIG,
      },
    })
  })

  test('analytics can be turned off and its retention set; METRICS_PORT needs a port of its own', () => {
    const off = readConfig({ ANALYTICS: 'off', ANALYTICS_RETENTION_DAYS: '90', METRICS_PORT: '9464' })
    expect(off.ok && [off.config.analytics, off.config.metricsPort]).toEqual([
      { enabled: false, retentionDays: 90 },
      9464,
    ])
    expect(readConfig({ ANALYTICS: 'maybe', ANALYTICS_RETENTION_DAYS: '0' })).toEqual({
      ok: false,
      errors: [
        'ANALYTICS must be on or off',
        'ANALYTICS_RETENTION_DAYS must be a number of days from 1 to 3650',
      ],
    })
    expect(readConfig({ METRICS_PORT: '3001' })).toEqual({
      ok: false,
      errors: ['RESOLVER_PORT and METRICS_PORT must differ: each server needs its own port'],
    })
  })

  test('SERVE picks one half on Postgres; the embedded database takes only all', () => {
    const postgres = 'postgres://u@db:5432/x'
    expect(readConfig({ DATABASE_URL: postgres, SERVE: 'API' })).toMatchObject({
      ok: true,
      config: { serve: 'api' },
    })
    expect(readConfig({ DATABASE_URL: postgres, SERVE: ' resolver ' })).toMatchObject({
      ok: true,
      config: { serve: 'resolver' },
    })
    expect(readConfig({ SERVE: 'all' })).toMatchObject({ ok: true, config: { serve: 'all' } })
    expect(readConfig({ SERVE: 'api' })).toEqual({
      ok: false,
      errors: [
        'SERVE=api needs DATABASE_URL: the embedded database lives in one process, which must serve everything (SERVE=all)',
      ],
    })
    expect(readConfig({ DATABASE_URL: postgres, SERVE: 'both' })).toEqual({
      ok: false,
      errors: ['SERVE must be all, api or resolver'],
    })
  })

  test('WORKER_THREADS: 0 to 32, default one fewer than the cores (1 to 4)', () => {
    expect(readConfig({ WORKER_THREADS: '0' })).toMatchObject({ ok: true, config: { workerThreads: 0 } })
    expect(readConfig({ WORKER_THREADS: ' 6 ' })).toMatchObject({ ok: true, config: { workerThreads: 6 } })
    expect(readConfig({ WORKER_THREADS: '33' })).toEqual({
      ok: false,
      errors: ['WORKER_THREADS must be a whole number from 0 to 32'],
    })
    expect([1, 2, 3, 8, 64].map((cores) => defaultWorkerThreads(cores))).toEqual([1, 1, 2, 4, 4])
  })

  test('reads every variable and normalises origins', () => {
    const r = readConfig({
      DATABASE_URL: 'postgres://u@db:5432/x',
      API_PORT: '8080',
      RESOLVER_PORT: '8081',
      API_URL: 'https://API.example.com/',
      RESOLVER_URL: 'https://id.example.com',
      SHORT_URL: 'https://s.example',
      CUSTOM_DOMAIN_SCHEME: 'HTTP',
    })
    expect(r.ok && r.config).toMatchObject({
      databaseUrl: 'postgres://u@db:5432/x',
      apiPort: 8080,
      apiUrl: 'https://api.example.com',
      customDomainScheme: 'http',
    })
  })

  test('reports every bad field in one line each', () => {
    expect(
      readConfig({
        DATABASE_URL: 'mysql://x',
        API_PORT: '70000',
        RESOLVER_PORT: 'abc',
        API_URL: 'ftp://x',
        RESOLVER_URL: 'https://x.example/path',
        SHORT_URL: 'https://u:p@s.example',
        CUSTOM_DOMAIN_SCHEME: 'gopher',
      }),
    ).toEqual({
      ok: false,
      errors: [
        'DATABASE_URL must be a postgres:// or postgresql:// connection string',
        'API_PORT must be a port number from 0 to 65535',
        'RESOLVER_PORT must be a port number from 0 to 65535',
        'API_URL must be an http(s) origin such as https://example.com, without path or query',
        'RESOLVER_URL must be an http(s) origin such as https://example.com, without path or query',
        'SHORT_URL must be an http(s) origin such as https://example.com, without path or query',
        'CUSTOM_DOMAIN_SCHEME must be http or https',
      ],
    })
  })

  test('the default origins follow the ports, so a moved resolver still knows its own host', () => {
    const r = readConfig({ API_PORT: '8080', RESOLVER_PORT: '8081' })
    expect(r.ok && [r.config.apiUrl, r.config.resolverUrl, r.config.shortUrl]).toEqual([
      'http://localhost:8080',
      'http://localhost:8081',
      'http://127.0.0.1:8081',
    ])
    const zero = readConfig({ API_PORT: '0', RESOLVER_PORT: '0' })
    expect(zero.ok && [zero.config.apiUrl, zero.config.resolverUrl]).toEqual([
      'http://localhost:3000',
      'http://localhost:3001',
    ])
    expect(readConfig({ API_PORT: '99999', RESOLVER_PORT: '99999' })).toEqual({
      ok: false,
      errors: [
        'API_PORT must be a port number from 0 to 65535',
        'RESOLVER_PORT must be a port number from 0 to 65535',
      ],
    })
    const set = readConfig({ RESOLVER_PORT: '8081', RESOLVER_URL: 'https://id.example.com' })
    expect(set.ok && [set.config.resolverUrl, set.config.shortUrl]).toEqual([
      'https://id.example.com',
      'http://127.0.0.1:8081',
    ])
  })

  test('refuses one port for two servers (port 0, a port each picked by the system, is allowed)', () => {
    expect(readConfig({ API_PORT: '4000', RESOLVER_PORT: '4000' })).toEqual({
      ok: false,
      errors: ['API_PORT and RESOLVER_PORT must differ: each server needs its own port'],
    })
    expect(readConfig({ DASHBOARD_PORT: '3000' })).toEqual({
      ok: false,
      errors: ['API_PORT and DASHBOARD_PORT must differ: each server needs its own port'],
    })
    expect(readConfig({ RESOLVER_PORT: '4000', DASHBOARD_PORT: '4000' })).toEqual({
      ok: false,
      errors: ['RESOLVER_PORT and DASHBOARD_PORT must differ: each server needs its own port'],
    })
    expect(readConfig({ API_PORT: '0', RESOLVER_PORT: '0', DASHBOARD_PORT: '0' }).ok).toBe(true)
    expect(readConfig({ API_PORT: '0', RESOLVER_PORT: '0' }).ok).toBe(true)
    // Port 0 keeps its default origin, which may be the other port's: not an origin clash the user made.
    expect(readConfig({ API_PORT: '0', RESOLVER_PORT: '3000' }).ok).toBe(true)
    expect(readConfig({ API_PORT: '3001', RESOLVER_PORT: '0' }).ok).toBe(true)
  })

  test('a DATABASE_URL the connection cannot use is a config error, not a failure at open', () => {
    expect(readConfig({ DATABASE_URL: 'postgresql:///gs1dl?host=/a,/b' })).toEqual({
      ok: false,
      errors: ['DATABASE_URL: a list of hosts is not supported here; name one host or socket directory'],
    })
  })

  test('refuses to serve the resolver on the API origin', () => {
    expect(readConfig({ RESOLVER_URL: 'http://localhost:3000' })).toEqual({
      ok: false,
      errors: ['RESOLVER_URL must differ from API_URL: the resolver is not served on the API origin'],
    })
  })

  test('the dashboard: its origin follows DASHBOARD_PORT, and is its own', () => {
    const moved = readConfig({ DASHBOARD_PORT: '8082' })
    expect(moved.ok && [moved.config.dashboardPort, moved.config.dashboardUrl]).toEqual([
      8082,
      'http://localhost:8082',
    ])
    const set = readConfig({ DASHBOARD_URL: 'https://Dashboard.example.com/' })
    expect(set.ok && set.config.dashboardUrl).toBe('https://dashboard.example.com')
    expect(readConfig({ DASHBOARD_URL: 'http://localhost:3001' })).toEqual({
      ok: false,
      errors: [
        'DASHBOARD_URL must differ from API_URL, RESOLVER_URL and SHORT_URL: the dashboard has its own origin',
      ],
    })
    expect(readConfig({ DASHBOARD_URL: 'https://d.example.com/app' })).toEqual({
      ok: false,
      errors: ['DASHBOARD_URL must be an http(s) origin such as https://example.com, without path or query'],
    })
  })

  test('mail: SMTP_URL turns it on, MAIL_FROM defaults to no-reply at the dashboard host, and neither is ever quoted', () => {
    const on = readConfig({
      SMTP_URL: 'smtp://mailer:s3cret@mail.example.com:587',
      DASHBOARD_URL: 'https://d.example.com',
    })
    expect(on.ok && on.config.mail).toEqual({
      smtpUrl: 'smtp://mailer:s3cret@mail.example.com:587',
      from: 'no-reply@d.example.com',
    })
    const named = readConfig({
      SMTP_URL: 'smtps://mail.example.com',
      MAIL_FROM: 'Acme codes <codes@acme.example>',
    })
    expect(named.ok && named.config.mail?.from).toBe('Acme codes <codes@acme.example>')
    const bad = readConfig({ SMTP_URL: 'http://u:s3cret@mail.example.com' })
    expect(bad).toEqual({
      ok: false,
      errors: ['SMTP_URL must be smtp://[user:password@]host[:port] or smtps://…'],
    })
    expect(JSON.stringify(bad)).not.toContain('s3cret')
    expect(readConfig({ MAIL_FROM: 'a@b.example' })).toEqual({
      ok: false,
      errors: ['MAIL_FROM is set but SMTP_URL is not: set SMTP_URL to send mail'],
    })
    expect(readConfig({ SMTP_URL: 'smtp://m.example', MAIL_FROM: 'not an address' }).ok).toBe(false)
  })

  describe('signing key (JWT_SECRET, JWT_KEY_FILE)', () => {
    const SECRET = 'k7GZ1Qx0c9VtJm3Rb8NwYs2Ld5Hf6Pa4Ue'

    test('neither set: no signingKey, the database keeps the key', () => {
      const r = readConfig({ JWT_SECRET: ' ', JWT_KEY_FILE: '' })
      expect(r.ok && 'signingKey' in r.config).toBe(false)
    })

    test('JWT_SECRET of at least 32 characters is taken, without surrounding whitespace', () => {
      const r = readConfig({ JWT_SECRET: ` ${SECRET}\n` })
      expect(r.ok && r.config.signingKey).toEqual({ source: 'JWT_SECRET', secret: SECRET })
      const exact = 'x'.repeat(32)
      expect(readConfig({ JWT_SECRET: exact })).toMatchObject({ ok: true })
    })

    test('JWT_KEY_FILE is taken as a path; the file is not read here', () => {
      const r = readConfig({ JWT_KEY_FILE: ' keys/does-not-exist.pem ' })
      expect(r.ok && r.config.signingKey).toEqual({ source: 'JWT_KEY_FILE', path: 'keys/does-not-exist.pem' })
    })

    test('a secret shorter than 32 characters is refused, counted in characters, and never quoted', () => {
      for (const secret of ['short', 'x'.repeat(31), '🔑'.repeat(31)]) {
        const r = readConfig({ JWT_SECRET: secret })
        expect(r).toEqual({
          ok: false,
          errors: [
            'JWT_SECRET must be at least 32 characters of random data (for example: openssl rand -base64 32)',
          ],
        })
        expect(JSON.stringify(r)).not.toContain(secret)
      }
    })

    test('both set is refused, alongside the other errors', () => {
      expect(readConfig({ JWT_SECRET: SECRET, JWT_KEY_FILE: 'key.pem', API_PORT: 'x' })).toEqual({
        ok: false,
        errors: [
          'API_PORT must be a port number from 0 to 65535',
          'JWT_SECRET and JWT_KEY_FILE are both set: set one of them, or neither to keep the key in the database',
        ],
      })
      expect(readConfig({ JWT_SECRET: 'short', JWT_KEY_FILE: 'key.pem' })).toEqual({
        ok: false,
        errors: [
          'JWT_SECRET and JWT_KEY_FILE are both set: set one of them, or neither to keep the key in the database',
          'JWT_SECRET must be at least 32 characters of random data (for example: openssl rand -base64 32)',
        ],
      })
    })
  })
})

describe('readResolverConfig (the standalone resolver entries)', () => {
  test('has the same defaults as the service', () => {
    expect(readResolverConfig({})).toEqual({
      ok: true,
      config: {
        resolverPort: 3001,
        resolverUrl: 'http://localhost:3001',
        shortUrl: 'http://127.0.0.1:3001',
        customDomainScheme: 'https',
      },
    })
  })

  test('its default origins follow RESOLVER_PORT as well', () => {
    const r = readResolverConfig({ RESOLVER_PORT: '9001' })
    expect(r.ok && [r.config.resolverUrl, r.config.shortUrl]).toEqual([
      'http://localhost:9001',
      'http://127.0.0.1:9001',
    ])
  })

  test('checks every value with the same rules, and reports each error', () => {
    expect(
      readResolverConfig({
        RESOLVER_PORT: '70000',
        RESOLVER_URL: 'https://id.example.com/path',
        SHORT_URL: 'ftp://s.example',
        CUSTOM_DOMAIN_SCHEME: 'gopher',
      }),
    ).toEqual({
      ok: false,
      errors: [
        'RESOLVER_PORT must be a port number from 0 to 65535',
        'RESOLVER_URL must be an http(s) origin such as https://example.com, without path or query',
        'SHORT_URL must be an http(s) origin such as https://example.com, without path or query',
        'CUSTOM_DOMAIN_SCHEME must be http or https',
      ],
    })
  })
})
