/** The real service process (`bun src/main.ts`) under malformed request heads over raw sockets, on every port it serves. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import fc from 'fast-check'
import { type Instance, startInstance } from '../support/processes.ts'
import { makeTempDir, removeTempDir } from '../support/temp.ts'
import { rawExchange, statusOf } from './raw-http.ts'
import { BUN_BAD_REQUEST_LINE, headArb, headText, KNOWN_KILLERS, ODD_HEADS } from './request-heads.ts'

/** Generated heads per run, each sent to every port; the known ones are sent first, every time. */
const RUNS = 120
/** How long one exchange may wait for an answer (a head the server is still reading gets none). */
const WAIT_MS = 1500

/** Every port the process listens on, by name: a new surface (the dashboard, say) is one more line here. */
function ports(instance: Instance): Record<string, string> {
  return {
    api: instance.api,
    resolver: instance.resolver,
    dashboard: instance.dashboard,
  }
}

let dir: string
let instance: Instance

beforeAll(async () => {
  dir = makeTempDir('raw-fuzz')
  instance = await startInstance({ env: { DATA_DIR: join(dir, 'pglite') }, readyTimeoutMs: 90_000 })
}, 120_000)

afterAll(async () => {
  await instance?.stop()
  removeTempDir(dir)
}, 60_000)

/** What went wrong for one head: a 5xx on some port, or a port that stopped answering after it. */
async function faultsAfter(head: string): Promise<string[]> {
  const faults: string[] = []
  for (const [name, origin] of Object.entries(ports(instance))) {
    const { received } = await rawExchange(Number(new URL(origin).port), [head], { waitMs: WAIT_MS })
    const status = statusOf(received)
    if (status !== null && status >= 500 && received !== BUN_BAD_REQUEST_LINE)
      faults.push(`${name} answered ${status}`)
  }
  for (const [name, origin] of Object.entries(ports(instance))) {
    const alive = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(5000) }).then(
      (res) => res.status === 200,
      () => false,
    )
    if (!alive) faults.push(`${name} no longer answers: ${instance.stderr.slice(-3).join(' | ')}`)
  }
  return faults
}

describe('malformed request heads over raw sockets', () => {
  test('every port answers each head without a 5xx and still serves after it; the process never dies', async () => {
    const known = [...KNOWN_KILLERS, ...ODD_HEADS].map((head) => [head] as [string])
    await fc.assert(
      fc.asyncProperty(headArb.map(headText), async (head) => {
        expect(await faultsAfter(head)).toEqual([])
      }),
      // Once the process is dead every later head fails too: shrinking would only hide the one that killed it.
      { numRuns: RUNS, examples: known, endOnFailure: true },
    )
    const errors = instance.stdout.filter((line) => line.includes('"level":"error"'))
    expect(errors).toEqual([])
    expect(await instance.stop()).toBe(0)
  }, 300_000)
})
