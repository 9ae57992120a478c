/** `POST /codes` with 1000 definitions end to end (loopback HTTP + JSON) beside the GS1 core called in-process. */

import { generateCode } from '../src/gs1/index.ts'
import { generateBatch } from '../src/services/codes/generate.ts'
import { bestOf, GTIN, openBenchApi } from './codes-setup.ts'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30)
const ITEMS = 1000

/** Label-printing definitions: element strings and Digital Links with lot, serial, expiry and weight. */
function definitions(): Record<string, unknown>[] {
  return Array.from({ length: ITEMS }, (_, i) => {
    const ais = [
      { key: '10', value: `L${i % 97}` },
      { key: '21', value: `S${i}` },
      { key: '17', value: '271231' },
      { key: '3103', value: String(i).padStart(6, '0') },
    ]
    const dl = i % 2 === 0
    return {
      reference: `label-${i}`,
      mode: dl ? 'QR_GS1_DIGITAL_LINK_URI' : 'GS1_DATAMATRIX',
      primaryKey: { key: '01', value: GTIN },
      ais,
      ...(dl ? { digitalLinkStem: 'https://id.example.com' } : {}),
    }
  })
}

const api = await openBenchApi()
const codes = definitions()
const body = JSON.stringify({ codes })
const headers = { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' }

/**
 * The floor: the GS1 core behind a bare `Bun.serve` that parses the request and serialises the same answer,
 * with no routing, authentication, validation envelope or log. What it costs over the core is the JSON and HTTP
 * that any service answering this request over loopback pays on this runtime.
 */
const bare = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch: async (request) => {
    const { codes: items } = (await request.json()) as { codes: unknown[] }
    const answer = items.map((item, index) => {
      const generated = generateCode(item, { requireMode: true })
      if (!generated.ok) throw new Error('invalid')
      const r = generated.result
      return {
        index,
        reference: r.reference,
        mode: r.mode,
        primaryKey: r.primaryKey,
        barcodeText: r.barcodeText,
        hri: r.hri,
      }
    })
    return Response.json({ codes: answer, failures: [] })
  },
})

async function bareFloor() {
  const res = await fetch(`http://127.0.0.1:${bare.port}/codes`, { method: 'POST', headers, body })
  const result = (await res.json()) as { codes: unknown[] }
  if (result.codes.length !== ITEMS) throw new Error('batch failed')
}

async function overHttp() {
  const res = await fetch(`${api.base}/codes`, { method: 'POST', headers, body })
  const result = (await res.json()) as { codes: unknown[] }
  if (result.codes.length !== ITEMS) throw new Error('batch failed')
}

/** The same request, the answer received as bytes and not parsed (a client that stores it as it is). */
async function overHttpBytes() {
  const res = await fetch(`${api.base}/codes`, { method: 'POST', headers, body })
  if ((await res.arrayBuffer()).byteLength === 0) throw new Error('empty answer')
}

async function inApp() {
  const res = await api.app.handle(new Request('http://api.bench/codes', { method: 'POST', headers, body }))
  await res.json()
}

/**
 * The reference: the core called in-process, each code's text read once, as every caller does (to print,
 * render or store it). JavaScriptCore builds concatenated strings lazily (ropes) and joins their pieces only
 * when the text is first read, so a loop that never reads `barcodeText` and `hri` leaves part of making them
 * undone; over HTTP that part lands in `JSON.stringify`.
 */
function coreOnly(): number {
  let read = 0
  for (const c of codes) {
    const generated = generateCode(c, { requireMode: true })
    if (!generated.ok) throw new Error('invalid')
    read += generated.result.barcodeText.charCodeAt(0) + generated.result.hri.charCodeAt(0)
  }
  return read
}

/** The same calls with the text never read (the reference of the runs before 2026-11-23, shown for comparison). */
function coreUnread() {
  for (const c of codes) if (!generateCode(c, { requireMode: true }).ok) throw new Error('invalid')
}

function serviceOnly() {
  if (!generateBatch(JSON.parse(body)).ok) throw new Error('invalid')
}

const best = await bestOf(ROUNDS, {
  overHttp,
  overHttpBytes,
  inApp,
  coreOnly,
  coreUnread,
  serviceOnly,
  bareFloor,
})
bare.stop(true)
await api.close()

const ms = (v: number | undefined) => `${(v ?? 0).toFixed(2)} ms`.padStart(9)
const ratio = (v: number | undefined) => `${((v ?? 0) / (best.coreOnly ?? 1)).toFixed(2)}x`
console.log(
  `POST /codes, ${ITEMS} definitions (${(body.length / 1024).toFixed(0)} KiB), best of ${ROUNDS} (Bun ${Bun.version})`,
)
console.log(`  GS1 core in-process, generateCode x ${ITEMS}        ${ms(best.coreOnly)}   1.00x`)
console.log(
  `  the same, the text never read                   ${ms(best.coreUnread)}   ${ratio(best.coreUnread)}`,
)
console.log(
  `  service: JSON.parse + batch                     ${ms(best.serviceOnly)}   ${ratio(best.serviceOnly)}`,
)
console.log(`  app.handle, no socket                           ${ms(best.inApp)}   ${ratio(best.inApp)}`)
console.log(
  `  HTTP on 127.0.0.1, answer read as bytes         ${ms(best.overHttpBytes)}   ${ratio(best.overHttpBytes)}`,
)
console.log(
  `  HTTP on 127.0.0.1, answer parsed (end to end)   ${ms(best.overHttp)}   ${ratio(best.overHttp)}`,
)
console.log(
  `  floor: the core behind a bare Bun.serve           ${ms(best.bareFloor)}   ${ratio(best.bareFloor)}`,
)
console.log('  target: end to end <= 1.5x the GS1 core')
