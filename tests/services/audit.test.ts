import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Database } from '../../src/db/database.ts'
import { auditEvents, organizations } from '../../src/db/schema.ts'
import {
  type Actor,
  AUDIT_RETENTION_DAYS,
  CLI_ACTOR,
  listAudit,
  pruneAudit,
  recordAudit,
} from '../../src/services/audit.ts'
import { createClient, deleteClient, setBlocked } from '../../src/services/clients/api-clients.ts'
import { createOrganization, setPlan } from '../../src/services/people/organizations.ts'
import { DATABASE_HOOK_TIMEOUT_MS, openTestDatabase } from '../support/db.ts'

let database: Database
const orgId: Record<string, string> = {}
const DAY = 24 * 60 * 60 * 1000
const user: Actor = { kind: 'user', id: '00000000-0000-4000-8000-000000000001', label: 'ann@example.com' }

beforeAll(async () => {
  database = await openTestDatabase()
  for (const slug of ['acme', 'other']) {
    await createOrganization(database.db, { slug, name: slug, plan: 'starter', subscriptionStatus: 'active' })
  }
  for (const o of await database.db.select().from(organizations)) orgId[o.slug] = o.id
}, DATABASE_HOOK_TIMEOUT_MS)
afterAll(async () => {
  await database?.close()
}, DATABASE_HOOK_TIMEOUT_MS)

describe('audit log', () => {
  test('every API-client change is recorded with its actor, never with the secret', async () => {
    const created = await createClient(database.db, {
      organizationSlug: 'acme',
      name: 'ERP',
      scopes: ['write:codes'],
      clock: Date.now,
      actor: user,
    })
    if (!created.ok) throw new Error(created.message)
    const id = created.clientId
    await setBlocked(database.db, id, true, { actor: CLI_ACTOR })
    await setBlocked(database.db, id, false, { actor: { kind: 'api_client', id: 'svc_client_x' } })
    await deleteClient(database.db, id, { actor: user })
    const events = (await listAudit(database.db, orgId.acme ?? '', { limit: 10 })).filter((e) =>
      e.action.startsWith('api_client.'),
    )
    expect(events.map((e) => [e.action, e.actorKind, e.actorLabel, e.targetId])).toEqual([
      ['api_client.delete', 'user', 'ann@example.com', id],
      ['api_client.unblock', 'api_client', 'svc_client_x', id],
      ['api_client.block', 'cli', 'cli', id],
      ['api_client.create', 'user', 'ann@example.com', id],
    ])
    expect(events[3]?.summary).toEqual({ name: 'ERP', scopes: ['write:codes'] })
    expect(JSON.stringify(events)).not.toContain(created.clientSecret)
  })

  test("an organization's client cannot be changed through another organization", async () => {
    const created = await createClient(database.db, {
      organizationSlug: 'acme',
      name: 'Mine',
      scopes: ['write:codes'],
      clock: Date.now,
      actor: user,
    })
    if (!created.ok) throw new Error(created.message)
    const other = { actor: user, organizationId: orgId.other ?? '' }
    expect(await setBlocked(database.db, created.clientId, true, other)).toBe(false)
    expect(await deleteClient(database.db, created.clientId, other)).toBe(false)
    expect(
      await setBlocked(database.db, created.clientId, true, {
        actor: user,
        organizationId: orgId.acme ?? '',
      }),
    ).toBe(true)
  })

  test('creating an organization and changing its plan are operator changes, audited as the CLI', async () => {
    await setPlan(database.db, 'other', 'pro', 'past_due')
    const events = await listAudit(database.db, orgId.other ?? '', { limit: 10 })
    expect(events.map((e) => [e.action, e.actorLabel, e.summary])).toEqual([
      ['organization.plan', 'cli', { before: 'starter (active)', after: 'pro (past_due)' }],
      ['organization.create', 'cli', { plan: 'starter', status: 'active' }],
    ])
  })

  test('pages go newest first, by the last ID seen, per organization', async () => {
    for (let i = 0; i < 5; i++) {
      await recordAudit(database.db, {
        organizationId: orgId.other ?? '',
        actor: CLI_ACTOR,
        action: 'test.step',
        target: { kind: 'test', id: String(i) },
      })
    }
    const first = await listAudit(database.db, orgId.other ?? '', { limit: 3 })
    expect(first.map((e) => e.targetId)).toEqual(['4', '3', '2'])
    const second = await listAudit(database.db, orgId.other ?? '', { limit: 3, before: first.at(-1)?.id })
    expect(second.filter((e) => e.action === 'test.step').map((e) => e.targetId)).toEqual(['1', '0'])
  })

  test(`events older than ${AUDIT_RETENTION_DAYS} days are pruned, newer ones stay`, async () => {
    const now = Date.now()
    await database.db.insert(auditEvents).values([
      {
        organizationId: orgId.acme,
        actorKind: 'cli',
        actorLabel: 'cli',
        action: 'old',
        targetKind: 't',
        occurredAt: new Date(now - 401 * DAY),
      },
      {
        organizationId: orgId.acme,
        actorKind: 'cli',
        actorLabel: 'cli',
        action: 'recent',
        targetKind: 't',
        occurredAt: new Date(now - 399 * DAY),
      },
    ])
    expect(await pruneAudit(database.db, now)).toBe(1)
    const actions = (await listAudit(database.db, orgId.acme ?? '', { limit: 100 })).map((e) => e.action)
    expect(actions).toContain('recent')
    expect(actions).not.toContain('old')
  })
})
