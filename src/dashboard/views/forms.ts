/** Form building blocks of the dashboard: labelled fields with hints and errors, the CSRF and one-time fields, notices. */
import type { Issue } from '../../gs1/issue.ts'
import { newFormId } from '../form.ts'
import { html, type SafeHtml } from '../html.ts'

/**
 * The hidden fields every form of a signed-in page carries: the session's CSRF token (DESIGN §7) and a one-time id,
 * so that a reload of the page that answered the form, or a second click, does not make its change twice.
 */
export function formGuard(csrf: string): SafeHtml {
  return html`<input type="hidden" name="csrf" value="${csrf}"><input type="hidden" name="once" value="${newFormId()}">`
}

export interface FieldOptions {
  readonly name: string
  readonly label: string
  readonly type?: 'text' | 'email' | 'password' | 'search' | 'url' | 'number' | 'date'
  readonly value?: string
  readonly error?: string | null
  readonly hint?: string
  readonly required?: boolean
  readonly autocomplete?: string
  readonly autofocus?: boolean
  readonly maxlength?: number
  /** Shown, sent, not editable (the account a new password is for). */
  readonly readonly?: boolean
  /** The input's id, where another form of the page has a field of the same name (default `f-{name}`). */
  readonly id?: string
}

/**
 * The account a password form is for, as a read-only field: password managers file the new password under it
 * (a hidden input they ignore), and the person sees whose password they set.
 */
export function accountField(email: string): SafeHtml {
  return field({
    name: 'username',
    label: 'Email',
    type: 'email',
    value: email,
    autocomplete: 'username',
    readonly: true,
  })
}

/** A labelled input; its hint and error are tied to it with `aria-describedby`, an error sets `aria-invalid`. */
export function field(o: FieldOptions): SafeHtml {
  const id = o.id ?? `f-${o.name}`
  const described = [o.hint ? `${id}-hint` : null, o.error ? `${id}-error` : null].filter((x) => x !== null)
  return html`<div><label for="${id}">${o.label}</label><input id="${id}" name="${o.name}" type="${o.type ?? 'text'}"${
    o.value !== undefined ? html` value="${o.value}"` : null
  }${o.required ? html` required` : null}${o.readonly ? html` readonly` : null}${o.autocomplete ? html` autocomplete="${o.autocomplete}"` : null}${
    o.autofocus ? html` autofocus` : null
  }${o.maxlength ? html` maxlength="${o.maxlength}"` : null}${
    described.length > 0 ? html` aria-describedby="${described.join(' ')}"` : null
  }${o.error ? html` aria-invalid="true"` : null}>${o.hint ? html`<span class="hint" id="${id}-hint">${o.hint}</span>` : null}${
    o.error ? html`<span class="error-text" id="${id}-error">${o.error}</span>` : null
  }</div>`
}

export interface SelectOptions {
  readonly name: string
  readonly label: string
  readonly options: readonly { readonly value: string; readonly label: string }[]
  readonly value?: string
  readonly hideLabel?: boolean
  readonly id?: string
  /** Said under the select and tied to it with `aria-describedby`. */
  readonly hint?: string
}

export function select(o: SelectOptions): SafeHtml {
  const id = o.id ?? `f-${o.name}`
  const hintId = `${id}-hint`
  return html`<div><label for="${id}"${o.hideLabel ? html` class="visually-hidden"` : null}>${o.label}</label><select id="${id}" name="${o.name}"${o.hint ? html` aria-describedby="${hintId}"` : null}>${o.options.map(
    (opt) =>
      html`<option value="${opt.value}"${opt.value === o.value ? html` selected` : null}>${opt.label}</option>`,
  )}</select>${o.hint ? html`<span class="hint" id="${hintId}">${o.hint}</span>` : null}</div>`
}

/** The filled fields of a list's filter form, in `names`' order: the query string its page links keep. */
export function filterParams<Q extends object>(
  query: Q,
  names: readonly (keyof Q & string)[],
): URLSearchParams {
  const params = new URLSearchParams()
  for (const name of names) {
    const value = query[name]
    if (typeof value === 'string' && value !== '') params.set(name, value)
  }
  return params
}

export type NoticeKind = 'ok' | 'bad' | 'warn'

/** A message box; errors are announced (`role="alert"`), other notices politely (`role="status"`). */
export function notice(kind: NoticeKind, body: SafeHtml | string): SafeHtml {
  return html`<div class="notice ${kind}" role="${kind === 'bad' ? 'alert' : 'status'}">${typeof body === 'string' ? html`<p>${body}</p>` : body}</div>`
}

/** A small POST form with one button (block, unblock, revoke…), optionally asking to confirm when script runs. */
export function actionButton(o: {
  readonly action: string
  readonly csrf: string
  readonly label: string
  readonly style?: 'secondary' | 'danger'
  readonly confirm?: string
  readonly hidden?: Readonly<Record<string, string>>
  readonly accessibleLabel?: string
}): SafeHtml {
  return html`<form method="post" action="${o.action}" class="inline-form"${o.confirm ? html` data-confirm="${o.confirm}"` : null}>${formGuard(o.csrf)}${Object.entries(
    o.hidden ?? {},
  ).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`,
  )}<button type="submit"${
    o.style ? html` class="${o.style}"` : null
  }${o.accessibleLabel ? html` aria-label="${o.accessibleLabel}"` : null}>${o.label}</button></form>`
}

/**
 * Why an entry is not saved when its GTIN, value or prefix is another organization's (the catalog service's conflict,
 * which names the entry again, as for a file): `what` it is, and what to do, `check` naming what to look at again.
 */
export function ownedElsewhereMessage(what: string, check = 'it'): string {
  return `${what} belongs to another organization: check ${check}, or ask the operator if it should be yours.`
}

/**
 * The catalog's schema messages are written for files ("Expected string to match '^[a-z0-9]…'"); in a form
 * the same errors are said as what to type. Other catalog messages already are.
 */
export function formMessage(e: Issue): string {
  if (e.code !== 'Catalog.Schema') return e.message
  const field = e.path?.split('.').at(-1) ?? ''
  const most = /\{0,(\d+)\}/.exec(e.message)?.[1]
  if (/match/.test(e.message) && most !== undefined && (field === 'slug' || field === 'name'))
    return `Use lower-case letters, digits and hyphens (at most ${Number(most) + 1}), starting with a letter or a digit.`
  const length = /length less or equal to (\d+); got (\d+) characters/.exec(e.message)
  if (length !== null) return `Use at most ${length[1]} characters (this has ${length[2]}).`
  if (/match/.test(e.message) && (field === 'validFrom' || field === 'validUntil'))
    return 'Give a date, a time and its offset: Z for UTC, or +01:00, -05:00 and so on.'
  if (/match/.test(e.message) && field === 'type')
    return 'Give a media type such as text/html or application/pdf, or leave it empty.'
  if (/union/.test(e.message) && field === 'href') return 'Fill in the address.'
  if (/at least 1 properties/.test(e.message))
    return field === 'alt'
      ? 'Give the image a text for people who cannot see it, in a language the page is published in.'
      : 'Fill in at least one language.'
  if (/array length to be greater or equal to 1/.test(e.message))
    return field === 'pages' ? 'Add at least one page.' : 'Give at least one language.'
  if (/length greater or equal to 1/.test(e.message)) return 'This cannot be empty.'
  return e.message
}
