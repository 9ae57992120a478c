/** Shared set-up of the code benchmarks: the API app with auth and code routes on a loopback server, and a token. */
import { createApp } from '../src/api/app.ts'
import { authFeature } from '../src/api/auth/index.ts'
import { codesFeature } from '../src/api/codes/index.ts'
import { openBenchAuth } from './api-setup.ts'

export const GTIN = '09506000134352'

/** Starts the app on 127.0.0.1 (a free port) over {@link openBenchAuth}'s database; `close()` stops all. */
export async function openBenchApi() {
  const { deps, client, auth, close } = await openBenchAuth()
  const app = createApp(deps, [authFeature({ ...deps, auth }), codesFeature({ auth })])
  const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (request) => app.handle(request) })
  const base = `http://127.0.0.1:${server.port}`
  const tokenRes = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${btoa(`${client.clientId}:${client.clientSecret}`)}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  })
  const token = ((await tokenRes.json()) as { access_token: string }).access_token
  return {
    app,
    base,
    token,
    async close() {
      server.stop(true)
      await close()
    },
  }
}

/** Runs the cases round-robin `rounds` times and keeps each one's best time: noise on a shared machine then
 * slows every case alike, and ratios stay fair. */
export async function bestOf(rounds: number, cases: Record<string, () => Promise<unknown> | unknown>) {
  const best: Record<string, number> = Object.fromEntries(
    Object.keys(cases).map((k) => [k, Number.POSITIVE_INFINITY]),
  )
  for (let round = 0; round < rounds; round++) {
    for (const [name, fn] of Object.entries(cases)) {
      const start = performance.now()
      await fn()
      best[name] = Math.min(best[name] ?? Number.POSITIVE_INFINITY, performance.now() - start)
    }
  }
  return best
}
