/** Pages of people who are not signed in: sign in, set a password, a dead link. */
import { MIN_PASSWORD_LENGTH, passwordProblem } from '../../auth/passwords.ts'
import { html, type SafeHtml } from '../html.ts'
import type { WayOn } from './errors.ts'
import { accountField, field, notice } from './forms.ts'
import { publicPage } from './layout.ts'

export function signInPage(o: {
  readonly next: string | null
  readonly email?: string
  readonly error?: string
  readonly notice?: string | null
}): SafeHtml {
  return publicPage(
    'Sign in',
    html`<h1>Sign in</h1>${o.error ? notice('bad', o.error) : null}${o.notice ? notice('ok', o.notice) : null}
<form method="post" action="/sign-in" class="stack">${o.next ? html`<input type="hidden" name="next" value="${o.next}">` : null}
${field({ name: 'email', label: 'Email', type: 'email', value: o.email ?? '', required: true, autocomplete: 'username', autofocus: !o.email })}
${field({ name: 'password', label: 'Password', type: 'password', required: true, autocomplete: 'current-password', autofocus: Boolean(o.email) })}
<div><button type="submit">Sign in</button></div></form>
<p class="muted">No password yet, or forgot it? Ask an owner of your organization to invite you again, or your operator for a new link.</p>`,
  )
}

export function setPasswordPage(o: {
  readonly token: string
  readonly email: string
  readonly error?: string
}): SafeHtml {
  return publicPage(
    'Set your password',
    html`<h1>Set your password</h1><p>For <strong>${o.email}</strong>.</p>${o.error ? notice('bad', o.error) : null}
<form method="post" action="/set-password" class="stack"><input type="hidden" name="token" value="${o.token}">
${accountField(o.email)}
${passwordFields(o.error)}
<div><button type="submit">Set password</button></div></form>`,
  )
}

/** What `passwordProblem` says of a repeated password that differs: the only problem of the second field. */
const PASSWORDS_DIFFER = passwordProblem('x'.repeat(MIN_PASSWORD_LENGTH), '')

/** The new-password pair with its rule as a hint; a refusal is said under the field it is about. */
export function passwordFields(
  error?: string,
  labels = { password: 'New password', confirmation: 'Repeat the new password' },
): SafeHtml {
  const aboutRepeat = error === PASSWORDS_DIFFER
  return html`${field({
    name: 'password',
    label: labels.password,
    type: 'password',
    required: true,
    autocomplete: 'new-password',
    hint: `At least ${MIN_PASSWORD_LENGTH} characters. A few words in a row make a good one.`,
    error: aboutRepeat ? null : (error ?? null),
  })}
${field({ name: 'confirmation', label: labels.confirmation, type: 'password', required: true, autocomplete: 'new-password', error: aboutRepeat ? error : null })}`
}

/**
 * Why a one-time link may no longer work, by kind: the service keeps no trace of a link that expired, was withdrawn or
 * was replaced by a newer one (an invitation sent again, a password reset asked again), so the page names them all.
 */
const DEAD_LINK_REASONS = {
  invitation:
    'It has expired (invitations last 7 days), has been used or withdrawn, or a newer invitation replaced it.',
  password: 'It has expired (links last 7 days), has been used already, or a newer link replaced it.',
} as const

export function invalidLinkPage(kind: keyof typeof DEAD_LINK_REASONS): SafeHtml {
  return publicPage(
    'Link no longer valid',
    html`<h1>This link no longer works</h1><p>${DEAD_LINK_REASONS[kind]} Ask your operator or an owner of your organization for a new one.</p><p><a href="/sign-in">Sign in</a></p>`,
  )
}

/** A one-time link opened or sent again after it did its work (a second click, a reload): what it did, and on. */
export function usedLinkPage(done: string, way: WayOn): SafeHtml {
  return publicPage(
    'Link used',
    html`<h1>This link has done its work</h1><p>${done}</p><p><a href="${way.href}">${way.label}</a></p>`,
  )
}
