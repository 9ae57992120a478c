/** Token issuance per second and the bearer guard's overhead per request (guarded vs unguarded no-op, side by side). */
import { Elysia } from 'elysia'
import { createApp } from '../src/api/app.ts'
import { authFeature, bearerAuth } from '../src/api/auth/index.ts'
import { signAccessToken, verifyAccessToken } from '../src/auth/tokens.ts'
import { BENCH_CONFIG, openBenchAuth } from './api-setup.ts'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const ROUNDS = 7

const config = BENCH_CONFIG
const { database, deps, slug, client, auth, close } = await openBenchAuth()
const noop = () => 'ok'
const app = createApp(deps, [
  authFeature({ ...deps, auth }),
  new Elysia()
    .use(bearerAuth(auth))
    .get('/bench/open', noop)
    .get('/bench/guarded', noop, { scope: 'write:codes' }),
])

const basic = `Basic ${btoa(`${client.clientId}:${client.clientSecret}`)}`
const tokenRequest = () =>
  new Request(`${config.apiUrl}/oauth/token`, {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  })

/** Runs `fn` with `concurrency` calls in flight for `seconds`; returns calls per second. */
async function rate(fn: () => Promise<unknown>, seconds: number, concurrency = 1): Promise<number> {
  let count = 0
  const end = performance.now() + seconds * 1000
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        await fn()
        count++
      }
    }),
  )
  return count / seconds
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US').padStart(9)
const line = (label: string, value: string) => console.log(`${label.padEnd(52)} ${value}`)

console.log(`backend: ${database.kind}; ${SECONDS} s per measurement`)

// 1. Issuance: each request runs one scrypt (worker pool) and one EdDSA signature.
const issued = await rate(() => app.handle(tokenRequest()), SECONDS, 8)
line('POST /oauth/token, 8 in flight (scrypt + sign)', `${fmt(issued)} tokens/s`)
const signer = (await crypto.subtle.generateKey('Ed25519', false, ['sign', 'verify'])) as CryptoKeyPair
const claims = { kid: 'bench', issuer: config.apiUrl, clientId: client.clientId, organizationId: slug }
const sign = () =>
  signAccessToken({ ...claims, key: signer.privateKey, scopes: ['write:codes'], now: Date.now() })
line('JWT signing alone (EdDSA)', `${fmt(await rate(sign, SECONDS))} tokens/s`)

// 2. First sight of a token: full verification with the pinned policy (what the cache saves afterwards).
const distinct = await Promise.all(Array.from({ length: 3000 }, sign))
let next = 0
const policy = { issuer: config.apiUrl, now: Date.now(), keyFor: async () => signer.publicKey }
const verifyRate = await rate(
  () => verifyAccessToken(distinct[next++ % distinct.length] as string, policy),
  1,
)
line('first verification of a token (EdDSA, uncached)', `${fmt(verifyRate)} tokens/s`)

// 3. Guard overhead: the same no-op behind the guard and without it, in interleaved rounds. Both
// requests carry the same Authorization header, so the figure is the guard's work alone, not the
// cost of sending a 450-byte header. CPU time per request is reported next to throughput: on a
// shared machine it is far steadier than wall time. Each figure is the median of the rounds.
const token = ((await (await app.handle(tokenRequest())).json()) as { access_token: string }).access_token
const bearer = `Bearer ${token}`
const probe = await app.handle(
  new Request(`${config.apiUrl}/bench/guarded`, { headers: { authorization: bearer } }),
)
if (probe.status !== 200) throw new Error(`guarded route answered ${probe.status}`)

interface Sample {
  perSecond: number
  cpuMicros: number
}
type Measure = (path: string) => Promise<Sample>

const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number
const cpuNow = () => {
  const { user, system } = process.cpuUsage()
  return user + system
}

async function sideBySide(label: string, measure: Measure, rounds: number): Promise<void> {
  await measure('/bench/open')
  await measure('/bench/guarded')
  const open: Sample[] = []
  const guarded: Sample[] = []
  for (let i = 0; i < rounds; i++) {
    open.push(await measure('/bench/open'))
    guarded.push(await measure('/bench/guarded'))
  }
  const o = { rate: median(open.map((x) => x.perSecond)), cpu: median(open.map((x) => x.cpuMicros)) }
  const g = { rate: median(guarded.map((x) => x.perSecond)), cpu: median(guarded.map((x) => x.cpuMicros)) }
  const pct = (a: number, b: number) => `${((a / b - 1) * 100).toFixed(1)} %`
  line(`${label}: unguarded no-op`, `${fmt(o.rate)} req/s  ${o.cpu.toFixed(2)} µs CPU/req`)
  line(`${label}: guarded no-op (cached token)`, `${fmt(g.rate)} req/s  ${g.cpu.toFixed(2)} µs CPU/req`)
  line(
    `${label}: guard overhead`,
    `throughput ${pct(o.rate, g.rate)}, CPU ${pct(g.cpu, o.cpu)} (target ≤ 15 %)`,
  )
}

const IN_PROCESS_REQUESTS = 20_000
await sideBySide(
  'in-process app.handle',
  async (path) => {
    const request = new Request(`${config.apiUrl}${path}`, { headers: { authorization: bearer } })
    const [wall, cpu] = [performance.now(), cpuNow()]
    for (let i = 0; i < IN_PROCESS_REQUESTS; i++) await app.handle(request.clone())
    const seconds = (performance.now() - wall) / 1000
    return { perSecond: IN_PROCESS_REQUESTS / seconds, cpuMicros: (cpuNow() - cpu) / IN_PROCESS_REQUESTS }
  },
  ROUNDS,
)

// As clients see it: Bun.serve on a free port, loaded by wrk (a separate process) when installed.
const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (request) => app.handle(request) })
const wrk = Bun.which('wrk')
if (wrk === null) console.log('wrk not found: HTTP measurement skipped')
else {
  const seconds = 1
  await sideBySide(
    'HTTP, wrk -t1 -c32',
    async (path) => {
      const url = `http://127.0.0.1:${server.port}${path}`
      const cpu = cpuNow()
      const child = Bun.spawn([wrk, '-t1', '-c32', `-d${seconds}s`, '-H', `Authorization: ${bearer}`, url])
      const output = await new Response(child.stdout).text()
      const requests = Number(/(\d+) requests in/.exec(output)?.[1] ?? Number.NaN)
      const perSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? Number.NaN)
      // The server's CPU only: wrk runs in its own process.
      return { perSecond, cpuMicros: (cpuNow() - cpu) / requests }
    },
    ROUNDS,
  )
}
server.stop(true)

// 4. Client enumeration by timing: an unknown client ID must cost what a wrong secret costs (the dummy hash).
// CPU time per request, interleaved rounds, medians; scrypt runs on this process's worker pool, so it counts.
const wrongSecret = `Basic ${btoa(`${client.clientId}:wrong-secret`)}`
const unknownClient = `Basic ${btoa('svc_client_00000000000000000000000000000000:wrong-secret')}`
const failedToken = async (authorization: string) => {
  const cpu = cpuNow()
  for (let i = 0; i < 8; i++) {
    const request = tokenRequest()
    request.headers.set('authorization', authorization)
    if ((await app.handle(request)).status !== 401) throw new Error('expected 401')
  }
  return (cpuNow() - cpu) / 8
}
const wrongCpu: number[] = []
const unknownCpu: number[] = []
for (let i = 0; i < ROUNDS; i++) {
  wrongCpu.push(await failedToken(wrongSecret))
  unknownCpu.push(await failedToken(unknownClient))
}
const [w, u] = [median(wrongCpu), median(unknownCpu)]
line('POST /oauth/token, wrong secret', `${(w / 1000).toFixed(2)} ms CPU/req`)
line(
  'POST /oauth/token, unknown client ID',
  `${(u / 1000).toFixed(2)} ms CPU/req  ${(u / w).toFixed(2)}x (target ~1)`,
)

await close()
