/** Every dashboard page on a phone (390 × 844) in Debian's Chromium, for an owner, an editor and a viewer: axe and no sideways page. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Server } from 'bun'
import type { Page } from 'playwright-core'
import { addCompanyPrefix } from '../../src/services/catalog/company-prefixes.ts'
import { importCatalog } from '../../src/services/catalog/import.ts'
import { listClients } from '../../src/services/clients/api-clients.ts'
import { addScanCounts } from '../../src/services/scans/counts.ts'
import { type Harness, openHarness, PASSWORD, PEOPLE, type Person, signedIn } from '../dashboard/harness.ts'
import {
  axeViolations,
  type BrowserSession,
  browserSkipReason,
  launchBrowser,
  screenshot,
  seriousViolations,
} from '../support/browser.ts'
import { DATABASE_HOOK_TIMEOUT_MS } from '../support/db.ts'
import { scanRow } from '../support/scans.ts'

/** Generous: a dozen pages with axe each, on a machine that may be busy with other work. */
const TEST_MS = 240_000
const PAGE_TIMEOUT_MS = 30_000
const PHONE = { width: 390, height: 844 } as const
const GTIN = '09506000134352'
const GLN = '9506000000008'
const skip = browserSkipReason()
if (skip !== null) console.warn(skip)

type Role = 'viewer' | 'editor' | 'owner'
const RANK: Readonly<Record<Role, number>> = { viewer: 0, editor: 1, owner: 2 }

let server: Server<undefined> | undefined
let h: Harness | undefined
let session: BrowserSession | undefined
let origin = ''
let clientId = ''

/**
 * Acme with its GS1 Company Prefix, a product in two languages (a page linked elsewhere, a lot's page), an item of a
 * GLN with a lot, a prefix rule for SSCCs, an API client, a pending invitation, a custom domain request and scans.
 */
async function seed(harness: Harness): Promise<void> {
  const prefix = await addCompanyPrefix(harness.database.db, 'acme', '950600')
  if (!prefix.ok) throw new Error(prefix.message)
  const imported = await importCatalog(harness.database.db, {
    products: [
      {
        gtin: GTIN,
        brand: 'acme-oats',
        slug: 'oat-drink-barista-edition',
        defaultLanguage: 'en',
        languages: ['en', 'de'],
        names: { en: 'Oat drink, barista edition', de: 'Haferdrink, Barista-Edition' },
        pages: [
          {
            name: 'information',
            linkType: 'gs1:pip',
            default: true,
            titles: { en: 'Information', de: 'Informationen' },
          },
          { name: 'recipes', linkType: 'gs1:recipeInfo', titles: { de: 'Rezepte' } },
          {
            name: 'sustainability',
            linkType: 'gs1:sustainabilityInfo',
            titles: { en: 'Sustainability', de: 'Nachhaltigkeit' },
            href: {
              en: 'https://oats.example.com/en/sustainability/{gtin}?lot={lot}&utm_source=digital-link-label',
              de: 'https://oats.example.com/de/nachhaltigkeit/{gtin}?lot={lot}&utm_source=digital-link-label',
            },
            context: 'sustainability-report',
            validFrom: '2026-01-01T00:00:00+01:00',
          },
        ],
        lots: {
          'L2026-11-BARISTA-07': {
            pages: [
              {
                name: 'recall',
                linkType: 'gs1:recallStatus',
                titles: { en: 'Recall notice', de: 'Rückruf' },
                content: { en: 'Do **not** drink this lot.', de: 'Diese Charge **nicht** trinken.' },
                validUntil: '2027-06-30T23:59:59+02:00',
              },
            ],
          },
        },
      },
    ],
    items: [
      {
        key: '414',
        value: GLN,
        brand: 'acme-oats',
        slug: 'warehouse-north-loading-bays',
        defaultLanguage: 'en',
        languages: ['en', 'de'],
        names: { en: 'Warehouse north, loading bays 1 to 12', de: 'Lager Nord, Laderampen 1 bis 12' },
        pages: [
          {
            name: 'location',
            linkType: 'gs1:locationInfo',
            default: true,
            titles: { en: 'Where we are', de: 'Wo wir sind' },
            href: 'https://maps.example.com/gln/{value}?lang={language}&utm_source=digital-link-label',
          },
        ],
        lots: {
          'B2026-11-NIGHT-SHIFT': {
            pages: [{ name: 'hours', linkType: 'gs1:openingHoursInfo', titles: { en: 'Night shift hours' } }],
          },
        },
      },
    ],
    rules: [
      {
        key: '00',
        prefix: '0950600',
        brand: 'acme-oats',
        slug: 'pallets',
        defaultLanguage: 'en',
        languages: ['en'],
        names: { en: 'Every pallet we ship' },
        pages: [
          {
            name: 'tracking',
            linkType: 'gs1:traceability',
            default: true,
            titles: { en: 'Where this pallet is' },
            href: 'https://track.example.com/sscc/{value}?utm_source=digital-link-label',
          },
        ],
      },
    ],
  })
  if (!imported.ok) throw new Error(JSON.stringify(imported.errors))
  const owner = await signedIn(harness, 'owner')
  const steps = [
    await owner.post('/orgs/acme/clients', { name: 'Warehouse label printer', scope: 'write:codes' }),
    await owner.post('/orgs/acme/members/invite', { email: 'nora.newcomer@acme.example', role: 'viewer' }),
    await owner.post('/orgs/acme/brands/acme-oats/domain', { domain: 'oats.example.com' }),
  ]
  for (const response of steps)
    if (response.status >= 400) throw new Error(`seeding answered ${response.status}`)
  const listed = await listClients(harness.database.db, 'acme')
  clientId = listed.ok ? (listed.clients[0]?.clientId ?? '') : ''
  const today = new Date(harness.clock.now).toISOString().slice(0, 10)
  await addScanCounts(harness.database.db, [
    scanRow(harness.orgIds.acme as string, { day: today, language: 'de', count: 12, withLot: 3 }),
    scanRow(harness.orgIds.acme as string, { day: today, language: 'en', device: 'desktop', count: 5 }),
  ])
}

beforeAll(async () => {
  if (skip !== null) return
  let handler: (request: Request) => Promise<Response> = async () => new Response(null, { status: 503 })
  server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (request) => handler(request) })
  origin = `http://127.0.0.1:${server.port}`
  h = await openHarness({ origin })
  await seed(h)
  handler = h.dashboard
  session = await launchBrowser()
}, DATABASE_HOOK_TIMEOUT_MS)

afterAll(async () => {
  try {
    await session?.close()
  } finally {
    server?.stop(true)
    await h?.close()
  }
}, DATABASE_HOOK_TIMEOUT_MS)

/** Every page a member reaches by GET, with the least role that sees it. */
function pages(): readonly { readonly path: string; readonly role: Role }[] {
  const acme = '/orgs/acme'
  return [
    { path: '/orgs', role: 'viewer' },
    { path: '/account', role: 'viewer' },
    { path: acme, role: 'viewer' },
    { path: `${acme}/products`, role: 'viewer' },
    { path: `${acme}/products/${GTIN}`, role: 'viewer' },
    { path: `${acme}/products/new`, role: 'editor' },
    { path: `${acme}/products/${GTIN}/delete`, role: 'editor' },
    { path: `${acme}/items`, role: 'viewer' },
    { path: `${acme}/items?key=00&show=rules`, role: 'viewer' },
    { path: `${acme}/items/414/${GLN}`, role: 'viewer' },
    { path: `${acme}/rules/00/0950600`, role: 'viewer' },
    { path: `${acme}/rules/00/0950600?sample=09506001234`, role: 'viewer' },
    { path: `${acme}/items/new`, role: 'editor' },
    { path: `${acme}/rules/new`, role: 'editor' },
    { path: `${acme}/items/414/${GLN}/delete`, role: 'editor' },
    { path: `${acme}/rules/00/0950600/delete`, role: 'editor' },
    { path: `${acme}/catalog/import`, role: 'editor' },
    { path: `${acme}/codes`, role: 'viewer' },
    { path: `${acme}/codes?gtin=${GTIN}&serial=S-0001&host=resolver&symbol=qr`, role: 'viewer' },
    { path: `${acme}/scans`, role: 'viewer' },
    { path: `${acme}/clients`, role: 'viewer' },
    { path: `${acme}/clients/${clientId}/delete`, role: 'owner' },
    { path: `${acme}/members`, role: 'viewer' },
    { path: `${acme}/members/${h?.userIds.viewer}/remove`, role: 'owner' },
    { path: `${acme}/brands`, role: 'viewer' },
    { path: `${acme}/audit`, role: 'viewer' },
  ]
}

/** How a page fares at this width: the page's own sideways overflow, and tables that scroll but take no focus. */
interface NarrowReport {
  readonly overflow: number
  readonly unreachableScrollers: string[]
}

function narrowReport(page: Page): Promise<NarrowReport> {
  return page.evaluate(() => ({
    overflow: Math.max(0, document.documentElement.scrollWidth - window.innerWidth),
    unreachableScrollers: [...document.querySelectorAll<HTMLElement>('.table-wrap')]
      .filter((wrap) => wrap.scrollWidth > wrap.clientWidth)
      .filter((wrap) => wrap.tabIndex !== 0 || !wrap.getAttribute('aria-label'))
      .map((wrap) => wrap.querySelector('caption, th')?.textContent ?? wrap.outerHTML.slice(0, 80)),
  }))
}

async function signIn(page: Page, person: Person): Promise<void> {
  await page.goto(`${origin}/sign-in`)
  await page.getByLabel('Email').fill(PEOPLE[person].email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => url.pathname !== '/sign-in')
}

/** Visits each page the role may see, then checks axe (serious and critical) and the width on each. */
async function checkEveryPage(role: Role): Promise<void> {
  if (session === undefined) throw new Error('no browser')
  await session.context.clearCookies()
  const page = await session.newPage()
  page.setDefaultTimeout(PAGE_TIMEOUT_MS)
  page.setDefaultNavigationTimeout(PAGE_TIMEOUT_MS)
  try {
    await page.setViewportSize(PHONE)
    const visited: { path: string; status: number | undefined }[] = []
    const checked: { path: string; serious: string[]; report: NarrowReport }[] = []
    const check = async (path: string) => {
      const serious: string[] = []
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme })
        for (const v of seriousViolations(await axeViolations(page)))
          serious.push(`${scheme} ${v.id}: ${v.targets.join(', ')}`)
      }
      checked.push({ path, serious, report: await narrowReport(page) })
    }
    await page.goto(`${origin}/sign-in`)
    await check('/sign-in')
    await signIn(page, role)
    for (const { path, role: least } of pages()) {
      if (RANK[role] < RANK[least]) continue
      const response = await page.goto(`${origin}${path}`)
      visited.push({ path, status: response?.status() })
      await check(path)
    }
    expect(visited.filter((v) => v.status !== 200)).toEqual([])
    const clean = { serious: [], report: { overflow: 0, unreachableScrollers: [] } }
    expect(checked).toEqual(checked.map(({ path }) => ({ path, ...clean })))
  } finally {
    await page.close()
  }
}

describe.skipIf(skip !== null)('the dashboard on a phone (390 px)', () => {
  for (const role of ['owner', 'editor', 'viewer'] as const) {
    test(
      `as ${role === 'viewer' ? 'a' : 'an'} ${role}, no page scrolls sideways, tables that do are keyboard regions, and axe finds nothing serious`,
      () => checkEveryPage(role),
      TEST_MS,
    )
  }

  test(
    'a table wider than the phone is reached with Tab, shows its focus, and scrolls with the arrow keys',
    async () => {
      if (session === undefined) throw new Error('no browser')
      await session.context.clearCookies()
      const page = await session.newPage()
      page.setDefaultTimeout(PAGE_TIMEOUT_MS)
      page.setDefaultNavigationTimeout(PAGE_TIMEOUT_MS)
      try {
        await page.setViewportSize(PHONE)
        await signIn(page, 'viewer')
        await page.goto(`${origin}/orgs/acme/clients`)
        const region = page.getByRole('region', { name: 'API clients' })
        const focused = () => region.evaluate((e) => e === document.activeElement)
        for (let i = 0; i < 30 && !(await focused()); i++) await page.keyboard.press('Tab')
        expect(await focused()).toBe(true)
        expect(await region.evaluate((e) => getComputedStyle(e).outlineStyle)).toBe('solid')
        await screenshot(page, 'dashboard-clients-390-focused')
        await page.keyboard.press('ArrowRight')
        await page.waitForFunction(() => (document.querySelector('.table-wrap')?.scrollLeft ?? 0) > 0)
      } finally {
        await page.close()
      }
    },
    TEST_MS,
  )
})
