/** The dashboard's error pages: one short explanation and a way on, never a stack or an echo of the request. */
import { html, type SafeHtml } from '../html.ts'
import { publicPage } from './layout.ts'

export interface ErrorView {
  readonly status: number
  readonly title: string
  readonly message: string
}

export const ERRORS = {
  notFound: { status: 404, title: 'Not found', message: 'There is no such page, or it is not yours to see.' },
  forbidden: {
    status: 403,
    title: 'Not allowed',
    message: 'Your role in this organization does not allow this.',
  },
  badOrigin: {
    status: 403,
    title: 'Form refused',
    message:
      'This form was not sent from the dashboard, or it has expired. Go back, reload the page and try again.',
  },
  alreadySent: {
    status: 409,
    title: 'Already sent',
    message:
      'This form was sent before, so it was not sent again: nothing was done twice. (A reload of the page that answered it, or a second click, sends a form again.)',
  },
  tooLarge: {
    status: 413,
    title: 'Too much data',
    message: 'The form sent more data than the dashboard accepts.',
  },
  tooMuchWork: {
    status: 429,
    title: 'Too much at once',
    message:
      'You asked for more drawings or catalog files than the dashboard makes for one person at a time, so this was not done.',
  },
  unsupported: { status: 415, title: 'Form refused', message: 'The form was not sent as a web form.' },
  methodNotAllowed: {
    status: 405,
    title: 'Not allowed',
    message: 'This page does not take that kind of request.',
  },
  uriTooLong: {
    status: 414,
    title: 'Address too long',
    message: 'The address of this page is longer than the dashboard accepts.',
  },
  busy: {
    status: 503,
    title: 'Busy',
    message:
      'The dashboard is drawing many codes at the moment, so this was not drawn. Try again in a moment.',
  },
  starting: {
    status: 503,
    title: 'Starting',
    message: 'The dashboard is starting. Reload the page in a moment.',
  },
  internal: {
    status: 500,
    title: 'Something went wrong',
    message: 'The dashboard could not finish this. Nothing was half-done; try again in a moment.',
  },
} as const satisfies Record<string, ErrorView>

/** A way on from an error page; the dashboard's start page unless the error names a better one. */
export interface WayOn {
  readonly href: string
  readonly label: string
}

/** An error page: its title, its message, then `more` where the error can say more, and a way on. */
export function errorBody(
  view: ErrorView,
  way: WayOn = { href: '/', label: 'Go to the dashboard' },
  more?: string,
): SafeHtml {
  return publicPage(
    view.title,
    html`<h1>${view.title}</h1><p>${view.message}</p>${more ? html`<p>${more}</p>` : null}<p><a href="${way.href}">${way.label}</a></p>`,
  )
}
