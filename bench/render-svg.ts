/** `POST /render` throughput beside bare bwip-js `toSVG` on the same definitions; repeated requests hit the SVG cache. */
import { toSVG } from 'bwip-js/generic'
import { alternate, bwipOptions, GTIN, openBenchApi, symbolOf } from './codes-setup.ts'

const COUNT = Number(process.env.BENCH_RENDERS ?? 500)
/** Distinct definitions in the repeated workload; COUNT requests walk them COUNT / SET_SIZE times. */
const SET_SIZE = 50
/** Requests per side before the other side's turn (item by item, each side paid for the other evicting it from the
 * CPU caches). */
const BLOCK = 25
const MODES = [
  'GS1_DATAMATRIX',
  'DATAMATRIX_GS1_DIGITAL_LINK_URI',
  'GS1_QR',
  'QR_GS1_DIGITAL_LINK_URI',
] as const
type Mode = (typeof MODES)[number]

/** A distinct definition per call (a new serial), so that only the repeated case can hit the cache. */
let serial = 0
function definition(mode: Mode): Record<string, unknown> {
  return {
    mode,
    primaryKey: { key: '01', value: GTIN },
    ais: [
      { key: '10', value: 'L42' },
      { key: '21', value: `S${serial++}` },
      { key: '17', value: '271231' },
    ],
    ...(mode.includes('DIGITAL_LINK') ? { digitalLinkStem: 'https://id.example.com' } : {}),
  }
}

/** What bwip-js gets for a definition: the encoder, text and options the service uses, prepared untimed. */
function bareOptions(def: Record<string, unknown>) {
  return bwipOptions(symbolOf(def).symbol, 2)
}

const api = await openBenchApi()
const headers = {
  authorization: `Bearer ${api.token}`,
  'content-type': 'application/json',
  accept: 'image/svg+xml',
}

async function check(res: Response | Promise<Response>) {
  const r = await res
  if (r.status !== 200) throw new Error(`render answered ${r.status}`)
  await r.text()
}

const viaHttp = (body: string) => check(fetch(`${api.base}/render`, { method: 'POST', headers, body }))
const viaApp = (body: string) =>
  check(api.app.handle(new Request('http://api.bench/render', { method: 'POST', headers, body })))

/** Distinct codes (a new serial each): bare toSVG vs one /render path on the same definitions. */
function pair(mode: Mode, path: (body: string) => Promise<void>) {
  const items = Array.from({ length: COUNT }, () => {
    const def = definition(mode)
    return { options: bareOptions(def), body: JSON.stringify(def) }
  })
  return alternate(
    items,
    BLOCK,
    (item) => toSVG(item.options),
    (item) => path(item.body),
  )
}

console.log(`POST /render vs bwip-js toSVG, ${COUNT} distinct codes per case (Bun ${Bun.version})`)
console.log(
  `  each path alternates with bare toSVG in blocks of ${BLOCK}, so load from other processes hits both alike;`,
)
console.log(
  '  ratio = /render throughput / toSVG throughput (target >= 0.9x); HTTP: loopback, client in-process;',
)
console.log('  distinct: every code new (no cache can help); same: one set of definitions requested again')
/**
 * The workload: one set of definitions requested again and again (label runs reprinted, previews
 * refreshed). Bare toSVG draws every request; /render draws each definition once and serves the rest from
 * its cache. Both walk the same sequence, alternating request by request.
 */
async function sameDefinitions(mode: Mode) {
  const set = Array.from({ length: SET_SIZE }, () => definition(mode))
  const items = Array.from({ length: COUNT }, (_, i) => set[i % SET_SIZE] as Record<string, unknown>).map(
    (def) => ({ options: bareOptions(def), body: JSON.stringify(def) }),
  )
  return alternate(
    items,
    BLOCK,
    (item) => toSVG(item.options),
    (item) => viaHttp(item.body),
  )
}

for (const mode of MODES) {
  const app = await pair(mode, viaApp)
  const http = await pair(mode, viaHttp)
  const same = await sameDefinitions(mode)
  const rate = (ms: number) => `${(COUNT / (ms / 1000)).toFixed(0).padStart(5)}/s`
  console.log(
    `  ${mode.padEnd(32)} distinct: app.handle ${rate(app.ours)} vs toSVG ${rate(app.bare)} = ${(app.bare / app.ours).toFixed(2)}x   ` +
      `HTTP ${rate(http.ours)} vs ${rate(http.bare)} = ${(http.bare / http.ours).toFixed(2)}x   ` +
      `same ${SET_SIZE} repeated: HTTP ${rate(same.ours)} vs ${rate(same.bare)} = ${(same.bare / same.ours).toFixed(2)}x`,
  )
}
await api.close()
