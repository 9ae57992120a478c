/**
 * The CLI beside `bun run start` on the embedded database (issue #30): the service offers its database on a socket in
 * DATA_DIR, and every command that needs the database runs through it while the service keeps serving.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { DATABASE_HOOK_TIMEOUT_MS } from '../support/db.ts'
import { type Instance, runCli, runCliJson, startInstance } from '../support/processes.ts'
import { makeTempDir } from '../support/temp.ts'

let instance: Instance
let env: Record<string, string>
let dir: string

beforeAll(async () => {
  dir = makeTempDir('cli-serving')
  env = { DATA_DIR: join(dir, 'pglite') }
  instance = await startInstance({ env, logs: 'discard', readyTimeoutMs: 120_000 })
}, DATABASE_HOOK_TIMEOUT_MS)

afterAll(async () => {
  await instance?.stop()
}, DATABASE_HOOK_TIMEOUT_MS)

/** Runs a command that must succeed; its stdout. */
async function ok(...args: string[]): Promise<string> {
  const r = await runCli(args, env)
  if (r.code !== 0) throw new Error(`cli ${args.join(' ')} exited ${r.code}: ${r.stderr.trim()}`)
  return r.stdout
}

const scan = (path: string) => fetch(`${instance.resolver}${path}`, { redirect: 'manual' })

describe('the CLI while the service runs on the embedded database', () => {
  test(
    'a second service on the same DATA_DIR is refused at once, saying which process holds it and what to do',
    async () => {
      const error = await startInstance({ env, readyTimeoutMs: 60_000 }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(Error)
      const message = (error as Error).message
      expect(message).toContain('src/main.ts exited early (1)')
      expect(message).toContain(`is in use by process ${instance.pid}`)
      expect(message).toContain('set DATA_DIR to another directory, or use Postgres through DATABASE_URL')
      expect((await scan('/01/09506000134352')).status).toBe(307)
    },
    DATABASE_HOOK_TIMEOUT_MS,
  )

  test(
    'organizations, plans, API clients, users, keys and the demo seed',
    async () => {
      expect(await ok('org', 'list')).toContain('dalgiardino')
      await ok('org', 'create', '--slug', 'acme', '--name', 'Acme', '--plan', 'starter', '--status', 'active')
      await ok('org', 'set-plan', 'acme', 'pro')
      expect(await ok('org', 'list')).toContain('acme')
      const client = await runCliJson<{ clientId: string }>(
        ['client', 'create', '--org', 'acme', '--name', 'ERP', '--scope', 'write:codes'],
        env,
      )
      expect(await ok('client', 'list', '--org', 'acme')).toContain(client.clientId)
      await ok('client', 'block', client.clientId)
      await ok('client', 'unblock', client.clientId)
      await ok('client', 'delete', client.clientId)
      const user = await runCliJson<{ setPasswordUrl: string }>(
        ['user', 'create', '--email', 'ada@example.com', '--name', 'Ada', '--org', 'acme', '--role', 'owner'],
        env,
      )
      expect(user.setPasswordUrl).toContain('/set-password?token=')
      expect(await ok('user', 'list', '--org', 'acme')).toContain('ada@example.com')
      await ok('user', 'reset-password', 'ada@example.com')
      await ok('user', 'disable', 'ada@example.com')
      await ok('keys', 'rotate')
      expect((await ok('keys', 'list')).trim().split('\n').length).toBeGreaterThanOrEqual(2)
      await ok('seed', 'demo')
      // The service still serves, and issues tokens signed with the rotated key.
      expect((await fetch(`${instance.api}/readyz`)).status).toBe(200)
    },
    DATABASE_HOOK_TIMEOUT_MS,
  )

  test(
    'a catalog import reaches the running resolver at once, and an export reads what it serves',
    async () => {
      expect((await scan('/01/4012345000009')).status).toBe(307)
      const file = join(dir, 'catalog.json')
      await ok('catalog', 'export', '--org', 'northwind', '--out', file)
      const catalog = JSON.parse(await Bun.file(file).text())
      for (const product of catalog.products) product.published = false
      writeFileSync(file, JSON.stringify(catalog))
      await ok('catalog', 'import', file)
      expect((await scan('/01/4012345000009')).status).toBe(404)
      for (const product of catalog.products) product.published = true
      writeFileSync(file, JSON.stringify(catalog))
      await ok('catalog', 'import', file)
      expect((await scan('/01/4012345000009')).status).toBe(307)
    },
    DATABASE_HOOK_TIMEOUT_MS,
  )

  test(
    'custom domains are listed, deactivated and activated, and scans follow at once',
    async () => {
      const listed = await runCliJson<{ domain: string; status: string }[]>(['domain', 'list'], env)
      expect(listed).toContainEqual(
        expect.objectContaining({ domain: 'id.dalgiardino.example', status: 'active' }),
      )
      const location = async () => (await scan('/01/09506000134352')).headers.get('location') ?? ''
      expect(await location()).toStartWith('https://id.dalgiardino.example/')
      await ok('domain', 'deactivate', 'id.dalgiardino.example')
      expect(await ok('domain', 'list', '--pending')).toContain('id.dalgiardino.example')
      expect(await location()).not.toContain('id.dalgiardino.example')
      await ok('domain', 'activate', 'id.dalgiardino.example')
      expect(await location()).toStartWith('https://id.dalgiardino.example/')
      const refused = await runCli(['domain', 'activate', 'no-such.example'], env)
      expect(refused.code).toBe(1)
      expect(refused.stderr).not.toContain('in use by process')
    },
    DATABASE_HOOK_TIMEOUT_MS,
  )
})
