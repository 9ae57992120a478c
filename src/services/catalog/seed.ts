/** The demo data: the shipped demo catalog, one demo API client and a demo owner, for a zero-setup first start. */
import { eq, sql } from 'drizzle-orm'
import { DEMO_ORGANIZATION, DEMO_OWNER } from '../../catalog/demo.ts'
import demoCatalog from '../../catalog/demo-catalog.json' with { type: 'json' }
import type { Database, Tx } from '../../db/database.ts'
import { apiClients, organizations } from '../../db/schema.ts'
import { CLI_ACTOR } from '../audit.ts'
import { createClient } from '../clients/api-clients.ts'
import { createUser } from '../people/users.ts'
import { type ImportReport, importCatalog } from './import.ts'

export const DEMO_CLIENT_NAME = 'Demo client'

export interface DemoSeed {
  report: ImportReport
  /** The new demo client with its secret (shown once), or null when it already existed. */
  client: { clientId: string; clientSecret: string } | null
  /** The new demo owner with the token of its one-time set-password link (shown once), or null when it existed. */
  owner: { email: string; setPasswordToken: string } | null
}

/** True when the database holds no organization yet (a first start). */
export async function isEmpty(database: Database): Promise<boolean> {
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(organizations)
  return (row?.n ?? 0) === 0
}

/** True when the demo organization is in the database (the demo catalog was loaded). */
export async function hasDemoCatalog(database: Database): Promise<boolean> {
  const rows = await database.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.slug, DEMO_ORGANIZATION))
  return rows.length > 0
}

/**
 * Imports the demo catalog, creates the demo client unless the organization already has one and the demo owner unless
 * that account exists, in one transaction. `show` gets the new client's secret and the owner's set-password link
 * before the transaction commits: a secret that reached the database has always been shown, and when showing it fails
 * (or the process dies first) nothing is written, so a later seed shows new ones (issue #17: a failed first start
 * never loses the demo secret).
 */
export async function seedDemo(
  database: Database,
  clock: () => number,
  show: (seed: DemoSeed) => void = () => {},
): Promise<DemoSeed> {
  return database.db.transaction(async (tx) => {
    const imported = await importCatalog(tx, demoCatalog)
    if (!imported.ok) throw new Error(`the shipped demo catalog is invalid: ${imported.errors[0]?.message}`)
    const existing = await tx
      .select({ id: apiClients.id })
      .from(apiClients)
      .innerJoin(organizations, eq(apiClients.organizationId, organizations.id))
      .where(sql`${organizations.slug} = ${DEMO_ORGANIZATION} and ${apiClients.name} = ${DEMO_CLIENT_NAME}`)
    const owner = await createDemoOwner(tx, clock)
    if (existing.length > 0) return shown({ report: imported.report, client: null, owner }, show)
    const created = await createClient(tx, {
      actor: CLI_ACTOR,
      organizationSlug: DEMO_ORGANIZATION,
      name: DEMO_CLIENT_NAME,
      scopes: ['write:codes'],
      clock,
    })
    if (!created.ok) throw new Error(`cannot create the demo client: ${created.message}`)
    const client = { clientId: created.clientId, clientSecret: created.clientSecret }
    return shown({ report: imported.report, client, owner }, show)
  })
}

/** The demo owner, with a set-password link; null when the account exists (its link was shown when it was made). */
async function createDemoOwner(tx: Tx, clock: () => number): Promise<DemoSeed['owner']> {
  const input = { ...DEMO_OWNER, organizationSlug: DEMO_ORGANIZATION, role: 'owner', actor: CLI_ACTOR, clock }
  const created = await createUser(tx, input)
  if (created.ok) return { email: created.user.email, setPasswordToken: created.setPasswordToken }
  if (created.reason === 'exists') return null
  throw new Error(`cannot create the demo owner: ${created.message}`)
}

function shown(seed: DemoSeed, show: (seed: DemoSeed) => void): DemoSeed {
  show(seed)
  return seed
}
