import { describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { ASSETS, FAVICON, SCRIPT_ASSET, STYLESHEET } from '../../src/dashboard/assets.ts'
import { memberships, organizations } from '../../src/db/schema.ts'
import { CLI_ACTOR } from '../../src/services/audit.ts'
import { listBrands, setDomainActive } from '../../src/services/catalog/brands.ts'
import { createOrganization } from '../../src/services/people/organizations.ts'
import { createUser, resetPassword } from '../../src/services/people/users.ts'
import { browser, PASSWORD, START, signedIn, textOf, useHarness } from './harness.ts'

const h = useHarness()

describe('set-password links', () => {
  test('a new user sets a password through the link, is signed in, and the link is then dead', async () => {
    const created = await createUser(h.database.db, {
      email: 'newbie@acme.example',
      name: 'Newbie',
      organizationSlug: 'acme',
      role: 'viewer',
      actor: CLI_ACTOR,
      clock: () => START,
    })
    if (!created.ok) throw new Error(created.message)
    const b = browser(h)
    const path = `/set-password?token=${created.setPasswordToken}`
    const form = await b.get(path)
    expect(form.status).toBe(200)
    const formBody = await form.text()
    expect(textOf(formBody)).toContain('Set your password For newbie@acme.example.')
    // A visible, read-only account field: password managers file the new password under it.
    expect(formBody).toContain(
      '<input id="f-username" name="username" type="email" value="newbie@acme.example" readonly autocomplete="username">',
    )
    const mismatch = await b.post('/set-password', {
      token: created.setPasswordToken,
      password: PASSWORD,
      confirmation: 'something else entirely',
    })
    expect(mismatch.status).toBe(422)
    const mismatchBody = await mismatch.text()
    expect(textOf(mismatchBody)).toContain('The two passwords differ.')
    // Said under the repeated password, the field it is about; the new password is not marked wrong.
    expect(mismatchBody).toMatch(
      /id="f-confirmation"[^>]*aria-describedby="f-confirmation-error"[^>]*aria-invalid="true"/,
    )
    expect(mismatchBody).toContain(
      '<span class="error-text" id="f-confirmation-error">The two passwords differ.</span>',
    )
    expect(mismatchBody).not.toContain('id="f-password-error"')
    expect(mismatchBody).not.toMatch(/id="f-password"[^>]*aria-invalid/)
    // A password refused for itself is said under the new password.
    const short = await b.post('/set-password', {
      token: created.setPasswordToken,
      password: 'short',
      confirmation: 'short',
    })
    expect(short.status).toBe(422)
    const shortBody = await short.text()
    expect(shortBody).toMatch(/id="f-password"[^>]*aria-invalid="true"/)
    expect(shortBody).toContain(
      '<span class="error-text" id="f-password-error">Use at least 12 characters.</span>',
    )
    expect(shortBody).not.toContain('id="f-confirmation-error"')
    const done = await b.post('/set-password', {
      token: created.setPasswordToken,
      password: PASSWORD,
      confirmation: PASSWORD,
    })
    expect(done.status).toBe(303)
    expect(done.headers.get('location')).toBe('/orgs?done=password-set')
    expect(b.cookie).not.toBeNull()
    const welcome = textOf(await (await b.get('/orgs?done=password-set')).text())
    expect(welcome).toContain('Your password is set. Welcome!')
    // Opened again (a second click, a reload), the link says what it did instead of “no longer works”.
    const again = await browser(h).get(path)
    expect(again.status).toBe(410)
    expect(textOf(await again.text())).toContain(
      'This link has done its work It has set your password already. Sign in',
    )
    const resent = await browser(h).post('/set-password', {
      token: created.setPasswordToken,
      password: PASSWORD,
      confirmation: PASSWORD,
    })
    expect(resent.status).toBe(410)
  })

  test('a forged or expired link says so, with 404', async () => {
    const b = browser(h)
    const forged = await b.get(`/set-password?token=${'A'.repeat(43)}`)
    expect(forged.status).toBe(404)
    expect(textOf(await forged.text())).toContain('This link no longer works')
    const reset = await resetPassword(
      h.database.db,
      'vera@acme.example',
      () => START - 8 * 24 * 60 * 60 * 1000,
    )
    if (!reset.ok) throw new Error('reset')
    expect((await b.get(`/set-password?token=${reset.setPasswordToken}`)).status).toBe(404)
  })

  test('a set-password link replaced by a newer one says that may be why it no longer works', async () => {
    const first = await resetPassword(h.database.db, 'vera@acme.example', () => START)
    const second = await resetPassword(h.database.db, 'vera@acme.example', () => START)
    if (!first.ok || !second.ok) throw new Error('reset')
    const replaced = await browser(h).get(`/set-password?token=${first.setPasswordToken}`)
    expect(replaced.status).toBe(404)
    expect(textOf(await replaced.text())).toContain(
      'It has expired (links last 7 days), has been used already, or a newer link replaced it.',
    )
  })
})

describe('account', () => {
  test('changing the password ends the other sessions and keeps this browser signed in', async () => {
    const here = await signedIn(h, 'editor')
    const elsewhere = await signedIn(h, 'editor')
    const wrong = await here.post('/account/password', {
      current: 'nope',
      password: 'a new long passphrase',
      confirmation: 'a new long passphrase',
    })
    expect(wrong.status).toBe(422)
    expect(textOf(await wrong.text())).toContain('The current password is not right.')
    const next = 'a new long passphrase'
    const done = await here.post('/account/password', {
      current: PASSWORD,
      password: next,
      confirmation: next,
    })
    expect(done.headers.get('location')).toBe('/account?done=password')
    expect((await here.get('/account')).status).toBe(200)
    expect((await elsewhere.get('/account')).status).toBe(303)
    const again = browser(h)
    expect((await again.post('/sign-in', { email: 'eddie@acme.example', password: next })).status).toBe(303)
  })
})

describe('brands and custom domains', () => {
  test('an editor requests a custom domain; it shows as requested; a viewer cannot change it', async () => {
    const editor = await signedIn(h, 'viewer')
    expect(
      (await editor.post('/orgs/acme/brands/acme-oats/domain', { domain: 'oats.example', action: 'request' }))
        .status,
    ).toBe(403)
    const owner = await signedIn(h, 'owner')
    const bad = await owner.post('/orgs/acme/brands/acme-oats/domain', {
      domain: 'not a domain',
      action: 'request',
    })
    expect(bad.status).toBe(422)
    expect(textOf(await bad.text())).toContain(
      "'not a domain' is not a host name such as products.example.com.",
    )
    const taken = await owner.post('/orgs/acme/brands/acme-oats/domain', {
      domain: 'tools.globex.example',
      action: 'request',
    })
    expect(textOf(await taken.text())).toContain(
      'tools.globex.example is already the custom domain of another brand.',
    )
    const ok = await owner.post('/orgs/acme/brands/acme-oats/domain', {
      domain: 'Oats.Example',
      action: 'request',
    })
    expect(ok.headers.get('location')).toBe('/orgs/acme/brands?done=requested')
    const page = textOf(await (await owner.get('/orgs/acme/brands?done=requested')).text())
    expect(page).toContain('Acme Oats acme-oats 0 products oats.example requested waiting for an operator')
    const removed = await owner.post('/orgs/acme/brands/acme-oats/domain', { action: 'remove' })
    expect(removed.headers.get('location')).toBe('/orgs/acme/brands?done=removed')
  })

  test('an editor adds a brand; a bad or taken URL name is explained on its field; a viewer cannot add one', async () => {
    const viewer = await signedIn(h, 'viewer')
    expect((await viewer.post('/orgs/acme/brands', { name: 'Nope', slug: 'nope' })).status).toBe(403)
    const owner = await signedIn(h, 'owner')
    const bad = await owner.post('/orgs/acme/brands', { name: 'Acme Drinks', slug: 'Acme Drinks' })
    expect(bad.status).toBe(422)
    const badBody = await bad.text()
    expect(badBody).toMatch(/id="f-slug"[^>]*aria-invalid="true"/)
    expect(textOf(badBody)).toContain(
      'Use lower-case letters, digits and hyphens (at most 63), starting with a letter or a digit.',
    )
    const added = await owner.post('/orgs/acme/brands', { name: 'Acme Drinks', slug: 'acme-drinks' })
    expect(added.headers.get('location')).toBe('/orgs/acme/brands?done=created')
    const brand = (await listBrands(h.database.db, h.orgIds.acme ?? '')).find((b) => b.slug === 'acme-drinks')
    expect(brand).toMatchObject({ name: 'Acme Drinks', customDomain: null, products: 0 })
    const again = await owner.post('/orgs/acme/brands', { name: 'Other', slug: 'acme-drinks' })
    expect(again.status).toBe(422)
    expect(textOf(await again.text())).toContain("This organization has a brand 'acme-drinks' already.")
    const audit = textOf(await (await owner.get('/orgs/acme/audit')).text())
    expect(audit).toContain('imported a catalog')
  })

  test('a new organization without brands is pointed from a new product to the Brands page', async () => {
    expect(
      (
        await createOrganization(h.database.db, {
          slug: 'initech',
          name: 'Initech',
          plan: 'starter',
          subscriptionStatus: 'active',
        })
      ).ok,
    ).toBe(true)
    const [initech] = await h.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.slug, 'initech'))
    await h.database.db
      .insert(memberships)
      .values({ userId: h.userIds.rival, organizationId: initech?.id ?? '', role: 'owner' })
    const gus = await signedIn(h, 'rival')
    const page = textOf(await (await gus.get('/orgs/initech/products/new')).text())
    expect(page).toContain('No brands yet: add one on the Brands page first.')
    const brands = textOf(await (await gus.get('/orgs/initech/brands')).text())
    expect(brands).toContain('No brands yet. Add the first one below, or import a catalog file.')
  })

  test('changing or removing an active domain asks first: printed codes would stop resolving', async () => {
    const owner = await signedIn(h, 'owner')
    await owner.post('/orgs/acme/brands/acme-oats/domain', { domain: 'live.example', action: 'request' })
    const activated = await setDomainActive(h.database.db, {
      domain: 'live.example',
      active: true,
      actor: CLI_ACTOR,
    })
    expect(activated.ok).toBe(true)
    const stored = async () =>
      (await listBrands(h.database.db, h.orgIds.acme ?? '')).find((b) => b.slug === 'acme-oats')
    for (const change of [
      { domain: 'next.example', action: 'request' },
      { domain: '', action: 'remove' },
    ] as Record<string, string>[]) {
      const asked = await owner.post('/orgs/acme/brands/acme-oats/domain', change)
      expect(asked.status).toBe(200)
      const body = await asked.text()
      expect(textOf(body)).toContain('live.example is active: codes printed with it resolve now.')
      expect(body).toContain('<input type="hidden" name="confirm" value="yes">')
      expect(await stored()).toMatchObject({ customDomain: 'live.example', customDomainActive: true })
    }
    // Sending the same domain again changes nothing and needs no confirmation.
    const same = await owner.post('/orgs/acme/brands/acme-oats/domain', {
      domain: 'Live.Example',
      action: 'request',
    })
    expect(same.status).toBe(303)
    expect(await stored()).toMatchObject({ customDomain: 'live.example', customDomainActive: true })
    const confirmed = await owner.post('/orgs/acme/brands/acme-oats/domain', {
      domain: 'next.example',
      action: 'request',
      confirm: 'yes',
    })
    expect(confirmed.headers.get('location')).toBe('/orgs/acme/brands?done=changed')
    expect(await stored()).toMatchObject({ customDomain: 'next.example', customDomainActive: false })
  })
})

describe('audit log', () => {
  test('lists the changes newest first with who, what and details, and pages by 50', async () => {
    const owner = await signedIn(h, 'owner')
    for (let i = 0; i < 55; i++) {
      await owner.post('/orgs/acme/brands/acme-oats/domain', { domain: `d${i}.example`, action: 'request' })
    }
    const first = await (await owner.get('/orgs/acme/audit')).text()
    const text = textOf(first)
    expect(text).toContain(
      'olivia@acme.example person requested a custom domain acme-oats change d53.example → d54.example',
    )
    expect((first.match(/<tr>/g) ?? []).length).toBe(51)
    const older = /href="(\/orgs\/acme\/audit\?before=\d+)"/.exec(first)?.[1]
    expect(older).toBeDefined()
    const second = textOf(await (await owner.get(older ?? '')).text())
    expect(second).toContain('cli operator (CLI) added a member')
    expect((await owner.get('/orgs/acme/audit?before=abc')).status).toBe(200)
  })
})

describe('assets and unknown paths', () => {
  test('the stylesheet, script and icon are served with hashed names and long caching; other paths are 404', async () => {
    expect(ASSETS.size).toBe(3)
    for (const asset of [STYLESHEET, SCRIPT_ASSET, FAVICON]) {
      const r = await h.dashboard(new Request(`http://dashboard.test${asset.path}`))
      expect(r.status).toBe(200)
      expect(r.headers.get('content-type')).toBe(asset.type)
      expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(r.headers.get('x-content-type-options')).toBe('nosniff')
    }
    expect(STYLESHEET.path).toMatch(/^\/assets\/dashboard-[0-9a-f]{12}\.css$/)
    const missing = await h.dashboard(new Request('http://dashboard.test/nope'))
    expect(missing.status).toBe(404)
    const wrong = await h.dashboard(new Request('http://dashboard.test/sign-in', { method: 'PUT' }))
    expect(wrong.status).toBe(405)
    expect(wrong.headers.get('allow')).toBe('GET, POST, HEAD')
    // A form's address opened as a page leads to the page the form is on; other methods stay 405.
    const owner = await signedIn(h, 'owner')
    const opened = await owner.get('/orgs/acme/brands/acme-oats/domain')
    expect(opened.status).toBe(303)
    expect(opened.headers.get('location')).toBe('/orgs/acme/brands')
    expect((await owner.get('/orgs/acme/members/invite')).headers.get('location')).toBe('/orgs/acme/members')
    const put = await h.dashboard(
      new Request('http://dashboard.test/orgs/acme/brands/acme-oats/domain', { method: 'PUT' }),
    )
    expect(put.status).toBe(405)
    const head = await h.dashboard(new Request('http://dashboard.test/sign-in', { method: 'HEAD' }))
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })

  test('/healthz answers 200, and every request is one log line with the status sent, never the query', async () => {
    const health = await h.dashboard(new Request('http://dashboard.test/healthz'))
    expect([health.status, await health.json()]).toEqual([200, { status: 'ok' }])
    await h.dashboard(new Request('http://dashboard.test/set-password?token=SECRET-TOKEN'))
    const line = h.logger.lines.at(-1) ?? ''
    expect(JSON.parse(line)).toMatchObject({
      event: 'request',
      method: 'GET',
      path: '/set-password',
      status: 404,
    })
    expect(h.logger.lines.join('\n')).not.toContain('SECRET-TOKEN')
  })

  test('no page sets a cookie except sign-in, set-password, password change and invitation acceptance', async () => {
    const owner = await signedIn(h, 'owner')
    for (const path of [
      '/orgs/acme',
      '/orgs/acme/clients',
      '/orgs/acme/members',
      '/orgs/acme/brands',
      '/orgs/acme/audit',
      '/account',
    ]) {
      const r = await owner.get(path)
      expect(r.status).toBe(200)
      expect(r.headers.get('set-cookie')).toBeNull()
    }
  })
})
