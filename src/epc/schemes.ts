/** What each EPC scheme carries: its header (TDS 2.3 Table 14-1) and the GS1 key it encodes (TDS 2.3 §7). */
import type { EpcScheme } from './types.ts'

export interface SchemeInfo {
  readonly header: number
  /** AI of the primary key in the Digital Link. */
  readonly key: string
  /**
   * True when the scheme's reader leaves a valid Digital Link by construction (computed check digits, checked
   * characters, integers within their AI's length), so decoding skips the GS1 core check.
   */
  readonly checked: boolean
}

function info(header: number, key: string, checked = false): SchemeInfo {
  return { header, key, checked }
}

export const SCHEMES: Readonly<Record<EpcScheme, SchemeInfo>> = {
  'SGTIN-96': info(0x30, '01', true),
  'SGTIN-198': info(0x36, '01', true),
  'SGTIN+': info(0xf7, '01'),
  'DSGTIN+': info(0xfb, '01'),
  'SGTIN++': info(0xfd, '01'),
  'DSGTIN++': info(0xfc, '01'),
  'SSCC-96': info(0x31, '00', true),
  'SSCC+': info(0xf9, '00'),
  'SSCC++': info(0xef, '00'),
  'SGLN-96': info(0x32, '414', true),
  'SGLN-195': info(0x39, '414', true),
  'SGLN+': info(0xf2, '414'),
  'SGLN++': info(0xe9, '414'),
  'GRAI-96': info(0x33, '8003', true),
  'GRAI-170': info(0x37, '8003', true),
  'GRAI+': info(0xf1, '8003'),
  'GRAI++': info(0xeb, '8003'),
  'GIAI-96': info(0x34, '8004', true),
  'GIAI-202': info(0x38, '8004', true),
  'GIAI+': info(0xfa, '8004'),
  'GIAI++': info(0xee, '8004'),
  'GSRN-96': info(0x2d, '8018', true),
  'GSRN+': info(0xf4, '8018'),
  'GSRN++': info(0xe7, '8018'),
  'GSRNP-96': info(0x2e, '8017', true),
  'GSRNP+': info(0xf5, '8017'),
  'GSRNP++': info(0xe8, '8017'),
  'GDTI-96': info(0x2c, '253', true),
  'GDTI-113': info(0x3a, '253', true),
  'GDTI-174': info(0x3e, '253', true),
  'GDTI+': info(0xf6, '253'),
  'GDTI++': info(0xea, '253'),
  'CPI-96': info(0x3c, '8010', true),
  'CPI-var': info(0x3d, '8010', true),
  'CPI+': info(0xf0, '8010'),
  'CPI++': info(0xe6, '8010'),
  'SGCN-96': info(0x3f, '255', true),
  'SGCN+': info(0xf8, '255'),
  'SGCN++': info(0xec, '255'),
  'ITIP-110': info(0x40, '8006', true),
  'ITIP-212': info(0x41, '8006', true),
  'ITIP+': info(0xf3, '8006'),
  'ITIP++': info(0xed, '8006'),
}

/** Headers of TDS schemes that carry no GS1 key (USDoD-96, GID-96, ADI-var), for a precise rejection. */
export const KEYLESS_SCHEMES: ReadonlyMap<number, string> = new Map([
  [0x2f, 'USDoD-96'],
  [0x35, 'GID-96'],
  [0x3b, 'ADI-var'],
])
