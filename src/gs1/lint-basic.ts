/** Structural linters of the GS1 Barcode Syntax Dictionary (GS1 Barcode Syntax Resource linter set). */
import { ISO3166_ALPHA2, ISO3166_NUMERIC, ISO4217_NUMERIC, ISO5218, isMediaType } from './code-lists.ts'
import { isDigits } from './gtin.ts'
import { quote } from './issue.ts'
import { PACKAGE_TYPES } from './package-types.ts'

function allZero(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) !== 48) return false
  return true
}

/** GS1 Company Prefix at the start: at least 4 characters, the first 4 digits (GS1 syntax engine rule). */
export function gcppos1(s: string): string | null {
  return s.length >= 4 && isDigits(s.slice(0, 4))
    ? null
    : `expects a GS1 Company Prefix (at least 4 digits) at the start; ${quote(s)} has none`
}

/** GS1 Company Prefix from the second character (after an indicator or extension digit). */
export function gcppos2(s: string): string | null {
  return s.length >= 5 && isDigits(s.slice(1, 5))
    ? null
    : `expects a GS1 Company Prefix (at least 4 digits) after the first digit; ${quote(s)} has none`
}

export function yesno(s: string): string | null {
  return s === '0' || s === '1' ? null : `expects 0 or 1; ${quote(s)} is neither`
}

export function zero(s: string): string | null {
  return allZero(s) ? null : `expects 0 here; ${quote(s)} is not zero`
}

export function nonzero(s: string): string | null {
  return allZero(s) ? `expects a non-zero number; ${quote(s)} is zero` : null
}

export function nozeroprefix(s: string): string | null {
  return s.charCodeAt(0) === 48 ? `expects no leading zero; ${quote(s)} starts with 0` : null
}

export function winding(s: string): string | null {
  return s === '0' || s === '1' || s === '9'
    ? null
    : `expects a winding direction 0, 1 or 9; ${quote(s)} is not`
}

/** Piece number then total count, each half the component, piece ≤ total, both non-zero (8006, 8026). */
export function pieceoftotal(s: string): string | null {
  const expected = 'expects piece and total of equal length (e.g. 0102)'
  if (s.length % 2 !== 0) return `${expected}; ${quote(s)} has odd length`
  const piece = s.slice(0, s.length / 2)
  const total = s.slice(s.length / 2)
  if (allZero(piece)) return `${expected}; the piece in ${quote(s)} is zero`
  if (allZero(total)) return `${expected}; the total in ${quote(s)} is zero`
  return piece > total ? `${expected}; in ${quote(s)} the piece is greater than the total` : null
}

/** `<position>/<total>` without leading zeros, position ≤ total (7258). */
export function posinseqslash(s: string): string | null {
  const expected = 'expects position/total such as 1/2'
  const slash = s.indexOf('/')
  const pos = s.slice(0, slash)
  const end = s.slice(slash + 1)
  if (slash < 0 || !isDigits(pos) || !isDigits(end)) return `${expected}; ${quote(s)} is not in that form`
  if (pos[0] === '0' || end[0] === '0') return `${expected}; ${quote(s)} has a leading zero`
  return Number(pos) > Number(end) ? `${expected}; in ${quote(s)} the position is after the total` : null
}

export function hasnondigit(s: string): string | null {
  return isDigits(s) ? `expects at least one non-digit character; ${quote(s)} has only digits` : null
}

/** Only `-` (the negative sign of temperatures 4330-4333). */
export function hyphen(s: string): string | null {
  for (let i = 0; i < s.length; i++) {
    if (s.charCodeAt(i) !== 45) return `expects only '-' after the six digits; ${quote(s)} is not`
  }
  return null
}

function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102)
}

/** Percent-encoded text: each `%` starts a `%XX` escape. */
export function pcenc(s: string): string | null {
  for (let i = 0; i < s.length; i++) {
    if (s.charCodeAt(i) === 37 && !(isHex(s.charCodeAt(i + 1)) && isHex(s.charCodeAt(i + 2)))) {
      return `expects '%' only as a %XX escape with two hex digits; ${quote(s)} has a bare '%' at position ${i + 1}`
    }
  }
  return null
}

export function iso3166(s: string): string | null {
  return ISO3166_NUMERIC.has(s) ? null : `expects an ISO 3166-1 numeric country code; ${quote(s)} is not one`
}

export function iso3166999(s: string): string | null {
  return s === '999' || ISO3166_NUMERIC.has(s)
    ? null
    : `expects an ISO 3166-1 numeric country code or 999; ${quote(s)} is neither`
}

export function iso3166alpha2(s: string): string | null {
  return ISO3166_ALPHA2.has(s) ? null : `expects an ISO 3166-1 alpha-2 country code; ${quote(s)} is not one`
}

export function iso4217(s: string): string | null {
  return ISO4217_NUMERIC.has(s) ? null : `expects an ISO 4217 numeric currency code; ${quote(s)} is not one`
}

export function iso5218(s: string): string | null {
  return ISO5218.has(s) ? null : `expects a sex code 0, 1, 2 or 9 (ISO/IEC 5218); ${quote(s)} is not one`
}

/** One character of `-0-9A-Z_a-z` (importer index of AI 7040). */
export function importeridx(s: string): string | null {
  const c = s.charCodeAt(0)
  const ok =
    s.length === 1 &&
    (c === 45 || c === 95 || (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122))
  return ok ? null : `expects an importer index (one of 0-9, A-Z, a-z, '-', '_'); ${quote(s)} is not`
}

export function latitude(s: string): string | null {
  return s <= '1800000000' ? null : `expects a latitude 0000000000-1800000000; ${quote(s)} is out of range`
}

export function longitude(s: string): string | null {
  return s <= '3600000000' ? null : `expects a longitude 0000000000-3600000000; ${quote(s)} is out of range`
}

export function mediatype(s: string): string | null {
  return isMediaType(s) ? null : `expects an AIDC media type 01-10 or 80-99; ${quote(s)} is not one`
}

export function packagetype(s: string): string | null {
  return PACKAGE_TYPES.has(s) ? null : `expects a GS1 PackageTypeCode; ${quote(s)} is not one`
}
