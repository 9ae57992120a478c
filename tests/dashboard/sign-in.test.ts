import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { SIGN_IN_FAILED } from '../../src/dashboard/routes/auth.ts'
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../src/services/people/sessions.ts'
import { DATABASE_HOOK_TIMEOUT_MS } from '../support/db.ts'
import { browser, type Harness, openHarness, PASSWORD, PEOPLE, START, signedIn, textOf } from './harness.ts'

let h: Harness

beforeAll(async () => {
  h = await openHarness({
    signInLimits: { client: { burst: 3, perMinute: 1 }, address: { burst: 10, perMinute: 10 } },
  })
}, DATABASE_HOOK_TIMEOUT_MS)
afterAll(async () => {
  await h?.close()
}, DATABASE_HOOK_TIMEOUT_MS)

describe('sign-in', () => {
  test('GET / without a session redirects to the sign-in page, which has the Email and Password fields', async () => {
    const b = browser(h)
    const home = await b.get('/')
    expect(home.status).toBe(303)
    expect(home.headers.get('location')).toBe('/sign-in')
    const page = await b.get('/sign-in')
    expect(page.status).toBe(200)
    const body = await page.text()
    expect(body).toContain('<label for="f-email">Email</label>')
    expect(body).toContain('<label for="f-password">Password</label>')
    expect(body).toContain('<button type="submit">Sign in</button>')
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.headers.get('cache-control')).toBe('no-store')
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(page.headers.get('x-content-type-options')).toBe('nosniff')
    expect(page.headers.get('x-frame-options')).toBe('DENY')
  })

  test('the right password starts a session: an HttpOnly, SameSite=Lax cookie, then 303 to the organization', async () => {
    const b = browser(h)
    const response = await b.post('/sign-in', { email: PEOPLE.owner.email.toUpperCase(), password: PASSWORD })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/')
    const cookie = response.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/^session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=604800; HttpOnly; SameSite=Lax$/)
    const orgs = await b.get('/orgs')
    expect(orgs.status).toBe(303)
    expect(orgs.headers.get('location')).toBe('/orgs/acme')
    const overview = await b.get('/orgs/acme')
    expect(overview.status).toBe(200)
    expect(textOf(await overview.text())).toContain('Acme Foods')
  })

  test('over https the cookie is __Host-session with Secure, and pages carry HSTS', async () => {
    const secure = await openHarness({ origin: 'https://dashboard.example' })
    try {
      const b = browser(secure)
      const response = await b.post('/sign-in', { email: PEOPLE.owner.email, password: PASSWORD })
      expect(response.headers.get('set-cookie')).toMatch(
        /^__Host-session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=604800; HttpOnly; SameSite=Lax; Secure$/,
      )
      const page = await b.get('/orgs/acme')
      expect(page.status).toBe(200)
      expect(page.headers.get('strict-transport-security')).toBe('max-age=31536000')
      const plain = await secure.dashboard(
        new Request('https://dashboard.example/orgs/acme', { headers: { cookie: `session=${b.cookie}` } }),
      )
      expect(plain.status).toBe(303)
    } finally {
      await secure.close()
    }
  })

  test('a wrong password and an unknown email get the same generic answer, and no cookie', async () => {
    for (const [email, password] of [
      [PEOPLE.editor.email, 'wrong password'],
      ['nobody@example.com', PASSWORD],
      ['', ''],
    ]) {
      const b = browser(h)
      const response = await b.post('/sign-in', { email: email as string, password: password as string })
      expect(response.status).toBe(422)
      expect(response.headers.get('set-cookie')).toBeNull()
      expect(textOf(await response.text())).toContain(SIGN_IN_FAILED)
    }
  })

  test('failed sign-ins are throttled per account with 429 and Retry-After; the right password is refused too while it lasts', async () => {
    const b = browser(h)
    for (let i = 0; i < 3; i++) {
      expect((await b.post('/sign-in', { email: PEOPLE.viewer.email, password: `guess ${i}` })).status).toBe(
        422,
      )
    }
    const refused = await b.post('/sign-in', { email: PEOPLE.viewer.email, password: PASSWORD })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(textOf(await refused.text())).toContain('Too many sign-in attempts. Try again in 1 minute.')
    h.clock.now += 61_000
    expect((await b.post('/sign-in', { email: PEOPLE.viewer.email, password: PASSWORD })).status).toBe(303)
  })

  test('?next= returns to a dashboard page after sign-in, never to another site', async () => {
    const login = await browser(h).get('/orgs/acme/members')
    expect(login.headers.get('location')).toBe('/sign-in?next=%2Forgs%2Facme%2Fmembers')
    for (const [next, expected] of [
      ['/orgs/acme/members', '/orgs/acme/members'],
      ['//evil.example/x', '/'],
      ['/\\evil.example', '/'],
      ['https://evil.example', '/'],
      ['/ok\u0001', '/'],
    ]) {
      const b = browser(h)
      const r = await b.post('/sign-in', {
        email: PEOPLE.owner.email,
        password: PASSWORD,
        next: next as string,
      })
      expect(r.headers.get('location')).toBe(expected as string)
    }
  })

  test('sign-out ends the session on the server and clears the cookie', async () => {
    const b = await signedIn(h, 'editor')
    const cookie = b.cookie
    const out = await b.post('/sign-out')
    expect(out.status).toBe(303)
    expect(out.headers.get('location')).toBe('/sign-in?done=signed-out')
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0')
    const replay = await h.dashboard(
      new Request('http://dashboard.test/orgs/acme', { headers: { cookie: `session=${cookie}` } }),
    )
    expect(replay.status).toBe(303)
    expect(replay.headers.get('location')).toStartWith('/sign-in')
  })

  test('a session ends after 12 idle hours and 7 days after sign-in', async () => {
    h.clock.now = START
    const b = await signedIn(h, 'owner')
    h.clock.now += SESSION_IDLE_MS - 1000
    expect((await b.get('/orgs/acme')).status).toBe(200)
    h.clock.now += SESSION_IDLE_MS + 1000
    expect((await b.get('/orgs/acme')).status).toBe(303)
    h.clock.now = START
    const busy = await signedIn(h, 'owner')
    for (let t = 0; t < SESSION_ABSOLUTE_MS; t += 6 * 60 * 60 * 1000) {
      h.clock.now = START + t
      expect((await busy.get('/orgs/acme')).status).toBe(200)
    }
    h.clock.now = START + SESSION_ABSOLUTE_MS
    expect((await busy.get('/orgs/acme')).status).toBe(303)
    h.clock.now = START
  })

  test('signing in again replaces the old session (no fixation)', async () => {
    const b = await signedIn(h, 'owner')
    const first = b.cookie
    await b.post('/sign-in', { email: PEOPLE.owner.email, password: PASSWORD }, { csrf: null })
    expect(b.cookie).not.toBe(first)
    const old = await h.dashboard(
      new Request('http://dashboard.test/orgs/acme', { headers: { cookie: `session=${first}` } }),
    )
    expect(old.status).toBe(303)
  })
})

describe('forms without a matching Origin or CSRF token', () => {
  test('a POST without Origin, with another Origin, or with a wrong or missing CSRF token is refused with 403', async () => {
    const b = await signedIn(h, 'owner')
    const attempts = [
      { origin: null },
      { origin: 'http://evil.example' },
      { origin: 'http://dashboard.test:8080' },
      { csrf: 'forged' },
      { csrf: null },
    ] as const
    for (const options of attempts) {
      const r = await b.post('/orgs/acme/clients', { name: 'Sneaky', scope: 'write:codes' }, options)
      expect(r.status).toBe(403)
      expect(textOf(await r.text())).toContain('This form was not sent from the dashboard')
    }
    const page = await (await b.get('/orgs/acme/clients')).text()
    expect(page).not.toContain('Sneaky')
  })

  test('a form sent after its session ended leads to sign-in and back to the form’s page; nothing is done', async () => {
    const b = await signedIn(h, 'owner')
    const csrf = b.csrf
    // Signed out (here by the same browser; in life often another tab), the page's form is still sent.
    expect((await b.post('/sign-out')).status).toBe(303)
    const late = await h.dashboard(
      new Request('http://dashboard.test/orgs/acme/clients', {
        method: 'POST',
        headers: {
          origin: 'http://dashboard.test',
          referer: 'http://dashboard.test/orgs/acme/clients',
          'content-type': 'application/x-www-form-urlencoded',
          cookie: `session=${b.cookie ?? 'gone'}`,
        },
        body: new URLSearchParams({ name: 'Too late', scope: 'write:codes', csrf: csrf ?? '' }).toString(),
      }),
    )
    expect(late.status).toBe(303)
    expect(late.headers.get('location')).toBe('/sign-in?done=session-ended&next=%2Forgs%2Facme%2Fclients')
    const page = textOf(await (await browser(h).get(late.headers.get('location') ?? '')).text())
    expect(page).toContain(
      'You were signed out (in another tab, by a password change, or after a while), so the form was not sent.',
    )
    // From another origin it is still refused outright.
    const forged = await browser(h).post(
      '/orgs/acme/clients',
      { name: 'Too late' },
      { origin: 'http://evil.example' },
    )
    expect(forged.status).toBe(403)
  })

  test('sign-in from another origin is refused (login CSRF)', async () => {
    const r = await browser(h).post(
      '/sign-in',
      { email: PEOPLE.owner.email, password: PASSWORD },
      { origin: 'http://evil.example' },
    )
    expect(r.status).toBe(403)
    expect(r.headers.get('set-cookie')).toBeNull()
  })

  test('a form that is not urlencoded is 415, one over 64 KiB is 413', async () => {
    const b = await signedIn(h, 'owner')
    const json = await h.dashboard(
      new Request('http://dashboard.test/sign-in', {
        method: 'POST',
        headers: { origin: 'http://dashboard.test', 'content-type': 'application/json' },
        body: '{}',
      }),
    )
    expect(json.status).toBe(415)
    const big = await b.post('/orgs/acme/clients', { name: 'x'.repeat(70 * 1024), scope: 'write:codes' })
    expect(big.status).toBe(413)
  })
})
