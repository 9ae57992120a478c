/** Each client's budget of code work: requests at once and codes per second, 429 with Retry-After in the envelope. */
import { describe, expect, test } from 'bun:test'
import { type CodeWork, createCodeWorkLimiter, inlineCodeWork } from '../../../src/api/codes/index.ts'
import { CLI_ACTOR } from '../../../src/services/audit.ts'
import { createClient } from '../../../src/services/clients/api-clients.ts'
import { fetchToken, gtinDefinition, postJson, useCodeApi } from './harness.ts'

let now = 0
const clock = () => now
const limits = { concurrent: 2, burst: 1500, perSecond: 100 }

/** Inline work whose batches wait while it is held: requests stay running as long as a test wants. */
function heldWork(): CodeWork & { release(): void; held(n: number): Promise<void> } {
  const inline = inlineCodeWork()
  let open: () => void = () => {}
  const gate = new Promise<void>((resolve) => (open = resolve))
  let waiting = 0
  return {
    ...inline,
    async batch(body) {
      waiting++
      await gate
      return inline.batch(body)
    },
    release: () => open(),
    // Token checks finish on the runtime's crypto threads: a busy machine takes more than a tick to reach the work.
    async held(n) {
      while (waiting < n) await Bun.sleep(1)
    },
  }
}

const work = heldWork()
const api = useCodeApi({ work, limiter: createCodeWorkLimiter(limits, clock) })

const codes = (n: number) => ({
  codes: Array.from({ length: n }, (_, i) => gtinDefinition([['10', `L${i}`]], { mode: 'GS1_QR' })),
})

/** The 429's message names the limit met: requests running at once, or the budget of code work. */
const REFUSALS = {
  running: 'This client has as many code requests running as it may: retry after Retry-After seconds',
  budget: 'This client has used up its budget of code work for now: retry after Retry-After seconds',
} as const

async function expect429(response: Response, retryAfter: string, limit: keyof typeof REFUSALS) {
  expect(response.status).toBe(429)
  expect(response.headers.get('retry-after')).toBe(retryAfter)
  expect(response.headers.get('content-type')).toBe('application/json')
  expect(await response.json()).toEqual({
    errors: [{ code: 'TooManyRequests', path: null, message: REFUSALS[limit] }],
  })
}

describe('the code work limiter', () => {
  test('admits `concurrent` requests of a client at once and refuses the next for a second', () => {
    const limiter = createCodeWorkLimiter({ concurrent: 2, burst: 0, perSecond: 1 }, clock)
    const a = limiter.admit('c1')
    const b = limiter.admit('c1')
    expect([a.allowed, b.allowed]).toEqual([true, true])
    expect(limiter.admit('c1')).toEqual({ allowed: false, retryAfterSeconds: 1, reason: 'running' })
    expect(limiter.admit('c2').allowed).toBe(true)
    if (a.allowed) a.done(1)
    if (a.allowed) a.done(1) // a second report changes nothing
    expect(limiter.admit('c1').allowed).toBe(true)
    expect(limiter.admit('c1').allowed).toBe(false)
  })

  test('charges the cost once known, and refuses until the budget is back at one code', () => {
    now = 0
    const limiter = createCodeWorkLimiter({ concurrent: 0, burst: 100, perSecond: 10 }, clock)
    const batch = limiter.admit('c1')
    if (!batch.allowed) throw new Error('refused')
    batch.done(600)
    // 100 − 600 = −500: one code is back after 501 / 10 s.
    expect(limiter.admit('c1')).toEqual({ allowed: false, retryAfterSeconds: 51, reason: 'budget' })
    now = 50_000
    expect(limiter.admit('c1')).toEqual({ allowed: false, retryAfterSeconds: 1, reason: 'budget' })
    now = 50_100
    expect(limiter.admit('c1').allowed).toBe(true)
    expect(limiter.admit('c2').allowed).toBe(true)
  })

  test('a burst of 0 and a concurrency of 0 turn both limits off', () => {
    const limiter = createCodeWorkLimiter({ concurrent: 0, burst: 0, perSecond: 1 }, clock)
    for (let i = 0; i < 100; i++) {
      const admission = limiter.admit('c1')
      expect(admission.allowed).toBe(true)
      if (admission.allowed && i % 2 === 0) admission.done(1_000_000)
    }
  })
})

describe('POST /code, /codes and /render within the budget', () => {
  test('a client with two requests running gets 429 with Retry-After: 1 in the envelope, then is served', async () => {
    now = 0
    const first = postJson(api(), '/codes', codes(1))
    const second = postJson(api(), '/codes', codes(1))
    try {
      await work.held(2)
      await expect429(await postJson(api(), '/code', gtinDefinition()), '1', 'running')
    } finally {
      work.release()
    }
    expect((await first).status).toBe(200)
    expect((await second).status).toBe(200)
    expect((await postJson(api(), '/code', gtinDefinition())).status).toBe(200)
  })

  test('a batch over the budget is served, and the next request waits for the refill; other clients do not', async () => {
    now += 3_600_000
    expect((await postJson(api(), '/codes', codes(1000))).status).toBe(200)
    expect((await postJson(api(), '/codes', codes(1000))).status).toBe(200)
    // 1500 − 2000 = −500: one code is back after 501 / 100 s.
    await expect429(
      await postJson(api(), '/render', gtinDefinition([], { mode: 'GS1_QR' }), { accept: '*/*' }),
      '6',
      'budget',
    )
    const other = await createClient(api().database.db, {
      actor: CLI_ACTOR,
      organizationSlug: 'acme',
      name: 'Other printer',
      scopes: ['write:codes'],
      clock: api().deps.clock,
    })
    if (!other.ok) throw new Error(other.message)
    const token = await fetchToken(api().app, other.clientId, other.clientSecret)
    expect((await postJson({ app: api().app, token }, '/code', gtinDefinition())).status).toBe(200)
    now += 6_000
    expect((await postJson(api(), '/code', gtinDefinition())).status).toBe(200)
  })

  test('a drawn SVG costs 100 codes, the same SVG from the cache one', async () => {
    now += 3_600_000
    const render = () =>
      postJson(api(), '/render', gtinDefinition([['10', 'DRAWN']], { mode: 'GS1_DATAMATRIX' }), {
        accept: 'image/svg+xml',
      })
    // 1500 codes: fourteen drawings leave 100, then the cache serves the same SVG for 1 code each.
    for (let i = 0; i < 13; i++) {
      const response = await postJson(
        api(),
        '/render',
        gtinDefinition([['10', `D${i}`]], { mode: 'GS1_DATAMATRIX' }),
        {
          accept: 'image/svg+xml',
        },
      )
      expect(response.status).toBe(200)
    }
    expect((await render()).status).toBe(200)
    for (let i = 0; i < 100; i++) expect((await render()).status).toBe(200)
    await expect429(await render(), '1', 'budget')
  })

  test('a body costs a code per KiB it declares, whatever it holds: 1 MiB of [ spends a client’s budget', async () => {
    now += 3_600_000
    const brackets = '['.repeat(1024 * 1024 - 1)
    const headers = { 'content-length': String(brackets.length) }
    const malformed = await postJson(api(), '/code', brackets, headers)
    expect(malformed.status).toBe(400)
    expect((await postJson(api(), '/code', brackets, headers)).status).toBe(400)
    // 1500 − 2 × 1024 = −548: a code is back after 549 / 100 s.
    await expect429(await postJson(api(), '/code', gtinDefinition()), '6', 'budget')
  })
})
