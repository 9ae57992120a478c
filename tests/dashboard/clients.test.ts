import { describe, expect, test } from 'bun:test'
import { verifySecret } from '../../src/auth/secrets.ts'
import { listAudit } from '../../src/services/audit.ts'
import { findClientCredentials } from '../../src/services/clients/api-clients.ts'
import { setPlan } from '../../src/services/people/organizations.ts'
import { signedIn, textOf, useHarness } from './harness.ts'

const h = useHarness()

/** Creates a client as the owner and returns its ID and secret as the page shows them. */
async function createThroughPage(
  name: string,
): Promise<{ clientId: string; clientSecret: string; body: string }> {
  const owner = await signedIn(h, 'owner')
  const response = await owner.post('/orgs/acme/clients', { name, scope: 'write:codes' })
  expect(response.status).toBe(200)
  const body = await response.text()
  const clientId = /<code id="client-id">([^<]+)<\/code>/.exec(body)?.[1] ?? ''
  const clientSecret = /<code id="client-secret">([^<]+)<\/code>/.exec(body)?.[1] ?? ''
  return { clientId, clientSecret, body }
}

describe('API clients', () => {
  test('an owner creates a client: the secret is shown once, works, is stored only as a hash, and the change is audited', async () => {
    const { clientId, clientSecret, body } = await createThroughPage('ERP labels')
    expect(clientId).toMatch(/^svc_client_[0-9a-f]{32}$/)
    expect(clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(textOf(body)).toContain('It is shown only once and cannot be retrieved later')
    expect(body).toContain('data-copy="client-secret"')
    // The API's own origin (API_URL), not the dashboard's: a path alone would send the system to the wrong host.
    expect(textOf(body)).toContain(
      'Token URL POST http://api.test/oauth/token API base URL http://api.test API reference http://api.test/docs',
    )
    expect(body).toContain('<a href="http://api.test/docs">')
    const stored = await findClientCredentials(h.database.db, clientId)
    expect(stored?.scopes).toEqual(['write:codes'])
    expect(stored?.secretHash).not.toContain(clientSecret)
    expect(await verifySecret(clientSecret, stored?.secretHash ?? '')).toBe(true)
    const owner = await signedIn(h, 'owner')
    const list = await (await owner.get('/orgs/acme/clients')).text()
    expect(list).toContain(clientId)
    expect(list).toContain('ERP labels')
    expect(list).not.toContain(clientSecret)
    const [event] = await listAudit(h.database.db, h.orgIds.acme ?? '', { limit: 1 })
    expect(event).toMatchObject({
      action: 'api_client.create',
      actorLabel: 'olivia@acme.example',
      targetId: clientId,
    })
  })

  test('block and unblock redirect back with a message; the client is blocked in storage', async () => {
    const { clientId } = await createThroughPage('Printer')
    const owner = await signedIn(h, 'owner')
    const blocked = await owner.post(`/orgs/acme/clients/${clientId}/block`)
    expect(blocked.status).toBe(303)
    expect(blocked.headers.get('location')).toBe('/orgs/acme/clients?done=blocked')
    expect((await findClientCredentials(h.database.db, clientId))?.blocked).toBe(true)
    const page = textOf(await (await owner.get('/orgs/acme/clients?done=blocked')).text())
    expect(page).toContain('The client is blocked')
    await owner.post(`/orgs/acme/clients/${clientId}/unblock`)
    expect((await findClientCredentials(h.database.db, clientId))?.blocked).toBe(false)
  })

  test('delete asks for confirmation on a page of its own, then deletes', async () => {
    const { clientId } = await createThroughPage('Old system')
    const owner = await signedIn(h, 'owner')
    const confirm = await owner.get(`/orgs/acme/clients/${clientId}/delete`)
    expect(confirm.status).toBe(200)
    expect(textOf(await confirm.text())).toContain('Delete “Old system”?')
    expect(await findClientCredentials(h.database.db, clientId)).not.toBeNull()
    const done = await owner.post(`/orgs/acme/clients/${clientId}/delete`)
    expect(done.headers.get('location')).toBe('/orgs/acme/clients?done=deleted')
    expect(await findClientCredentials(h.database.db, clientId)).toBeNull()
  })

  test('an empty name or no scope is explained on the page with 422, and nothing is created', async () => {
    const owner = await signedIn(h, 'owner')
    const noName = await owner.post('/orgs/acme/clients', { name: '  ', scope: 'write:codes' })
    expect(noName.status).toBe(422)
    expect(textOf(await noName.text())).toContain('Client name must be 1 to 200 characters.')
    const noScope = await owner.post('/orgs/acme/clients', { name: 'No scope' })
    expect(noScope.status).toBe(422)
    expect(textOf(await noScope.text())).toContain('Choose at least one scope.')
    const unknown = await owner.post('/orgs/acme/clients', { name: 'Bad scope', scope: 'admin:all' })
    expect(unknown.status).toBe(422)
  })

  test('editors and viewers see the clients but no controls, and their POSTs are 403', async () => {
    for (const person of ['editor', 'viewer'] as const) {
      const b = await signedIn(h, person)
      const page = await b.get('/orgs/acme/clients')
      expect(page.status).toBe(200)
      const body = await page.text()
      expect(body).not.toContain('Create client')
      expect(textOf(body)).toContain('Only owners can create, block or delete API clients.')
      expect((await b.post('/orgs/acme/clients', { name: 'X', scope: 'write:codes' })).status).toBe(403)
    }
  })

  test('a plan without API clients is explained instead of a dead button', async () => {
    await setPlan(h.database.db, 'acme', 'free')
    try {
      const owner = await signedIn(h, 'owner')
      const body = await (await owner.get('/orgs/acme/clients')).text()
      expect(textOf(body)).toContain(
        'Your organization is on the Free plan, which does not include API clients.',
      )
      expect(body).not.toContain('Create client')
      const refused = await owner.post('/orgs/acme/clients', { name: 'Anyway', scope: 'write:codes' })
      expect(refused.status).toBe(422)
      expect(textOf(await refused.text())).toContain(
        'No client was created: this subscription does not include API clients.',
      )
    } finally {
      await setPlan(h.database.db, 'acme', 'starter')
    }
  })
})
