import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { hashOpaqueToken } from '../../src/auth/opaque-tokens.ts'
import { formSubmissions, invitations } from '../../src/db/schema.ts'
import { listClients } from '../../src/services/clients/api-clients.ts'
import { type Browser, signedIn, textOf, useHarness } from './harness.ts'

const h = useHarness()

/** The one-time id of the form posting to `action` on a page, as a browser would send it. */
function formIdOf(page: string, action: string): string {
  const form = new RegExp(`<form[^>]*action="${action}"[^>]*>([\\s\\S]*?)</form>`).exec(page)
  const id = /name="once" value="([^"]+)"/.exec(form?.[1] ?? '')?.[1]
  if (id === undefined) throw new Error(`no one-time id in the form to ${action}`)
  return id
}

async function formIdOn(b: Browser, path: string, action = path): Promise<string> {
  return formIdOf(await (await b.get(path)).text(), action)
}

async function clientNames(): Promise<string[]> {
  const listed = await listClients(h.database.db, 'acme')
  return listed.ok ? listed.clients.map((c) => c.name) : []
}

const REFERER = { referer: 'http://dashboard.test/orgs/acme/clients' }

describe('a form is done once, however often it is sent', () => {
  test('every form of a page carries its own one-time id', async () => {
    const owner = await signedIn(h, 'owner')
    const page = await (await owner.get('/orgs/acme/clients')).text()
    const ids = [...page.matchAll(/name="once" value="([^"]+)"/g)].map((m) => m[1])
    expect(ids.length).toBeGreaterThan(1)
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/)
    const again = await (await owner.get('/orgs/acme/clients')).text()
    expect(formIdOf(again, '/orgs/acme/clients')).not.toBe(formIdOf(page, '/orgs/acme/clients'))
  })

  test('reloading the page that showed a new API client’s secret creates no second client and shows no secret', async () => {
    const owner = await signedIn(h, 'owner')
    const once = await formIdOn(owner, '/orgs/acme/clients')
    const fields = { name: 'Reloaded label printer', scope: 'write:codes', once }
    const created = await owner.post('/orgs/acme/clients', fields, { headers: REFERER })
    expect(created.status).toBe(200)
    expect(await created.text()).toContain('id="client-secret"')
    const reloaded = await owner.post('/orgs/acme/clients', fields, { headers: REFERER })
    expect(reloaded.status).toBe(409)
    const body = await reloaded.text()
    expect(body).not.toContain('id="client-secret"')
    expect(textOf(body)).toContain(
      'Already sent This form was sent before, so it was not sent again: nothing was done twice. (A reload of the page that answered it, or a second click, sends a form again.) If you did not store the new client’s secret, delete the client and create a new one: the secret cannot be shown again. Open the page again',
    )
    expect(body).toContain('<a href="/orgs/acme/clients">Open the page again</a>')
    expect((await clientNames()).filter((n) => n === 'Reloaded label printer')).toHaveLength(1)
  })

  test('two sends of one form at the same moment (a double click) make one client', async () => {
    const owner = await signedIn(h, 'owner')
    const once = await formIdOn(owner, '/orgs/acme/clients')
    const fields = { name: 'Double click', scope: 'read:catalog', once }
    const answers = await Promise.all([1, 2, 3].map(() => owner.post('/orgs/acme/clients', fields)))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409])
    expect((await clientNames()).filter((n) => n === 'Double click')).toHaveLength(1)
  })

  test('a refused form frees its id: sent again, it is checked again and done once', async () => {
    const owner = await signedIn(h, 'owner')
    const once = await formIdOn(owner, '/orgs/acme/clients')
    const refused = await owner.post('/orgs/acme/clients', { name: 'No scope yet', once })
    expect(refused.status).toBe(422)
    expect(textOf(await refused.text())).toContain('Choose at least one scope.')
    const fixed = await owner.post('/orgs/acme/clients', { name: 'No scope yet', scope: 'write:codes', once })
    expect(fixed.status).toBe(200)
    const repeated = await owner.post('/orgs/acme/clients', {
      name: 'No scope yet',
      scope: 'write:codes',
      once,
    })
    expect(repeated.status).toBe(409)
    expect((await clientNames()).filter((n) => n === 'No scope yet')).toHaveLength(1)
  })

  test('a reloaded invitation keeps the link that was handed over working', async () => {
    const owner = await signedIn(h, 'owner')
    const once = await formIdOn(owner, '/orgs/acme/members', '/orgs/acme/members/invite')
    const fields = { email: 'rita@acme.example', role: 'viewer', once }
    const invited = await owner.post('/orgs/acme/members/invite', fields)
    expect(invited.status).toBe(200)
    const reloaded = await owner.post('/orgs/acme/members/invite', fields)
    expect(reloaded.status).toBe(409)
    const rows = await h.database.db
      .select({ tokenHash: invitations.tokenHash })
      .from(invitations)
      .where(eq(invitations.email, 'rita@acme.example'))
    const token = /invitations\/accept\?token=([A-Za-z0-9_-]{43})/.exec(await invited.text())?.[1] ?? ''
    expect(rows.map((r) => r.tokenHash)).toEqual([hashOpaqueToken(token)])
  })

  test('a catalog check may be sent again; the import it leads to is done once', async () => {
    const editor = await signedIn(h, 'editor')
    const once = await formIdOn(editor, '/orgs/acme/catalog/import')
    const text = JSON.stringify({ brands: [{ slug: 'acme-once', name: 'Once', organization: 'acme' }] })
    for (const _ of [1, 2]) {
      const check = await editor.post('/orgs/acme/catalog/import', { text, action: 'check', once })
      expect(check.status).toBe(200)
      expect(textOf(await check.text())).toContain('Importing it would make 1 change')
    }
    const imported = await editor.post('/orgs/acme/catalog/import', { text, action: 'import', once })
    expect(textOf(await imported.text())).toContain('Imported: 1 change.')
    const again = await editor.post('/orgs/acme/catalog/import', { text, action: 'import', once })
    expect(again.status).toBe(409)
  })

  test('a page that did what its form asked names the form’s page, for the script to show as its address', async () => {
    const owner = await signedIn(h, 'owner')
    const created = await owner.post(
      '/orgs/acme/clients',
      { name: 'Named', scope: 'write:codes' },
      { headers: REFERER },
    )
    expect(created.status).toBe(200)
    expect(await created.text()).toContain('<head><meta name="form-page" content="/orgs/acme/clients">')
    // The notice of an earlier form is not shown again.
    const after = await owner.post(
      '/orgs/acme/clients',
      { name: 'After a search', scope: 'write:codes' },
      { headers: { referer: 'http://dashboard.test/orgs/acme/products?q=oat&done=saved' } },
    )
    expect(await after.text()).toContain('<meta name="form-page" content="/orgs/acme/products?q=oat">')
    // From another site's page: the form's own address.
    const foreign = await owner.post(
      '/orgs/acme/clients',
      { name: 'Foreign referer', scope: 'write:codes' },
      { headers: { referer: 'https://elsewhere.example/orgs/acme/clients' } },
    )
    expect(await foreign.text()).toContain('<meta name="form-page" content="/orgs/acme/clients">')
    // A form shown again (refused, or redrawn with “Update the form”) keeps its own address: a reload sends what
    // was typed once more. An error page names nothing.
    const refused = await owner.post('/orgs/acme/clients', { name: 'x' }, { headers: REFERER })
    expect(refused.status).toBe(422)
    const redrawn = await owner.post('/orgs/acme/products', { action: 'refresh', gtin: '' })
    expect(redrawn.status).toBe(200)
    const missing = await owner.post('/orgs/acme/clients/svc_client_00000000000000000000000000000000/block')
    expect(missing.status).toBe(404)
    for (const answer of [refused, redrawn, missing]) expect(await answer.text()).not.toContain('form-page')
  })

  test('a missing or malformed one-time id is refused like a forged form; ids end with their session', async () => {
    const owner = await signedIn(h, 'owner')
    const forged = await owner.post('/orgs/acme/clients', { name: 'Forged', scope: 'write:codes', once: 'x' })
    expect(forged.status).toBe(403)
    const scripted = await owner.post(
      '/orgs/acme/clients',
      { name: 'Forged', scope: 'write:codes' },
      { once: null },
    )
    expect(scripted.status).toBe(403)
    expect(textOf(await scripted.text())).toContain('Form refused')
    expect(await clientNames()).not.toContain('Forged')
    const session = hashOpaqueToken(owner.cookie ?? '')
    const once = await formIdOn(owner, '/orgs/acme/clients')
    await owner.post('/orgs/acme/clients', { name: 'Kept', scope: 'write:codes', once })
    const claimed = () =>
      h.database.db.select().from(formSubmissions).where(eq(formSubmissions.sessionHash, session))
    expect((await claimed()).map((r) => r.formId)).toEqual([once])
    const signOut = await owner.post('/sign-out', { once: await formIdOn(owner, '/orgs/acme', '/sign-out') })
    expect(signOut.status).toBe(303)
    expect(await claimed()).toEqual([])
  })

  test('a form refused for its role or a missing target frees its id too', async () => {
    const viewer = await signedIn(h, 'viewer')
    const once = await formIdOn(viewer, '/orgs/acme', '/sign-out')
    for (const _ of [1, 2]) {
      const denied = await viewer.post('/orgs/acme/clients', { name: 'Not mine', scope: 'write:codes', once })
      expect(denied.status).toBe(403)
    }
    const owner = await signedIn(h, 'owner')
    const missing = '/orgs/acme/clients/svc_client_00000000000000000000000000000000/block'
    const id = await formIdOn(owner, '/orgs/acme/clients')
    for (const _ of [1, 2]) expect((await owner.post(missing, { once: id })).status).toBe(404)
  })

  test('the form’s page is named as it was sent, a `$` included, and escaped', async () => {
    const owner = await signedIn(h, 'owner')
    const created = await owner.post(
      '/orgs/acme/clients',
      { name: 'Dollars', scope: 'write:codes' },
      { headers: { referer: 'http://dashboard.test/orgs/acme/products?q=$\'$&$`"<' } },
    )
    expect(await created.text()).toContain(
      '<head><meta name="form-page" content="/orgs/acme/products?q=%24%27%24&amp;%24%60%22%3C="><meta charset="utf-8">',
    )
  })

  test('after a form that removed something, “Already sent” leads to the list it was in', async () => {
    const owner = await signedIn(h, 'owner')
    const created = await owner.post('/orgs/acme/clients', { name: 'Soon gone', scope: 'write:codes' })
    const clientId = /<code id="client-id">([^<]+)<\/code>/.exec(await created.text())?.[1] ?? ''
    const confirm = `/orgs/acme/clients/${clientId}/delete`
    const once = await formIdOn(owner, confirm)
    const referer = { referer: `http://dashboard.test${confirm}` }
    expect((await owner.post(confirm, { once }, { headers: referer })).status).toBe(303)
    const again = await owner.post(confirm, { once }, { headers: referer })
    expect(again.status).toBe(409)
    expect(await again.text()).toContain('<a href="/orgs/acme/clients">Open the page again</a>')
  })
})
