/** A dashboard on a fresh database with two organizations and their people, and helpers that act like a browser. */

import { deriveToken } from '../../src/auth/opaque-tokens.ts'
import { createRateLimiter, type RateLimits } from '../../src/auth/rate-limit.ts'
import type { WorkLimits } from '../../src/auth/work-budget.ts'
import { createDashboardBudgets } from '../../src/dashboard/budgets.ts'
import { newFormId } from '../../src/dashboard/form.ts'
import { createDashboard, type Dashboard } from '../../src/dashboard/index.ts'
import type { Database } from '../../src/db/database.ts'
import { organizations } from '../../src/db/schema.ts'
import { memoryLogger } from '../../src/lib/log.ts'
import type { Mailer } from '../../src/mail/mailer.ts'
import { DEFAULT_SECURITY_CONFIG } from '../../src/security/config.ts'
import { CLI_ACTOR } from '../../src/services/audit.ts'
import { importCatalog } from '../../src/services/catalog/import.ts'
import { createUser, setPasswordWithToken } from '../../src/services/people/users.ts'
import { openTestDatabase, useFileFixture } from '../support/db.ts'

export const ORIGIN = 'http://dashboard.test'
export const PASSWORD = 'correct horse battery staple'
export const START = Date.parse('2026-11-24T10:00:00Z')

/** People of the fixture: `acme` has an owner, an editor and a viewer; `globex` has its own owner. */
export const PEOPLE = {
  owner: { email: 'olivia@acme.example', name: 'Olivia Owner', org: 'acme', role: 'owner' },
  editor: { email: 'eddie@acme.example', name: 'Eddie Editor', org: 'acme', role: 'editor' },
  viewer: { email: 'vera@acme.example', name: 'Vera Viewer', org: 'acme', role: 'viewer' },
  rival: { email: 'gus@globex.example', name: 'Gus Globex', org: 'globex', role: 'owner' },
} as const

export type Person = keyof typeof PEOPLE

export interface Harness {
  /** DASHBOARD_URL of this dashboard. */
  readonly origin: string
  readonly database: Database
  readonly dashboard: Dashboard
  readonly logger: ReturnType<typeof memoryLogger>
  readonly clock: { now: number }
  readonly orgIds: Readonly<Record<string, string>>
  readonly userIds: Readonly<Record<Person, string>>
  readonly sent: { to: string; subject: string; text: string }[]
  close(): Promise<void>
}

export interface HarnessOptions {
  readonly mailer?: Mailer | 'memory' | null
  /** DASHBOARD_URL (a browser test serves the dashboard on a real port). */
  readonly origin?: string
  readonly signInLimits?: RateLimits
  /** Each person's budget of drawings and catalog files; none (unlimited) by default. */
  readonly budgets?: { readonly drawing: WorkLimits; readonly files: WorkLimits }
}

/** Acme Oats' oat drink with one page: the product the Codes, Scans and budget tests make codes of and count. */
export const OAT_DRINK = {
  gtin: '09506000134352',
  brand: 'acme-oats',
  slug: 'oat-drink',
  defaultLanguage: 'en',
  languages: ['en'],
  names: { en: 'Oat drink' },
  pages: [{ name: 'info', linkType: 'gs1:pip', default: true, titles: { en: 'Info' } }],
}

/**
 * A catalog entry of Acme Oats named `slug` (with `extra`'s identity: a `gtin`, an item's `key` and `value`, a rule's
 * `key` and `prefix`, and any member to change), whose one page links to `href`.
 */
export function linkedEntry(extra: Record<string, unknown>, slug: string, href: string) {
  return {
    brand: 'acme-oats',
    slug,
    defaultLanguage: 'en',
    languages: ['en'],
    names: { en: slug },
    pages: [{ name: 'main', linkType: 'gs1:pip', default: true, titles: { en: 'Main' }, href }],
    ...extra,
  }
}

/** Imports these products into the harness's catalog; throws with the errors when the import refuses them. */
export async function importProducts(database: Database, products: readonly object[]): Promise<void> {
  const imported = await importCatalog(database.db, { products })
  if (!imported.ok) throw new Error(JSON.stringify(imported.errors))
}

export async function openHarness(options: HarnessOptions = {}): Promise<Harness> {
  const database = await openTestDatabase()
  const clock = { now: START }
  const sent: Harness['sent'] = []
  const imported = await importCatalog(database.db, {
    organizations: [
      { slug: 'acme', name: 'Acme Foods', plan: 'starter' },
      { slug: 'globex', name: 'Globex', plan: 'pro' },
    ],
    brands: [
      { slug: 'acme-oats', name: 'Acme Oats', organization: 'acme' },
      {
        slug: 'globex-tools',
        name: 'Globex Tools',
        organization: 'globex',
        customDomain: 'tools.globex.example',
      },
    ],
    products: [],
  })
  if (!imported.ok) throw new Error(JSON.stringify(imported.errors))
  const userIds = {} as Record<Person, string>
  for (const [key, p] of Object.entries(PEOPLE) as [Person, (typeof PEOPLE)[Person]][]) {
    const created = await createUser(database.db, {
      email: p.email,
      name: p.name,
      organizationSlug: p.org,
      role: p.role,
      actor: CLI_ACTOR,
      clock: () => clock.now,
    })
    if (!created.ok) throw new Error(created.message)
    await setPasswordWithToken(database.db, {
      token: created.setPasswordToken,
      password: PASSWORD,
      confirmation: PASSWORD,
      now: clock.now,
    })
    userIds[key] = created.user.id
  }
  const orgIds: Record<string, string> = {}
  for (const o of await database.db.select().from(organizations)) orgIds[o.slug] = o.id
  const memory: Mailer = {
    async send(message) {
      sent.push({ ...message })
    },
    close() {},
  }
  const logger = memoryLogger()
  const dashboard = createDashboard({
    database,
    config: {
      dashboardUrl: options.origin ?? ORIGIN,
      security: DEFAULT_SECURITY_CONFIG,
      resolverUrl: 'http://id.test',
      shortUrl: 'http://s.test',
      apiUrl: 'http://api.test',
      customDomainScheme: 'https',
    },
    clock: () => clock.now,
    logger,
    mailer: options.mailer === 'memory' ? memory : (options.mailer ?? null),
    signInLimiter: createRateLimiter(
      options.signInLimits ?? {
        client: { burst: 1000, perMinute: 1000 },
        address: { burst: 1000, perMinute: 1000 },
      },
      () => clock.now,
    ),
    ...(options.budgets === undefined
      ? {}
      : {
          budgets: createDashboardBudgets(
            {
              ...DEFAULT_SECURITY_CONFIG,
              drawingLimits: options.budgets.drawing,
              fileWorkLimits: options.budgets.files,
            },
            () => clock.now,
          ),
        }),
  })
  const origin = options.origin ?? ORIGIN
  return { origin, database, dashboard, logger, clock, orgIds, userIds, sent, close: () => database.close() }
}

/**
 * Opens a harness for the current test file (before its tests, closed after them) and stands for it: its properties
 * read the open harness's.
 */
export function useHarness(options: HarnessOptions = {}): Harness {
  const current = useFileFixture(
    'the dashboard harness',
    () => openHarness(options),
    (h) => h.close(),
  )
  return new Proxy({} as Harness, {
    get: (_, key) => Reflect.get(current(), key),
    // Spreading it (`{ ...h, dashboard }`) copies the open harness's properties.
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(current(), key)
      return descriptor === undefined ? undefined : { ...descriptor, configurable: true }
    },
  })
}

/** A browser of one person: keeps the session cookie, sends Origin and the CSRF token like the pages do. */
export interface Browser {
  get(path: string, headers?: Record<string, string>): Promise<Response>
  /**
   * Posts a form as the page would: Origin set, the session's CSRF token added unless `csrf` is given, and a new
   * one-time form id unless `fields` has one.
   */
  post(
    path: string,
    fields?: Record<string, string | string[]>,
    options?: {
      csrf?: string | null
      origin?: string | null
      headers?: Record<string, string>
      /** Leaves out the one-time form id a page's form carries (a fresh one is added unless `fields` has one). */
      once?: null
    },
  ): Promise<Response>
  readonly cookie: string | null
  readonly csrf: string | null
}

export function browser(h: Harness): Browser {
  const jar = { value: null as string | null, name: 'session' }
  const base = h.origin
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const [name, value] = (pair ?? '').split('=')
      jar.name = name ?? 'session'
      jar.value = /Max-Age=0/.test(line) || !value ? null : value
    }
    return response
  }
  const cookieHeader = (): Record<string, string> =>
    jar.value === null ? {} : { cookie: `${jar.name}=${jar.value}` }
  return {
    get cookie() {
      return jar.value
    },
    get csrf() {
      return jar.value === null ? null : deriveToken(jar.value, 'csrf')
    },
    async get(path, headers = {}) {
      return keep(await h.dashboard(new Request(base + path, { headers: { ...cookieHeader(), ...headers } })))
    },
    async post(path, fields = {}, options = {}) {
      const form = new URLSearchParams()
      for (const [k, v] of Object.entries(fields)) for (const item of [v].flat()) form.append(k, item)
      const csrf =
        options.csrf === undefined
          ? jar.value === null
            ? null
            : deriveToken(jar.value, 'csrf')
          : options.csrf
      if (csrf !== null) form.set('csrf', csrf)
      if (options.once !== null && !form.has('once')) form.set('once', newFormId())
      const headers: Record<string, string> = {
        'content-type': 'application/x-www-form-urlencoded',
        ...cookieHeader(),
        ...options.headers,
      }
      const origin = options.origin === undefined ? base : options.origin
      if (origin !== null) headers.origin = origin
      // A browser declares the length of a form it sends.
      const body = form.toString()
      headers['content-length'] ??= String(Buffer.byteLength(body))
      return keep(await h.dashboard(new Request(base + path, { method: 'POST', headers, body })))
    },
  }
}

/** A browser signed in as one of the fixture's people. */
export async function signedIn(h: Harness, person: Person): Promise<Browser> {
  const b = browser(h)
  const response = await b.post('/sign-in', { email: PEOPLE[person].email, password: PASSWORD })
  if (response.status !== 303 || b.cookie === null)
    throw new Error(`sign-in of ${person} failed: ${response.status}`)
  return b
}

/** The visible text of an HTML body, tags removed and whitespace collapsed (for assertions on what people read). */
export function textOf(body: string): string {
  return (
    body
      .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
      // Inline elements join their text to the words around them; every other tag separates words.
      .replace(/<\/?(strong|em|code|span|a|abbr|time)\b[^>]*>/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/\s+/g, ' ')
      .trim()
  )
}
