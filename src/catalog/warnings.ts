/**
 * What a valid catalog holds that visitors would find wanting, reported beside an import (never refused): a hosted
 * page with a title in a language but neither text nor image in it, which shows only a notice; a published entry
 * without a name in its default language, which scanners' pages and the linkset then leave out.
 */
import { type Issue, issue } from '../gs1/issue.ts'
import type { CatalogPageEntry, CatalogProductEntry } from './schema.ts'
import { entryPath, type ValidCatalog } from './validate-types.ts'

export const NO_TEXT_WARNING = 'Catalog.NoText'
export const NO_NAME_WARNING = 'Catalog.NoName'

/** Most warnings listed; the count of the rest is in the last one's message. */
export const MAX_WARNINGS = 100

function pageWarnings(page: CatalogPageEntry, path: string): Issue[] {
  if (page.href !== undefined || page.image !== undefined) return []
  return Object.keys(page.titles).flatMap((lang) =>
    (page.content?.[lang] ?? '').trim() === ''
      ? [
          issue(
            NO_TEXT_WARNING,
            `${path}.content.${lang}`,
            `the page has a title in '${lang}' but no text: visitors would see only a notice`,
          ),
        ]
      : [],
  )
}

/** A published entry without a name in its default language (names are optional in the catalog). */
function nameWarnings(entry: CatalogProductEntry, path: string): Issue[] {
  const lang = entry.defaultLanguage
  if (entry.published === false || (entry.names?.[lang] ?? '').trim() !== '') return []
  return [
    issue(
      NO_NAME_WARNING,
      `${path}.names.${lang}`,
      `no name in the default language '${lang}': scanners' pages and the linkset show none`,
    ),
  ]
}

function entryWarnings(entry: CatalogProductEntry, path: string): Issue[] {
  return [
    ...nameWarnings(entry, path),
    ...entry.pages.flatMap((page, j) => pageWarnings(page, `${path}.pages[${j}]`)),
    ...Object.entries(entry.lots ?? {}).flatMap(([lot, lotEntry]) =>
      lotEntry.pages.flatMap((page, j) =>
        pageWarnings(page, `${path}.lots[${JSON.stringify(lot)}].pages[${j}]`),
      ),
    ),
  ]
}

/** The last warning listed when there are more than MAX_WARNINGS: how many more, of which codes. */
function leftOffWarning(rest: readonly Issue[]): Issue {
  const codes = [...new Set(rest.map((w) => w.code))]
  return issue(
    codes[0] ?? NO_TEXT_WARNING,
    null,
    `${rest.length} more warnings (${codes.join(', ')}) are not listed`,
  )
}

/**
 * The warnings of the file's entries at their JSON paths (`products[i]`, `items[i]`, `rules[i]`, as `lists` places
 * them; a list of products alone when left out), at most MAX_WARNINGS of them.
 */
export function catalogWarnings(
  entries: readonly CatalogProductEntry[],
  lists: Pick<ValidCatalog, 'itemsFrom' | 'rulesFrom'> = {},
): Issue[] {
  const all = entries.flatMap((p, i) => entryWarnings(p, entryPath(lists, i)))
  if (all.length <= MAX_WARNINGS) return all
  return [...all.slice(0, MAX_WARNINGS - 1), leftOffWarning(all.slice(MAX_WARNINGS - 1))]
}
