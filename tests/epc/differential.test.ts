/**
 * Differential tests against `epc-tds` (TDS 1.x schemes it implements): random valid values per scheme are
 * encoded by ours and decoded by epc-tds, encoded by epc-tds and decoded by ours, and both encoders write the
 * same bits. epc-tds knows no ITIP, GSRNP, GDTI-113, CPI-var or '+' scheme; tds-examples.test.ts covers
 * those.
 */
import { describe, expect, test } from 'bun:test'
import epcTds from 'epc-tds'
import fc from 'fast-check'
import { type AiPair, decodeHex, type EpcScheme, encodeLink } from '../../src/epc/index.ts'
import { gs1CheckDigit } from '../../src/gs1/check-digit.ts'
import { okLink } from './helpers.ts'

/** A link as the encoder takes it, with the partition it needs. */
interface Case {
  key: AiPair
  qualifiers: AiPair[]
  gcp: number
  /** Filter value for epc-tds's encoder (ours always writes 0). */
  filter: number
}

/** What epc-tds offers for one scheme: its class, how to fill it from a case, how to read a link back. */
interface Spec {
  scheme: EpcScheme
  bits: number
  arbitrary: fc.Arbitrary<Case>
  // biome-ignore lint/suspicious/noExplicitAny: epc-tds's classes share no typed setter interface.
  make(c: Case): any
  // biome-ignore lint/suspicious/noExplicitAny: see above.
  read(epc: any): { key: AiPair; qualifiers: AiPair[] }
  /**
   * epc-tds reads a reference of K = 0 digits (partition 0, a 12-digit GCP) as "0" and so gives one digit too
   * many (TDS 14.4.3: "If K = 0, append no characters"); its decoding is compared for partitions 1–6 only.
   */
  emptyRefBug?: true
}

const RUNS = 300
const CSET82 = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!"%&\'()*+,-./:;<=>?_']

const digits = (n: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n })
const text = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...CSET82), minLength: min, maxLength: max })
/** An integer below 2^bits without leading zeros, as TDS "Integer" fields hold it. */
const integer = (bits: number) => fc.bigInt({ min: 0n, max: (1n << BigInt(bits)) - 1n }).map(String)
const gcpLength = fc.integer({ min: 6, max: 12 })
const filter = fc.integer({ min: 0, max: 7 })
const withCheck = (body: string) => body + gs1CheckDigit(body)

/** `n` digits after a GCP of `gcp` digits (partition tables: the two always total the same). */
function keyed(total: number, make: (body: string, gcp: number) => Omit<Case, 'gcp' | 'filter'>) {
  return fc
    .tuple(gcpLength, digits(total), filter)
    .map(([gcp, body, f]): Case => ({ ...make(body, gcp), gcp, filter: f }))
}

function keyedWith<T>(
  total: number,
  extra: (gcp: number) => fc.Arbitrary<T>,
  make: (body: string, x: T) => Omit<Case, 'gcp' | 'filter'>,
) {
  return fc
    .tuple(gcpLength, digits(total), filter)
    .chain(([gcp, body, f]) => extra(gcp).map((x): Case => ({ ...make(body, x), gcp, filter: f })))
}

const pair = (ai: string, value: string): AiPair => ({ ai, value })
const q21 = (serial: string) => [pair('21', serial)]

const SPECS: Spec[] = [
  {
    scheme: 'SGTIN-96',
    bits: 96,
    arbitrary: keyedWith(
      13,
      () => integer(38),
      (b, s) => ({ key: pair('01', withCheck(b)), qualifiers: q21(s) }),
    ),
    make: (c) =>
      new epcTds.Sgtin96()
        .setFilter(c.filter)
        .setPartition(12 - c.gcp)
        .setGtin(c.key.value)
        .setSerial(Number(c.qualifiers[0]?.value)),
    read: (e) => ({ key: pair('01', e.getGtin()), qualifiers: q21(String(e.getSerial())) }),
  },
  {
    scheme: 'SGTIN-198',
    bits: 198,
    arbitrary: keyedWith(
      13,
      () => text(1, 20),
      (b, s) => ({ key: pair('01', withCheck(b)), qualifiers: q21(s) }),
    ),
    make: (c) =>
      new epcTds.Sgtin198()
        .setFilter(c.filter)
        .setPartition(12 - c.gcp)
        .setGtin(c.key.value)
        .setSerial(c.qualifiers[0]?.value as string),
    read: (e) => ({ key: pair('01', e.getGtin()), qualifiers: q21(e.getSerial()) }),
  },
  {
    scheme: 'SSCC-96',
    bits: 96,
    arbitrary: keyed(17, (b) => ({ key: pair('00', withCheck(b)), qualifiers: [] })),
    make: (c) =>
      new epcTds.Sscc96()
        .setFilter(c.filter)
        .setPartition(12 - c.gcp)
        .setSscc(c.key.value),
    read: (e) => ({ key: pair('00', e.getSscc()), qualifiers: [] }),
  },
  {
    scheme: 'SGLN-96',
    emptyRefBug: true,
    bits: 96,
    arbitrary: keyedWith(
      12,
      () => integer(41),
      (b, x) => ({
        key: pair('414', withCheck(b)),
        qualifiers: x === '0' ? [] : [pair('254', x)],
      }),
    ),
    make: (c) =>
      new epcTds.Sgln96()
        .setFilter(c.filter)
        .setPartition(12 - c.gcp)
        .setGln(c.key.value)
        .setExtension(Number(c.qualifiers[0]?.value ?? '0')),
    // TDS 2.3 §7.5: extension 0 means no AI (254); epc-tds reports the number 0.
    read: (e) => {
      const x = String(e.getExtension())
      return { key: pair('414', e.getGln()), qualifiers: x === '0' ? [] : [pair('254', x)] }
    },
  },
  {
    scheme: 'SGLN-195',
    emptyRefBug: true,
    bits: 195,
    arbitrary: keyedWith(
      12,
      () => text(1, 20),
      (b, x) => ({
        key: pair('414', withCheck(b)),
        qualifiers: x === '0' ? [] : [pair('254', x)],
      }),
    ),
    make: (c) =>
      new epcTds.Sgln195()
        .setFilter(c.filter)
        .setPartition(12 - c.gcp)
        .setGln(c.key.value)
        .setExtension(c.qualifiers[0]?.value ?? '0'),
    read: (e) => {
      const x = e.getExtension()
      return { key: pair('414', e.getGln()), qualifiers: x === '0' ? [] : [pair('254', x)] }
    },
  },
  {
    scheme: 'GRAI-96',
    emptyRefBug: true,
    bits: 96,
    arbitrary: keyedWith(
      12,
      () => integer(38),
      (b, s) => ({ key: pair('8003', `0${withCheck(b)}${s}`), qualifiers: [] }),
    ),
    // epc-tds writes and reads the GRAI without the pad digit '0' of AI (8003).
    make: (c) =>
      new epcTds.Grai96()
        .setFilter(c.filter)
        .setPartition(12 - c.gcp)
        .setGrai(c.key.value.slice(1)),
    read: (e) => ({ key: pair('8003', `0${e.getGrai()}`), qualifiers: [] }),
  },
  {
    scheme: 'GRAI-170',
    emptyRefBug: true,
    bits: 170,
    arbitrary: keyedWith(
      12,
      () => text(1, 16),
      (b, s) => ({ key: pair('8003', `0${withCheck(b)}${s}`), qualifiers: [] }),
    ),
    make: (c) =>
      new epcTds.Grai170()
        .setFilter(c.filter)
        .setPartition(12 - c.gcp)
        .setGrai(c.key.value.slice(1)),
    read: (e) => ({ key: pair('8003', `0${e.getGrai()}`), qualifiers: [] }),
  },
  {
    scheme: 'GIAI-96',
    bits: 96,
    // epc-tds sets the asset reference through Number, exact below 2^53 only.
    arbitrary: keyedWith(
      12,
      (gcp) => integer(Math.min(53, [42, 45, 48, 52, 55, 58, 62][12 - gcp] as number)),
      (b, s) => ({
        key: pair('8004', b + s),
        qualifiers: [],
      }),
    ).map((c) => ({ ...c, key: pair('8004', c.key.value.slice(0, c.gcp) + c.key.value.slice(12)) })),
    make: (c) =>
      new epcTds.Giai96()
        .setFilter(c.filter)
        .setPartition(12 - c.gcp)
        .setGiai(c.key.value),
    read: (e) => ({ key: pair('8004', e.getGiai()), qualifiers: [] }),
  },
  {
    scheme: 'GIAI-202',
    bits: 202,
    arbitrary: keyedWith(
      12,
      (gcp) => text(1, 30 - gcp),
      (b, s) => ({ key: pair('8004', b + s), qualifiers: [] }),
    ).map((c) => ({ ...c, key: pair('8004', c.key.value.slice(0, c.gcp) + c.key.value.slice(12)) })),
    make: (c) =>
      new epcTds.Giai202()
        .setFilter(c.filter)
        .setPartition(12 - c.gcp)
        .setGiai(c.key.value),
    read: (e) => ({ key: pair('8004', e.getGiai()), qualifiers: [] }),
  },
  {
    scheme: 'GSRN-96',
    bits: 96,
    arbitrary: keyed(17, (b) => ({ key: pair('8018', withCheck(b)), qualifiers: [] })),
    make: (c) =>
      new epcTds.Gsrn96()
        .setFilter(c.filter)
        .setPartition(12 - c.gcp)
        .setGsrn(c.key.value),
    read: (e) => ({ key: pair('8018', e.getGsrn()), qualifiers: [] }),
  },
  {
    scheme: 'GDTI-96',
    emptyRefBug: true,
    bits: 96,
    arbitrary: keyedWith(
      12,
      () => integer(41),
      (b, s) => ({ key: pair('253', withCheck(b) + s), qualifiers: [] }),
    ),
    make: (c) =>
      new epcTds.Gdti96()
        .setFilter(c.filter)
        .setPartition(12 - c.gcp)
        .setGdti(c.key.value),
    read: (e) => ({ key: pair('253', e.getGdti()), qualifiers: [] }),
  },
  {
    scheme: 'GDTI-174',
    emptyRefBug: true,
    bits: 174,
    arbitrary: keyedWith(
      12,
      () => text(1, 17),
      (b, s) => ({ key: pair('253', withCheck(b) + s), qualifiers: [] }),
    ),
    make: (c) =>
      new epcTds.Gdti174()
        .setFilter(c.filter)
        .setPartition(12 - c.gcp)
        .setGdti(c.key.value),
    read: (e) => ({ key: pair('253', e.getGdti()), qualifiers: [] }),
  },
  {
    scheme: 'CPI-96',
    bits: 96,
    // A reference of 1 to K digits without leading zeros (K: TDS Table 14-34), a 31-bit serial.
    arbitrary: fc
      .tuple(
        gcpLength,
        digits(12),
        filter,
        integer(31).filter((s) => s !== '0'),
      )
      .chain(([gcp, body, f, serial]) =>
        fc.integer({ min: 0, max: 10 ** (15 - gcp) - 1 }).map(
          (ref): Case => ({
            key: pair('8010', body.slice(0, gcp) + ref),
            qualifiers: [pair('8011', serial)],
            gcp,
            filter: f,
          }),
        ),
      ),
    make: (c) =>
      new epcTds.Cpi96()
        .setFilter(c.filter)
        .setPartition(12 - c.gcp)
        .setCpi(c.key.value)
        .setSerial(Number(c.qualifiers[0]?.value)),
    read: (e) => ({ key: pair('8010', e.getCpi()), qualifiers: [pair('8011', String(e.getSerial()))] }),
  },
  {
    scheme: 'SGCN-96',
    emptyRefBug: true,
    bits: 96,
    arbitrary: keyedWith(
      12,
      () => fc.integer({ min: 1, max: 12 }).chain(digits),
      (b, s) => ({
        key: pair('255', withCheck(b) + s),
        qualifiers: [],
      }),
    ),
    // epc-tds's setSgcn reads the serial through Number and loses its leading zeros; its setSerial keeps
    // them.
    make: (c) => {
      const e = new epcTds.Sgcn96().setFilter(c.filter).setPartition(12 - c.gcp)
      e.setCompanyPrefix(Number(c.key.value.slice(0, c.gcp)))
      e.setCouponReference(Number(c.key.value.slice(c.gcp, 12)))
      e.setSerial(c.key.value.slice(13) as unknown as number)
      return e
    },
    read: (e) => ({ key: pair('255', e.getSgcn()), qualifiers: [] }),
  },
]

/** Our segment as the hex epc-tds reads: upper case, whole bytes (it left-pads an odd digit count). */
function asBytes(segment: string, bits: number): string {
  return segment
    .slice(2)
    .toUpperCase()
    .padEnd(2 * Math.ceil(bits / 8), '0')
}

for (const spec of SPECS) {
  describe(`${spec.scheme} against epc-tds`, () => {
    test('ours encodes, epc-tds decodes the same key and serial', () => {
      fc.assert(
        fc.property(spec.arbitrary, (c) => {
          const r = encodeLink({ key: c.key, qualifiers: c.qualifiers, attributes: [] }, 'hex', {
            scheme: spec.scheme,
            gcpLength: c.gcp,
          })
          if (!r.ok) throw new Error(`${r.reason}: ${r.message}`)
          fc.pre(spec.emptyRefBug !== true || c.gcp !== 12)
          const theirs = epcTds.valueOf(asBytes(r.segment, spec.bits))
          expect<string>(theirs.getType()).toBe(spec.scheme)
          expect(spec.read(theirs)).toEqual({ key: c.key, qualifiers: c.qualifiers })
        }),
        { numRuns: RUNS },
      )
    })
    test('epc-tds encodes, ours decodes the same key and serial', () => {
      fc.assert(
        fc.property(spec.arbitrary, (c) => {
          const hex = spec.make(c).toHexString()
          const link = okLink(decodeHex(hex))
          expect(link).toEqual({ scheme: spec.scheme, key: c.key, qualifiers: c.qualifiers, attributes: [] })
        }),
        { numRuns: RUNS },
      )
    })
    test('both write the same bits for filter value 0', () => {
      fc.assert(
        fc.property(spec.arbitrary, (c) => {
          const r = encodeLink({ key: c.key, qualifiers: c.qualifiers, attributes: [] }, 'hex', {
            scheme: spec.scheme,
            gcpLength: c.gcp,
          })
          if (!r.ok) throw new Error(`${r.reason}: ${r.message}`)
          expect(asBytes(r.segment, spec.bits)).toBe(
            spec
              .make({ ...c, filter: 0 })
              .toHexString()
              .toUpperCase(),
          )
        }),
        { numRuns: RUNS },
      )
    })
  })
}
