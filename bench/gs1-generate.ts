/** Benchmark: validation + Digital Link generation of the GS1 core against digital-link.js, and a 1000-code batch. */
import { createRequire } from 'node:module'
import { generateCode, gs1CheckDigit } from '../src/gs1/index.ts'
import { seededRandom } from './random-setup.ts'

const require = createRequire(import.meta.url)
const { DigitalLink } = require('digital-link.js') as {
  DigitalLink: (o: unknown) => { isValid(): boolean; toWebUriString(): string }
}

const COUNT = 10_000
const STEM = 'https://id.example.com'

const rand = seededRandom(42)
function digits(n: number): string {
  return Array.from({ length: n }, () => Math.floor(rand() * 10)).join('')
}

function text(n: number): string {
  return Array.from({ length: n }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'[Math.floor(rand() * 34)]).join(
    '',
  )
}

interface Def {
  digitalLinkStem: string
  primaryKey: { key: string; value: string }
  ais: { key: string; value: string }[]
  linkType: string
}

function makeDefinition(): Def {
  const body = `0${digits(12)}`
  const ais: { key: string; value: string }[] = []
  if (rand() < 0.5) ais.push({ key: '10', value: text(1 + Math.floor(rand() * 10)) })
  ais.push({ key: '21', value: text(1 + Math.floor(rand() * 12)) })
  if (rand() < 0.5)
    ais.push({
      key: '17',
      value: `2${Math.floor(rand() * 10)}${String(1 + Math.floor(rand() * 12)).padStart(2, '0')}15`,
    })
  if (rand() < 0.3) ais.push({ key: '3103', value: digits(6) })
  return {
    digitalLinkStem: STEM,
    primaryKey: { key: '01', value: body + gs1CheckDigit(body) },
    ais,
    linkType: 'gs1:pip',
  }
}

const defs = Array.from({ length: COUNT }, makeDefinition)

function ours(d: Def): string {
  const r = generateCode(d)
  if (!r.ok) throw new Error(JSON.stringify(r.errors))
  return r.result.barcodeText
}

const QUALIFIERS = new Set(['22', '10', '21'])

function theirs(d: Def): string {
  const keyQualifiers: Record<string, string> = {}
  const attributes: Record<string, string> = {}
  for (const a of d.ais) (QUALIFIERS.has(a.key) ? keyQualifiers : attributes)[a.key] = a.value
  const dl = DigitalLink({
    domain: d.digitalLinkStem,
    identifier: { [d.primaryKey.key]: d.primaryKey.value },
    keyQualifiers,
    attributes,
    sortKeyQualifiers: true,
    linkType: d.linkType,
  })
  if (!dl.isValid()) throw new Error(`digital-link.js rejects ${dl.toWebUriString()}`)
  return dl.toWebUriString()
}

function time(fn: (d: Def) => string, list: readonly Def[]): number {
  const t0 = performance.now()
  for (const d of list) fn(d)
  return performance.now() - t0
}

// Both libraries run on the same chunks, interleaved, so that load on a shared machine and GC pauses
// fall on both alike; each is warmed up first so that the JIT has settled.
function compare(list: readonly Def[], chunk: number): { ours: number; theirs: number } {
  time(ours, list)
  time(theirs, list.slice(0, 1000))
  let a = 0
  let b = 0
  for (let i = 0; i < list.length; i += chunk) {
    const part = list.slice(i, i + chunk)
    a += time(ours, part)
    b += time(theirs, part)
  }
  return { ours: a, theirs: b }
}

function line(label: string, ms: number): number {
  const perSecond = (COUNT / ms) * 1000
  const shown = Math.round(perSecond).toLocaleString('en').padStart(10)
  console.log(`${label.padEnd(36)} ${COUNT} codes in ${ms.toFixed(1).padStart(8)} ms ${shown} codes/s`)
  return perSecond
}

console.log(`GS1 Digital Link validation + generation, ${COUNT} definitions (Bun ${Bun.version})`)
const t = compare(defs, 500)
const a = line('src/gs1 generateCode', t.ours)
const b = line('digital-link.js isValid + toWebUri', t.theirs)
console.log(`ratio: ${(a / b).toFixed(1)}x (target >= 50x)`)

// A 1000-code batch as POST /codes runs it in-process: validation and generation of every item.
const batch = defs.slice(0, 1000).map((d, i) => ({
  ...d,
  mode: i % 2 ? 'QR_GS1_DIGITAL_LINK_URI' : 'DATAMATRIX_GS1_DIGITAL_LINK_URI',
  reference: `item-${i}`,
}))
Bun.gc(true) // collect digital-link.js garbage so it does not land in the batch timings
const runs: number[] = []
for (let r = 0; r < 20; r++) {
  const t0 = performance.now()
  for (const item of batch) generateCode(item, { requireMode: true })
  runs.push(performance.now() - t0)
}
runs.sort((x, y) => x - y)
console.log(
  `1000-code batch in-process: median ${(runs[10] ?? 0).toFixed(2)} ms, best ${(runs[0] ?? 0).toFixed(2)} ms (20 runs)`,
)
