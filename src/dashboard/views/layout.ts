/** The dashboard's page frame: the product bar, the organization switcher, the section navigation, the main area. */
import type { Membership } from '../../services/people/memberships.ts'
import { FAVICON, SCRIPT_ASSET, STYLESHEET } from '../assets.ts'
import { html, type SafeHtml } from '../html.ts'
import { formGuard } from './forms.ts'

/** The product's name in the dashboard's title and bar. */
export const PRODUCT_NAME = 'GS1 Digital Link'

/** A section of an organization, in navigation order; `path` follows `/orgs/{slug}`. */
export interface Section {
  readonly id: string
  readonly label: string
  readonly path: string
}

export const SECTIONS: readonly Section[] = [
  { id: 'overview', label: 'Overview', path: '' },
  { id: 'products', label: 'Products', path: '/products' },
  { id: 'items', label: 'Items and rules', path: '/items' },
  { id: 'codes', label: 'Codes', path: '/codes' },
  { id: 'scans', label: 'Scans', path: '/scans' },
  { id: 'clients', label: 'API clients', path: '/clients' },
  { id: 'members', label: 'Members', path: '/members' },
  { id: 'brands', label: 'Brands', path: '/brands' },
  { id: 'audit', label: 'Audit log', path: '/audit' },
]

export interface SignedInFrame {
  readonly user: { readonly name: string; readonly email: string }
  readonly csrf: string
  readonly memberships: readonly Membership[]
  /** The organization shown, with the section in it; absent on pages outside any organization (the account). */
  readonly current?: { readonly membership: Membership; readonly section: string }
}

/** A full page for a signed-in person. */
export function signedInPage(frame: SignedInFrame, title: string, main: SafeHtml): SafeHtml {
  const org = frame.current?.membership.organization
  const fullTitle =
    org === undefined ? `${title} – ${PRODUCT_NAME}` : `${title} – ${org.name} – ${PRODUCT_NAME}`
  return document(
    fullTitle,
    html`<a class="skip" href="#main">Skip to content</a>
<header class="top"><a class="product" href="/">${PRODUCT_NAME}</a>${switcher(frame)}
<a href="/account">${frame.user.name}</a>
<form method="post" action="/sign-out">${formGuard(frame.csrf)}<button type="submit" class="secondary">Sign out</button></form></header>
${
  frame.current === undefined
    ? html`<main id="main" class="narrow">${main}</main>`
    : html`<div class="shell">${sectionNav(frame.current.membership.organization.slug, frame.current.section)}<main id="main">${main}</main></div>`
}`,
  )
}

/** A page for someone not signed in (sign-in, set password, accept an invitation): one narrow column. */
export function publicPage(title: string, main: SafeHtml): SafeHtml {
  return document(
    `${title} – ${PRODUCT_NAME}`,
    html`<header class="top"><span class="product">${PRODUCT_NAME}</span></header><main id="main" class="narrow">${main}</main>`,
  )
}

function document(title: string, body: SafeHtml): SafeHtml {
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><link rel="icon" href="${FAVICON.path}" type="image/svg+xml"><link rel="stylesheet" href="${STYLESHEET.path}"><script src="${SCRIPT_ASSET.path}" defer></script></head><body>${body}</body></html>`
}

function switcher(frame: SignedInFrame): SafeHtml | null {
  const current = frame.current?.membership.organization.slug
  if (frame.memberships.length === 0) return null
  const label = frame.current?.membership.organization.name ?? 'Organizations'
  return html`<details class="switcher"><summary><span class="visually-hidden">Organization: </span>${label}</summary><ul>${frame.memberships.map(
    (m) =>
      html`<li><a href="/orgs/${encodeURIComponent(m.organization.slug)}"${m.organization.slug === current ? html` aria-current="page"` : null}>${m.organization.name} <span class="muted">(${m.role})</span></a></li>`,
  )}</ul></details>`
}

function sectionNav(slug: string, active: string): SafeHtml {
  const base = `/orgs/${encodeURIComponent(slug)}`
  return html`<nav class="side" aria-label="Organization"><ul>${SECTIONS.map(
    (s) =>
      html`<li><a href="${base}${s.path}"${s.id === active ? html` aria-current="page"` : null}>${s.label}</a></li>`,
  )}</ul></nav>`
}

/** A page of an organization's section, for a member (the section is the one highlighted in the navigation). */
export function orgPage(
  ctx: {
    readonly session: { readonly user: { readonly name: string; readonly email: string } }
    readonly csrf: string
    readonly memberships: readonly Membership[]
    readonly membership: Membership
  },
  section: string,
  title: string,
  main: SafeHtml,
): SafeHtml {
  return signedInPage(
    {
      user: ctx.session.user,
      csrf: ctx.csrf,
      memberships: ctx.memberships,
      current: { membership: ctx.membership, section },
    },
    title,
    main,
  )
}
