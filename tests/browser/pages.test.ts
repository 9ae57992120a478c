/** The product pages, the linkset page and the error pages in Debian's Chromium, on a real Bun server (pages + resolver). */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Server } from 'bun'
import type { Page } from 'playwright-core'
import { createPagesHandler } from '../../src/pages/index.ts'
import type { ResolverConfig } from '../../src/resolver/config.ts'
import { createResolver } from '../../src/resolver/index.ts'
import { createMemoryCatalog } from '../../src/resolver/memory-catalog.ts'
import { NOW, products } from '../pages/fixtures.ts'
import {
  axeViolations,
  type BrowserSession,
  browserSkipReason,
  launchBrowser,
  screenshot,
  seriousViolations,
} from '../support/browser.ts'

/**
 * A test's whole time, and what one step (a navigation, a screenshot) may take of it: on a loaded machine a step
 * took over 10 s (the session's default). A generous bound costs nothing when the machine is idle, and a step stuck
 * for good still fails with its own message before the test's time is up.
 */
const TEST_MS = 60_000
const STEP_MS = 50_000
const SCAN = '/01/09506000134376/10/L-42?17=260331'
const skip = browserSkipReason()
if (skip !== null) console.warn(skip)

let server: Server<undefined> | undefined
let session: BrowserSession | undefined
let origin = ''

beforeAll(async () => {
  if (skip !== null) return
  let handler: (request: Request) => Promise<Response> = async () => new Response(null, { status: 503 })
  server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (request) => handler(request) })
  origin = `http://127.0.0.1:${server.port}`
  // The short host is the same server under another name: its scans redirect to {resolver_url}.
  const config: ResolverConfig = {
    resolverUrl: origin,
    shortUrl: `http://localhost:${server.port}`,
    customDomainScheme: 'https',
  }
  const catalog = createMemoryCatalog(products)
  const pages = createPagesHandler({ catalog, config, clock: () => NOW })
  const resolve = createResolver({ catalog, config })
  handler = async (request) => (await pages(request)) ?? resolve(request)
  session = await launchBrowser()
}, TEST_MS)

afterAll(async () => {
  try {
    await session?.close()
  } finally {
    server?.stop(true)
  }
})

/** A new page that records Content-Security-Policy violations, closed after `use`. */
async function withPage(use: (page: Page, cspErrors: string[]) => Promise<void>): Promise<void> {
  if (session === undefined) throw new Error('no browser')
  const page = await session.newPage()
  page.setDefaultTimeout(STEP_MS)
  page.setDefaultNavigationTimeout(STEP_MS)
  const cspErrors: string[] = []
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) cspErrors.push(message.text())
  })
  try {
    await use(page, cspErrors)
  } finally {
    await page.close()
  }
}

async function lang(page: Page): Promise<string | null> {
  return page.locator('html').getAttribute('lang')
}

describe.skipIf(skip !== null)('product pages in Chromium', () => {
  test(
    'a scan on the resolver host follows the 307 to the page in the browser’s language, styled, at 1280 and 375 px',
    async () => {
      await session?.context.clearCookies()
      await withPage(async (page, cspErrors) => {
        const response = await page.goto(origin + SCAN)
        expect(response?.status()).toBe(200)
        const scan = await response?.request().redirectedFrom()?.response()
        expect(scan?.status()).toBe(307)
        expect(page.url()).toBe(`${origin}/en/northwind/olive-oil/info?17=260331&10=L-42`)
        expect(await page.title()).toBe('Olive oil – Information – Northwind')
        expect(await lang(page)).toBe('en')
        expect(await page.locator('h1').textContent()).toBe('Olive oil')
        expect(await page.locator('section.item dd').allTextContents()).toEqual(['L-42', 'March 31, 2026'])
        // The stylesheet applies under the CSP (its hash matches) and nothing is blocked.
        expect(await page.evaluate(() => getComputedStyle(document.body).marginTop)).toBe('0px')
        expect(await page.evaluate(() => document.scripts.length)).toBe(0)
        expect(cspErrors).toEqual([])
        await screenshot(page, 'product-page-1280')
        await page.setViewportSize({ width: 375, height: 740 })
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
        await screenshot(page, 'product-page-375')
        // A catalog's long compound word or URL in any text breaks instead of widening the page.
        await page.setViewportSize({ width: 320, height: 640 })
        const long = 'Lebensmittelinformationsverordnungskonformitätsbescheinigung'
        await page.evaluate((word) => {
          for (const el of document.querySelectorAll('header, h1, .subtitle, .content p, .cards a, footer')) {
            el.append(` ${word}`)
          }
        }, long)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
      })
    },
    TEST_MS,
  )

  test(
    'picking another language opens it and the next scan opens that language',
    async () => {
      await session?.context.clearCookies()
      await withPage(async (page) => {
        await page.goto(origin + SCAN)
        expect(await lang(page)).toBe('en')
        await Promise.all([
          page.waitForURL(`${origin}/fr/northwind/olive-oil/info?17=260331&10=L-42`),
          page.getByRole('navigation', { name: 'Languages' }).getByRole('link', { name: 'Français' }).click(),
        ])
        expect(await lang(page)).toBe('fr')
        expect(await page.title()).toBe('Huile d’olive – Informations – Northwind')
        expect(await page.locator('section.item dd').allTextContents()).toEqual(['L-42', '31 mars 2026'])
        const cookies = await session?.context.cookies(origin)
        expect(cookies?.map((c) => `${c.name}=${c.value}`)).toEqual(['locale=fr'])
        await screenshot(page, 'product-page-fr')
        const again = await page.goto(origin + SCAN)
        expect(again?.request().redirectedFrom()).not.toBeNull()
        expect(page.url()).toBe(`${origin}/fr/northwind/olive-oil/info?17=260331&10=L-42`)
        expect(await lang(page)).toBe('fr')
      })
    },
    TEST_MS,
  )

  test(
    'the linkset HTML page lists each page once under its link type’s title, and a link opens its page',
    async () => {
      await session?.context.clearCookies()
      await withPage(async (page, cspErrors) => {
        const response = await page.goto(`${origin}/01/09506000134376?linkType=linkset`)
        expect(response?.status()).toBe(200)
        expect(await lang(page)).toBe('en')
        expect(await page.locator('h1').textContent()).toBe('Huile d’olive')
        expect(cspErrors).toEqual([])
        await screenshot(page, 'linkset-page-1280')
        await page.setViewportSize({ width: 375, height: 740 })
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
        await screenshot(page, 'linkset-page-375')
        const headings = await page.locator('h2').allTextContents()
        expect(headings).toEqual(['Product Information Page', 'Recipe website', 'Register purchase'])
        // Four languages of the default page, two of the recipes, one of the warranty: each once.
        expect(await page.locator('main li').count()).toBe(7)
        expect(await page.locator('main .badge').allTextContents()).toEqual(['Main page'])
        const recipes = page.locator('section', { hasText: 'Recipe website' }).locator('a[hreflang="en"]')
        await Promise.all([page.waitForURL(`${origin}/en/northwind/olive-oil/recettes`), recipes.click()])
        expect(await page.title()).toBe('Olive oil – Recipes – Northwind')
      })
    },
    TEST_MS,
  )

  test(
    'the product and linkset pages in English, German, Greek, Irish and Bulgarian fit a phone',
    async () => {
      await session?.context.clearCookies()
      const expected: Record<string, { h1: string; item: string; date: string; linkset: string }> = {
        en: { h1: 'Organic Oat Drink', item: 'This item', date: 'March 31, 2026', linkset: 'Main page' },
        de: { h1: 'Bio-Haferdrink', item: 'Dieser Artikel', date: '31. März 2026', linkset: 'Hauptseite' },
        el: {
          h1: 'Βιολογικό ρόφημα βρώμης',
          item: 'Αυτό το τεμάχιο',
          date: '31 Μαρτίου 2026',
          linkset: 'Κύρια σελίδα',
        },
        ga: {
          h1: 'Deoch choirce orgánach',
          item: 'An earra seo',
          date: '31 Márta 2026',
          linkset: 'Príomhleathanach',
        },
        bg: {
          h1: 'Био овесена напитка',
          item: 'Този артикул',
          date: '31 март 2026 г.',
          linkset: 'Основна страница',
        },
      }
      for (const [language, text] of Object.entries(expected)) {
        await withPage(async (page, cspErrors) => {
          await page.setViewportSize({ width: 375, height: 740 })
          await page.setExtraHTTPHeaders({ 'accept-language': language })
          await page.goto(`${origin}/${language}/northwind/oat-drink/info?10=L-42&17=260331`)
          expect(await lang(page)).toBe(language)
          expect(await page.locator('html').getAttribute('dir')).toBe('ltr')
          expect(await page.locator('h1').textContent()).toBe(text.h1)
          expect(await page.locator('#this-item').textContent()).toBe(text.item)
          expect(await page.locator('section.item time').textContent()).toBe(text.date)
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
          await screenshot(page, `product-page-${language}-375`)
          await page.goto(`${origin}/01/09506000134413?linkType=linkset`)
          expect(await lang(page)).toBe(language)
          expect(await page.locator('main .badge').allTextContents()).toEqual([text.linkset])
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
          await screenshot(page, `linkset-page-${language}-375`)
          expect(cspErrors).toEqual([])
        })
      }
    },
    TEST_MS,
  )

  test(
    'an unknown product shows the error page in French for Accept-Language: fr',
    async () => {
      await session?.context.clearCookies()
      await withPage(async (page) => {
        await page.setExtraHTTPHeaders({ 'accept-language': 'fr' })
        const response = await page.goto(`${origin}/01/09506000134383`)
        expect(response?.status()).toBe(404)
        expect(await lang(page)).toBe('fr')
        expect(await page.locator('h1').textContent()).toBe('Introuvable')
        await screenshot(page, 'error-page-fr')
        await page.setViewportSize({ width: 375, height: 740 })
        await screenshot(page, 'error-page-fr-375')
        const missing = await page.goto(`${origin}/fr/northwind/olive-oil/nope`)
        expect(missing?.status()).toBe(404)
        expect(await page.locator('h1').textContent()).toBe('Page introuvable')
      })
    },
    TEST_MS,
  )

  test(
    'axe-core finds no serious issue on a product page (light and dark, Latin and Greek), the linkset page or an error page',
    async () => {
      await session?.context.clearCookies()
      await withPage(async (page) => {
        const checked: string[] = []
        const greek = '/el/northwind/oat-drink/info?10=L-42&17=260331'
        for (const [path, scheme, language] of [
          [SCAN, 'light', 'en'],
          [SCAN, 'dark', 'en'],
          ['/it/northwind/olive-oil/info?21=S1', 'light', 'it'],
          [greek, 'light', 'el'],
          [greek, 'dark', 'el'],
          ['/bg/northwind/oat-drink/info', 'light', 'bg'],
          ['/01/09506000134376?linkType=linkset', 'light', 'en'],
          ['/01/09506000134376?linkType=linkset', 'dark', 'en'],
          ['/01/09506000134413?linkType=linkset', 'light', 'el'],
          ['/01/09506000134413?linkType=linkset', 'dark', 'bg'],
          ['/01/09506000134383', 'light', 'en'],
          ['/01/09506000134383', 'light', 'el'],
        ] as const) {
          await page.emulateMedia({ colorScheme: scheme })
          await page.setExtraHTTPHeaders({ 'accept-language': language })
          await page.goto(origin + path)
          expect(await lang(page)).toBe(language)
          const serious = seriousViolations(await axeViolations(page))
          expect({ path, scheme, language, serious }).toEqual({ path, scheme, language, serious: [] })
          checked.push(`${path} ${scheme} ${language}`)
        }
        await page.emulateMedia({ colorScheme: 'dark' })
        await page.goto(origin + SCAN)
        await screenshot(page, 'product-page-dark')
        expect(checked).toHaveLength(12)
      })
    },
    TEST_MS,
  )
})
