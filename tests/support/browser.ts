/** Debian's Chromium through playwright-core for the browser tests: launch with a fresh profile, bound in time, axe-core, screenshots. */
import { accessSync, constants, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type BrowserContext, chromium, type Page } from 'playwright-core'
import { makeTempDir, removeTempDir } from './temp.ts'

/** The system Chromium (`apt-get install chromium`); `CHROMIUM_PATH` overrides it. Never a downloaded browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

/** Quiet, offline, reproducible: no GPU, QUIC, first-run UI, background or component traffic, or sync. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Screenshots of the browser tests (git-ignored). */
export const ARTIFACTS_DIR = join(import.meta.dir, '..', '..', 'test-artifacts', 'browser')

const LAUNCH_TIMEOUT_MS = 20_000
const CLOSE_TIMEOUT_MS = 5_000
/** Per action and navigation, so that a stuck page fails its test instead of hanging the run; generous for a loaded machine. */
export const ACTION_TIMEOUT_MS = 30_000

/** Why the browser tests cannot run here (no executable Chromium), or null when they can. */
export function browserSkipReason(): string | null {
  try {
    accessSync(CHROMIUM_PATH, constants.X_OK)
    return null
  } catch {
    return `browser tests skipped: no Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)`
  }
}

/** Rejects when `promise` takes longer than `ms`. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

export interface BrowserSession {
  /** One browser context on a fresh `--user-data-dir`, English by default (`--lang=en-US`). */
  readonly context: BrowserContext
  /** A new page with the action timeouts set. */
  newPage(): Promise<Page>
  /** Closes the browser (bounded in time) and removes the profile; safe to call twice. */
  close(): Promise<void>
}

/** Launches Chromium headless on a new temporary profile (Playwright takes it as the persistent-context directory). */
export async function launchBrowser(
  options: { readonly javaScriptEnabled?: boolean } = {},
): Promise<BrowserSession> {
  const profile = makeTempDir('chromium-profile')
  let context: BrowserContext
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      // English by default, set with the UI language: Playwright's `locale` would override every page's Accept-Language.
      args: [...CHROMIUM_ARGS, '--lang=en-US'],
      timeout: LAUNCH_TIMEOUT_MS,
      viewport: { width: 1280, height: 800 },
      javaScriptEnabled: options.javaScriptEnabled ?? true,
    })
  } catch (error) {
    removeTempDir(profile)
    throw error
  }
  context.setDefaultTimeout(ACTION_TIMEOUT_MS)
  context.setDefaultNavigationTimeout(ACTION_TIMEOUT_MS)
  let closed = false
  return {
    context,
    newPage: () => context.newPage(),
    async close() {
      if (closed) return
      closed = true
      try {
        await within(context.close(), CLOSE_TIMEOUT_MS, 'closing Chromium')
      } finally {
        removeTempDir(profile)
      }
    },
  }
}

/** Saves a full-page PNG under test-artifacts/browser and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true })
  const path = join(ARTIFACTS_DIR, `${name}.png`)
  await page.screenshot({ path, fullPage: true })
  return path
}

/** What the accessibility check reports of one rule. */
export interface AxeViolation {
  readonly id: string
  readonly impact: string | null
  readonly help: string
  readonly targets: string[]
}

let axeSource: string | null = null

/**
 * Runs axe-core (WCAG 2.0–2.2 A and AA rules plus best practices) in the page and returns the violations.
 * The script is evaluated through the DevTools protocol, which the page's CSP (no script at all) does not govern.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')
  await page.evaluate(axeSource)
  return page.evaluate(async () => {
    const axe = (
      globalThis as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<AxeResults> } }
    ).axe
    interface AxeResults {
      violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[]
    }
    const results = await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      },
    })
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }))
  })
}

/** The violations axe rates serious or critical. */
export function seriousViolations(violations: readonly AxeViolation[]): AxeViolation[] {
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
}
