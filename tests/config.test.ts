import { describe, expect, test } from 'bun:test'
import { readConfig } from '../src/config.ts'
import { DEFAULT_SECURITY_CONFIG } from '../src/security/config.ts'

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
        customDomainScheme: 'https',
        security: DEFAULT_SECURITY_CONFIG,
      },
    })
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

  test('refuses to serve the resolver on the API origin', () => {
    expect(readConfig({ RESOLVER_URL: 'http://localhost:3000' })).toEqual({
      ok: false,
      errors: ['RESOLVER_URL must differ from API_URL: the resolver is not served on the API origin'],
    })
  })
})
