/**
 * EPC decode per scheme, ours beside `epc-tds` on the same tags: for each TDS 1.x scheme epc-tds implements,
 * N random valid tags (written by our encoder, checked equal in both decoders first) are decoded by both,
 * round-robin, best of ROUNDS; each side yields the key and its serial. Target: ours ≥ 2× epc-tds for every
 * scheme. `BENCH_TAGS` and `BENCH_ROUNDS` override N and ROUNDS.
 */
import epcTds from 'epc-tds'
import { type AiPair, decodeHex, type EpcScheme, encodeLink } from '../src/epc/index.ts'
import { gs1CheckDigit } from '../src/gs1/check-digit.ts'
import { seededRandom } from './random-setup.ts'

const TAGS = Number(process.env.BENCH_TAGS ?? 20_000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7)
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-.'

const rand = seededRandom(20261127)
const int = (below: number) => Math.floor(rand() * below)
const digits = (n: number) => Array.from({ length: n }, () => int(10)).join('')
const check = (body: string) => body + gs1CheckDigit(body)
/** A serial without leading zeros below 10^n. */
const serial = (n: number) => String(1 + int(10 ** n - 1))
/** 1 to `max` characters, the first a letter (a GLN extension "0" would mean none). */
const text = (max: number) =>
  ALNUM[int(52)] + Array.from({ length: int(max) }, () => ALNUM[int(ALNUM.length)]).join('')
const pair = (ai: string, value: string): AiPair => ({ ai, value })

interface Link {
  key: AiPair
  qualifiers: AiPair[]
}

// biome-ignore lint/suspicious/noExplicitAny: epc-tds's classes share no typed getter interface.
type Theirs = any

/** A scheme: a random valid link of it, and what epc-tds gives back for the same key and serial. */
interface Scheme {
  scheme: EpcScheme
  link(): Link
  read(e: Theirs): string
}

const SCHEMES: Scheme[] = [
  {
    scheme: 'SGTIN-96',
    link: () => ({ key: pair('01', check(digits(13))), qualifiers: [pair('21', serial(11))] }),
    read: (e) => e.getGtin() + e.getSerial(),
  },
  {
    scheme: 'SGTIN-198',
    link: () => ({ key: pair('01', check(digits(13))), qualifiers: [pair('21', text(20))] }),
    read: (e) => e.getGtin() + e.getSerial(),
  },
  {
    scheme: 'SSCC-96',
    link: () => ({ key: pair('00', check(digits(17))), qualifiers: [] }),
    read: (e) => e.getSscc(),
  },
  {
    scheme: 'SGLN-96',
    link: () => ({ key: pair('414', check(digits(12))), qualifiers: [pair('254', serial(12))] }),
    read: (e) => e.getGln() + e.getExtension(),
  },
  {
    scheme: 'SGLN-195',
    link: () => ({ key: pair('414', check(digits(12))), qualifiers: [pair('254', text(20))] }),
    read: (e) => e.getGln() + e.getExtension(),
  },
  {
    scheme: 'GRAI-96',
    link: () => ({ key: pair('8003', `0${check(digits(12))}${serial(11)}`), qualifiers: [] }),
    read: (e) => e.getGrai(),
  },
  {
    scheme: 'GRAI-170',
    link: () => ({ key: pair('8003', `0${check(digits(12))}${text(16)}`), qualifiers: [] }),
    read: (e) => e.getGrai(),
  },
  {
    scheme: 'GIAI-96',
    link: () => ({ key: pair('8004', digits(7) + serial(12)), qualifiers: [] }),
    read: (e) => e.getGiai(),
  },
  {
    scheme: 'GIAI-202',
    link: () => ({ key: pair('8004', digits(7) + text(23)), qualifiers: [] }),
    read: (e) => e.getGiai(),
  },
  {
    scheme: 'GSRN-96',
    link: () => ({ key: pair('8018', check(digits(17))), qualifiers: [] }),
    read: (e) => e.getGsrn(),
  },
  {
    scheme: 'GDTI-96',
    link: () => ({ key: pair('253', check(digits(12)) + serial(12)), qualifiers: [] }),
    read: (e) => e.getGdti(),
  },
  {
    scheme: 'GDTI-174',
    link: () => ({ key: pair('253', check(digits(12)) + text(17)), qualifiers: [] }),
    read: (e) => e.getGdti(),
  },
  {
    scheme: 'CPI-96',
    link: () => ({ key: pair('8010', digits(7) + serial(8)), qualifiers: [pair('8011', serial(9))] }),
    read: (e) => e.getCpi() + e.getSerial(),
  },
  {
    scheme: 'SGCN-96',
    link: () => ({ key: pair('255', check(digits(12)) + digits(1 + int(12))), qualifiers: [] }),
    read: (e) => e.getSgcn(),
  },
]

/** A 7-digit GS1 Company Prefix: partition 5, the middle of every table. */
const GCP_LENGTH = 7

/** Upper-case hex in whole bytes, as readers print tags and as epc-tds reads them. */
function tagsOf(s: Scheme): string[] {
  const tags: string[] = []
  while (tags.length < TAGS) {
    const l = s.link()
    const r = encodeLink({ ...l, attributes: [] }, 'hex', { scheme: s.scheme, gcpLength: GCP_LENGTH })
    if (!r.ok) throw new Error(`${s.scheme}: ${r.message}`)
    const hex = r.segment.slice(2).toUpperCase()
    tags.push(hex.length % 2 === 0 ? hex : `${hex}0`)
  }
  return tags
}

/** Our decode yields the same key and serial epc-tds yields, or the tags are no fair comparison. */
function ours(hex: string): string {
  const r = decodeHex(hex)
  if (!r.ok) return ''
  const { key, qualifiers } = r.link
  return key.value + (qualifiers[0]?.value ?? '')
}

interface Case {
  scheme: EpcScheme
  tags: string[]
  ours: number
  theirs: number
}

function rate(tags: string[], fn: (hex: string) => string): number {
  let sink = 0
  const start = performance.now()
  for (const t of tags) sink += fn(t).length
  const seconds = (performance.now() - start) / 1000
  if (sink < 0) console.log(sink)
  return tags.length / seconds
}

const cases: Case[] = SCHEMES.map((s) => {
  const tags = tagsOf(s)
  for (const t of tags.slice(0, 1000)) {
    const theirs = s.read(epcTds.valueOf(t))
    // epc-tds prints a GRAI without its pad digit '0'; ours carries AI (8003) whole.
    const mine = s.scheme.startsWith('GRAI') ? ours(t).slice(1) : ours(t)
    if (mine !== theirs) throw new Error(`${s.scheme}: decoders disagree on ${t}: ${mine} vs ${theirs}`)
  }
  return { scheme: s.scheme, tags, ours: 0, theirs: 0 }
})
const reader = new Map(SCHEMES.map((s) => [s.scheme, s.read]))

// Round-robin over schemes, each side first in every other round: a shared, noisy machine then slows both
// alike.
for (let round = 0; round < ROUNDS; round++) {
  for (const c of cases) {
    const read = reader.get(c.scheme) as Scheme['read']
    const theirs = () => {
      c.theirs = Math.max(
        c.theirs,
        rate(c.tags, (t) => String(read(epcTds.valueOf(t)))),
      )
    }
    if (round % 2 === 0) theirs()
    c.ours = Math.max(c.ours, rate(c.tags, ours))
    if (round % 2 === 1) theirs()
  }
}

const fmt = (perSecond: number) => `${Math.round(perSecond).toLocaleString('en-US')} /s`.padStart(13)
console.log(
  `EPC decode per scheme, ${TAGS.toLocaleString('en-US')} tags each, best of ${ROUNDS} rounds (Bun ${Bun.version})`,
)
console.log(`${'scheme'.padEnd(10)} ${'epc-tds'.padStart(13)} ${'ours'.padStart(13)}   ratio`)
let worst = Number.POSITIVE_INFINITY
for (const c of cases) {
  const ratio = c.ours / c.theirs
  worst = Math.min(worst, ratio)
  console.log(`${c.scheme.padEnd(10)} ${fmt(c.theirs)} ${fmt(c.ours)}   ${ratio.toFixed(2)}x`)
}
console.log(`lowest ratio ${worst.toFixed(2)}x (target ≥ 2x)`)
