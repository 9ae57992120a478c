import { describe, expect, test } from 'bun:test'
import { browser, PASSWORD, PEOPLE, signedIn, textOf, useHarness } from './harness.ts'

const h = useHarness()

/** The 400 page every NUL gets: the request is refused before any route, so nothing reaches the database. */
async function expectRefused(response: Response): Promise<void> {
  expect(response.status).toBe(400)
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
  expect(textOf(await response.text())).toContain('a NUL character')
}

describe('a NUL character in a request is 400, as the API answers, never a 500', () => {
  test('in the email, the password or next of the sign-in form', async () => {
    const forms: Record<string, string>[] = [
      { email: 'a\u0000b@x', password: PASSWORD },
      { email: PEOPLE.owner.email, password: `${PASSWORD}\u0000` },
      { email: PEOPLE.owner.email, password: PASSWORD, next: '/ok\u0000' },
    ]
    for (const fields of forms) {
      const b = browser(h)
      await expectRefused(await b.post('/sign-in', fields))
      expect(b.cookie).toBeNull()
    }
  })

  test('in a form field name, an invitation email and a client name', async () => {
    const owner = await signedIn(h, 'owner')
    await expectRefused(
      await owner.post('/orgs/acme/members/invite', { email: 'x\u0000@acme.example', role: 'viewer' }),
    )
    await expectRefused(await owner.post('/orgs/acme/clients', { name: 'ERP\u0000', scope: 'write:codes' }))
    await expectRefused(await owner.post('/orgs/acme/clients', { 'na\u0000me': 'ERP', scope: 'write:codes' }))
    // Nothing was done: the form id is not used up, and the page still works.
    expect((await owner.get('/orgs/acme/clients')).status).toBe(200)
  })

  test('in a path segment and in the query, signed in or not', async () => {
    const owner = await signedIn(h, 'owner')
    for (const path of [
      '/orgs/%00',
      '/orgs/acme%00',
      '/orgs/acme/products/%00',
      '/orgs/acme/members/%00/remove',
    ]) {
      await expectRefused(await owner.get(path))
    }
    await expectRefused(await owner.get('/orgs/acme/products?q=%00'))
    await expectRefused(await owner.get('/orgs/acme/products?q%00=oat'))
    await expectRefused(await owner.get('/sign-in?next=%2Forgs%00'))
    await expectRefused(await browser(h).get('/orgs/%00'))
    await expectRefused(await browser(h).get('/set-password?token=%00'))
  })

  test('the same text without the NUL is served as before', async () => {
    const owner = await signedIn(h, 'owner')
    expect((await owner.get('/orgs/acme/products?q=oat')).status).toBe(200)
    expect((await owner.get('/orgs/nope')).status).toBe(404)
  })

  test('the refusal is logged as a request with status 400, and no error', async () => {
    const before = h.logger.lines.length
    await expectRefused(await browser(h).get('/orgs/acme/products?q=%00'))
    const lines = h.logger.lines.slice(before).map((l) => JSON.parse(l) as Record<string, unknown>)
    expect(lines.map((l) => [l.event, l.status])).toEqual([['request', 400]])
  })
})
