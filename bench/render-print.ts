/**
 * Print-ready codes (issue #29), side by side in one run: PNG and PDF of the service against bwip-js's own output of
 * the same symbols (`toBuffer`, and its own vector drawing `toSVG`), through the drawer and through POST /render; then
 * POST /render/batch of 1000 PNGs on two worker threads, showing its first bytes leave before the last symbol is drawn.
 */

import { toSVG } from 'bwip-js/generic'
import bwipNode from 'bwip-js/node'
import { createApp } from '../src/api/app.ts'
import { authFeature } from '../src/api/auth/index.ts'
import { type CodeWork, codesFeature, pooledCodeWork } from '../src/api/codes/index.ts'
import type { Mode } from '../src/gs1/index.ts'
import { DEFAULT_PRINT, drawPrint } from '../src/render/index.ts'
import { clientToken, openBenchAuth } from './api-setup.ts'
import { alternate, bwipOptions, GTIN, symbolOf } from './codes-setup.ts'

const COUNT = Number(process.env.BENCH_PRINTS ?? 300)
const BLOCK = 25
const MODES: readonly Mode[] = [
  'GS1_DATAMATRIX',
  'DATAMATRIX_GS1_DIGITAL_LINK_URI',
  'GS1_QR',
  'QR_GS1_DIGITAL_LINK_URI',
]
/** 0.508 mm at 300 dpi: 6 pixels a module, bwip-js scale 3. */
const PRINT = { ...DEFAULT_PRINT, moduleSize: 0.5 }

let serial = 0
function definition(mode: Mode): Record<string, unknown> {
  return {
    mode,
    primaryKey: { key: '01', value: GTIN },
    ais: [
      { key: '10', value: 'L42' },
      { key: '21', value: `S${serial++}` },
    ],
    ...(mode.includes('DIGITAL_LINK') ? { digitalLinkStem: 'https://id.example.com' } : {}),
  }
}

const { deps, client, auth, close } = await openBenchAuth()
const app = createApp(deps, [authFeature({ ...deps, auth }), codesFeature({ auth })])
const token = await clientToken((request) => app.handle(request), 'http://api.bench', client)
const post = (path: string, body: string, accept: string) =>
  app.handle(
    new Request(`http://api.bench${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept },
      body,
    }),
  )

const rate = (ms: number) => `${(COUNT / (ms / 1000)).toFixed(0).padStart(5)}/s`
console.log(
  `Print-ready codes vs bwip-js, ${COUNT} distinct codes per case, 0.5 mm asked (PNG: 6 px at 300 dpi); Bun ${Bun.version}`,
)
console.log(
  '  ratio = bwip-js time / service time (target >= 0.9x); drawer = drawPrint in this thread; HTTP = POST /render via app.handle',
)
// Warm-up, untimed: every path once per mode so that neither side pays for compiling the other's code.
for (const mode of MODES) {
  for (let i = 0; i < 60; i++) {
    const def = definition(mode)
    const { symbol, hri } = symbolOf(def)
    await bwipNode.toBuffer(bwipOptions(symbol, 3) as never)
    toSVG(bwipOptions(symbol, 1) as never)
    await drawPrint(symbol, hri, PRINT, 'png')
    await drawPrint(symbol, hri, PRINT, 'pdf')
    const body = JSON.stringify({ ...def, moduleSize: 0.5 })
    await (await post('/render', body, 'image/png')).arrayBuffer()
    await (await post('/render', body, 'application/pdf')).arrayBuffer()
  }
}
for (const mode of MODES) {
  const items = Array.from({ length: COUNT }, () => {
    const def = definition(mode)
    return { ...symbolOf(def), body: JSON.stringify({ ...def, moduleSize: 0.5 }) }
  })
  const png = await alternate(
    items,
    BLOCK,
    (i) => bwipNode.toBuffer(bwipOptions(i.symbol, 3) as never),
    (i) => drawPrint(i.symbol, i.hri, PRINT, 'png'),
  )
  const pdf = await alternate(
    items,
    BLOCK,
    (i) => toSVG(bwipOptions(i.symbol, 1) as never),
    (i) => drawPrint(i.symbol, i.hri, PRINT, 'pdf'),
  )
  const pngHttp = await alternate(
    items,
    BLOCK,
    (i) => bwipNode.toBuffer(bwipOptions(i.symbol, 3) as never),
    async (i) => (await post('/render', i.body, 'image/png')).arrayBuffer(),
  )
  const pdfHttp = await alternate(
    items,
    BLOCK,
    (i) => toSVG(bwipOptions(i.symbol, 1) as never),
    async (i) => (await post('/render', i.body, 'application/pdf')).arrayBuffer(),
  )
  const x = (t: { bare: number; ours: number }) => `${(t.bare / t.ours).toFixed(2)}x`
  console.log(
    `  ${mode.padEnd(32)} PNG drawer ${rate(png.ours)} vs toBuffer ${rate(png.bare)} = ${x(png)}  HTTP ${rate(pngHttp.ours)} = ${x(pngHttp)}   ` +
      `PDF drawer ${rate(pdf.ours)} vs toSVG ${rate(pdf.bare)} = ${x(pdf)}  HTTP ${rate(pdfHttp.ours)} = ${x(pdfHttp)}`,
  )
}

// POST /render/batch of 1000 PNGs on two worker threads: when do its first bytes leave?
const pool = pooledCodeWork({ threads: 2, maxQueue: 128 })
let drawn = 0
const counting: CodeWork = {
  ...pool,
  async renderChunk(chunk) {
    const outcome = await pool.renderChunk(chunk)
    if (outcome.ok) drawn += outcome.value.length
    return outcome
  },
}
const batchApp = createApp(deps, [codesFeature({ auth, work: counting })])
const codes = Array.from({ length: 1000 }, (_, i) => definition(MODES[i % MODES.length] as Mode))
// Warm the workers (their first task loads bwip-js).
await (await batchApp.handle(batchRequest(codes.slice(0, 8)))).arrayBuffer()
drawn = 0
const start = performance.now()
const res = await batchApp.handle(batchRequest(codes))
const reader = (res.body as ReadableStream<Uint8Array>).getReader()
let first = -1
let drawnAtFirst = 0
let bytes = 0
for (;;) {
  const next = await reader.read()
  if (next.done) break
  if (first < 0) {
    first = performance.now() - start
    drawnAtFirst = drawn
  }
  bytes += next.value.byteLength
}
const total = performance.now() - start
console.log(
  `  POST /render/batch, 1000 PNGs, 2 worker threads: first bytes after ${first.toFixed(0)} ms with ${drawnAtFirst} of 1000 ` +
    `drawn; last after ${total.toFixed(0)} ms (${(bytes / 1024 / 1024).toFixed(1)} MiB, ${(1000 / (total / 1000)).toFixed(0)} codes/s)`,
)
console.log(`  streams before the last symbol is drawn: ${drawnAtFirst < 1000 ? 'yes' : 'NO'}`)
await pool.close()
await close()

function batchRequest(items: unknown[]) {
  return new Request('http://api.bench/render/batch', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'image/png' },
    body: JSON.stringify({ codes: items, moduleSize: 0.5 }),
  })
}
