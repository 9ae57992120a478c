import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { runClientCommand } from '../../src/cli/clients.ts'
import { runCli } from '../../src/cli/main.ts'
import type { Database } from '../../src/db/database.ts'
import { apiClients } from '../../src/db/schema.ts'
import { cliContext, runCommand } from '../support/cli.ts'
import { DATABASE_HOOK_TIMEOUT_MS, openTestDatabase } from '../support/db.ts'
import { seedOrganization } from '../support/people.ts'

let database: Database
const run = (...args: string[]) => runCommand(runClientCommand, database, args)
let created: { clientId: string; clientSecret: string; name: string; scopes: string[] }

const ID = /^svc_client_[0-9a-f]{32}$/
const UNKNOWN = 'svc_client_ffffffffffffffffffffffffffffffff'

beforeAll(async () => {
  database = await openTestDatabase()
  await seedOrganization(database, 'acme')
  await seedOrganization(database, 'small', 'free')
}, DATABASE_HOOK_TIMEOUT_MS)
afterAll(async () => {
  await database?.close()
}, DATABASE_HOOK_TIMEOUT_MS)

describe('client create', () => {
  test('--json prints {clientId, clientSecret, name, scopes} and nothing else', async () => {
    const r = await run('create', '--org', 'acme', '--name', 'ERP', '--scope', 'write:codes', '--json')
    expect(r.code).toBe(0)
    expect(r.err).toEqual([])
    expect(r.out).toHaveLength(1)
    created = JSON.parse(r.out[0] ?? '{}')
    expect(Object.keys(created)).toEqual(['clientId', 'clientSecret', 'name', 'scopes'])
    expect(created).toEqual({
      clientId: expect.stringMatching(ID),
      clientSecret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      name: 'ERP',
      scopes: ['write:codes'],
    })
  })

  test('without --json prints a block that says the secret is shown only once', async () => {
    const r = await run('create', '--org', 'acme', '--name', 'Warehouse', '--scope', 'write:codes')
    expect(r.code).toBe(0)
    expect(r.out[0]).toBe("API client 'Warehouse' created")
    expect(r.out[1]).toMatch(/^ {2}client id: {5}svc_client_[0-9a-f]{32}$/)
    expect(r.out[2]).toMatch(/^ {2}client secret: [A-Za-z0-9_-]{43}$/)
    expect(r.out[3]).toBe('  scopes:        write:codes')
    expect(r.out[4]).toBe('The client secret is shown only once and cannot be retrieved later: store it now.')
  })

  test('refuses an organization whose plan does not cover API clients, with exit 1', async () => {
    expect(await run('create', '--org', 'small', '--name', 'ERP', '--scope', 'write:codes')).toEqual({
      code: 1,
      out: [],
      err: [
        "error: organization 'small' is on the free plan; API clients need an active starter, pro or enterprise subscription",
      ],
    })
  })

  test('refuses an unknown organization and an unknown scope, with exit 1', async () => {
    expect(await run('create', '--org', 'nope', '--name', 'ERP', '--scope', 'write:codes')).toEqual({
      code: 1,
      out: [],
      err: ["error: unknown organization 'nope'"],
    })
    expect(await run('create', '--org', 'acme', '--name', 'ERP', '--scope', 'read:codes')).toEqual({
      code: 1,
      out: [],
      err: ["error: unknown scope 'read:codes' (write:codes, read:catalog, write:catalog, read:scans)"],
    })
  })

  test('a missing flag or an unknown option is a usage error (exit 2 through the dispatcher)', async () => {
    await expect(run('create', '--name', 'ERP', '--scope', 'write:codes')).rejects.toThrow('missing --org')
    await expect(run('create', '--org', 'acme', '--scope', 'write:codes')).rejects.toThrow('missing --name')
    await expect(run('create', '--org', 'acme', '--name', 'ERP')).rejects.toThrow(
      'missing --scope (the API grants write:codes, read:catalog, write:catalog, read:scans)',
    )
    await expect(
      run('create', '--org', 'acme', '--name', 'ERP', '--scope', 'write:codes', '--x'),
    ).rejects.toThrow(/^unknown option --x$/)
    const ctx = cliContext(database)
    expect(await runCli(['client', 'create', '--org', 'acme', '--scope', 'write:codes'], ctx)).toBe(2)
    expect(ctx.err).toHaveLength(1)
    expect(ctx.err[0]).toStartWith('error: missing --name\nusage:\n  client create')
  })
})

describe('client list', () => {
  test('--json lists the clients without secrets', async () => {
    const r = await run('list', '--org', 'acme', '--json')
    expect(r.code).toBe(0)
    const list = JSON.parse(r.out[0] ?? '[]') as Record<string, unknown>[]
    expect(list.map((c) => c.name).sort()).toEqual(['ERP', 'Warehouse'])
    expect(list.find((c) => c.name === 'ERP')).toEqual({
      clientId: created.clientId,
      name: 'ERP',
      scopes: ['write:codes'],
      blocked: false,
      createdAt: expect.any(String),
      lastUsedAt: null,
    })
    expect(r.out.join()).not.toContain(created.clientSecret)
    expect(r.out.join()).not.toContain('scrypt')
  })

  test('prints one tab-separated line per client', async () => {
    const r = await run('list', '--org', 'acme')
    expect(r.out).toHaveLength(2)
    expect(r.out).toContain(`${created.clientId}\tactive\twrite:codes\tlast used never\tERP`)
  })

  test('says so when the organization has no clients, and refuses an unknown one', async () => {
    expect((await run('list', '--org', 'small')).out).toEqual(["organization 'small' has no API clients"])
    expect(await run('list', '--org', 'nope')).toEqual({
      code: 1,
      out: [],
      err: ["error: unknown organization 'nope'"],
    })
  })
})

describe('client block, unblock, delete', () => {
  test('block and unblock change the client and confirm it', async () => {
    expect(await run('block', created.clientId)).toEqual({
      code: 0,
      out: [
        `API client '${created.clientId}' blocked: it can no longer obtain tokens, and its tokens stop working`,
      ],
      err: [],
    })
    const [row] = await database.db.select().from(apiClients).where(eq(apiClients.id, created.clientId))
    expect(row?.blocked).toBe(true)
    const listed = (await run('list', '--org', 'acme')).out
    expect(listed).toContain(`${created.clientId}\tblocked\twrite:codes\tlast used never\tERP`)
    expect(await run('unblock', created.clientId, '--json')).toEqual({
      code: 0,
      out: [JSON.stringify({ clientId: created.clientId, blocked: false })],
      err: [],
    })
  })

  test('delete removes the client', async () => {
    expect((await run('delete', created.clientId)).out).toEqual([
      `API client '${created.clientId}' deleted: its tokens are revoked`,
    ])
    expect(await database.db.select().from(apiClients).where(eq(apiClients.id, created.clientId))).toEqual([])
  })

  test('an unknown client ID is refused with exit 1', async () => {
    for (const action of ['block', 'unblock', 'delete']) {
      expect(await run(action, UNKNOWN)).toEqual({
        code: 1,
        out: [],
        err: [`error: unknown API client '${UNKNOWN}'`],
      })
    }
  })

  test('a missing ID or an unknown subcommand is a usage error', async () => {
    await expect(run('block')).rejects.toThrow('usage: client block ID')
    await expect(run('rename', created.clientId)).rejects.toThrow('usage:')
  })
})
