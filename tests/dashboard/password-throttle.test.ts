import { describe, expect, test } from 'bun:test'
import { createRateLimiter } from '../../src/auth/rate-limit.ts'
import { createDashboard } from '../../src/dashboard/index.ts'
import { memoryLogger } from '../../src/lib/log.ts'
import { DEFAULT_SECURITY_CONFIG, DEFAULT_SIGN_IN_LIMITS } from '../../src/security/config.ts'
import { browser, ORIGIN, PASSWORD, PEOPLE, signedIn, textOf, useHarness } from './harness.ts'

const h = useHarness({ signInLimits: DEFAULT_SIGN_IN_LIMITS })

const CONFIG = {
  dashboardUrl: ORIGIN,
  resolverUrl: 'http://id.test',
  shortUrl: 'http://s.test',
  apiUrl: 'http://api.test',
  customDomainScheme: 'https' as const,
}
const NEXT = 'a new long passphrase'
const change = (current: string) => ({ current, password: NEXT, confirmation: NEXT })

describe('POST /account/password is throttled like sign-in', () => {
  test('20 wrong current passwords: after the account’s budget, 429 with Retry-After and a page that says so', async () => {
    const b = await signedIn(h, 'viewer')
    const statuses: number[] = []
    let limited: Response | null = null
    for (let i = 0; i < 20; i++) {
      const response = await b.post('/account/password', change(`guess ${i}`))
      statuses.push(response.status)
      if (response.status === 429 && limited === null) limited = response
    }
    const burst = DEFAULT_SIGN_IN_LIMITS.client.burst
    expect(statuses).toEqual([...Array(burst).fill(422), ...Array(20 - burst).fill(429)])
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0)
    const text = textOf((await limited?.text()) ?? '')
    expect(text).toContain('Too many wrong passwords. Try again in 1 minute.')
    expect(text).toContain('Change your password')
    // While it lasts the right password is refused too, and nothing changes.
    const right = await b.post('/account/password', change(PASSWORD))
    expect(right.status).toBe(429)
    // The budget is the account's sign-in budget: a wrong guess here is a wrong guess at sign-in.
    expect(
      (await browser(h).post('/sign-in', { email: PEOPLE.viewer.email, password: PASSWORD })).status,
    ).toBe(429)
    // Another account is not held up.
    const owner = await signedIn(h, 'owner')
    expect((await owner.post('/account/password', change('wrong'))).status).toBe(422)
  })

  test('the budget refills with time; the right current password then works and costs nothing', async () => {
    h.clock.now += 60 * 60 * 1000
    const b = await signedIn(h, 'editor')
    for (let i = 0; i < 2; i++)
      expect((await b.post('/account/password', change(`guess ${i}`))).status).toBe(422)
    const weak = await b.post('/account/password', {
      current: PASSWORD,
      password: 'short',
      confirmation: 'short',
    })
    expect(weak.status).toBe(422)
    const done = await b.post('/account/password', change(PASSWORD))
    expect(done.status).toBe(303)
    expect(done.headers.get('location')).toBe('/account?done=password')
  })

  test('a session used from another address is charged to the account and that address, as a sign-in there is', async () => {
    h.clock.now += 60 * 60 * 1000
    // The same dashboard behind one proxy, so that X-Forwarded-For names the address.
    const behindProxy = createDashboard({
      database: h.database,
      config: { ...CONFIG, security: { ...DEFAULT_SECURITY_CONFIG, trustedProxyHops: 1 } },
      clock: () => h.clock.now,
      logger: memoryLogger(),
      mailer: null,
      signInLimiter: createRateLimiter(DEFAULT_SIGN_IN_LIMITS, () => h.clock.now),
    })
    const b = browser({ ...h, dashboard: behindProxy })
    const from = (address: string) => ({ headers: { 'x-forwarded-for': address } })
    const signIn = { email: PEOPLE.rival.email, password: PASSWORD }
    expect((await b.post('/sign-in', signIn, from('192.0.2.1'))).status).toBe(303)
    // The owner's own address has a budget of its own; the session's cookie used elsewhere does not share it.
    const burst = DEFAULT_SIGN_IN_LIMITS.client.burst
    for (let i = 0; i < burst; i++) {
      expect((await b.post('/account/password', change(`guess ${i}`), from('198.51.100.7'))).status).toBe(422)
    }
    expect((await b.post('/account/password', change('one more'), from('198.51.100.7'))).status).toBe(429)
    expect((await b.post('/account/password', change('wrong'), from('192.0.2.1'))).status).toBe(422)
  })
})
