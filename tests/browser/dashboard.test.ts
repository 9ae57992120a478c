/** The dashboard in Debian's Chromium, like its people use it: every flow, with and without JavaScript, and axe. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { AddressInfo } from 'node:net'
import type { Server } from 'bun'
import type { Page } from 'playwright-core'
import { SMTPServer } from 'smtp-server'
import type { Database } from '../../src/db/database.ts'
import { createMailer, type Mailer } from '../../src/mail/mailer.ts'
import { importCatalog } from '../../src/services/catalog/import.ts'
import { getProduct } from '../../src/services/catalog/products.ts'
import { listClients } from '../../src/services/clients/api-clients.ts'
import { addScanCounts } from '../../src/services/scans/counts.ts'
import { type Harness, openHarness, PASSWORD, PEOPLE } from '../dashboard/harness.ts'
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

const TEST_MS = 60_000
const skip = browserSkipReason()
if (skip !== null) console.warn(skip)

let server: Server<undefined> | undefined
let smtp: SMTPServer | undefined
let mailer: Mailer | undefined
let h: Harness | undefined
let session: BrowserSession | undefined
let origin = ''
const mails: string[] = []

beforeAll(async () => {
  if (skip !== null) return
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let data = ''
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString('utf8')
      })
      stream.on('end', () => {
        mails.push(data)
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp?.listen(0, '127.0.0.1', resolve))
  const smtpPort = (smtp.server.address() as AddressInfo).port
  let handler: (request: Request) => Promise<Response> = async () => new Response(null, { status: 503 })
  server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (request) => handler(request) })
  origin = `http://127.0.0.1:${server.port}`
  mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, from: 'no-reply@dashboard.example' })
  h = await openHarness({ origin, mailer })
  const dashboard = h.dashboard
  handler = dashboard
  session = await launchBrowser()
  await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin })
}, DATABASE_HOOK_TIMEOUT_MS)

afterAll(async () => {
  try {
    await session?.close()
  } finally {
    server?.stop(true)
    mailer?.close()
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()))
    await h?.close()
  }
}, DATABASE_HOOK_TIMEOUT_MS)

/** A fresh page with no cookies that records console errors and failed requests; closed after `use`. */
async function withPage(
  use: (page: Page, problems: string[]) => Promise<void>,
  browser = session,
): Promise<void> {
  if (browser === undefined) throw new Error('no browser')
  await browser.context.clearCookies()
  const page = await browser.newPage()
  const problems: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`)
  })
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`))
  // A navigation that replaces an unfinished one, or a link that turns into a download, aborts its request.
  page.on('requestfailed', (r) => {
    if (r.failure()?.errorText !== 'net::ERR_ABORTED')
      problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`)
  })
  try {
    await use(page, problems)
  } finally {
    await page.close()
  }
}

/** `withPage` in a browser of its own, launched with `options` (without JavaScript, say) and closed after `use`. */
async function withPageInNewBrowser(
  options: Parameters<typeof launchBrowser>[0],
  use: (page: Page, problems: string[]) => Promise<void>,
): Promise<void> {
  const browser = await launchBrowser(options)
  try {
    await withPage(use, browser)
  } finally {
    await browser.close()
  }
}

/**
 * Signs in and waits until the organization's Overview has loaded: `click` returns once the page is committed,
 * and a `goto` while its document is still arriving cancels it, which counts as a failed request.
 */
async function signIn(page: Page, person: keyof typeof PEOPLE, password = PASSWORD): Promise<void> {
  await page.goto(`${origin}/`)
  await page.getByLabel('Email').fill(PEOPLE[person].email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => url.pathname !== '/sign-in')
}

/** The text of a quoted-printable mail body (RFC 2045 §6.7): soft breaks joined, `=XX` decoded. */
function quotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}

/** How many of Acme's API clients have this name. */
async function clientsNamed(name: string): Promise<number> {
  const listed = await listClients(h?.database.db as Database['db'], 'acme')
  return listed.ok ? listed.clients.filter((c) => c.name === name).length : -1
}

async function expectAccessible(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    const serious = seriousViolations(await axeViolations(page))
    expect({ page: name, scheme, serious }).toEqual({ page: name, scheme, serious: [] })
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

describe.skipIf(skip !== null)('the dashboard in Chromium', () => {
  test(
    'an owner signs in, lands on the Overview, and every section is reachable from the navigation',
    async () => {
      await withPage(async (page, problems) => {
        await page.goto(`${origin}/orgs/acme/members`)
        expect(page.url()).toBe(`${origin}/sign-in?next=%2Forgs%2Facme%2Fmembers`)
        await expectAccessible(page, 'sign-in')
        await screenshot(page, 'dashboard-sign-in')
        await page.getByLabel('Email').fill(PEOPLE.owner.email)
        await page.getByLabel('Password').fill(PASSWORD)
        await page.getByRole('button', { name: 'Sign in' }).click()
        await page.waitForURL(`${origin}/orgs/acme/members`)
        const nav = page.getByRole('navigation', { name: 'Organization' })
        await nav.getByRole('link', { name: 'Overview' }).click()
        await page.waitForURL(`${origin}/orgs/acme`)
        expect(await page.locator('h1').textContent()).toBe('Acme Foods')
        expect(await nav.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page')
        await expectAccessible(page, 'overview')
        await screenshot(page, 'dashboard-overview')
        for (const [label, path, heading] of [
          ['Items and rules', '/items', 'Items and rules'],
          ['API clients', '/clients', 'API clients'],
          ['Members', '/members', 'Members'],
          ['Brands', '/brands', 'Brands'],
          ['Audit log', '/audit', 'Audit log'],
        ] as const) {
          await nav.getByRole('link', { name: label }).click()
          await page.waitForURL(`${origin}/orgs/acme${path}`)
          expect(await page.locator('h1').textContent()).toBe(heading)
          await expectAccessible(page, label)
        }
        await page.setViewportSize({ width: 375, height: 740 })
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
        await screenshot(page, 'dashboard-audit-375')
        expect(problems).toEqual([])
      })
    },
    TEST_MS,
  )

  test(
    'API clients: create shows the secret once with a working Copy button; block, unblock and delete with confirmation',
    async () => {
      await withPage(async (page, problems) => {
        await signIn(page, 'owner')
        await page.goto(`${origin}/orgs/acme/clients`)
        await page.getByLabel('Name').fill('Label printer')
        await page.getByRole('button', { name: 'Create client' }).click()
        await page.getByRole('heading', { name: 'API client “Label printer” created' }).waitFor()
        const secret = (await page.locator('#client-secret').textContent()) ?? ''
        expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/)
        await expectAccessible(page, 'client created')
        await screenshot(page, 'dashboard-client-created')
        const copy = page.locator('button[data-copy="client-secret"]')
        await copy.click()
        await page.getByRole('button', { name: 'Copied' }).waitFor()
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret)
        await page.getByRole('link', { name: 'I have stored the secret' }).click()
        expect(await page.content()).not.toContain(secret)
        const row = page.getByRole('row', { name: /Label printer/ })
        await row.getByRole('button', { name: 'Block Label printer' }).click()
        await page.getByText('The client is blocked').waitFor()
        expect(await row.getByText('blocked', { exact: true }).count()).toBe(1)
        await row.getByRole('button', { name: 'Unblock Label printer' }).click()
        await page.getByText('The client is unblocked').waitFor()
        await row.getByRole('link', { name: 'Delete Label printer' }).click()
        await page.getByRole('heading', { name: 'Delete “Label printer”?' }).waitFor()
        await page.getByRole('button', { name: 'Delete client' }).click()
        await page.getByText('The client is deleted').waitFor()
        expect(await page.getByRole('row', { name: /Label printer/ }).count()).toBe(0)
        expect(problems).toEqual([])
      })
    },
    TEST_MS,
  )

  test(
    'Members: an invitation goes by mail; the invitee creates an account from the mailed link and lands in the organization',
    async () => {
      await withPage(async (page, problems) => {
        await signIn(page, 'owner')
        await page.goto(`${origin}/orgs/acme/members`)
        await page.getByLabel('Email').fill('nora@acme.example')
        await page.getByLabel('Role', { exact: true }).selectOption('editor')
        await page.getByRole('button', { name: 'Invite' }).click()
        await page.getByText('An invitation to join as editor is on its way to nora@acme.example.').waitFor()
        const mail = mails.at(-1) ?? ''
        expect(mail).toContain('To: nora@acme.example')
        const link = /(http:\/\/127\.0\.0\.1:\d+\/invitations\/accept\?token=[A-Za-z0-9_-]{43})/.exec(
          quotedPrintable(mail),
        )?.[1]
        expect(link).toBeDefined()
        await page.getByRole('button', { name: 'Sign out' }).click()
        await page.waitForURL(`${origin}/sign-in?done=signed-out`)
        await page.goto(link ?? '')
        expect(await page.locator('h1').textContent()).toBe('Join Acme Foods')
        await expectAccessible(page, 'accept invitation')
        await page.getByLabel('Your name').fill('Nora New')
        await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
        await page.getByLabel('Repeat the password').fill(PASSWORD)
        await page.getByRole('button', { name: 'Create account and join' }).click()
        await page.waitForURL(`${origin}/orgs/acme?done=joined`)
        await page.getByText('Welcome to Acme Foods.').waitFor()
        expect(problems).toEqual([])
      })
    },
    TEST_MS,
  )

  test(
    'Members: an owner changes a role and removes a member after confirming',
    async () => {
      await withPage(async (page, problems) => {
        await signIn(page, 'owner')
        await page.goto(`${origin}/orgs/acme/members`)
        const veraRole = page.getByRole('combobox', { name: 'Role of Vera Viewer' })
        await veraRole.selectOption('editor')
        await page.getByRole('button', { name: 'Save the role of Vera Viewer' }).click()
        await page.getByText('The role is changed.').waitFor()
        expect(await veraRole.inputValue()).toBe('editor')
        await page.getByRole('link', { name: 'Remove Eddie Editor' }).click()
        await page.getByRole('heading', { name: 'Remove Eddie Editor?' }).waitFor()
        await page.getByRole('button', { name: 'Remove' }).click()
        await page.getByText('The member is removed from the organization.').waitFor()
        expect(await page.getByRole('cell', { name: 'eddie@acme.example' }).count()).toBe(0)
        await screenshot(page, 'dashboard-members')
        expect(problems).toEqual([])
      })
    },
    TEST_MS,
  )

  test(
    'Brands: a custom domain is requested and shown as waiting; the audit log names every change and who made it',
    async () => {
      await withPage(async (page, problems) => {
        await signIn(page, 'owner')
        await page.goto(`${origin}/orgs/acme/brands`)
        await page.getByLabel('Custom domain of Acme Oats').fill('oats.example.com')
        await page.getByRole('button', { name: 'Request' }).click()
        await page.getByText('The custom domain is requested.').waitFor()
        expect(await page.getByRole('row', { name: /Acme Oats/ }).textContent()).toContain(
          'waiting for an operator',
        )
        await screenshot(page, 'dashboard-brands')
        await page.goto(`${origin}/orgs/acme/audit`)
        const log = (await page.locator('main').textContent()) ?? ''
        for (const words of [
          'requested a custom domain',
          'removed a member',
          'changed a role',
          'accepted an invitation',
          'created an API client',
        ]) {
          expect(log).toContain(words)
        }
        await screenshot(page, 'dashboard-audit')
        expect(problems).toEqual([])
      })
    },
    TEST_MS,
  )

  test(
    'a member of two organizations switches between them; a viewer sees no controls',
    async () => {
      await withPage(async (page) => {
        await signIn(page, 'rival')
        await page.waitForURL(`${origin}/orgs/globex`)
        expect(await page.locator('.switcher summary').textContent()).toContain('Globex')
        await page.context().clearCookies()
        await signIn(page, 'viewer')
        await page.goto(`${origin}/orgs/acme/clients`)
        expect(await page.getByRole('button', { name: 'Create client' }).count()).toBe(0)
      })
    },
    TEST_MS,
  )

  test(
    'a form is sent once: a double click sends one request; reload and Back after a result never send it again',
    async () => {
      await withPage(async (page, problems) => {
        await signIn(page, 'owner')
        const posts: string[] = []
        page.on('request', (r) => {
          if (r.method() === 'POST') posts.push(new URL(r.url()).pathname)
        })
        await page.goto(`${origin}/orgs/acme/clients`)
        await page.getByLabel('Name').fill('Twice pressed')
        await page.getByRole('button', { name: 'Create client' }).dblclick()
        await page.getByRole('heading', { name: 'API client “Twice pressed” created' }).waitFor()
        expect(posts).toEqual(['/orgs/acme/clients'])
        expect(await clientsNamed('Twice pressed')).toBe(1)
        // The result shows the form's page address: a reload opens that page and asks nothing.
        expect(page.url()).toBe(`${origin}/orgs/acme/clients`)
        await page.reload()
        await page.getByRole('heading', { name: 'API clients' }).waitFor()
        expect(await page.locator('#client-secret').count()).toBe(0)
        expect(posts).toEqual(['/orgs/acme/clients'])
        // The invitation form posts to /members/invite; its result page shows the Members page's address.
        await page.goto(`${origin}/orgs/acme/members`)
        await page.getByLabel('Email').fill('reload@acme.example')
        await page.getByRole('button', { name: 'Invite' }).click()
        await page
          .getByText('An invitation to join as editor is on its way to reload@acme.example.')
          .waitFor()
        expect(page.url()).toBe(`${origin}/orgs/acme/members`)
        await page.reload()
        await page.getByRole('heading', { name: 'Members' }).waitFor()
        expect(posts).toEqual(['/orgs/acme/clients', '/orgs/acme/members/invite'])
        await page.goto(`${origin}/orgs/acme/clients`)
        // A refused form: the same, and what was typed is checked again only when sent again.
        await page.getByLabel('Name').fill('No scope')
        await page.getByLabel('write:codes').uncheck()
        await page.getByRole('button', { name: 'Create client' }).click()
        await page.getByText('Choose at least one scope.').waitFor()
        expect(page.url()).toBe(`${origin}/orgs/acme/clients`)
        // Back to the form (from the browser's cache or anew) and sent again: a new client, not “already sent”.
        await page.goBack()
        await page.getByLabel('Name').waitFor()
        // A page restored from the back-forward cache holds used ids: the script loads it anew.
        const onceBefore = await page
          .locator('form[action="/orgs/acme/clients"] input[name="once"]')
          .inputValue()
        await Promise.all([
          page.waitForEvent('load'),
          page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }))),
        ])
        const onceAfter = await page
          .locator('form[action="/orgs/acme/clients"] input[name="once"]')
          .inputValue()
        expect(onceAfter).not.toBe(onceBefore)
        await page.getByLabel('Name').fill('Second after Back')
        await page.getByRole('button', { name: 'Create client' }).click()
        await page.getByRole('heading', { name: 'API client “Second after Back” created' }).waitFor()
        expect(await clientsNamed('Second after Back')).toBe(1)
        // That form sent again with its used id (as a reload without script would): the Already sent page.
        await page.goto(`${origin}/orgs/acme/clients`)
        await page.getByLabel('Name').fill('Second after Back')
        await Promise.all([
          page.waitForURL(`${origin}/orgs/acme/clients`),
          page.evaluate((used) => {
            const form = document.querySelector<HTMLFormElement>('form[action="/orgs/acme/clients"]')
            const field = form?.querySelector<HTMLInputElement>('input[name="once"]')
            if (form && field) {
              field.value = used
              form.submit()
            }
          }, onceAfter),
        ])
        await page.getByRole('heading', { name: 'Already sent' }).waitFor()
        await expectAccessible(page, 'already sent')
        expect(await clientsNamed('Second after Back')).toBe(1)
        // Chromium logs the 422 and 409 pages as failed loads; nothing else may go wrong.
        expect(problems.filter((p) => !/status of (422|409)/.test(p))).toEqual([])
      })
    },
    TEST_MS,
  )

  test(
    'without JavaScript, a reloaded result page says the form was already sent and does nothing again',
    async () => {
      await withPageInNewBrowser({ javaScriptEnabled: false }, async (page) => {
        await signIn(page, 'owner')
        await page.goto(`${origin}/orgs/acme/clients`)
        await page.getByLabel('Name').fill('Reloaded without script')
        await page.getByRole('button', { name: 'Create client' }).click()
        await page.locator('#client-secret').waitFor()
        const reloaded = await page.reload()
        expect(reloaded?.request().method()).toBe('POST')
        expect(reloaded?.status()).toBe(409)
        expect(await page.locator('h1').textContent()).toBe('Already sent')
        expect(await page.locator('#client-secret').count()).toBe(0)
        await page.getByRole('link', { name: 'Open the page again' }).click()
        await page.waitForURL(`${origin}/orgs/acme/clients`)
        expect(await clientsNamed('Reloaded without script')).toBe(1)
      })
    },
    TEST_MS,
  )

  test(
    'without JavaScript: sign in, create a client (secret shown), block it, switch organizations, sign out',
    async () => {
      await withPageInNewBrowser({ javaScriptEnabled: false }, async (page, problems) => {
        await signIn(page, 'owner')
        await page.waitForURL(`${origin}/orgs/acme`)
        await page.goto(`${origin}/orgs/acme/clients`)
        await page.getByLabel('Name').fill('No-script ERP')
        await page.getByRole('button', { name: 'Create client' }).click()
        expect(await page.locator('#client-secret').textContent()).toMatch(/^[A-Za-z0-9_-]{43}$/)
        expect(await page.locator('button[data-copy="client-secret"]').isVisible()).toBe(false)
        await page.getByRole('link', { name: 'I have stored the secret' }).click()
        await page.getByRole('button', { name: 'Block No-script ERP' }).click()
        await page.getByText('The client is blocked').waitFor()
        await page.locator('.switcher summary').click()
        expect(await page.locator('.switcher').getByRole('link').count()).toBeGreaterThanOrEqual(1)
        await page.getByRole('button', { name: 'Sign out' }).click()
        await page.waitForURL(`${origin}/sign-in?done=signed-out`)
        expect(problems).toEqual([])
      })
    },
    TEST_MS,
  )

  test(
    'Products: create a product in the editor, see where its scans go, make its QR code, import a file after a check',
    async () => {
      await withPage(async (page, problems) => {
        // The members test removed the editor: the owner edits here.
        await signIn(page, 'owner')
        await page.goto(`${origin}/orgs/acme/products`)
        await expectAccessible(page, 'products (empty)')
        await page.getByRole('link', { name: 'New product' }).click()
        await page.getByLabel('GTIN').fill('9506000134352')
        await page.getByLabel('URL name', { exact: true }).first().fill('oat-drink')
        await page.getByLabel('Languages').fill('en, de')
        await page.getByRole('button', { name: 'Update the form' }).click()
        await page.locator('#f-name\\.de').waitFor()
        await page.locator('#f-name\\.en').fill('Oat drink')
        await page.locator('#f-name\\.de').fill('Haferdrink')
        await page.locator('[id="f-page.0.title.en"]').fill('Information')
        await page.locator('[id="f-page.0.title.de"]').fill('Informationen')
        await page.getByLabel('Published (scans resolve it)').check()
        await expectAccessible(page, 'product editor')
        await page.getByRole('button', { name: 'Create product' }).click()
        await page.waitForURL(`${origin}/orgs/acme/products/09506000134352?done=created`)
        await page.getByRole('heading', { name: 'Where a scan goes' }).waitFor()
        const preview = (await page.getByRole('region', { name: 'Where a scan goes' }).textContent()) ?? ''
        expect(preview).toContain('/de/acme-oats/oat-drink/info')
        await expectAccessible(page, 'product page')
        await screenshot(page, 'dashboard-product')
        await page.getByRole('link', { name: 'Make a code' }).click()
        await page.getByLabel('Serial number (21)').fill('S-0001')
        await page.getByRole('button', { name: 'Make the code' }).click()
        await page.locator('img.symbol').waitFor()
        expect(await page.locator('#code-text').textContent()).toBe(
          'http://id.test/01/09506000134352/21/S-0001',
        )
        await expectAccessible(page, 'codes')
        await screenshot(page, 'dashboard-codes')
        await page.goto(`${origin}/orgs/acme/catalog/import`)
        const file = JSON.stringify({
          products: [
            {
              gtin: '9506000134369',
              brand: 'acme-oats',
              slug: 'oat-bar',
              defaultLanguage: 'en',
              languages: ['en'],
              names: { en: 'Oat bar' },
              pages: [{ name: 'info', linkType: 'gs1:pip', default: true, titles: { en: 'About' } }],
            },
          ],
        })
        await page
          .locator('#f-file')
          .setInputFiles({ name: 'catalog.json', mimeType: 'application/json', buffer: Buffer.from(file) })
        await page.getByRole('button', { name: 'Check' }).click()
        await page.getByText('The file is valid. Importing it would make 1 change:').waitFor()
        await page.getByRole('button', { name: 'Import', exact: true }).click()
        await page.getByText('Imported: 1 change.').waitFor()
        await page.goto(`${origin}/orgs/acme/products?q=oat`)
        expect(await page.getByRole('row').count()).toBe(3)
        await screenshot(page, 'dashboard-products')
        expect(problems).toEqual([])
      })
    },
    TEST_MS,
  )

  test(
    'Products without JavaScript: a page links to a URL per language, a lot gets its page, and the preview links both',
    async () => {
      await withPageInNewBrowser({ javaScriptEnabled: false }, async (page, problems) => {
        await signIn(page, 'owner')
        await page.goto(`${origin}/orgs/acme/products/new`)
        await page.getByLabel('GTIN').fill('9506000134383')
        await page.getByLabel('URL name', { exact: true }).first().fill('oat-cookies')
        await page.getByLabel('Languages').fill('en, de')
        await page.getByRole('button', { name: 'Update the form' }).click()
        await page.locator('[id="f-page.0.title.de"]').waitFor()
        await page.locator('#f-name\\.en').fill('Oat cookies')
        await page.locator('[id="f-page.0.title.en"]').fill('Information')
        await page.locator('[id="f-page.0.title.de"]').fill('Informationen')
        // The stylesheet shows the chosen kind's fields, with no script.
        const info = page.locator('#page-0')
        expect(await page.locator('[id="f-page.0.content.en"]').isVisible()).toBe(true)
        expect(await page.locator('[id="f-page.0.href"]').isVisible()).toBe(false)
        await info.getByLabel('Link to a URL').check()
        expect(await page.locator('[id="f-page.0.content.en"]').isVisible()).toBe(false)
        expect(await page.locator('[id="f-page.0.href"]').isVisible()).toBe(true)
        await info.getByLabel('A URL per language').check()
        expect(await page.locator('[id="f-page.0.href"]').isVisible()).toBe(false)
        await page.locator('[id="f-page.0.href.en"]').fill('https://cookies.example/en/{gtin}')
        await page.locator('[id="f-page.0.href.de"]').fill('https://cookies.example/de/{gtin}')
        // The default page has no window; another page has its fields.
        expect(await page.locator('[id="f-page.0.validFrom"]').isVisible()).toBe(false)
        await page.locator('[id="f-lot.0.value"]').fill('L7')
        const lotPage = page.locator('#lot-0-page-0')
        await lotPage.getByLabel('URL name').fill('recall')
        await lotPage.getByLabel('Link type').selectOption('gs1:recallStatus')
        await page.locator('[id="f-lot.0.page.0.title.en"]').fill('Recall')
        await lotPage.getByLabel('Link to a URL').check()
        await page.locator('[id="f-lot.0.page.0.href"]').fill('https://cookies.example/recall/{lot}')
        await page.locator('[id="f-lot.0.page.0.validUntil"]').fill('2027-06-30T18:00')
        await page.locator('[id="f-lot.0.page.0.validUntil.offset"]').fill('+02:00')
        await page.getByLabel('Published (scans resolve it)').check()
        await page.getByRole('button', { name: 'Create product' }).click()
        await page.waitForURL(`${origin}/orgs/acme/products/09506000134383?done=created`)
        const recall = page.locator('a[href="https://cookies.example/recall/L7"]').first()
        expect(await recall.getAttribute('rel')).toBe('noopener noreferrer')
        expect(await page.locator('a[href="https://cookies.example/de/09506000134383?10=L7"]').count()).toBe(
          1,
        )
        const stored = (
          await getProduct(h?.database.db as Database['db'], h?.orgIds.acme ?? '', '09506000134383')
        )?.product
        expect(stored?.lots?.L7?.pages[0]).toEqual({
          name: 'recall',
          linkType: 'gs1:recallStatus',
          titles: { en: 'Recall' },
          href: 'https://cookies.example/recall/{lot}',
          validUntil: '2027-06-30T18:00+02:00',
        })
        expect(problems).toEqual([])
      })
      // The page with its lot, and its editor, in a browser that runs axe: accessible, and no wider than a phone.
      await withPage(async (page, problems) => {
        await signIn(page, 'owner')
        await page.goto(`${origin}/orgs/acme/products/09506000134383`)
        await expectAccessible(page, 'product page with a link and a lot')
        await page.setViewportSize({ width: 390, height: 844 })
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0)
        await screenshot(page, 'dashboard-product-links-390')
        expect(problems).toEqual([])
      })
    },
    TEST_MS,
  )

  test(
    'Items and rules without JavaScript: an item of a GLN linked to a template, a rule for SSCCs, and where a sample value goes',
    async () => {
      await withPageInNewBrowser({ javaScriptEnabled: false }, async (page, problems) => {
        await signIn(page, 'owner')
        await page.goto(`${origin}/orgs/acme/items`)
        await page.getByRole('link', { name: 'New item' }).click()
        await page.getByLabel('Key', { exact: true }).selectOption('414')
        await page.getByLabel('Value', { exact: true }).fill('9506000000008')
        await page.getByLabel('URL name', { exact: true }).first().fill('warehouse-north')
        await page.locator('#f-name\\.en').fill('Warehouse north')
        const location = page.locator('#page-0')
        await location.getByLabel('URL name').fill('location')
        await location.getByLabel('Link type', { exact: true }).selectOption('gs1:locationInfo')
        await page.locator('[id="f-page.0.title.en"]').fill('Where we are')
        await location.getByLabel('Link to a URL').check()
        await page.locator('[id="f-page.0.href"]').fill('https://maps.example/gln/{value}')
        await page.getByLabel('Published (scans resolve it)').check()
        await page.getByRole('button', { name: 'Create item' }).click()
        await page.waitForURL(`${origin}/orgs/acme/items/414/9506000000008?done=created`)
        const linked = page.locator('a[href="https://maps.example/gln/9506000000008"]').first()
        expect(await linked.getAttribute('rel')).toBe('noopener noreferrer')
        await page.goto(`${origin}/orgs/acme/items`)
        await page.getByRole('link', { name: 'New prefix rule' }).click()
        await page.getByLabel('Key', { exact: true }).selectOption('00')
        await page.getByLabel('Prefix', { exact: true }).fill('0950600')
        await page.getByLabel('URL name', { exact: true }).first().fill('pallets')
        const tracking = page.locator('#page-0')
        await tracking.getByLabel('URL name').fill('tracking')
        await page.locator('[id="f-page.0.title.en"]').fill('Where this pallet is')
        await tracking.getByLabel('Link to a URL').check()
        await page.locator('[id="f-page.0.href"]').fill('https://track.example/sscc/{value}')
        await page.getByLabel('Published (scans resolve it)').check()
        await page.getByRole('button', { name: 'Create rule' }).click()
        await page.waitForURL(`${origin}/orgs/acme/rules/00/0950600?done=created`)
        expect(
          await page.locator('a[href="https://track.example/sscc/095060000000000008"]').count(),
        ).toBeGreaterThan(0)
        await page.getByLabel('A value this rule answers').fill('095060012345678903')
        await page.getByRole('button', { name: 'Show its scans' }).click()
        await page.waitForURL(`${origin}/orgs/acme/rules/00/0950600?sample=095060012345678903`)
        expect(
          await page.locator('a[href="https://track.example/sscc/095060012345678903"]').count(),
        ).toBeGreaterThan(0)
        await page.goto(`${origin}/orgs/acme/items?key=414`)
        expect(await page.getByRole('link', { name: '9506000000008' }).count()).toBe(1)
        expect(await page.getByText('No rule matches.').count()).toBe(1)
        expect(problems).toEqual([])
      })
      // The list, both pages and the new forms in a browser that runs axe: accessible, and no wider than a phone.
      await withPage(async (page, problems) => {
        await signIn(page, 'owner')
        for (const path of [
          '/items',
          '/items/414/9506000000008',
          '/rules/00/0950600',
          '/items/new',
          '/rules/new',
        ]) {
          await page.setViewportSize({ width: 1280, height: 800 })
          await page.goto(`${origin}/orgs/acme${path}`)
          await expectAccessible(page, path)
          await page.setViewportSize({ width: 390, height: 844 })
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
          expect({ path, overflow }).toEqual({ path, overflow: 0 })
        }
        await page.goto(`${origin}/orgs/acme/rules/00/0950600`)
        await screenshot(page, 'dashboard-rule-390')
        expect(problems).toEqual([])
      })
    },
    TEST_MS,
  )

  test(
    'a product written its own way (seconds in a window, CRLF and spaces in its text) is saved unchanged from the browser',
    async () => {
      const imported = await importCatalog(h?.database.db as Database['db'], {
        products: [
          {
            gtin: '09506000134390',
            brand: 'acme-oats',
            slug: 'oat-flakes',
            defaultLanguage: 'en',
            languages: ['en', 'de'],
            names: { en: 'Oat flakes' },
            pages: [
              { name: 'info', linkType: 'gs1:pip', default: true, titles: { de: 'Info', en: 'About' } },
              {
                name: 'offer',
                linkType: 'gs1:promotion',
                titles: { en: 'Offer' },
                content: { en: '\nTwo for one.\r\n\r\n- *oats*\n- **flakes**  \n' },
                validFrom: '2026-12-01T09:00:00.000+01:00',
                validUntil: '2027-01-01T00:00:30Z',
              },
            ],
            lots: {
              'L-1': {
                pages: [
                  { name: 'info', linkType: 'gs1:pip', titles: { en: 'Lot notes' }, content: { en: '   ' } },
                ],
              },
            },
          },
        ],
      })
      expect(imported.ok).toBe(true)
      const before = (
        await getProduct(h?.database.db as Database['db'], h?.orgIds.acme ?? '', '09506000134390')
      )?.etag
      for (const javaScriptEnabled of [true, false]) {
        await withPageInNewBrowser({ javaScriptEnabled }, async (page, problems) => {
          await signIn(page, 'owner')
          await page.goto(`${origin}/orgs/acme/products/09506000134390`)
          await page.getByRole('button', { name: 'Save' }).click()
          await page.waitForURL(`${origin}/orgs/acme/products/09506000134390?done=unchanged`)
          await page.getByText('Nothing changed.').waitFor()
          expect(problems).toEqual([])
        })
      }
      expect(
        (await getProduct(h?.database.db as Database['db'], h?.orgIds.acme ?? '', '09506000134390'))?.etag,
      ).toBe(before)
    },
    TEST_MS,
  )

  test(
    'on a phone (390 px) tables scroll sideways; GTINs and buttons are never broken letter by letter',
    async () => {
      await withPage(async (page, problems) => {
        await signIn(page, 'owner')
        await page.setViewportSize({ width: 390, height: 844 })
        for (const section of ['/products', '/clients', '/members']) {
          await page.goto(`${origin}/orgs/acme${section}`)
          const broken = await page.evaluate(() =>
            [...document.querySelectorAll('.table-wrap td code, .table-wrap td button')]
              .filter((e) => e.getClientRects().length > 0)
              .filter(
                (e) =>
                  e.getBoundingClientRect().height >
                  2 * Number.parseFloat(getComputedStyle(e).lineHeight || '24'),
              )
              .map((e) => e.textContent),
          )
          expect({ section, broken }).toEqual({ section, broken: [] })
        }
        expect(problems).toEqual([])
      })
    },
    TEST_MS,
  )

  test(
    'Scans: the chart, the breakdowns and the CSV download',
    async () => {
      await withPage(async (page, problems) => {
        const today = new Date(h?.clock.now ?? 0).toISOString().slice(0, 10)
        await addScanCounts(h?.database.db as Database['db'], [
          scanRow(h?.orgIds.acme as string, { day: today, language: 'de', count: 12, withLot: 3 }),
        ])
        await signIn(page, 'viewer')
        await page.goto(`${origin}/orgs/acme/scans`)
        await page.getByRole('img', { name: /Scans per day: \d+ scans/ }).waitFor()
        await expectAccessible(page, 'scans')
        await screenshot(page, 'dashboard-scans')
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('link', { name: 'Download CSV (per day)' }).click(),
        ])
        expect(download.suggestedFilename()).toMatch(
          /^acme-scans-day-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
        )
        expect(problems).toEqual([])
      })
    },
    TEST_MS,
  )

  test(
    'the keyboard reaches the skip link first and it moves focus to the content',
    async () => {
      await withPage(async (page) => {
        await signIn(page, 'owner')
        await page.waitForURL(`${origin}/orgs/acme`)
        await page.keyboard.press('Tab')
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content')
        await page.keyboard.press('Enter')
        expect(page.url()).toBe(`${origin}/orgs/acme#main`)
      })
    },
    TEST_MS,
  )
})
