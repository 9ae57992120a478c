/**
 * The GS1 Company Prefixes of organizations (DESIGN §12): recorded by an operator, never overlapping between two
 * organizations; an import then refuses entries and rules outside their organization's (`Catalog.Ownership`).
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import { companyPrefixProblem } from '../../catalog/company-prefix.ts'
import type { Db, Tx } from '../../db/database.ts'
import { companyPrefixes, organizations } from '../../db/schema.ts'
import { type Actor, CLI_ACTOR, recordAudit } from '../audit.ts'

export type PrefixResult =
  | { ok: true; prefixes: string[] }
  | { ok: false; reason: 'unknown' | 'invalid' | 'taken'; message: string }

async function organizationId(db: Db | Tx, slug: string): Promise<string | null> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.slug, slug))
  return row?.id ?? null
}

/** The prefixes of the organization with this ID, in order (none recorded: none). */
export async function prefixesOf(db: Db | Tx, id: string): Promise<string[]> {
  const rows = await db
    .select({ prefix: companyPrefixes.prefix })
    .from(companyPrefixes)
    .where(eq(companyPrefixes.organizationId, id))
    .orderBy(asc(companyPrefixes.prefix))
  return rows.map((r) => r.prefix)
}

/** The organization's prefixes in order, or null when no organization has that slug. */
export async function listCompanyPrefixes(db: Db, slug: string): Promise<string[] | null> {
  const id = await organizationId(db, slug)
  return id === null ? null : prefixesOf(db, id)
}

/**
 * Records a prefix for the organization. Refused when it is not 4 to 12 digits, or overlaps one of another
 * organization's (either starts the other). Adding one it holds changes nothing. Audited.
 */
export async function addCompanyPrefix(
  db: Db,
  slug: string,
  prefix: string,
  actor: Actor = CLI_ACTOR,
): Promise<PrefixResult> {
  const problem = companyPrefixProblem(prefix)
  if (problem !== null) return { ok: false, reason: 'invalid', message: problem }
  return db.transaction(async (tx) => {
    const id = await organizationId(tx, slug)
    if (id === null) return unknown(slug)
    await lockCompanyPrefixes(tx)
    const [other] = await tx
      .select({ prefix: companyPrefixes.prefix, slug: organizations.slug })
      .from(companyPrefixes)
      .innerJoin(organizations, eq(companyPrefixes.organizationId, organizations.id))
      .where(
        and(
          ne(companyPrefixes.organizationId, id),
          sql`(${companyPrefixes.prefix} like ${`${prefix}%`} or ${prefix} like ${companyPrefixes.prefix} || '%')`,
        ),
      )
      .limit(1)
    if (other !== undefined)
      return {
        ok: false,
        reason: 'taken',
        message: `${prefix} overlaps ${other.prefix} of organization '${other.slug}'`,
      } as const
    const added = await tx
      .insert(companyPrefixes)
      .values({ prefix, organizationId: id })
      .onConflictDoNothing()
      .returning({ prefix: companyPrefixes.prefix })
    if (added.length > 0) await auditPrefix(tx, { id, slug }, 'add', prefix, actor)
    return { ok: true, prefixes: await prefixesOf(tx, id) } as const
  })
}

/** Removes a prefix of the organization (one it does not hold changes nothing). Audited. */
export async function removeCompanyPrefix(
  db: Db,
  slug: string,
  prefix: string,
  actor: Actor = CLI_ACTOR,
): Promise<PrefixResult> {
  return db.transaction(async (tx) => {
    const id = await organizationId(tx, slug)
    if (id === null) return unknown(slug)
    const removed = await tx
      .delete(companyPrefixes)
      .where(and(eq(companyPrefixes.organizationId, id), eq(companyPrefixes.prefix, prefix)))
      .returning({ prefix: companyPrefixes.prefix })
    if (removed.length > 0) await auditPrefix(tx, { id, slug }, 'remove', prefix, actor)
    return { ok: true, prefixes: await prefixesOf(tx, id) } as const
  })
}

function unknown(slug: string) {
  return { ok: false, reason: 'unknown', message: `organization '${slug}' does not exist` } as const
}

/** One writer of prefixes at a time: two organizations taking overlapping prefixes at once must not both succeed. */
export async function lockCompanyPrefixes(tx: Tx): Promise<void> {
  await tx.execute(sql`lock table ${companyPrefixes} in share row exclusive mode`)
}

/**
 * Every recorded prefix → its organization's slug: what an import checks entries and given prefixes against. One
 * query without parameters; the table holds the prefixes organizations are licensed, a few per organization.
 */
export async function allPrefixOwners(db: Db | Tx): Promise<Map<string, string>> {
  const rows = await db
    .select({ prefix: companyPrefixes.prefix, slug: organizations.slug })
    .from(companyPrefixes)
    .innerJoin(organizations, eq(companyPrefixes.organizationId, organizations.id))
  return new Map(rows.map((r) => [r.prefix, r.slug]))
}

/**
 * Writes a change of the organization's prefixes an import has checked under `lockCompanyPrefixes`: `removed` it held,
 * `added` it did not; each audited as the CLI's.
 */
export async function changePrefixes(
  tx: Tx,
  organization: { readonly id: string; readonly slug: string },
  change: { readonly removed: readonly string[]; readonly added: readonly string[] },
  actor: Actor,
): Promise<void> {
  const { removed, added } = change
  if (removed.length > 0)
    await tx
      .delete(companyPrefixes)
      .where(
        and(
          eq(companyPrefixes.organizationId, organization.id),
          inArray(companyPrefixes.prefix, [...removed]),
        ),
      )
  if (added.length > 0)
    await tx
      .insert(companyPrefixes)
      .values(added.map((prefix) => ({ prefix, organizationId: organization.id })))
  for (const prefix of removed) await auditPrefix(tx, organization, 'remove', prefix, actor)
  for (const prefix of added) await auditPrefix(tx, organization, 'add', prefix, actor)
}

async function auditPrefix(
  tx: Tx,
  organization: { readonly id: string; readonly slug: string },
  change: 'add' | 'remove',
  prefix: string,
  actor: Actor,
): Promise<void> {
  await recordAudit(tx, {
    organizationId: organization.id,
    actor,
    action: change === 'add' ? 'organization.prefix_add' : 'organization.prefix_remove',
    target: { kind: 'organization', id: organization.slug },
    summary: { prefix },
  })
}
