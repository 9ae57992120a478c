/** Reads the 8-bit header (TDS 2.3 Table 14-1) and the scheme's fields into AI pairs, the key first. */
import { type BitReader, readBits } from './bits.ts'
import { abortDecoding } from './errors.ts'
import {
  readCpi96,
  readCpiVar,
  readGdti,
  readGiai96,
  readGiai202,
  readGrai,
  readGsrn96,
  readItip,
  readSgcn96,
  readSgln96,
  readSgln195,
  readSscc96,
} from './read-fixed.ts'
import {
  CPI_PLUS,
  GDTI_PLUS,
  GIAI_PLUS,
  GRAI_PLUS,
  GSRN_PLUS,
  GSRNP_PLUS,
  ITIP_PLUS,
  type PlusFields,
  readKeyPlus,
  SGCN_PLUS,
  SGLN_PLUS,
  SSCC_PLUS,
} from './read-plus.ts'
import { readSgtin96, readSgtin198, readSgtinPlus } from './read-sgtin.ts'
import { KEYLESS_SCHEMES, SCHEMES } from './schemes.ts'
import type { AiPair, EpcScheme } from './types.ts'

type Reader = (r: BitReader, out: AiPair[]) => void

/** Scheme and reader by header value; undefined for headers of no scheme with a GS1 key. */
const READERS: Array<readonly [EpcScheme, Reader] | undefined> = new Array(256).fill(undefined)

function add(scheme: EpcScheme, read: Reader): void {
  READERS[SCHEMES[scheme].header] = [scheme, read]
}

/** A '+' scheme and its '++' form, which adds a hostname after the EPC (TDS 14.5.16). */
function addPlus(plus: EpcScheme, plusPlus: EpcScheme, fields: PlusFields): void {
  add(plus, (r, out) => readKeyPlus(r, out, fields, false))
  add(plusPlus, (r, out) => readKeyPlus(r, out, fields, true))
}

add('SGTIN-96', readSgtin96)
add('SGTIN-198', readSgtin198)
add('SGTIN+', (r, out) => readSgtinPlus(r, out, false, false))
add('DSGTIN+', (r, out) => readSgtinPlus(r, out, true, false))
add('DSGTIN++', (r, out) => readSgtinPlus(r, out, true, true))
add('SGTIN++', (r, out) => readSgtinPlus(r, out, false, true))
add('SSCC-96', readSscc96)
add('SGLN-96', readSgln96)
add('SGLN-195', readSgln195)
add('GRAI-96', (r, out) => readGrai(r, out, false))
add('GRAI-170', (r, out) => readGrai(r, out, true))
add('GIAI-96', readGiai96)
add('GIAI-202', readGiai202)
add('GSRN-96', (r, out) => readGsrn96(r, out, '8018'))
add('GSRNP-96', (r, out) => readGsrn96(r, out, '8017'))
add('GDTI-96', (r, out) => readGdti(r, out, 'integer'))
add('GDTI-113', (r, out) => readGdti(r, out, 'numeric'))
add('GDTI-174', (r, out) => readGdti(r, out, 'string'))
add('CPI-96', readCpi96)
add('CPI-var', readCpiVar)
add('SGCN-96', readSgcn96)
add('ITIP-110', (r, out) => readItip(r, out, false))
add('ITIP-212', (r, out) => readItip(r, out, true))
addPlus('SSCC+', 'SSCC++', SSCC_PLUS)
addPlus('SGLN+', 'SGLN++', SGLN_PLUS)
addPlus('GRAI+', 'GRAI++', GRAI_PLUS)
addPlus('GIAI+', 'GIAI++', GIAI_PLUS)
addPlus('GSRN+', 'GSRN++', GSRN_PLUS)
addPlus('GSRNP+', 'GSRNP++', GSRNP_PLUS)
addPlus('GDTI+', 'GDTI++', GDTI_PLUS)
addPlus('CPI+', 'CPI++', CPI_PLUS)
addPlus('SGCN+', 'SGCN++', SGCN_PLUS)
addPlus('ITIP+', 'ITIP++', ITIP_PLUS)

function unsupported(header: number): never {
  const hex = header.toString(16).toUpperCase().padStart(2, '0')
  const keyless = KEYLESS_SCHEMES.get(header)
  return abortDecoding(
    'unsupported-header',
    keyless === undefined
      ? `header ${hex} is not an EPC scheme of a GS1 key (TDS Table 14-1)`
      : `header ${hex} is ${keyless}, which carries no GS1 key`,
  )
}

/** Reads the header and the scheme's fields; pairs come out in encoded order, the primary key first. */
export function readScheme(r: BitReader, out: AiPair[]): EpcScheme {
  const header = readBits(r, 8)
  const entry = READERS[header]
  if (entry === undefined) return unsupported(header)
  entry[1](r, out)
  return entry[0]
}
