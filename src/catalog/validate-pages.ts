/** Validation of one page: its link type and languages, hosted or external, its link or image, its window; and of lots. */
import { aiInfo } from '../gs1/ai-table.ts'
import { checkAiValue } from '../gs1/ai-value.ts'
import { type Issue, issue, quote } from '../gs1/issue.ts'
import { isSelectableLinkType, toLinkTypeName } from '../gs1/link-types.ts'
import { duplicates } from './duplicates.ts'
import { hrefProblem, templateVariables } from './href.ts'
import type { CatalogLotEntry, CatalogPageEntry } from './schema.ts'

/** One page of a product or of a lot; `languages` are the product's. */
export function checkPage(page: CatalogPageEntry, languages: ReadonlySet<string>, path: string): Issue[] {
  return [
    ...checkLinkType(page, path),
    ...checkLanguages(page, languages, path),
    ...checkKind(page, path),
    ...checkHrefs(page, path),
    ...checkImage(page, path),
    ...checkWindow(page, path),
  ]
}

function checkLinkType(page: CatalogPageEntry, path: string): Issue[] {
  const name = page.linkType.startsWith('gs1:') ? toLinkTypeName(page.linkType) : null
  if (name !== null && `gs1:${name}` === page.linkType && isSelectableLinkType(name)) return []
  return [
    issue(
      'Catalog.LinkType',
      `${path}.linkType`,
      `${JSON.stringify(page.linkType)} is not a GS1 Web Vocabulary page link type; expected a CURIE such as gs1:pip`,
    ),
  ]
}

/** Titles in the product's languages; content, hrefs and image texts only in languages the page has a title in. */
function checkLanguages(page: CatalogPageEntry, languages: ReadonlySet<string>, path: string): Issue[] {
  const errors: Issue[] = []
  for (const lang of Object.keys(page.titles)) {
    if (!languages.has(lang))
      errors.push(
        issue(
          'Catalog.Language',
          `${path}.titles.${lang}`,
          `'${lang}' is not one of the product's languages`,
        ),
      )
  }
  const titled = (field: string, perLanguage: object | undefined) => {
    for (const lang of Object.keys(perLanguage ?? {})) {
      if (page.titles[lang] === undefined)
        errors.push(
          issue(
            'Catalog.Language',
            `${path}.${field}.${lang}`,
            `${field} in '${lang}' needs a title in '${lang}'`,
          ),
        )
    }
  }
  titled('content', page.content)
  titled('image.alt', page.image?.alt)
  if (typeof page.href === 'object') {
    titled('href', page.href)
    for (const lang of Object.keys(page.titles)) {
      if (page.href[lang] === undefined)
        errors.push(
          issue(
            'Catalog.Link',
            `${path}.href`,
            `the page is published in '${lang}' but has no link in '${lang}'`,
          ),
        )
    }
  }
  return errors
}

/** A page is hosted (text, image) or external (href, type): never both. */
function checkKind(page: CatalogPageEntry, path: string): Issue[] {
  const external = page.href !== undefined
  const misplaced = external
    ? (['content', 'image'] as const).filter((f) => page[f] !== undefined)
    : (['type'] as const).filter((f) => page[f] !== undefined)
  return misplaced.map((field) =>
    issue(
      'Catalog.PageKind',
      `${path}.${field}`,
      external
        ? `an external page (with href) has no hosted ${field}`
        : `only an external page (with href) has a ${field}`,
    ),
  )
}

function checkHrefs(page: CatalogPageEntry, path: string): Issue[] {
  if (page.href === undefined) return []
  const hrefs: [string, string][] =
    typeof page.href === 'string'
      ? [[`${path}.href`, page.href]]
      : Object.entries(page.href).map(([l, h]) => [`${path}.href.${l}`, h])
  return hrefs.flatMap(([at, href]) => {
    const problem = hrefProblem(href)
    return problem === null ? [] : [issue('Catalog.Link', at, `${quote(href)}: ${problem}`)]
  })
}

function checkImage(page: CatalogPageEntry, path: string): Issue[] {
  const src = page.image?.src
  if (src === undefined) return []
  const problem =
    templateVariables(src)?.length !== 0 ? 'an image has no template variables' : hrefProblem(src)
  if (problem === null && /^https:/i.test(src)) return []
  return [
    issue('Catalog.Link', `${path}.image.src`, `${quote(src)}: ${problem ?? 'an image is an https URL'}`),
  ]
}

/** `validFrom` and `validUntil`: real instants, never on the default page, the end after the start. */
function checkWindow(page: CatalogPageEntry, path: string): Issue[] {
  const errors: Issue[] = []
  const from = instant(page.validFrom)
  const until = instant(page.validUntil)
  for (const [field, value, at] of [
    ['validFrom', page.validFrom, from],
    ['validUntil', page.validUntil, until],
  ] as const) {
    if (value === undefined) continue
    if (page.default === true)
      errors.push(
        issue('Catalog.Window', `${path}.${field}`, 'the default page is always valid; it has no window'),
      )
    else if (Number.isNaN(at))
      errors.push(issue('Catalog.Window', `${path}.${field}`, `${quote(value)} is no real instant`))
  }
  if (!Number.isNaN(from) && !Number.isNaN(until) && until <= from)
    errors.push(issue('Catalog.Window', `${path}.validUntil`, 'the window ends before it starts'))
  return errors
}

/** Epoch milliseconds of an RFC 3339 date-time the schema has checked the shape of; NaN when absent or unreal. */
export function instant(value: string | undefined): number {
  if (value === undefined) return Number.NaN
  const ms = Date.parse(value)
  // Date.parse rolls 2027-02-30 over to March: a real instant prints back to the same date.
  return Number.isNaN(ms) || !sameCalendarDate(value, ms) ? Number.NaN : ms
}

function sameCalendarDate(value: string, ms: number): boolean {
  const offset = /([+-])(\d{2}):(\d{2})$/.exec(value)
  const minutes =
    offset === null ? 0 : (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3]))
  return new Date(ms + minutes * 60_000).toISOString().slice(0, 10) === value.slice(0, 10)
}

const LOT_AI = aiInfo('10')

/**
 * The lots of a product: each a valid AI (10) value; their pages as pages, never marked default, named once per lot;
 * one replacing the default page (by its name) has no window.
 */
export function checkLots(
  lots: Readonly<Record<string, CatalogLotEntry>> | undefined,
  languages: ReadonlySet<string>,
  path: string,
  defaultName: string | undefined,
): Issue[] {
  const errors: Issue[] = []
  for (const [lot, entry] of Object.entries(lots ?? {})) {
    const at = `${path}.lots[${JSON.stringify(lot)}]`
    const problem = LOT_AI === undefined ? null : checkAiValue(LOT_AI, lot)
    if (problem !== null) errors.push(issue('Catalog.Lot', at, `lot ${quote(lot)}: ${problem.message}`))
    errors.push(
      ...duplicates(
        entry.pages,
        (p) => p.name,
        (i) => `${at}.pages[${i}].name`,
        'page',
      ),
    )
    entry.pages.forEach((page, j) => {
      if (page.default === true)
        errors.push(
          issue(
            'Catalog.Lot',
            `${at}.pages[${j}].default`,
            "a lot's page is never marked default; one named like the product's default page replaces it",
          ),
        )
      if (page.name === defaultName && (page.validFrom ?? page.validUntil) !== undefined)
        errors.push(
          issue(
            'Catalog.Window',
            `${at}.pages[${j}]`,
            "a lot's page that replaces the default page is always valid; it has no window",
          ),
        )
      errors.push(...checkPage(page, languages, `${at}.pages[${j}]`))
    })
  }
  return errors
}
