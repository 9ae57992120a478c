import { describe, expect, test } from 'bun:test'
import {
  type AttemptDecision,
  type AttemptOutcome,
  createRateLimiter,
  DEFAULT_RATE_LIMITS,
  MAX_IN_FLIGHT,
  MAX_KEYS,
  type RateLimits,
  TRUSTED_PAIR_MS,
} from '../../src/auth/rate-limit.ts'
import { testClock } from '../support/app.ts'

const LIMITS: RateLimits = { client: { burst: 3, perMinute: 6 }, address: { burst: 5, perMinute: 60 } }
const ID = 'svc_client_0123456789abcdef0123456789abcdef'
const OTHER = 'svc_client_fedcba9876543210fedcba9876543210'

function limiter(limits: RateLimits = LIMITS) {
  const clock = testClock()
  return { clock, limiter: createRateLimiter(limits, clock) }
}

/** Makes `n` attempts, settling each allowed one with `outcome`; returns the decisions. */
function settleEach(
  l: ReturnType<typeof createRateLimiter>,
  n: number,
  outcome: AttemptOutcome,
  id = ID,
  address = '192.0.2.1',
) {
  const decisions: AttemptDecision[] = []
  for (let i = 0; i < n; i++) {
    const d = l.attempt(id, address)
    if (d.allowed) d.settle(outcome)
    decisions.push(d)
  }
  return decisions
}

/** Makes `n` attempts that all fail; returns the decisions. */
function fail(l: ReturnType<typeof createRateLimiter>, n: number, id = ID, address = '192.0.2.1') {
  return settleEach(l, n, 'rejected', id, address)
}

const allowed = (ds: AttemptDecision[]) => ds.map((d) => d.allowed)

describe('token rate limiter', () => {
  test('the defaults allow 10 failures per client ID and 30 per address', () => {
    expect(DEFAULT_RATE_LIMITS).toEqual({
      client: { burst: 10, perMinute: 5 },
      address: { burst: 30, perMinute: 30 },
    })
  })

  test('refuses a client ID after `burst` failures, with the seconds until one more attempt refills', () => {
    const { limiter: l } = limiter()
    expect(allowed(fail(l, 4))).toEqual([true, true, true, false])
    // 6 a minute: one attempt every 10 seconds.
    expect(l.attempt(ID, '192.0.2.1')).toEqual({ allowed: false, retryAfterSeconds: 10 })
  })

  test('refills over time: after the announced wait the next attempt is allowed', () => {
    const { limiter: l, clock } = limiter()
    fail(l, 3)
    clock.advance(9_999)
    expect(l.attempt(ID, '192.0.2.1')).toEqual({ allowed: false, retryAfterSeconds: 1 })
    clock.advance(1)
    expect(l.attempt(ID, '192.0.2.1').allowed).toBe(true)
  })

  test('the client ID budget is shared by every address', () => {
    const { limiter: l } = limiter()
    fail(l, 1, ID, '192.0.2.1')
    fail(l, 1, ID, '192.0.2.2')
    fail(l, 1, ID, '192.0.2.3')
    expect(l.attempt(ID, '192.0.2.4').allowed).toBe(false)
    expect(l.attempt(OTHER, '192.0.2.4').allowed).toBe(true)
  })

  test('an address is refused after its burst of failures, whatever client IDs it tries', () => {
    const { limiter: l } = limiter()
    const ids = Array.from({ length: 6 }, (_, i) => `svc_client_${String(i).padStart(32, '0')}`)
    const decisions = ids.map((id) => fail(l, 1, id, '198.51.100.7')[0])
    expect(decisions.map((d) => d?.allowed)).toEqual([true, true, true, true, true, false])
    // 60 a minute: one a second.
    expect(decisions[5]).toEqual({ allowed: false, retryAfterSeconds: 1 })
    expect(l.attempt(ids[0] as string, '198.51.100.8').allowed).toBe(true)
  })

  test('successes cost nothing: a valid client can authenticate any number of times', () => {
    const { limiter: l } = limiter()
    expect(allowed(settleEach(l, 50, 'authenticated'))).toEqual(Array(50).fill(true))
  })

  test('valid clients asking at once are all admitted, up to MAX_IN_FLIGHT unanswered per key, whatever the burst', () => {
    const { limiter: l } = limiter()
    const together = Array.from({ length: MAX_IN_FLIGHT + 2 }, () => l.attempt(ID, '192.0.2.1'))
    expect(allowed(together)).toEqual([...Array(MAX_IN_FLIGHT).fill(true), false, false])
    expect(together.at(-1)).toEqual({ allowed: false, retryAfterSeconds: 1 })
    for (const d of together) if (d.allowed) d.settle('authenticated')
    expect(allowed(settleEach(l, 5, 'authenticated'))).toEqual(Array(5).fill(true))
  })

  test('concurrent guesses overrun the burst by at most the in-flight cap, and every failure lengthens the wait', () => {
    const { limiter: l } = limiter()
    const guesses = Array.from({ length: MAX_IN_FLIGHT }, () => l.attempt(OTHER, '192.0.2.9'))
    for (const d of guesses) if (d.allowed) d.settle('rejected')
    // 3 tokens less 32 failures: 30 missing, refilled at 6 a minute.
    expect(l.attempt(OTHER, '192.0.2.10')).toEqual({ allowed: false, retryAfterSeconds: 300 })
  })

  test('an aborted attempt (a fault before the answer) is given back', () => {
    const { limiter: l } = limiter()
    expect(allowed(settleEach(l, 10, 'aborted'))).toEqual(Array(10).fill(true))
  })

  test('settling twice counts once', () => {
    const { limiter: l } = limiter()
    fail(l, 2)
    const d = l.attempt(ID, '192.0.2.1')
    if (!d.allowed) throw new Error('expected an allowed attempt')
    d.settle('aborted')
    d.settle('aborted')
    expect(allowed(fail(l, 2))).toEqual([true, false])
  })

  test('a client that authenticated from an address is not locked out there by failures on its ID elsewhere', () => {
    const { limiter: l } = limiter()
    const first = l.attempt(ID, '192.0.2.1')
    if (first.allowed) first.settle('authenticated')
    fail(l, 10, ID, '203.0.113.9')
    expect(l.attempt(ID, '203.0.113.9').allowed).toBe(false)
    const home = l.attempt(ID, '192.0.2.1')
    expect(home.allowed).toBe(true)
  })

  test('a trusted pair is exempt from its address budget but has its own failure budget', () => {
    const { limiter: l } = limiter()
    const first = l.attempt(ID, '192.0.2.1')
    if (first.allowed) first.settle('authenticated')
    // Another ID from the same address uses up the address budget…
    fail(l, 10, OTHER, '192.0.2.1')
    expect(l.attempt(OTHER, '192.0.2.1').allowed).toBe(false)
    // …the trusted pair still gets through, until failures on the pair itself use up its own bucket.
    expect(allowed(fail(l, 4, ID, '192.0.2.1'))).toEqual([true, true, true, false])
  })

  test('trust in a pair lapses a day after its last success', () => {
    const { limiter: l, clock } = limiter()
    const first = l.attempt(ID, '192.0.2.1')
    if (first.allowed) first.settle('authenticated')
    clock.advance(TRUSTED_PAIR_MS)
    fail(l, 10, ID, '203.0.113.9')
    clock.advance(1)
    expect(l.attempt(ID, '192.0.2.1').allowed).toBe(false)
  })

  test('a burst of 0 turns that limit off', () => {
    const { limiter: l } = limiter({
      client: { burst: 0, perMinute: 1 },
      address: { burst: 0, perMinute: 1 },
    })
    expect(allowed(fail(l, 100)).every(Boolean)).toBe(true)
  })

  test('very long claimed client IDs share one key per 128-character prefix', () => {
    const { limiter: l } = limiter()
    const long = 'x'.repeat(128)
    fail(l, 1, `${long}a`, '192.0.2.1')
    fail(l, 1, `${long}b`, '192.0.2.2')
    fail(l, 1, `${long}c`, '192.0.2.3')
    expect(l.attempt(`${long}d`, '192.0.2.4').allowed).toBe(false)
  })

  // About 100 000 evictions: seconds on a slow machine, past Bun's default of 5 s (bunfig.toml cannot raise it).
  test('memory stays bounded when an attacker sprays client IDs from many addresses', () => {
    const { limiter: l } = limiter()
    for (let i = 0; i < MAX_KEYS + 10; i++) {
      const d = l.attempt(`svc_client_${i}`, `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`)
      if (d.allowed) d.settle('rejected')
    }
    // The oldest keys were forgotten first: the first sprayed ID has its full budget again.
    expect(allowed(fail(l, 3, 'svc_client_0', '192.0.2.1'))).toEqual([true, true, true])
  }, 30_000)
})
