import { describe, expect, test } from 'bun:test'
import { banner } from '../src/banner.ts'
import { readConfig } from '../src/config.ts'

const parsed = readConfig({ API_PORT: '0', RESOLVER_PORT: '0' })
if (!parsed.ok) throw new Error(parsed.errors.join('; '))
const config = parsed.config
const ports = { api: 41001, resolver: 41002 }

describe('start-up banner', () => {
  test('names the ports the servers are bound to, also when the system picked them (port 0)', () => {
    const text = banner(config, { ports, demoClient: null, demoCatalog: true })
    expect(text).toContain('  code API   http://localhost:3000   on port 41001   (OpenAPI:')
    expect(text).toContain(
      '  resolver   http://localhost:3001   short: http://127.0.0.1:3001   on port 41002',
    )
  })

  test('a first embedded start shows the new demo client once, and scans of the demo catalog', () => {
    const demoClient = { clientId: 'svc_client_demo', clientSecret: 'the-secret' }
    const text = banner(config, { ports, demoClient, demoCatalog: true })
    expect(text).toContain('  client secret: the-secret')
    expect(text).toContain("curl -s -u 'svc_client_demo:the-secret'")
    expect(text).toContain('curl -si http://localhost:3001/01/04012345000009/10/LOT42')
    expect(text).not.toContain('client create')
  })

  test('without a new client it says how to create one; without the demo catalog it promises no scan', () => {
    const text = banner(config, { ports, demoClient: null, demoCatalog: false })
    expect(text).toContain('bun run cli client create --org ORG --name NAME --scope write:codes')
    expect(text).toContain("curl -s -u '<CLIENT_ID>:<CLIENT_SECRET>'")
    expect(text).toContain('the catalog has no demo products; bun run cli seed demo loads them')
    expect(text).not.toContain('/01/04012345000009')
  })
})
