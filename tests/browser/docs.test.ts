/** The API reference page `/docs` in Debian's Chromium: clean console and network, reference in the first screen, axe, keyboard. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Server } from 'bun'
import type { Locator, Page } from 'playwright-core'
import { createApp } from '../../src/api/app.ts'
import { openapiFeature } from '../../src/api/openapi/index.ts'
import type { Database } from '../../src/db/database.ts'
import { testDeps } from '../support/app.ts'
import {
  axeViolations,
  type BrowserSession,
  browserSkipReason,
  launchBrowser,
  screenshot,
  seriousViolations,
} from '../support/browser.ts'
import { DATABASE_HOOK_TIMEOUT_MS, openTestDatabase } from '../support/db.ts'

/**
 * A test's whole time, and what one step (a navigation, a screenshot) may take of it: a full-page screenshot of the
 * long reference took over 10 s (the session's default) on a loaded machine. A generous bound costs nothing when
 * the machine is idle, and a step stuck for good still fails with its own message before the test's time is up.
 */
const TEST_MS = 60_000
const STEP_MS = 50_000
const skip = browserSkipReason()
let server: Server<undefined> | undefined
let session: BrowserSession | undefined
let database: Database | undefined
let origin = ''

beforeAll(async () => {
  if (skip !== null) return
  database = await openTestDatabase()
  const app = createApp(testDeps(database), [openapiFeature({ serverUrl: 'http://api.test' })])
  server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (request) => app.handle(request) })
  origin = `http://127.0.0.1:${server.port}`
  session = await launchBrowser()
}, DATABASE_HOOK_TIMEOUT_MS)

afterAll(async () => {
  await session?.close()
  await server?.stop(true)
  await database?.close()
}, DATABASE_HOOK_TIMEOUT_MS)

interface Visit {
  readonly page: Page
  /** Console messages of level warning or error, and uncaught page errors. */
  readonly console: string[]
  /** Every request the page made, and those that failed (blocked ones included). */
  readonly requests: string[]
  readonly failed: string[]
}

/** Opens `/docs` at the given size on a fresh page that records console, requests and failures. */
async function visit(viewport: { width: number; height: number }): Promise<Visit> {
  const page = await (session as BrowserSession).newPage()
  page.setDefaultTimeout(STEP_MS)
  page.setDefaultNavigationTimeout(STEP_MS)
  await page.setViewportSize(viewport)
  const result: Visit = { page, console: [], requests: [], failed: [] }
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') result.console.push(`${m.type()}: ${m.text()}`)
  })
  page.on('pageerror', (error) => result.console.push(`pageerror: ${error.name}`))
  page.on('request', (r) => result.requests.push(r.url()))
  page.on('requestfailed', (r) => result.failed.push(`${r.url()} ${r.failure()?.errorText}`))
  const response = await page.goto(`${origin}/docs`, { waitUntil: 'load' })
  expect(response?.status()).toBe(200)
  return result
}

/** True when the element's box lies within the first screen (top-left at scroll 0, inside the viewport). */
async function inFirstScreen(
  locator: Locator,
  viewport: { width: number; height: number },
): Promise<boolean> {
  const box = await locator.boundingBox()
  return (
    box !== null && box.y >= 0 && box.y + box.height <= viewport.height && box.x + box.width <= viewport.width
  )
}

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const

describe.skipIf(skip !== null)('GET /docs in Chromium', () => {
  for (const size of SIZES) {
    test(
      `at ${size.width}x${size.height} the first screen shows the reference heading and operations; nothing logged, nothing else requested`,
      async () => {
        const { page, console, requests, failed } = await visit(size)
        const heading = page.getByRole('heading', { level: 1, name: 'GS1 Digital Link Code API' })
        expect(await inFirstScreen(heading, size)).toBe(true)
        const tokenLink = page.getByRole('link', { name: 'POST /oauth/token' })
        expect(await inFirstScreen(tokenLink, size)).toBe(true)
        if (size.name === 'desktop') {
          expect(
            await inFirstScreen(page.getByRole('heading', { level: 3, name: 'Generate one code' }), size),
          ).toBe(true)
        }
        await screenshot(page, `api-docs-${size.name}`)
        expect({ console, failed, requests }).toEqual({
          console: [],
          failed: [],
          requests: [`${origin}/docs`],
        })
        await page.close()
      },
      TEST_MS,
    )
  }

  test(
    'axe-core finds no serious or critical issue, in light and in dark',
    async () => {
      const { page } = await visit(SIZES[0])
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme })
        expect({ colorScheme, serious: seriousViolations(await axeViolations(page)) }).toEqual({
          colorScheme,
          serious: [],
        })
      }
      await page.close()
    },
    TEST_MS,
  )

  test(
    'works from the keyboard: skip link, document link, then the contents in order; Enter moves to the operation',
    async () => {
      const { page } = await visit(SIZES[0])
      const focused: (string | null | undefined)[] = []
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press('Tab')
        focused.push(await page.evaluate(() => document.activeElement?.textContent))
      }
      expect(focused).toEqual([
        'Skip to the reference',
        'OpenAPI document (JSON)',
        'codes',
        'POST /code',
        'POST /codes',
        'POST /render',
      ])
      await page.keyboard.press('Enter')
      expect(new URL(page.url()).hash).toBe('#op-render2dBarcode')
      const heading = page.getByRole('heading', { level: 3, name: 'Render 2D barcode', exact: true })
      expect(await inFirstScreen(heading, SIZES[0])).toBe(true)
      const example = page.locator('#op-render2dBarcode summary').first()
      await example.focus()
      await page.keyboard.press('Enter')
      expect(await page.locator('#op-render2dBarcode details').first().getAttribute('open')).toBe('')
      await page.close()
    },
    TEST_MS,
  )
})
