import { afterAll, describe, expect, test } from 'bun:test'
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { banner, bunCommand } from '../../src/app/banner.ts'
import { readConfig } from '../../src/app/config.ts'
import { makeTempDir, removeTempDir } from '../support/temp.ts'

function configOf(env: Record<string, string>) {
  const parsed = readConfig({ API_PORT: '0', RESOLVER_PORT: '0', DASHBOARD_PORT: '0', ...env })
  if (!parsed.ok) throw new Error(parsed.errors.join('; '))
  return parsed.config
}

const config = configOf({})
const postgres = configOf({ DATABASE_URL: 'postgres://u@db:5432/x' })
const ports = { api: 41001, resolver: 41002, dashboard: 41003 }
const facts = { ports, demoClient: null, demoCatalog: true, bun: 'bun' }

describe('start-up banner', () => {
  test('names the ports the servers are bound to, also when the system picked them (port 0)', () => {
    const text = banner(config, facts)
    expect(text).toContain('  code API   http://localhost:3000   on port 41001   (OpenAPI:')
    expect(text).toContain(
      '  resolver   http://localhost:3001   short: http://127.0.0.1:3001   on port 41002',
    )
    expect(text).toContain('  dashboard  http://localhost:3002   on port 41003')
  })

  test('a first embedded start shows the new demo client once, and scans of the demo catalog', () => {
    const demoClient = { clientId: 'svc_client_demo', clientSecret: 'the-secret' }
    const text = banner(config, { ...facts, demoClient })
    expect(text).toContain('  client secret: the-secret')
    expect(text).toContain("curl -s -u 'svc_client_demo:the-secret'")
    expect(text).toContain('curl -si http://localhost:3001/01/04012345000009/10/LOT42')
    expect(text).not.toContain('client create')
  })

  test('without a new client it says how to create one; without the demo catalog it promises no scan', () => {
    const withDemo = banner(config, facts)
    expect(withDemo).toContain('bun run cli client create --org dalgiardino --name ERP --scope write:codes')
    expect(withDemo).not.toContain('TOKEN=')
    const text = banner(config, { ...facts, demoCatalog: false })
    expect(text).toContain('bun run cli client create --org ORG --name ERP --scope write:codes')
    expect(text).toContain('the catalog has no demo products; bun run cli seed demo loads them')
    expect(text).not.toContain('/01/04012345000009')
  })

  test('a first start shows the demo owner and its set-password link once', () => {
    const demoOwner = {
      email: 'owner@dalgiardino.example',
      setPasswordUrl: 'http://localhost:3002/set-password?token=t',
    }
    const text = banner(config, { ...facts, demoOwner })
    expect(text).toContain('Demo dashboard owner of dalgiardino')
    expect(text).toContain('  email:         owner@dalgiardino.example')
    expect(text).toContain('  set password:  http://localhost:3002/set-password?token=t')
    expect(banner(config, facts)).not.toContain('Demo dashboard owner')
    expect(text).not.toContain('user reset-password')
  })

  test('a later start says how to get the demo owner a new set-password link, while the demo catalog is there', () => {
    const reset = 'bun run cli user reset-password owner@dalgiardino.example'
    expect(banner(config, facts)).toContain(reset)
    expect(banner(config, { ...facts, demoCatalog: false })).not.toContain('reset-password')
    expect(banner(config, { ...facts, ports: { api: 41001, resolver: 41002 } })).not.toContain(
      'reset-password',
    )
  })

  test('its codes and scans are of the demo product the resolver answers itself, on both hosts', () => {
    const demoClient = { clientId: 'svc_client_demo', clientSecret: 'the-secret' }
    const text = banner(config, { ...facts, demoClient })
    expect(text).not.toContain('9506000134352')
    expect(text).toContain('"primaryKey":{"key":"01","value":"04012345000009"}')
    expect(text).toContain('curl -si http://127.0.0.1:3001/01/04012345000009 ')
  })

  test('its commands run as printed: `npx bun` where bun is not on the PATH', () => {
    const text = banner(config, { ...facts, demoCatalog: false, bun: 'npx bun' })
    const commands = text.split('\n').filter((line) => line.includes(' run '))
    expect(commands.length).toBeGreaterThanOrEqual(3)
    for (const line of commands) expect(line).not.toMatch(/(^|[^x] )bun run/)
    expect(text).toContain('npx bun run cli client create --org ORG')
    expect(text).toContain('npx bun run cli seed demo loads them')
    expect(text).toContain(
      'npx bun run cli user create --email you@example.com --name You --org ORG --role editor',
    )
  })

  test('the CLI works beside the service, on the embedded database too', () => {
    expect(banner(config, facts)).toContain('also while the service runs')
    expect(banner(config, facts)).toContain(
      '# the embedded database is in ./.data/pglite; the CLI reaches it',
    )
    expect(banner(config, facts)).not.toContain('stop the service')
    expect(banner(postgres, facts)).not.toContain('the embedded database is in')
  })

  test('one half of the service (SERVE) shows only what it serves', () => {
    const apiHalf = banner(postgres, { ...facts, ports: { api: 41001, dashboard: 41003 } })
    expect(apiHalf).toContain('  code API ')
    expect(apiHalf).toContain('  dashboard ')
    expect(apiHalf).not.toContain('  resolver ')
    expect(apiHalf).not.toContain('curl -si')
    const resolverHalf = banner(postgres, { ...facts, ports: { resolver: 41002 } })
    expect(resolverHalf).toContain('  resolver ')
    expect(resolverHalf).toContain('curl -si http://localhost:3001/01/04012345000009/10/LOT42')
    expect(resolverHalf).not.toContain('  code API ')
    expect(resolverHalf).not.toContain('TOKEN=')
    expect(resolverHalf).not.toContain('user create')
  })
})

describe('bunCommand', () => {
  const dir = makeTempDir('bun-path')
  afterAll(() => removeTempDir(dir))
  const withBun = join(dir, 'bin')
  const runnerBin = join(dir, 'project', 'node_modules', '.bin')
  for (const d of [withBun, runnerBin]) {
    mkdirSync(d, { recursive: true })
    writeFileSync(join(d, 'bun'), '#!/bin/sh\n')
    chmodSync(join(d, 'bun'), 0o755)
  }
  const empty = join(dir, 'empty')
  mkdirSync(empty)

  test('is bun when a directory of the PATH holds it', () => {
    expect(bunCommand(`${empty}:${withBun}`)).toBe('bun')
  })

  test('is npx bun when only node_modules/.bin, which bun run and npx prepend, holds it', () => {
    expect(bunCommand(`${runnerBin}:${empty}`)).toBe('npx bun')
    expect(bunCommand(`${runnerBin}/:${empty}`)).toBe('npx bun')
    expect(bunCommand(undefined)).toBe('npx bun')
  })
})
