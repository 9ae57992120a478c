/** The API reference page `/docs` in Debian's Chromium: it renders the OpenAPI document offline, with no outside request. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Server } from 'bun'
import { createApp } from '../../src/api/app.ts'
import { openapiFeature } from '../../src/api/openapi/index.ts'
import type { Database } from '../../src/db/database.ts'
import { testDeps } from '../support/app.ts'
import { type BrowserSession, browserSkipReason, launchBrowser, screenshot } from '../support/browser.ts'
import { DATABASE_HOOK_TIMEOUT_MS, openTestDatabase } from '../support/db.ts'

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

describe('GET /docs in a browser', () => {
  test.skipIf(skip !== null)(
    'renders every operation of the OpenAPI document and loads nothing from another host (CSP blocks the font CDN)',
    async () => {
      const page = await (session as BrowserSession).newPage()
      const outside: string[] = []
      page.on('requestfinished', (request) => {
        if (!request.url().startsWith(origin) && !request.url().startsWith('data:'))
          outside.push(request.url())
      })
      await page.goto(`${origin}/docs`)
      await page.getByText('/oauth/token').first().waitFor()
      for (const path of ['/code', '/codes', '/render']) {
        expect(await page.getByText(path, { exact: true }).count()).toBeGreaterThan(0)
      }
      await screenshot(page, 'api-docs')
      expect(outside).toEqual([])
      await page.close()
    },
    60_000,
  )
})
