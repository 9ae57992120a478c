/** The Members pages: members and their roles, pending invitations, the invitation link, removal. */

import type { PendingInvitation } from '../../services/people/invitations.ts'
import type { Member } from '../../services/people/memberships.ts'
import { ROLES } from '../../services/people/memberships.ts'
import { type OrgContext, orgPath } from '../context.ts'
import { html, type SafeHtml } from '../html.ts'
import { dateTime } from './format.ts'
import { actionButton, field, formGuard, notice, select } from './forms.ts'
import { orgPage, PRODUCT_NAME } from './layout.ts'
import { scrollingTable } from './table.ts'

const ROLE_HELP =
  'Owners do everything, including members and API clients; editors manage the catalog and codes; viewers read.'
const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: r }))

export function membersPage(
  ctx: OrgContext,
  o: {
    readonly members: readonly Member[]
    readonly invitations: readonly PendingInvitation[]
    readonly done?: string | null
    readonly error?: string
    readonly invite?: { readonly error: string; readonly email: string }
  },
): SafeHtml {
  const isOwner = ctx.membership.role === 'owner'
  return orgPage(
    ctx,
    'members',
    'Members',
    html`<h1>Members</h1><p class="muted">${ROLE_HELP}</p>${o.done ? notice('ok', o.done) : null}${o.error ? notice('bad', o.error) : null}
${memberTable(ctx, o.members, isOwner)}
${isOwner ? invitationTable(ctx, o.invitations) : null}
${isOwner ? inviteForm(ctx, o.invite) : html`<p class="muted">Only owners can invite, change roles or remove members.</p>`}`,
  )
}

function memberTable(ctx: OrgContext, members: readonly Member[], isOwner: boolean): SafeHtml {
  const slug = ctx.membership.organization.slug
  return scrollingTable(
    'Members',
    html`<table><caption class="visually-hidden">Members</caption><thead><tr><th scope="col">Name</th><th scope="col">Email</th><th scope="col">Role</th><th scope="col">Member since</th>${
      isOwner ? html`<th scope="col"><span class="visually-hidden">Actions</span></th>` : null
    }</tr></thead><tbody>${members.map((m) => {
      const base = orgPath(slug, `/members/${encodeURIComponent(m.userId)}`)
      const you = m.userId === ctx.session.user.id ? html` <span class="badge">you</span>` : null
      const disabled = m.disabled ? html` <span class="badge bad">disabled</span>` : null
      const roleCell = isOwner
        ? html`<form method="post" action="${base}/role" class="inline-form">${formGuard(ctx.csrf)}${select({
            name: 'role',
            id: `role-${m.userId}`,
            label: `Role of ${m.name}`,
            hideLabel: true,
            options: ROLE_OPTIONS,
            value: m.role,
          })}<button type="submit" class="secondary" aria-label="Save the role of ${m.name}">Save</button></form>`
        : m.role
      return html`<tr><td>${m.name}${you}${disabled}</td><td>${m.email}</td><td>${roleCell}</td><td>${dateTime(m.since)}</td>${
        isOwner
          ? html`<td><a class="button secondary" href="${base}/remove" aria-label="Remove ${m.name}">Remove</a></td>`
          : null
      }</tr>`
    })}</tbody></table>`,
  )
}

function invitationTable(ctx: OrgContext, invitations: readonly PendingInvitation[]): SafeHtml | null {
  if (invitations.length === 0) return null
  const slug = ctx.membership.organization.slug
  return html`<h2>Pending invitations</h2>${scrollingTable(
    'Pending invitations',
    html`<table><thead><tr><th scope="col">Email</th><th scope="col">Role</th><th scope="col">Link expires</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead><tbody>${invitations.map(
      (i) =>
        html`<tr><td>${i.email}</td><td>${i.role}</td><td>${dateTime(i.expiresAt)}</td><td>${actionButton({
          action: orgPath(slug, `/invitations/${encodeURIComponent(i.id)}/revoke`),
          csrf: ctx.csrf,
          label: 'Withdraw',
          style: 'secondary',
          accessibleLabel: `Withdraw the invitation of ${i.email}`,
        })}</td></tr>`,
    )}</tbody></table>`,
  )}`
}

function inviteForm(ctx: OrgContext, state?: { error: string; email: string }): SafeHtml {
  const mailNote =
    ctx.deps.mailer === null ? 'You get a link to hand over.' : 'The invitation is sent by mail.'
  return html`<h2>Invite someone</h2>${state?.error ? notice('bad', state.error) : null}
<form method="post" action="${orgPath(ctx.membership.organization.slug, '/members/invite')}" class="stack">${formGuard(ctx.csrf)}
${field({ name: 'email', label: 'Email', type: 'email', required: true, value: state?.email ?? '', autocomplete: 'off', hint: `${mailNote} The link works for 7 days.` })}
${select({ name: 'role', label: 'Role', options: ROLE_OPTIONS, value: 'editor' })}
<div><button type="submit">Invite</button></div></form>`
}

export function invitedPage(
  ctx: OrgContext,
  o: {
    readonly invitation: PendingInvitation
    readonly link: string
    readonly mailed: 'sent' | 'failed' | 'off'
    /** An open invitation to the same address was replaced: its link no longer works. */
    readonly replacedEarlier: boolean
  },
): SafeHtml {
  const who = o.invitation.email
  const replaced = o.replacedEarlier
    ? notice('warn', `The earlier invitation to ${who} no longer works: only this one does.`)
    : null
  const linkBlock = html`<p>Hand this link to ${who} (it works once, for 7 days):</p><div class="secret"><code id="invitation-link">${o.link}</code><button type="button" class="secondary" data-copy="invitation-link" hidden>Copy</button></div>`
  const body =
    o.mailed === 'sent'
      ? notice('ok', `An invitation to join as ${o.invitation.role} is on its way to ${who}.`)
      : html`${o.mailed === 'failed' ? notice('warn', 'The invitation mail could not be sent.') : notice('ok', `${who} is invited as ${o.invitation.role}.`)}${linkBlock}`
  return orgPage(
    ctx,
    'members',
    'Invitation',
    html`<h1>Invitation</h1>${replaced}${body}<p><a href="${orgPath(ctx.membership.organization.slug, '/members')}">Back to the members</a></p>`,
  )
}

/** The invitation mail: plain text, the link on its own line. */
export function invitationMail(ctx: OrgContext, link: string): { subject: string; text: string } {
  const org = ctx.membership.organization.name
  return {
    subject: `${ctx.session.user.name} invites you to ${org} on ${PRODUCT_NAME}`,
    text: `${ctx.session.user.name} (${ctx.session.user.email}) invites you to join ${org} on ${PRODUCT_NAME}.

Open this link to accept (it works once, for 7 days):

${link}

If you did not expect this invitation, you can ignore this mail.
`,
  }
}

export function removeMemberPage(ctx: OrgContext, member: Member): SafeHtml {
  const slug = ctx.membership.organization.slug
  const self = member.userId === ctx.session.user.id
  return orgPage(
    ctx,
    'members',
    'Remove member',
    html`<h1>Remove ${self ? 'yourself' : member.name}?</h1><p>${
      self
        ? `You lose access to ${ctx.membership.organization.name} at once.`
        : `${member.name} (${member.email}) loses access to ${ctx.membership.organization.name} at once.`
    }</p><form method="post" action="${orgPath(slug, `/members/${encodeURIComponent(member.userId)}/remove`)}" class="actions">${formGuard(ctx.csrf)}<button type="submit" class="danger">Remove</button><a href="${orgPath(slug, '/members')}">Cancel</a></form>`,
  )
}
