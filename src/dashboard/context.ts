/** What a dashboard route receives: the request as parsed once, the signed-in person and the organization shown. */

import type { Config } from '../app/config.ts'
import { deriveToken, sameToken } from '../auth/opaque-tokens.ts'
import type { RateLimiter } from '../auth/rate-limit.ts'
import type { Database } from '../db/database.ts'
import type { Role } from '../db/schema.ts'
import type { Logger } from '../lib/log.ts'
import type { Mailer } from '../mail/mailer.ts'
import type { Actor } from '../services/audit.ts'
import type { OrganizationScope } from '../services/catalog/products.ts'
import type { RenderWork } from '../services/codes/render-zip.ts'
import type { Membership } from '../services/people/memberships.ts'
import type { FoundSession } from '../services/people/sessions.ts'
import type { BudgetKind, DashboardBudgets } from './budgets.ts'
import type { CookieNames } from './cookies.ts'

export interface DashboardDeps {
  readonly database: Database
  /**
   * The dashboard's origin and limits, the resolver's origins (links, codes and scan previews), and the API's (with
   * the others, a host no brand may claim as its custom domain).
   */
  readonly config: Pick<
    Config,
    'dashboardUrl' | 'security' | 'resolverUrl' | 'shortUrl' | 'customDomainScheme' | 'apiUrl'
  >
  readonly clock: () => number
  readonly logger: Logger
  /** Sends invitations; null when `SMTP_URL` is unset (links are handed over instead). */
  readonly mailer: Mailer | null
  /** Failed sign-ins per account and per client address (DESIGN §7). */
  readonly signInLimiter: RateLimiter
  /** Each person's budget of drawings and catalog files; none (unlimited) when absent. */
  readonly budgets?: DashboardBudgets
  /** Where the Codes page's bulk ZIP is drawn: the code work's threads; the calling thread when absent. */
  readonly renderWork?: RenderWork
}

export interface RequestContext {
  readonly deps: DashboardDeps
  readonly request: Request
  readonly path: string
  readonly query: URLSearchParams
  readonly params: Readonly<Record<string, string>>
  /** The posted form (empty for GET). */
  readonly form: URLSearchParams
  /** The posted files by field name, as text (routes that take uploads). */
  readonly files: ReadonlyMap<string, string>
  readonly now: number
  readonly https: boolean
  readonly cookies: CookieNames
  readonly session: FoundSession | null
}

export interface SignedInContext extends RequestContext {
  readonly session: FoundSession
  /** The CSRF token of the session, for the forms of the page. */
  readonly csrf: string
  readonly memberships: readonly Membership[]
}

export interface OrgContext extends SignedInContext {
  readonly membership: Membership
}

export type Handler<C> = (ctx: C) => Promise<Response> | Response

/** A route's access: anyone, a signed-in person, or a member of the organization in the path with at least a role. */
export type Access =
  | { readonly access: 'public'; readonly handle: Handler<RequestContext> }
  | { readonly access: 'user'; readonly handle: Handler<SignedInContext> }
  | {
      readonly access: 'org'
      /** The least role that may use the route: reading pages are `viewer`. */
      readonly role: Role
      /** The navigation section the page belongs to. */
      readonly section: string
      /** The route takes a file (`multipart/form-data`, up to 32 MiB). */
      readonly uploads?: boolean
      /** What its answer shows only once, and what to do without it: said when its form is sent again. */
      readonly shownOnce?: string
      /** Heavy work charged to the person's budget (`budgets.ts`): drawings, or catalog files. */
      readonly budget?: BudgetKind
      readonly handle: Handler<OrgContext>
    }

/** True when the posted form carries the CSRF token of the session (DESIGN §7); false without a session. */
export function csrfMatches(form: URLSearchParams, session: FoundSession | null): boolean {
  return session !== null && sameToken(form.get('csrf') ?? '', deriveToken(session.token, 'csrf'))
}

const RANK: Readonly<Record<Role, number>> = { viewer: 0, editor: 1, owner: 2 }

/** True when `role` may do what `needed` may. */
export function hasRole(role: Role, needed: Role): boolean {
  return RANK[role] >= RANK[needed]
}

/** The signed-in member as the audit log records them. */
export function userActor(ctx: OrgContext): Actor {
  return { kind: 'user', id: ctx.session.user.id, label: ctx.session.user.email }
}

/** The scope of the signed-in member's organization, for the catalog services. */
export function organizationScope(ctx: OrgContext): OrganizationScope {
  const o = ctx.membership.organization
  return { id: o.id, slug: o.slug, name: o.name, plan: o.plan, subscriptionStatus: o.subscriptionStatus }
}

/** `/orgs/{slug}` and a sub-path, encoded. */
export function orgPath(slug: string, sub = ''): string {
  return `/orgs/${encodeURIComponent(slug)}${sub}`
}
