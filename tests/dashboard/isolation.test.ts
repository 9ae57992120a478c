import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { DASHBOARD_ROUTES } from '../../src/dashboard/routes/index.ts'
import { CLI_ACTOR, listAudit } from '../../src/services/audit.ts'
import { listBrands } from '../../src/services/catalog/brands.ts'
import { createClient, findClientCredentials } from '../../src/services/clients/api-clients.ts'
import { createInvitation, listInvitations } from '../../src/services/people/invitations.ts'
import { listMembers } from '../../src/services/people/memberships.ts'
import { DATABASE_HOOK_TIMEOUT_MS } from '../support/db.ts'
import { type Harness, openHarness, START, signedIn } from './harness.ts'

let h: Harness
/** IDs that belong to Globex; Acme's owner tries each of them. */
const foreign: Record<string, string> = {}

beforeAll(async () => {
  h = await openHarness()
  const client = await createClient(h.database.db, {
    organizationSlug: 'globex',
    name: 'Globex ERP',
    scopes: ['write:codes'],
    clock: () => START,
    actor: CLI_ACTOR,
  })
  if (!client.ok) throw new Error(client.message)
  const invitation = await createInvitation(h.database.db, {
    organizationId: h.orgIds.globex ?? '',
    email: 'someone@globex.example',
    role: 'viewer',
    invitedBy: { kind: 'user', id: h.userIds.rival, label: 'gus@globex.example' },
    now: START,
  })
  if (!invitation.ok) throw new Error(invitation.message)
  foreign.client = client.clientId
  foreign.user = h.userIds.rival
  foreign.invitation = invitation.invitation.id
  foreign.brand = 'globex-tools'
}, DATABASE_HOOK_TIMEOUT_MS)
afterAll(async () => {
  await h?.close()
}, DATABASE_HOOK_TIMEOUT_MS)

const orgRoutes = DASHBOARD_ROUTES.filter((r) => r.pattern.startsWith('/orgs/:org'))

/** A form that would change something if the route accepted it. */
const FORM = {
  name: 'Taken over',
  scope: 'write:codes',
  role: 'owner',
  email: 'x@evil.example',
  domain: 'evil.example',
}

function fill(pattern: string, values: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? `unknown-${name}`),
  )
}

/** Globex's state, which no request of Acme's owner may change. */
async function globexState() {
  const db = h.database.db
  return JSON.stringify([
    await findClientCredentials(db, foreign.client ?? ''),
    await listMembers(db, h.orgIds.globex ?? ''),
    await listInvitations(db, h.orgIds.globex ?? '', START),
    await listBrands(db, h.orgIds.globex ?? ''),
    (await listAudit(db, h.orgIds.globex ?? '', { limit: 100 })).length,
  ])
}

describe("another organization's ids answer 404, never its data", () => {
  test(`every organization route (${orgRoutes.length}) with Globex's slug`, async () => {
    const before = await globexState()
    const owner = await signedIn(h, 'owner')
    for (const route of orgRoutes) {
      const path = fill(route.pattern, { ...foreign, org: 'globex' })
      const response = route.method === 'GET' ? await owner.get(path) : await owner.post(path, FORM)
      expect({ route: `${route.method} ${route.pattern}`, status: response.status }).toEqual({
        route: `${route.method} ${route.pattern}`,
        status: 404,
      })
      const body = await response.text()
      expect(body).not.toContain('Globex')
      expect(body).not.toContain(foreign.client ?? '')
    }
    expect(await globexState()).toBe(before)
  })

  test("every route with an id in Acme's own path but Globex's id", async () => {
    const before = await globexState()
    const owner = await signedIn(h, 'owner')
    const withIds = orgRoutes.filter((r) => /:(client|user|invitation|brand)/.test(r.pattern))
    expect(withIds.length).toBeGreaterThanOrEqual(8)
    for (const route of withIds) {
      const path = fill(route.pattern, { ...foreign, org: 'acme' })
      const response = route.method === 'GET' ? await owner.get(path) : await owner.post(path, FORM)
      expect({ route: `${route.method} ${route.pattern}`, status: response.status }).toEqual({
        route: `${route.method} ${route.pattern}`,
        status: 404,
      })
      expect(await response.text()).not.toContain('Globex')
    }
    expect(await globexState()).toBe(before)
  })

  test('an unknown organization and a malformed id are the same 404', async () => {
    const owner = await signedIn(h, 'owner')
    for (const path of [
      '/orgs/nope',
      '/orgs/nope/clients',
      '/orgs/acme/clients/%E0%A4%A/delete',
      '/orgs/acme/members/not-a-uuid/remove',
    ]) {
      expect((await owner.get(path)).status).toBe(404)
    }
    expect((await owner.post('/orgs/acme/invitations/not-a-uuid/revoke')).status).toBe(404)
    expect((await owner.post('/orgs/acme/members/not-a-uuid/role', { role: 'viewer' })).status).toBe(404)
  })
})
