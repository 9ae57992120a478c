/** Members of an organization: the list, roles, removal; owners invite by link, or by mail when mail is set up. */

import { errorName } from '../../lib/log.ts'
import { createInvitation, listInvitations, revokeInvitation } from '../../services/people/invitations.ts'
import { changeRole, listMembers, removeMember } from '../../services/people/memberships.ts'
import { isRole } from '../../services/people/users.ts'
import { type Access, type OrgContext, orgPath, userActor } from '../context.ts'
import { pageAnswer, redirectAnswer } from '../http.ts'
import type { RouteDefinition } from '../router.ts'
import { ERRORS, errorBody } from '../views/errors.ts'
import { invitationMail, invitedPage, membersPage, removeMemberPage } from '../views/members.ts'

const owner = { access: 'org', role: 'owner', section: 'members' } as const

export const MEMBER_ROUTES: readonly RouteDefinition<Access>[] = [
  {
    method: 'GET',
    pattern: '/orgs/:org/members',
    handler: { access: 'org', role: 'viewer', section: 'members', handle: list },
  },
  {
    method: 'POST',
    pattern: '/orgs/:org/members/invite',
    handler: {
      ...owner,
      shownOnce:
        'If you did not keep the invitation link, invite the same address again: that makes a new link and the first one stops working.',
      handle: invite,
    },
  },
  { method: 'POST', pattern: '/orgs/:org/members/:user/role', handler: { ...owner, handle: role } },
  { method: 'GET', pattern: '/orgs/:org/members/:user/remove', handler: { ...owner, handle: confirmRemove } },
  { method: 'POST', pattern: '/orgs/:org/members/:user/remove', handler: { ...owner, handle: remove } },
  {
    method: 'POST',
    pattern: '/orgs/:org/invitations/:invitation/revoke',
    handler: { ...owner, handle: revoke },
  },
]

const DONE: Readonly<Record<string, string>> = {
  role: 'The role is changed.',
  removed: 'The member is removed from the organization.',
  revoked: 'The invitation is withdrawn: its link no longer works.',
}

async function listed(ctx: OrgContext) {
  const id = ctx.membership.organization.id
  const db = ctx.deps.database.db
  return { members: await listMembers(db, id), invitations: await listInvitations(db, id, ctx.now) }
}

async function list(ctx: OrgContext): Promise<Response> {
  const done = DONE[ctx.query.get('done') ?? ''] ?? null
  return pageAnswer(ctx.https, membersPage(ctx, { ...(await listed(ctx)), done }))
}

async function invite(ctx: OrgContext): Promise<Response> {
  const email = ctx.form.get('email') ?? ''
  const wanted = ctx.form.get('role') ?? ''
  if (!isRole(wanted)) return refuse(ctx, 'Choose a role.', email)
  const result = await createInvitation(ctx.deps.database.db, {
    organizationId: ctx.membership.organization.id,
    email,
    role: wanted,
    invitedBy: { kind: 'user', id: ctx.session.user.id, label: ctx.session.user.email },
    now: ctx.now,
  })
  if (!result.ok) return refuse(ctx, result.message, email)
  const link = `${ctx.deps.config.dashboardUrl}/invitations/accept?token=${result.token}`
  const mailed = await mail(ctx, result.invitation.email, link)
  const page = invitedPage(ctx, {
    invitation: result.invitation,
    link,
    mailed,
    replacedEarlier: result.replacedEarlier,
  })
  return pageAnswer(ctx.https, page)
}

/** Mails the invitation when mail is set up: 'sent', 'failed' (the owner then hands the link over), or 'off'. */
async function mail(ctx: OrgContext, to: string, link: string): Promise<'sent' | 'failed' | 'off'> {
  const mailer = ctx.deps.mailer
  if (mailer === null) return 'off'
  try {
    await mailer.send({ to, ...invitationMail(ctx, link) })
    return 'sent'
  } catch (error) {
    ctx.deps.logger.error('mail.failed', { purpose: 'invitation', error: errorName(error) })
    return 'failed'
  }
}

async function refuse(ctx: OrgContext, error: string, email: string): Promise<Response> {
  const page = membersPage(ctx, { ...(await listed(ctx)), invite: { error, email } })
  return pageAnswer(ctx.https, page, { status: 422 })
}

async function role(ctx: OrgContext): Promise<Response> {
  const wanted = ctx.form.get('role') ?? ''
  if (!isRole(wanted)) return refuse(ctx, 'Choose a role.', '')
  const result = await changeRole(ctx.deps.database.db, {
    organizationId: ctx.membership.organization.id,
    userId: ctx.params.user ?? '',
    role: wanted,
    actor: userActor(ctx),
  })
  if (!result.ok && result.reason === 'unknown') return notFound(ctx)
  if (!result.ok) {
    const page = membersPage(ctx, { ...(await listed(ctx)), error: result.message })
    return pageAnswer(ctx.https, page, { status: 409 })
  }
  // An owner who stepped down may no longer see the owners' controls: the list shows what they may do now.
  return redirectAnswer(ctx.https, orgPath(ctx.membership.organization.slug, '/members?done=role'))
}

async function confirmRemove(ctx: OrgContext): Promise<Response> {
  const member = (await listMembers(ctx.deps.database.db, ctx.membership.organization.id)).find(
    (m) => m.userId === ctx.params.user,
  )
  if (member === undefined) return notFound(ctx)
  return pageAnswer(ctx.https, removeMemberPage(ctx, member))
}

async function remove(ctx: OrgContext): Promise<Response> {
  const result = await removeMember(ctx.deps.database.db, {
    organizationId: ctx.membership.organization.id,
    userId: ctx.params.user ?? '',
    actor: userActor(ctx),
  })
  if (!result.ok && result.reason === 'unknown') return notFound(ctx)
  if (!result.ok) {
    const page = membersPage(ctx, { ...(await listed(ctx)), error: result.message })
    return pageAnswer(ctx.https, page, { status: 409 })
  }
  const self = ctx.params.user === ctx.session.user.id
  return redirectAnswer(
    ctx.https,
    self ? '/orgs' : orgPath(ctx.membership.organization.slug, '/members?done=removed'),
  )
}

async function revoke(ctx: OrgContext): Promise<Response> {
  const found = await revokeInvitation(ctx.deps.database.db, {
    organizationId: ctx.membership.organization.id,
    id: ctx.params.invitation ?? '',
    actor: userActor(ctx),
    now: ctx.now,
  })
  if (!found) return notFound(ctx)
  return redirectAnswer(ctx.https, orgPath(ctx.membership.organization.slug, '/members?done=revoked'))
}

function notFound(ctx: OrgContext): Response {
  return pageAnswer(ctx.https, errorBody(ERRORS.notFound), { status: 404 })
}
