/** EPC codec throughput: SGTIN-96 decode beside `epc-tds` on the same tags, SGTIN+ (+AIDC) decode and encode. */
import epcTds from 'epc-tds'
import { createReader } from '../src/epc/bits.ts'
import { type AiPair, type DecodedLink, decodeSegment, encodeLink } from '../src/epc/index.ts'
import { readScheme } from '../src/epc/read-schemes.ts'
import { gs1CheckDigit } from '../src/gs1/check-digit.ts'
import { checkElementData } from '../src/gs1/index.ts'
import { seededRandom } from './random-setup.ts'

const TAGS = 100_000
const ROUNDS = 5
/** SGTIN partition table (TDS 2.3 Table 14-16): [GCP bits, GCP digits, item ref bits, item ref digits]. */
const PARTITIONS = [
  [40, 12, 4, 1],
  [37, 11, 7, 2],
  [34, 10, 10, 3],
  [30, 9, 14, 4],
  [27, 8, 17, 5],
  [24, 7, 20, 6],
  [20, 6, 24, 7],
] as const

function randomBelow(rand: () => number, limit: number): bigint {
  return BigInt(Math.floor(rand() * limit))
}

/** Random valid SGTIN-96 tags as upper-case hex, as RFID readers print them. */
function sgtin96Tags(rand: () => number): string[] {
  const tags: string[] = []
  for (let i = 0; i < TAGS; i++) {
    const p = Math.floor(rand() * 7)
    const [gcpBits, gcpDigits, itemBits, itemDigits] = PARTITIONS[p] as (typeof PARTITIONS)[number]
    let v = 0x30n
    v = (v << 3n) | BigInt(Math.floor(rand() * 8))
    v = (v << 3n) | BigInt(p)
    v = (v << BigInt(gcpBits)) | randomBelow(rand, 10 ** gcpDigits)
    v = (v << BigInt(itemBits)) | randomBelow(rand, 10 ** itemDigits)
    v = (v << 38n) | randomBelow(rand, 2 ** 38)
    tags.push(v.toString(16).toUpperCase().padStart(24, '0'))
  }
  return tags
}

function randomGtin(rand: () => number): string {
  let body = ''
  for (let i = 0; i < 13; i++) body += Math.floor(rand() * 10)
  return body + gs1CheckDigit(body)
}

/** Typical SGTIN+ / DSGTIN+ links: batch, alphanumeric serial, expiry date, net weight. */
function plusLinks(rand: () => number): DecodedLink[] {
  const links: DecodedLink[] = []
  for (let i = 0; i < TAGS; i++) {
    const serial = `SN${Math.floor(rand() * 1e9)
      .toString(36)
      .toUpperCase()}`
    const expiry = `2${Math.floor(rand() * 10)}${String(1 + Math.floor(rand() * 12)).padStart(2, '0')}15`
    links.push({
      scheme: 'DSGTIN+',
      key: { ai: '01', value: randomGtin(rand) },
      qualifiers: [
        { ai: '10', value: `L${Math.floor(rand() * 1e5)}` },
        { ai: '21', value: serial },
      ],
      attributes: [
        { ai: '17', value: expiry },
        { ai: '3103', value: String(Math.floor(rand() * 1e6)).padStart(6, '0') },
      ],
    })
  }
  return links
}

interface Case {
  items: readonly unknown[]
  fn: (item: never) => unknown
  best: number
}

function bench<T>(items: readonly T[], fn: (item: T) => unknown): Case {
  return { items, fn: fn as (item: never) => unknown, best: 0 }
}

/** Runs the cases round-robin, ROUNDS times, keeping each one's best rate: a shared, noisy machine then
 * slows every case alike, so ratios stay fair. */
function run(cases: Case[]): void {
  let sink = 0
  for (let round = 0; round < ROUNDS; round++) {
    for (const c of cases) {
      const fn = c.fn as (item: unknown) => unknown
      const start = performance.now()
      for (const item of c.items) if (fn(item)) sink++
      c.best = Math.max(c.best, c.items.length / ((performance.now() - start) / 1000))
    }
  }
  if (sink < 0) console.log(sink)
}

function fmt(perSecond: number): string {
  return `${Math.round(perSecond).toLocaleString('en-US')} /s`
}

const rand = seededRandom(20251121)
const tags = sgtin96Tags(rand)
const segments = tags.map((t) => `eh${t}`)

// Both decoders must agree before their speed means anything.
for (let i = 0; i < 1000; i++) {
  const ours = decodeSegment(segments[i] as string)
  const theirs = epcTds.valueOf(tags[i] as string) as { getGtin(): string; getSerial(): number }
  if (
    !ours.ok ||
    ours.link.key.value !== theirs.getGtin() ||
    ours.link.qualifiers[0]?.value !== String(theirs.getSerial())
  ) {
    throw new Error(`decoders disagree on ${tags[i]}`)
  }
}

const theirs = bench(tags, (t) => {
  const e = epcTds.valueOf(t) as { getGtin(): string; getSerial(): number }
  return e.getGtin().length + e.getSerial() > 0
})
const ours = bench(segments, (s) => decodeSegment(s).ok)

const links = plusLinks(rand)
const plusSegments = links.map((l) => {
  const r = encodeLink(l, 'hex')
  if (!r.ok) throw new Error(r.message)
  return r.segment
})
const plusDecode = bench(plusSegments, (s) => decodeSegment(s).ok)
const plusEncode = bench(links, (l) => encodeLink(l, 'hex').ok)
// The same segments through the bit-level codec alone, and the GS1 core check that decoding ends with.
const plusBitsOnly = bench(plusSegments, (s) => readScheme(createReader(s, 2, 4), []) !== 'SGTIN-96')
const pairs = links.map((l): AiPair[] => [l.key, ...l.attributes.slice(0, 1), ...l.qualifiers])
const coreCheck = bench(pairs, (p) => checkElementData(p).length === 0)
run([theirs, ours, plusDecode, plusEncode, plusBitsOnly, coreCheck])

console.log(`EPC codec, ${TAGS.toLocaleString('en-US')} tags, best of ${ROUNDS} rounds (Bun ${Bun.version})`)
console.log(
  `SGTIN-96 decode   epc-tds ${fmt(theirs.best)}   ours ${fmt(ours.best)}   ratio ${(ours.best / theirs.best).toFixed(2)}x`,
)
console.log(`DSGTIN+ with +AIDC (10, 21, 17, 3103), e.g. ${plusSegments[0]}`)
console.log(`  decode ${fmt(plusDecode.best)}   encode ${fmt(plusEncode.best)}`)
console.log(
  `  bit-level decode alone ${fmt(plusBitsOnly.best)}   GS1 core checkElementData alone ${fmt(coreCheck.best)}`,
)
