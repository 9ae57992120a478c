/**
 * The editor's form for an entry of another GS1 key than the GTIN (DESIGN §12): an item (a key and its value) or a
 * prefix rule (a key and the prefix of the values it answers), with everything a product's form has. Pure: no I/O.
 */
import { isRuleEntry, keyOfEntry, ruleMembers } from '../catalog/entry-id.ts'
import { validateCatalog } from '../catalog/validate.ts'
import type { Issue } from '../gs1/issue.ts'
import { relativeToEntry } from '../services/catalog/entries.ts'
import type { CanonicalProduct } from '../services/catalog/rows.ts'
import { isEntryKey } from './entry-keys.ts'
import { emptyForm, formOfProduct, type ProductForm, productBody, readProductForm } from './product-form.ts'

/** An item answers one value of its key; a rule every value that starts with its prefix. */
export type EntryKind = 'item' | 'rule'

/** The form of an item or rule: a product's, and the entry's key and its value (an item's) or prefix (a rule's). */
export interface EntryForm extends ProductForm {
  readonly kind: EntryKind
  /** The Digital Link primary key's AI: `414`. */
  readonly key: string
  /** The item's value, or the rule's prefix, as typed or stored. */
  readonly value: string
}

/** The member of the import format (and the form field) that holds an entry's value: `value`, or `prefix`. */
export function valueField(kind: EntryKind): 'value' | 'prefix' {
  return kind === 'rule' ? 'prefix' : 'value'
}

export function emptyEntryForm(kind: EntryKind, defaults: { brand: string; language: string }): EntryForm {
  return { ...emptyForm(defaults), kind, key: '', value: '' }
}

/** What an item's or rule's identity (`src/catalog/entry-id.ts`) names: its kind, key, and value or prefix. */
export function entryIdentity(id: string): Pick<EntryForm, 'kind' | 'key' | 'value'> {
  if (isRuleEntry(id)) {
    const { key, prefix } = ruleMembers(id)
    return { kind: 'rule', key, value: prefix }
  }
  const { key, value } = keyOfEntry(id)
  return { kind: 'item', key, value }
}

/** A stored item or rule (its identity in `gtin`) as the form shows it. */
export function formOfEntry(entry: CanonicalProduct): EntryForm {
  return { ...formOfProduct(entry), gtin: '', ...entryIdentity(entry.gtin) }
}

/** Reads the posted fields of an entry of `kind`: the key and its value or prefix, then the product's fields. */
export function readEntryForm(form: URLSearchParams, kind: EntryKind): EntryForm {
  return {
    ...readProductForm(form),
    gtin: '',
    kind,
    key: (form.get('key') ?? '').trim(),
    value: (form.get(valueField(kind)) ?? '').trim(),
  }
}

/** The entry in the import format's `items` (key, value) or `rules` (key, prefix) shape. */
export function entryBody(f: EntryForm): Record<string, unknown> {
  return { key: f.key, [valueField(f.kind)]: f.value, ...productBody(f) }
}

/**
 * What the form refuses of a new entry's identity before the catalog sees it: no key chosen (or one the editor does
 * not offer), and an item's value ending in `*`, which spells a rule's identity.
 */
export function identityRefusal(form: EntryForm): Issue | null {
  if (!isEntryKey(form.key, form.kind)) {
    const message = 'Choose the GS1 key of its Digital Links.'
    return { code: 'Catalog.Key', path: 'key', message }
  }
  if (form.kind === 'item' && form.value.endsWith('*')) {
    const message =
      'A value ending in * cannot be stored: for every value that starts alike, make a prefix rule.'
    return { code: 'Catalog.Key', path: 'value', message }
  }
  return null
}

/** A key and a value (or prefix) it takes, standing in for a refused identity while the rest is checked. */
const ANY_KEY = '401'
const ANY_VALUE = '9506'

/**
 * What else is wrong with a new entry whose identity is refused: the rest is checked as if it were valid (against
 * the organization's brands), so that the form lists every error at once instead of one more on each submit.
 */
export function otherErrors(form: EntryForm, brands: readonly string[]): Issue[] {
  const known = { organizations: new Set<string>(), brands: new Set(brands), domains: new Map() }
  const list = form.kind === 'rule' ? 'rules' : 'items'
  const standIn = { ...entryBody(form), key: ANY_KEY, [valueField(form.kind)]: ANY_VALUE }
  const checked = validateCatalog({ [list]: [standIn] }, known)
  if (checked.ok) return []
  const identity = ['key', valueField(form.kind)]
  return checked.errors.map(relativeToEntry(list)).filter((e) => !identity.includes(e.path ?? ''))
}
