/**
 * The dashboard's reading of the organization's stored items and rules, through the catalog's entry service: by the
 * identity a page's address names, in the products' canonical form the editor and the scan preview take.
 */
import { entryId, ruleId } from '../catalog/entry-id.ts'
import {
  type EntryKind as CatalogKind,
  type EntryOf,
  getEntry,
  type Identity,
  ITEMS,
  RULES,
} from '../services/catalog/entries.ts'
import type { CanonicalProduct } from '../services/catalog/rows.ts'
import type { OrgContext } from './context.ts'
import type { EntryForm, EntryKind } from './entry-form.ts'

/** The catalog service's kind of each. */
export const CATALOG_KINDS: Readonly<Record<EntryKind, CatalogKind<Identity>>> = { item: ITEMS, rule: RULES }

/** A stored entry in the products' canonical form, its identity in `gtin` (what the scan preview takes). */
export interface StoredEntry {
  readonly id: string
  readonly product: CanonicalProduct
  readonly etag: string
}

function canonical(id: string, entry: EntryOf<Identity>): CanonicalProduct {
  const { key: _key, value: _value, prefix: _prefix, ...rest } = entry as EntryOf<Identity> & Identity
  return { gtin: id, ...rest } as CanonicalProduct
}

/** The identity a page's address names (`/items/{key}/{value}`, `/rules/{key}/{prefix}`), or null when none can be. */
export function addressedId(ctx: Pick<OrgContext, 'params'>, kind: EntryKind): string | null {
  const named = CATALOG_KINDS[kind].identify(ctx.params)
  return named !== null && 'id' in named ? named.id : null
}

/** The organization's entry the address names, or null (none, another organization's, or no valid identity). */
export async function storedEntry(ctx: OrgContext, kind: EntryKind): Promise<StoredEntry | null> {
  const id = addressedId(ctx, kind)
  return id === null ? null : storedById(ctx, kind, id)
}

/** The organization's entry of this kind with identity `id`, or null. */
export async function storedById(ctx: OrgContext, kind: EntryKind, id: string): Promise<StoredEntry | null> {
  const found = await getEntry(ctx.deps.database.db, CATALOG_KINDS[kind], ctx.membership.organization.id, id)
  return found === null ? null : { id, product: canonical(id, found.entry), etag: found.etag }
}

/** The identity the form's key and value (or prefix) spell. */
export function formId(f: EntryForm): string {
  return f.kind === 'rule' ? ruleId(f.key, f.value) : entryId(f.key, f.value)
}
