import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { verifySecret } from '../../../src/auth/secrets.ts'
import { CLIENTS_CHANNEL } from '../../../src/db/channels.ts'
import type { Database } from '../../../src/db/database.ts'
import { apiClients } from '../../../src/db/schema.ts'
import { CLI_ACTOR } from '../../../src/services/audit.ts'
import {
  createClient,
  deleteClient,
  findClientCredentials,
  listClients,
  recordLastUsed,
  setBlocked,
} from '../../../src/services/clients/api-clients.ts'
import { createOrganization } from '../../../src/services/people/organizations.ts'
import { testClock } from '../../support/app.ts'
import { DATABASE_HOOK_TIMEOUT_MS, openTestDatabase } from '../../support/db.ts'

let database: Database
const clock = testClock()
const create = (organizationSlug: string, scopes: string[] = ['write:codes'], name = 'ERP') =>
  createClient(database.db, { organizationSlug, name, scopes, clock, actor: CLI_ACTOR })

beforeAll(async () => {
  database = await openTestDatabase()
  const orgs = [
    ['acme', 'starter', 'active'],
    ['bigco', 'enterprise', 'active'],
    ['freebie', 'free', 'active'],
    ['late', 'pro', 'past_due'],
    ['gone', 'starter', 'canceled'],
  ] as const
  for (const [slug, plan, subscriptionStatus] of orgs) {
    await createOrganization(database.db, { slug, name: slug, plan, subscriptionStatus })
  }
}, DATABASE_HOOK_TIMEOUT_MS)
afterAll(async () => {
  await database?.close()
}, DATABASE_HOOK_TIMEOUT_MS)

/** Collects the payloads notified while `action` runs: a marker sent after it arrives after all of them. */
async function notified(action: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = []
  let markerArrived: () => void = () => {}
  const marker = new Promise<void>((resolve) => {
    markerArrived = resolve
  })
  const stop = await database.listen(CLIENTS_CHANNEL, (payload) => {
    if (payload === 'marker') markerArrived()
    else seen.push(payload)
  })
  await action()
  await database.db.execute(`select pg_notify('${CLIENTS_CHANNEL}', 'marker')`)
  await marker
  await stop()
  return seen
}

describe('createClient', () => {
  test('returns a svc_client_ ID and a 256-bit secret once, and stores only an scrypt hash', async () => {
    const result = await create('acme', ['write:codes', 'write:codes'], '  ERP  ')
    expect(result).toEqual({
      ok: true,
      clientId: expect.stringMatching(/^svc_client_[0-9a-f]{32}$/),
      clientSecret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      name: 'ERP',
      scopes: ['write:codes'],
    })
    if (!result.ok) return
    const [row] = await database.db.select().from(apiClients).where(eq(apiClients.id, result.clientId))
    expect(row?.secretHash).toStartWith('$scrypt$ln=14,r=8,p=1$')
    expect(row?.secretHash).not.toContain(result.clientSecret)
    expect(await verifySecret(result.clientSecret, row?.secretHash ?? '')).toBe(true)
    expect(row?.createdAt.getTime()).toBe(clock())
    expect(row?.blocked).toBe(false)
  })

  test('works on every active plan from starter up', async () => {
    expect((await create('bigco')).ok).toBe(true)
  })

  test('refuses an unknown organization', async () => {
    expect(await create('nope')).toEqual({
      ok: false,
      reason: 'unknown_organization',
      message: "unknown organization 'nope'",
    })
  })

  test('refuses when the subscription does not cover API clients', async () => {
    expect(await create('freebie')).toEqual({
      ok: false,
      reason: 'subscription',
      message:
        "organization 'freebie' is on the free plan; API clients need an active starter, pro or enterprise subscription",
    })
    expect(await create('late')).toMatchObject({
      reason: 'subscription',
      message:
        "organization 'late' has a past_due pro subscription; API clients need an active starter, pro or enterprise subscription",
    })
    expect(await create('gone')).toMatchObject({ reason: 'subscription' })
  })

  test('refuses unknown or missing scopes and an empty name', async () => {
    expect(await create('acme', ['write:codes', 'read:all'])).toEqual({
      ok: false,
      reason: 'invalid_scope',
      message: "unknown scope 'read:all' (write:codes, read:catalog, write:catalog, read:scans)",
    })
    expect(await create('acme', [])).toMatchObject({ reason: 'invalid_scope' })
    expect(await create('acme', ['write:codes'], '   ')).toMatchObject({ reason: 'invalid_name' })
  })

  test('counts a name in characters: 200 emoji pass, 201 do not', async () => {
    expect((await create('bigco', ['write:codes'], '🏷'.repeat(200))).ok).toBe(true)
    expect(await create('bigco', ['write:codes'], '🏷'.repeat(201))).toMatchObject({
      reason: 'invalid_name',
      message: 'client name must be 1 to 200 characters',
    })
  })
})

describe('listClients', () => {
  test('lists the organization clients without secrets or hashes', async () => {
    const result = await listClients(database.db, 'acme')
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.clients).toHaveLength(1)
    expect(result.clients[0]).toEqual({
      clientId: expect.stringMatching(/^svc_client_/),
      name: 'ERP',
      scopes: ['write:codes'],
      blocked: false,
      createdAt: new Date(clock()).toISOString(),
      lastUsedAt: null,
    })
    expect(JSON.stringify(result)).not.toContain('scrypt')
  })

  test('refuses an unknown organization, and lists none for an organization without clients', async () => {
    expect(await listClients(database.db, 'nope')).toMatchObject({
      ok: false,
      reason: 'unknown_organization',
    })
    expect(await listClients(database.db, 'freebie')).toEqual({ ok: true, clients: [] })
  })
})

describe('block, unblock, delete', () => {
  test('block and unblock flip the flag and notify every instance in the same transaction', async () => {
    const created = await create('acme')
    if (!created.ok) throw new Error('setup')
    const id = created.clientId
    expect(await notified(() => setBlocked(database.db, id, true, { actor: CLI_ACTOR }))).toEqual([
      `block:${id}`,
    ])
    expect((await findClientCredentials(database.db, id))?.blocked).toBe(true)
    expect(await notified(() => setBlocked(database.db, id, false, { actor: CLI_ACTOR }))).toEqual([
      `unblock:${id}`,
    ])
    expect((await findClientCredentials(database.db, id))?.blocked).toBe(false)
  })

  test('delete removes the client and notifies', async () => {
    const created = await create('acme')
    if (!created.ok) throw new Error('setup')
    expect(await notified(() => deleteClient(database.db, created.clientId, { actor: CLI_ACTOR }))).toEqual([
      `delete:${created.clientId}`,
    ])
    expect(await findClientCredentials(database.db, created.clientId)).toBeNull()
  })

  test('an unknown client ID changes nothing and notifies nobody', async () => {
    const id = 'svc_client_00000000000000000000000000000000'
    expect(await notified(() => setBlocked(database.db, id, true, { actor: CLI_ACTOR }))).toEqual([])
    expect(await setBlocked(database.db, id, true, { actor: CLI_ACTOR })).toBe(false)
    expect(await deleteClient(database.db, id, { actor: CLI_ACTOR })).toBe(false)
  })
})

describe('findClientCredentials and recordLastUsed', () => {
  test('finds the hash, scopes and plan in one query', async () => {
    const created = await create('bigco')
    if (!created.ok) throw new Error('setup')
    expect(await findClientCredentials(database.db, created.clientId)).toEqual({
      clientId: created.clientId,
      organizationId: expect.any(String),
      scopes: ['write:codes'],
      secretHash: expect.stringMatching(/^\$scrypt\$/),
      blocked: false,
      plan: 'enterprise',
      subscriptionStatus: 'active',
    })
  })

  test('records a batch of last-used times and never moves one backwards', async () => {
    const a = await create('bigco')
    const b = await create('bigco')
    if (!a.ok || !b.ok) throw new Error('setup')
    const t = clock()
    await recordLastUsed(
      database.db,
      new Map([
        [a.clientId, t],
        [b.clientId, t + 1000],
      ]),
    )
    await recordLastUsed(
      database.db,
      new Map([
        [a.clientId, t - 5000],
        ['svc_client_unknown', t],
      ]),
    )
    const listed = await listClients(database.db, 'bigco')
    const times = listed.ok ? Object.fromEntries(listed.clients.map((c) => [c.clientId, c.lastUsedAt])) : {}
    expect(times[a.clientId]).toBe(new Date(t).toISOString())
    expect(times[b.clientId]).toBe(new Date(t + 1000).toISOString())
  })
})
