import { describe, expect, test } from 'bun:test'
import { listAudit } from '../../src/services/audit.ts'
import { listMembers, membershipIn } from '../../src/services/people/memberships.ts'
import { browser, openHarness, PASSWORD, signedIn, textOf, useHarness } from './harness.ts'

const h = useHarness()

function linkIn(body: string): string {
  const link = /<code id="invitation-link">([^<]+)<\/code>/.exec(body)?.[1]
  if (link === undefined) throw new Error('no invitation link on the page')
  return link.replace(/&amp;/g, '&')
}

describe('members', () => {
  test('everyone sees the members with their roles; only owners see the controls', async () => {
    const viewer = await signedIn(h, 'viewer')
    const body = textOf(await (await viewer.get('/orgs/acme/members')).text())
    expect(body).toContain('Olivia Owner olivia@acme.example owner')
    expect(body).toContain('Vera Viewer you vera@acme.example viewer')
    expect(body).toContain('Only owners can invite, change roles or remove members.')
    expect(body).not.toContain('Gus Globex')
  })

  test('without mail, an owner invites by link; the invited person creates an account and lands in the organization', async () => {
    const owner = await signedIn(h, 'owner')
    const invited = await owner.post('/orgs/acme/members/invite', {
      email: 'nina@acme.example',
      role: 'viewer',
    })
    expect(invited.status).toBe(200)
    const first = await invited.text()
    expect(textOf(first)).not.toContain('no longer works')
    // Inviting the same address again replaces the first link, and says so.
    const again = await owner.post('/orgs/acme/members/invite', {
      email: 'nina@acme.example',
      role: 'viewer',
    })
    const body = await again.text()
    expect(textOf(body)).toContain(
      'The earlier invitation to nina@acme.example no longer works: only this one does.',
    )
    expect(linkIn(body)).not.toBe(linkIn(first))
    // The replaced link, opened, says that a newer invitation may be why it no longer works.
    const replaced = await browser(h).get(linkIn(first).slice('http://dashboard.test'.length))
    expect(replaced.status).toBe(404)
    expect(textOf(await replaced.text())).toContain(
      'This link no longer works It has expired (invitations last 7 days), has been used or withdrawn, or a newer invitation replaced it.',
    )
    const link = linkIn(body)
    expect(link).toMatch(/^http:\/\/dashboard\.test\/invitations\/accept\?token=[A-Za-z0-9_-]{43}$/)
    const pending = textOf(await (await owner.get('/orgs/acme/members')).text())
    expect(pending).toContain(
      'Pending invitations Email Role Link expires Actions nina@acme.example viewer 1 Dec 2026, 10:00 UTC Withdraw',
    )

    const nina = browser(h)
    const path = link.slice('http://dashboard.test'.length)
    const form = await nina.get(path)
    expect(form.status).toBe(200)
    expect(textOf(await form.text())).toContain(
      'Join Acme Foods You are invited as viewer, as nina@acme.example.',
    )
    const token = new URL(link).searchParams.get('token') ?? ''
    const weak = await nina.post('/invitations/accept', {
      token,
      name: 'Nina',
      password: 'short',
      confirmation: 'short',
    })
    expect(weak.status).toBe(422)
    expect(textOf(await weak.text())).toContain('Use at least 12 characters.')
    const joined = await nina.post('/invitations/accept', {
      token,
      name: 'Nina',
      password: PASSWORD,
      confirmation: PASSWORD,
    })
    expect(joined.status).toBe(303)
    expect(joined.headers.get('location')).toBe('/orgs/acme?done=joined')
    expect(nina.cookie).not.toBeNull()
    expect(textOf(await (await nina.get('/orgs/acme?done=joined')).text())).toContain(
      'Welcome to Acme Foods.',
    )
    // The used link leads its member into the organization, and tells anyone else what it did.
    const reopened = await nina.get(path)
    expect([reopened.status, reopened.headers.get('location')]).toEqual([303, '/orgs/acme'])
    const stranger = await browser(h).get(path)
    expect(stranger.status).toBe(410)
    expect(textOf(await stranger.text())).toContain(
      'This link has done its work It has been used to join Acme Foods already. Sign in',
    )
  })

  test('with mail, the invitation goes by mail and the page shows no link', async () => {
    const mailed = await openHarness({ mailer: 'memory' })
    try {
      const owner = await signedIn(mailed, 'owner')
      const response = await owner.post('/orgs/acme/members/invite', {
        email: 'mo@acme.example',
        role: 'editor',
      })
      const body = await response.text()
      expect(textOf(body)).toContain('An invitation to join as editor is on its way to mo@acme.example.')
      expect(body).not.toContain('invitation-link')
      expect(mailed.sent).toHaveLength(1)
      expect(mailed.sent[0]).toMatchObject({
        to: 'mo@acme.example',
        subject: 'Olivia Owner invites you to Acme Foods on GS1 Digital Link',
      })
      expect(mailed.sent[0]?.text).toMatch(
        /\nhttp:\/\/dashboard\.test\/invitations\/accept\?token=[A-Za-z0-9_-]{43}\n/,
      )
    } finally {
      await mailed.close()
    }
  })

  test('a failed mail hands the link over instead, and is logged without the address', async () => {
    const failing = await openHarness({
      mailer: {
        async send() {
          throw new Error('550 mailbox unavailable for x@y')
        },
        close() {},
      },
    })
    try {
      const owner = await signedIn(failing, 'owner')
      const body = await (
        await owner.post('/orgs/acme/members/invite', { email: 'fail@acme.example', role: 'viewer' })
      ).text()
      expect(textOf(body)).toContain('The invitation mail could not be sent.')
      expect(body).toContain('invitation-link')
      expect(failing.logger.lines.join('\n')).toContain('"event":"mail.failed"')
      expect(failing.logger.lines.join('\n')).not.toContain('fail@acme.example')
    } finally {
      await failing.close()
    }
  })

  test('an existing user accepts an invitation to another organization after signing in', async () => {
    const rival = await signedIn(h, 'rival')
    const link = linkIn(
      await (
        await rival.post('/orgs/globex/members/invite', { email: 'vera@acme.example', role: 'editor' })
      ).text(),
    )
    const path = link.slice('http://dashboard.test'.length)
    const token = new URL(link).searchParams.get('token') ?? ''
    const anonymous = textOf(await (await browser(h).get(path)).text())
    expect(anonymous).toContain('You already have an account. Sign in to accept.')
    const vera = await signedIn(h, 'viewer')
    expect((await vera.post('/invitations/accept', { token }, { csrf: 'forged' })).status).toBe(403)
    const joined = await vera.post('/invitations/accept', { token })
    expect(joined.headers.get('location')).toBe('/orgs/globex?done=joined')
    expect((await membershipIn(h.database.db, h.userIds.viewer, 'globex'))?.role).toBe('editor')
  })

  test('an owner changes a role and removes a member after confirming; the last owner is protected', async () => {
    const owner = await signedIn(h, 'owner')
    const role = await owner.post(`/orgs/acme/members/${h.userIds.editor}/role`, { role: 'viewer' })
    expect(role.headers.get('location')).toBe('/orgs/acme/members?done=role')
    expect((await membershipIn(h.database.db, h.userIds.editor, 'acme'))?.role).toBe('viewer')
    const last = await owner.post(`/orgs/acme/members/${h.userIds.owner}/role`, { role: 'editor' })
    expect(last.status).toBe(409)
    expect(textOf(await last.text())).toContain('An organization keeps at least one owner')
    const confirm = await owner.get(`/orgs/acme/members/${h.userIds.editor}/remove`)
    expect(textOf(await confirm.text())).toContain('Remove Eddie Editor?')
    const removed = await owner.post(`/orgs/acme/members/${h.userIds.editor}/remove`)
    expect(removed.headers.get('location')).toBe('/orgs/acme/members?done=removed')
    expect((await listMembers(h.database.db, h.orgIds.acme ?? '')).map((m) => m.email)).not.toContain(
      'eddie@acme.example',
    )
    const actions = (await listAudit(h.database.db, h.orgIds.acme ?? '', { limit: 20 })).map((e) => e.action)
    expect(actions).toContain('member.role')
    expect(actions).toContain('member.remove')
  })

  test('an invalid email or role is explained with 422; a withdrawn invitation link stops working', async () => {
    const owner = await signedIn(h, 'owner')
    const bad = await owner.post('/orgs/acme/members/invite', { email: 'nope', role: 'viewer' })
    expect(bad.status).toBe(422)
    expect(textOf(await bad.text())).toContain('Enter an email address.')
    expect(
      (await owner.post('/orgs/acme/members/invite', { email: 'a@b.example', role: 'admin' })).status,
    ).toBe(422)
    const link = linkIn(
      await (
        await owner.post('/orgs/acme/members/invite', { email: 'late@acme.example', role: 'viewer' })
      ).text(),
    )
    const page = await (await owner.get('/orgs/acme/members')).text()
    const id = /\/orgs\/acme\/invitations\/([0-9a-f-]{36})\/revoke/.exec(page)?.[1]
    expect((await owner.post(`/orgs/acme/invitations/${id}/revoke`)).headers.get('location')).toBe(
      '/orgs/acme/members?done=revoked',
    )
    expect((await browser(h).get(link.slice('http://dashboard.test'.length))).status).toBe(404)
  })
})
