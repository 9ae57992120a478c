/** Registry of every linter the GS1 Barcode Syntax Dictionary 2026-01-27 names, by dictionary name. */
import * as basic from './lint-basic.ts'
import { csum, csumalpha, iban } from './lint-check.ts'
import { couponcode, couponposoffer } from './lint-coupon.ts'
import { hh, hhmi, mi, ss, yymmd0, yymmdd, yyyymmdd } from './lint-date.ts'

/** A linter returns null when the component passes, else "expects …; <what is wrong>". */
export type Linter = (component: string) => string | null

export const LINTERS: Readonly<Record<string, Linter>> = {
  csum,
  csumalpha,
  iban,
  couponcode,
  couponposoffer,
  yymmd0,
  yymmdd,
  yyyymmdd,
  hh,
  mi,
  ss,
  hhmi,
  gcppos1: basic.gcppos1,
  gcppos2: basic.gcppos2,
  yesno: basic.yesno,
  zero: basic.zero,
  nonzero: basic.nonzero,
  nozeroprefix: basic.nozeroprefix,
  winding: basic.winding,
  pieceoftotal: basic.pieceoftotal,
  posinseqslash: basic.posinseqslash,
  hasnondigit: basic.hasnondigit,
  hyphen: basic.hyphen,
  pcenc: basic.pcenc,
  iso3166: basic.iso3166,
  iso3166999: basic.iso3166999,
  iso3166alpha2: basic.iso3166alpha2,
  iso4217: basic.iso4217,
  iso5218: basic.iso5218,
  importeridx: basic.importeridx,
  latitude: basic.latitude,
  longitude: basic.longitude,
  mediatype: basic.mediatype,
  packagetype: basic.packagetype,
}

/** Linters whose failure is a wrong check character rather than a wrong format. */
export const CHECK_DIGIT_LINTERS: ReadonlySet<string> = new Set(['csum', 'csumalpha'])
