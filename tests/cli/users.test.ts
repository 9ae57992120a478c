import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { runDomainCommand } from '../../src/cli/domains.ts'
import { runCli } from '../../src/cli/main.ts'
import { runUserCommand } from '../../src/cli/users.ts'
import type { Database } from '../../src/db/database.ts'
import { organizations } from '../../src/db/schema.ts'
import { listAudit } from '../../src/services/audit.ts'
import { listBrands } from '../../src/services/catalog/brands.ts'
import { importCatalog } from '../../src/services/catalog/import.ts'
import { authenticate, findPasswordToken, setPasswordWithToken } from '../../src/services/people/users.ts'
import { cliContext, runCommand } from '../support/cli.ts'
import { DATABASE_HOOK_TIMEOUT_MS, openTestDatabase } from '../support/db.ts'

let database: Database
const user = (...args: string[]) => runCommand(runUserCommand, database, args)
const domain = (...args: string[]) => runCommand(runDomainCommand, database, args)
const orgId: Record<string, string> = {}
const LINK = /^http:\/\/dashboard\.test\/set-password\?token=([A-Za-z0-9_-]{43})$/

beforeAll(async () => {
  database = await openTestDatabase()
  const imported = await importCatalog(database.db, {
    organizations: [{ slug: 'acme', name: 'Acme', plan: 'starter' }],
    brands: [{ slug: 'acme-oats', name: 'Acme Oats', organization: 'acme', customDomain: 'oats.example' }],
    products: [],
  })
  if (!imported.ok) throw new Error('import')
  for (const o of await database.db.select().from(organizations)) orgId[o.slug] = o.id
}, DATABASE_HOOK_TIMEOUT_MS)
afterAll(async () => {
  await database?.close()
}, DATABASE_HOOK_TIMEOUT_MS)

describe('user create', () => {
  test('--json prints {userId, email, setPasswordUrl} with a one-time link on DASHBOARD_URL', async () => {
    const r = await user(
      'create',
      '--email',
      'ada@acme.example',
      '--name',
      'Ada',
      '--org',
      'acme',
      '--role',
      'owner',
      '--json',
    )
    expect(r.code).toBe(0)
    expect(r.err).toEqual([])
    const printed = JSON.parse(r.out[0] ?? '{}')
    expect(Object.keys(printed)).toEqual(['userId', 'email', 'setPasswordUrl'])
    expect(printed.email).toBe('ada@acme.example')
    const token = LINK.exec(printed.setPasswordUrl)?.[1] ?? ''
    expect(await findPasswordToken(database.db, token, Date.now())).toMatchObject({
      user: { email: 'ada@acme.example' },
    })
  })

  test('refuses a taken email (exit 1) and reports usage errors (exit 2)', async () => {
    const taken = await user(
      'create',
      '--email',
      'ADA@acme.example',
      '--name',
      'A',
      '--org',
      'acme',
      '--role',
      'viewer',
    )
    expect(taken).toEqual({
      code: 1,
      out: [],
      err: [
        "error: a user with the email 'ADA@acme.example' exists already (user reset-password gives a new link)",
      ],
    })
    expect(
      (await user('create', '--email', 'x@acme.example', '--name', 'X', '--org', 'acme', '--role', 'admin'))
        .err,
    ).toEqual(["error: unknown role 'admin' (owner, editor, viewer)"])
    const ctx = cliContext(database)
    expect(await runCli(['user', 'create', '--email', 'x@acme.example'], ctx)).toBe(2)
    expect(ctx.err).toHaveLength(1)
    expect(ctx.err[0]).toStartWith('error: missing --name\nusage:\n  user create --email EMAIL')
  })

  test('an unknown --org is refused (exit 1) with the organizations that exist', async () => {
    const unknown = await user(
      'create',
      '--email',
      'x@acme.example',
      '--name',
      'X',
      '--org',
      'acmee',
      '--role',
      'viewer',
    )
    expect(unknown).toEqual({
      code: 1,
      out: [],
      err: ["error: organization 'acmee' does not exist (known: acme)"],
    })
  })
})

describe('user create without organizations', () => {
  test(
    'an unknown --org says that none exists yet and how to make one',
    async () => {
      const empty = await openTestDatabase()
      try {
        const r = await runCommand(runUserCommand, empty, [
          'create',
          '--email',
          'x@a.example',
          '--name',
          'X',
          '--org',
          'acme',
          '--role',
          'viewer',
        ])
        expect(r).toEqual({
          code: 1,
          out: [],
          err: [
            "error: organization 'acme' does not exist (there is none yet: org create --slug SLUG --name NAME makes one)",
          ],
        })
      } finally {
        await empty.close()
      }
    },
    DATABASE_HOOK_TIMEOUT_MS,
  )
})

describe('user list, reset-password, disable', () => {
  test('list shows each user with state and memberships; --json too', async () => {
    const r = await user('list', '--org', 'acme')
    expect(r.out).toEqual(['ada@acme.example\tinvited\tacme:owner\tAda'])
    const json = JSON.parse((await user('list', '--json')).out[0] ?? '[]')
    expect(json).toEqual([
      {
        userId: expect.any(String),
        email: 'ada@acme.example',
        name: 'Ada',
        disabled: false,
        hasPassword: false,
        memberships: [{ organization: 'acme', role: 'owner' }],
      },
    ])
  })

  test('reset-password prints a new link; the old one stops working', async () => {
    const first = await user('reset-password', 'ada@acme.example', '--json')
    const second = await user('reset-password', 'ada@acme.example')
    expect(second.out[0]).toBe("new set-password link for 'ada@acme.example'")
    const oldToken = LINK.exec(JSON.parse(first.out[0] ?? '{}').setPasswordUrl)?.[1] ?? ''
    const newToken = /token=([A-Za-z0-9_-]{43})/.exec(second.out[1] ?? '')?.[1] ?? ''
    expect(await findPasswordToken(database.db, oldToken, Date.now())).toBeNull()
    const password = 'a fine long password'
    expect(
      await setPasswordWithToken(database.db, {
        token: newToken,
        password,
        confirmation: password,
        now: Date.now(),
      }),
    ).toMatchObject({
      ok: true,
    })
    expect(await authenticate(database.db, 'ada@acme.example', password)).not.toBeNull()
    expect((await user('reset-password', 'nobody@acme.example')).err).toEqual([
      "error: no user has the email 'nobody@acme.example'",
    ])
  })

  test('disable refuses sign-in from then on', async () => {
    const r = await user('disable', 'ada@acme.example')
    expect(r.out).toEqual([
      "user 'ada@acme.example' disabled: sign-in is refused and their sessions have ended",
    ])
    expect(await authenticate(database.db, 'ada@acme.example', 'a fine long password')).toBeNull()
    expect((await user('list')).out).toEqual(['ada@acme.example\tdisabled\tacme:owner\tAda'])
  })
})

describe('domain activate | deactivate', () => {
  test('turns a requested domain on and off, says so, and is audited as the CLI', async () => {
    const on = await domain('activate', 'OATS.example', '--json')
    expect(on.out).toEqual([
      JSON.stringify({ domain: 'oats.example', brand: 'acme-oats', organization: 'acme', active: true }),
    ])
    expect((await listBrands(database.db, orgId.acme ?? ''))[0]?.customDomainActive).toBe(true)
    expect((await domain('activate', 'oats.example')).out).toEqual([
      "custom domain 'oats.example' of brand 'acme-oats' is already active: scans of it resolve the brand’s products",
    ])
    expect((await domain('deactivate', 'oats.example')).out).toEqual([
      "custom domain 'oats.example' of brand 'acme-oats' is now inactive: scans of it answer 404",
    ])
    const actions = (await listAudit(database.db, orgId.acme ?? '', { limit: 10 })).map((e) => [
      e.action,
      e.actorLabel,
    ])
    expect(actions).toContainEqual(['brand.domain_activate', 'cli'])
    expect(actions).toContainEqual(['brand.domain_deactivate', 'cli'])
  })

  test('an unknown domain is refused; a missing one is a usage error', async () => {
    expect(await domain('activate', 'nobody.example')).toEqual({
      code: 1,
      out: [],
      err: ["error: no brand has requested the custom domain 'nobody.example'"],
    })
    const ctx = cliContext(database)
    expect(await runCli(['domain', 'activate'], ctx)).toBe(2)
    expect(await runCli(['domain', 'enable', 'x.example'], cliContext(database))).toBe(2)
  })
})
