/** The Items and rules list: an organization's items by key and value, its prefix rules by key and prefix. */

import { brandRefs } from '../../services/catalog/brands.ts'
import { type EntryFilter, ITEMS, listEntries, RULES } from '../../services/catalog/entries.ts'
import type { OrgContext } from '../context.ts'
import { isEntryKey } from '../entry-keys.ts'
import { pageAnswer } from '../http.ts'
import { type EntryQuery, entriesPage } from '../views/entries.ts'

/** Items, and rules, per page of the list. */
export const ENTRIES_PAGE_SIZE = 50

const DONE: Readonly<Record<string, string>> = {
  'deleted-item':
    'The item is deleted: its scans go to a prefix rule that answers them, or answer “not found”.',
  'deleted-rule':
    'The rule is deleted: scans of its values go to a shorter rule of their key, or answer “not found”.',
}

function readQuery(query: URLSearchParams): EntryQuery {
  const published = query.get('published')
  const show = query.get('show')
  const key = query.get('key') ?? ''
  const shown = show === 'items' || show === 'rules' ? show : ''
  const after = query.get('after') ?? ''
  const cursorOf = shown === 'items' ? ITEMS : shown === 'rules' ? RULES : null
  return {
    q: (query.get('q') ?? '').slice(0, 200),
    key: isEntryKey(key, 'rule') ? key : '',
    brand: query.get('brand') ?? '',
    published: published === 'yes' || published === 'no' ? published : '',
    show: shown,
    // A cursor pages one list: the one `show` names.
    after: cursorOf?.isIdentity(after) === true ? after : '',
  }
}

export async function entryList(ctx: OrgContext): Promise<Response> {
  const query = readQuery(ctx.query)
  const db = ctx.deps.database.db
  const organization = ctx.membership.organization.id
  const filter: EntryFilter = {
    limit: ENTRIES_PAGE_SIZE,
    ...(query.q ? { q: query.q } : {}),
    ...(query.key ? { key: query.key } : {}),
    ...(query.brand ? { brand: query.brand } : {}),
    ...(query.published ? { published: query.published === 'yes' } : {}),
    ...(query.after ? { after: query.after } : {}),
  }
  const none = { items: [], next: null }
  const [items, rules, brands] = await Promise.all([
    query.show === 'rules' ? none : listEntries(db, ITEMS, organization, filter),
    query.show === 'items' ? none : listEntries(db, RULES, organization, filter),
    brandRefs(db, organization),
  ])
  const done = DONE[ctx.query.get('done') ?? ''] ?? null
  return pageAnswer(ctx.https, entriesPage(ctx, { query, brands, items, rules, done }))
}
