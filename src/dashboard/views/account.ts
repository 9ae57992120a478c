/** The person's own pages: the list of their organizations, their account, an invitation to accept. */
import { deriveToken } from '../../auth/opaque-tokens.ts'
import type { OpenInvitation } from '../../services/people/invitations.ts'
import type { Refusal } from '../../services/people/users.ts'
import { orgPath, type RequestContext, type SignedInContext } from '../context.ts'
import { html, type SafeHtml } from '../html.ts'
import { passwordFields } from './auth.ts'
import { accountField, field, formGuard, notice } from './forms.ts'
import { publicPage, signedInPage } from './layout.ts'

export function organizationsPage(ctx: SignedInContext, done: string | null): SafeHtml {
  const list =
    ctx.memberships.length === 0
      ? html`<p>You are not a member of any organization yet. An owner of an organization can invite you.</p>`
      : html`<ul class="cards">${ctx.memberships.map(
          (m) =>
            html`<li><a href="${orgPath(m.organization.slug)}">${m.organization.name}</a><span class="hint">${m.role}</span></li>`,
        )}</ul>`
  return signedInPage(
    frame(ctx),
    'Organizations',
    html`<h1>Your organizations</h1>${done ? notice('ok', done) : null}${list}`,
  )
}

export function accountPage(
  ctx: SignedInContext,
  o: { readonly done?: string | null; readonly error?: Refusal<'wrong_password' | 'weak'> },
): SafeHtml {
  const wrong = o.error?.reason === 'wrong_password' ? o.error.message : null
  const weak = o.error?.reason === 'weak' ? o.error.message : undefined
  return signedInPage(
    frame(ctx),
    'Your account',
    html`<h1>Your account</h1>${o.done ? notice('ok', o.done) : null}${o.error ? notice('bad', o.error.message) : null}
<dl class="facts"><dt>Name</dt><dd>${ctx.session.user.name}</dd><dt>Email</dt><dd>${ctx.session.user.email}</dd></dl>
<h2>Change your password</h2><p class="muted">Changing it signs you out everywhere else.</p>
<form method="post" action="/account/password" class="stack">${formGuard(ctx.csrf)}
${accountField(ctx.session.user.email)}
${field({ name: 'current', label: 'Current password', type: 'password', required: true, autocomplete: 'current-password', error: wrong })}
${passwordFields(weak)}<div><button type="submit">Change password</button></div></form>`,
  )
}

export function acceptInvitationPage(
  ctx: RequestContext,
  o: {
    readonly token: string
    readonly invitation: OpenInvitation
    readonly error?: string
    readonly name?: string
  },
): SafeHtml {
  const { invitation } = o
  const intro = html`<h1>Join ${invitation.organization.name}</h1><p>You are invited as <strong>${invitation.role}</strong>, as ${invitation.email}.</p>${
    o.error ? notice('bad', o.error) : null
  }`
  const here = `/invitations/accept?token=${encodeURIComponent(o.token)}`
  const signedIn = ctx.session?.user
  const tokenField = html`<input type="hidden" name="token" value="${o.token}">`
  let body: SafeHtml
  if (signedIn !== undefined) {
    const csrf = deriveToken(ctx.session?.token ?? '', 'csrf')
    body =
      signedIn.email.toLowerCase() === invitation.email.toLowerCase()
        ? html`<form method="post" action="/invitations/accept">${formGuard(csrf)}${tokenField}<button type="submit">Join ${invitation.organization.name}</button></form>`
        : html`<p>You are signed in as ${signedIn.email}. Sign out, then open the invitation link again.</p>
<form method="post" action="/sign-out">${formGuard(csrf)}<button type="submit" class="secondary">Sign out</button></form>`
  } else if (invitation.existingUser !== null) {
    body = html`<p>You already have an account. Sign in to accept.</p><p><a class="button" href="/sign-in?next=${encodeURIComponent(here)}">Sign in</a></p>`
  } else {
    body = html`<p>Create your account to accept.</p><form method="post" action="/invitations/accept" class="stack">${tokenField}
${accountField(invitation.email)}
${field({ name: 'name', label: 'Your name', required: true, autocomplete: 'name', value: o.name ?? '' })}
${passwordFields(undefined, { password: 'Password', confirmation: 'Repeat the password' })}
<div><button type="submit">Create account and join</button></div></form>`
  }
  return publicPage(`Join ${invitation.organization.name}`, html`${intro}${body}`)
}

/** The frame of a page outside any organization. */
function frame(ctx: SignedInContext) {
  return { user: ctx.session.user, csrf: ctx.csrf, memberships: ctx.memberships }
}
