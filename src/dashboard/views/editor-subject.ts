/**
 * What the editor edits, and what it says and links for it: a product (by GTIN, under Products), or an item or a
 * prefix rule of another GS1 key (under Items and rules). One editor serves the three; only these differ.
 */
import {
  describeEntry,
  entryId,
  GTIN_KEY,
  isGtinEntry,
  isRuleEntry,
  keyOfEntry,
  ruleId,
  ruleMembers,
} from '../../catalog/entry-id.ts'
import { orgPath } from '../context.ts'
import { type EntryForm, valueField } from '../entry-form.ts'
import { entryKeys, keyLabel } from '../entry-keys.ts'
import { html, type SafeHtml } from '../html.ts'
import type { ProductForm } from '../product-form.ts'
import { type FieldNotes, input, noteText } from './editor-fields.ts'

export interface EditorSubject {
  /** The navigation section: `products`, or `items`. */
  readonly section: string
  /** `product`, `item`, `rule`: the word the page uses. */
  readonly noun: string
  /** The list it belongs to, and its name. */
  readonly list: { readonly path: string; readonly label: string }
  /** Where the form posts: the list's (create), or the stored entry's (save). */
  readonly action: string
  /** The stored entry's page; null for a new one. */
  readonly path: string | null
  /** The catalog identity (`gtin` column) of the stored entry; null for a new one. */
  readonly id: string | null
  /** The heading of a stored entry without a name: its GTIN, or its key and value (`(414) 9506000000008`). */
  readonly unnamed: string
  /** What identifies it, under the heading (a stored entry). */
  readonly identity: SafeHtml
  /** The fields that identify a new entry: its GTIN, or its key and value (or prefix). */
  readonly newFields: (notes: FieldNotes) => SafeHtml
  /**
   * A stored entry's link to the Codes page: with a product's GTIN or an item's key and value filled in, a rule's key
   * (a code is of one value it answers, which the Codes page asks for).
   */
  readonly codePath: string | null
}

/** True when the form is an item's or a rule's. */
export function isEntryForm(f: ProductForm): f is EntryForm {
  return 'kind' in f
}

/** What names the entry in a form: a product's GTIN, or an item's or rule's key and value (or prefix). */
export type SubjectFields = Pick<ProductForm, 'gtin'> | EntryIdentity

type EntryIdentity = Pick<EntryForm, 'kind' | 'key' | 'value'>

/** The subject of a form: `stored` when the entry exists (its form was read from the catalog). */
export function editorSubject(slug: string, f: SubjectFields, stored: boolean): EditorSubject {
  return 'kind' in f ? entrySubject(slug, f, stored) : productSubject(slug, f, stored)
}

function productSubject(slug: string, f: Pick<ProductForm, 'gtin'>, stored: boolean): EditorSubject {
  const path = stored ? orgPath(slug, `/products/${f.gtin}`) : null
  return {
    section: 'products',
    noun: 'product',
    list: { path: orgPath(slug, '/products'), label: 'Products' },
    action: path ?? orgPath(slug, '/products'),
    path,
    id: stored ? f.gtin : null,
    unnamed: f.gtin,
    identity: html`GTIN <code>${f.gtin}</code>`,
    newFields: (notes) =>
      input('gtin', 'GTIN', f.gtin, notes, {
        hint: '8, 12, 13 or 14 digits, with the check digit.',
        inputmode: 'numeric',
      }),
    codePath: stored ? codesPath(slug, { key: GTIN_KEY, value: f.gtin }) : null,
  }
}

/** The page of a stored item or rule: `/items/{key}/{value}`, `/rules/{key}/{prefix}`. */
export function entryPath(slug: string, f: EntryIdentity): string {
  const list = f.kind === 'rule' ? 'rules' : 'items'
  return orgPath(slug, `/${list}/${encodeURIComponent(f.key)}/${encodeURIComponent(f.value)}`)
}

/** The page of the stored entry with identity `id` (`src/catalog/entry-id.ts`): a product's, an item's or a rule's. */
export function pathOfEntry(slug: string, id: string): string {
  if (isGtinEntry(id)) return orgPath(slug, `/products/${id}`)
  if (!isRuleEntry(id)) return entryPath(slug, { kind: 'item', ...keyOfEntry(id) })
  const { key, prefix } = ruleMembers(id)
  return entryPath(slug, { kind: 'rule', key, value: prefix })
}

function entrySubject(slug: string, f: EntryIdentity, stored: boolean): EditorSubject {
  const path = stored ? entryPath(slug, f) : null
  const rule = f.kind === 'rule'
  const id = rule ? ruleId(f.key, f.value) : entryId(f.key, f.value)
  return {
    section: 'items',
    noun: f.kind,
    list: { path: orgPath(slug, '/items'), label: 'Items and rules' },
    action: path ?? orgPath(slug, rule ? '/rules' : '/items'),
    path,
    id: stored ? id : null,
    unnamed: describeEntry(id),
    identity: rule
      ? html`${keyLabel(f.key)}, every value starting with <code>${f.value}</code>`
      : html`${keyLabel(f.key)} <code>${f.value}</code>`,
    newFields: (notes) => html`${keySelect(f, notes)}
${input(valueField(f.kind), rule ? 'Prefix' : 'Value', f.value, notes, {
  hint: rule
    ? 'The start of the values this rule answers, such as a GS1 Company Prefix (after an SSCC’s extension digit, a GRAI’s 0); values with an item of their own, or a longer rule, are answered by that.'
    : 'As in its Digital Link or after the AI in brackets: with its check digit or check characters where the key has them.',
  autocomplete: 'off',
})}`,
    codePath: stored ? codesPath(slug, rule ? { key: f.key } : { key: f.key, value: f.value }) : null,
  }
}

/** The Codes page with the form's key (and value) filled in. */
function codesPath(slug: string, fields: { key: string; value?: string }): string {
  return orgPath(slug, `/codes?${new URLSearchParams(fields)}`)
}

/** The key select of a new item (every Digital Link primary key but the GTIN's) or rule (every one). */
function keySelect(f: EntryIdentity, notes: FieldNotes): SafeHtml {
  const described = [notes.errors.has('f-key') ? 'f-key-error' : null, 'f-key-hint'].filter((x) => x !== null)
  return html`<div><label for="f-key">Key</label><select id="f-key" name="key" aria-describedby="${described.join(' ')}"${
    notes.errors.has('f-key') ? html` aria-invalid="true"` : null
  }>${f.key === '' ? html`<option value="" selected>Choose a key</option>` : null}${entryKeys(f.kind).map(
    (k) =>
      html`<option value="${k.key}"${k.key === f.key ? html` selected` : null}>${keyLabel(k.key)}</option>`,
  )}</select><span class="hint" id="f-key-hint">The GS1 key of its Digital Links (<code>/{key}/{value}</code>); ${
    f.kind === 'rule' ? 'a rule of GTINs (01) answers those no product lists.' : 'GTINs (01) are products.'
  }</span>${noteText('f-key', notes)}</div>`
}
