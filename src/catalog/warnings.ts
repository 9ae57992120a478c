/**
 * What a valid catalog holds that visitors would find wanting, reported beside an import (never refused): a hosted
 * page published in a language (it has a title there) with neither text nor image in it, which shows only a notice.
 */
import { type Issue, issue } from '../gs1/issue.ts'
import type { CatalogPageEntry, CatalogProductEntry } from './schema.ts'

export const NO_TEXT_WARNING = 'Catalog.NoText'

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
            `the page is published in '${lang}' with a title but no text: visitors see only a notice`,
          ),
        ]
      : [],
  )
}

/** The warnings of the file's products, at their JSON paths, at most MAX_WARNINGS of them. */
export function catalogWarnings(products: readonly CatalogProductEntry[]): Issue[] {
  const all = products.flatMap((p, i) => [
    ...p.pages.flatMap((page, j) => pageWarnings(page, `products[${i}].pages[${j}]`)),
    ...Object.entries(p.lots ?? {}).flatMap(([lot, entry]) =>
      entry.pages.flatMap((page, j) =>
        pageWarnings(page, `products[${i}].lots[${JSON.stringify(lot)}].pages[${j}]`),
      ),
    ),
  ])
  if (all.length <= MAX_WARNINGS) return all
  const shown = all.slice(0, MAX_WARNINGS - 1)
  const rest = all.length - shown.length
  return [
    ...shown,
    issue(NO_TEXT_WARNING, null, `${rest} more pages are published in a language without text`),
  ]
}
