/** A refused form (`403 Form refused`) says in the log which check failed, so a proxy without DASHBOARD_URL is found. */
import { describe, expect, test } from 'bun:test'
import { browser, PASSWORD, PEOPLE, signedIn, useHarness } from './harness.ts'

const h = useHarness()

/** The `dashboard.form_refused` lines logged while `act` runs, without their time. */
async function refusals(act: () => Promise<Response>): Promise<Record<string, unknown>[]> {
  const before = h.logger.lines.length
  const response = await act()
  expect(response.status).toBe(403)
  return h.logger.lines
    .slice(before)
    .map((line) => JSON.parse(line))
    .filter((line) => line.event === 'dashboard.form_refused')
    .map(({ time: _time, ...line }) => line)
}

describe('a refused form is logged with the check that failed', () => {
  test('behind a proxy with DASHBOARD_URL unset, sign-in is refused and the log names both origins', async () => {
    const proxied = 'https://dashboard.example.com'
    const lines = await refusals(() =>
      browser(h).post('/sign-in', { email: PEOPLE.owner.email, password: PASSWORD }, { origin: proxied }),
    )
    expect(lines).toEqual([
      {
        level: 'info',
        event: 'dashboard.form_refused',
        path: '/sign-in',
        reason: 'origin_mismatch',
        expected: h.origin,
        received: proxied,
      },
    ])
  })

  test('no Origin, no or a wrong CSRF token, no one-time id: each its own reason, and never a token', async () => {
    const b = await signedIn(h, 'owner')
    const path = '/orgs/acme/clients'
    const fields = { name: 'Sneaky', scope: 'write:codes' }
    const reasons = []
    for (const options of [{ origin: null }, { csrf: null }, { csrf: 'forged' }, { once: null }] as const) {
      for (const line of await refusals(() => b.post(path, fields, options))) reasons.push(line)
    }
    expect(reasons).toEqual([
      { level: 'info', event: 'dashboard.form_refused', path, reason: 'origin_missing', expected: h.origin },
      { level: 'info', event: 'dashboard.form_refused', path, reason: 'csrf_missing' },
      { level: 'info', event: 'dashboard.form_refused', path, reason: 'csrf_invalid' },
      { level: 'info', event: 'dashboard.form_refused', path, reason: 'form_id_invalid' },
    ])
    const log = h.logger.lines.join('\n')
    expect(log).not.toContain(b.cookie ?? 'no session')
    expect(log).not.toContain(b.csrf ?? 'no token')
    expect(log).not.toContain('forged')
  })

  test('a received origin is cut to 200 characters', async () => {
    const long = `https://${'a'.repeat(300)}.example`
    const [line] = await refusals(() => browser(h).post('/sign-in', {}, { origin: long }))
    expect(line?.received).toBe(long.slice(0, 200))
  })
})
