/** Check-character linters: csum, csumalpha, iban (GS1 General Specifications §7.9; ISO 13616-1). */
import { gs1CheckDigit } from './check-digit.ts'
import { ISO3166_ALPHA2 } from './code-lists.ts'
import { quote } from './issue.ts'

/** GS1 mod-10 check digit over the whole component (the last digit is the check digit). */
export function csum(s: string): string | null {
  const expected = gs1CheckDigit(s.slice(0, -1))
  const got = s.charCodeAt(s.length - 1) - 48
  return got === expected
    ? null
    : `expects a valid mod-10 check digit; ${quote(s)} ends in ${got}, expected ${expected}`
}

// CSET 82 in weight order, and CSET 32 for the check pair (GS1 General Specifications §7.9.5).
const CSET82_ORDER = `!"%&'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz`
const CSET32 = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'

function primes(count: number): number[] {
  const out: number[] = []
  for (let n = 2; out.length < count; n++) {
    if (out.every((p) => n % p !== 0)) out.push(n)
  }
  return out
}

const PRIMES = primes(99)

/** Alphanumeric check-character pair in the last two characters (GMN 8013, MUDI 8014). */
export function csumalpha(s: string): string | null {
  const expected = 'expects a valid alphanumeric check character pair at the end'
  const n = s.length
  if (n < 2) return `${expected}; ${quote(s)} is too short`
  let sum = 0
  // Weights are the primes 2, 3, 5, ... from the right of the data characters.
  for (let i = 0; i < n - 2; i++) {
    sum += CSET82_ORDER.indexOf(s.charAt(i)) * (PRIMES[n - 3 - i] ?? 0)
  }
  sum %= 1021
  const pair = (CSET32[sum >> 5] ?? '') + (CSET32[sum & 31] ?? '')
  return s.slice(n - 2) === pair
    ? null
    : `${expected}; ${quote(s)} ends in '${s.slice(n - 2)}', expected '${pair}'`
}

/** IBAN: ISO 3166 alpha-2 country, 11-34 characters of 0-9A-Z, ISO 7064 mod 97-10 check. */
export function iban(s: string): string | null {
  const expected = 'expects an IBAN (ISO 13616)'
  if (!ISO3166_ALPHA2.has(s.slice(0, 2))) return `${expected}; ${quote(s)} does not start with a country code`
  if (s.length > 34) return `${expected}; ${quote(s)} is longer than 34 characters`
  if (s.length <= 10) return `${expected}; ${quote(s)} is too short`
  let rem = 0
  for (let k = 4; k < s.length + 4; k++) {
    const c = s.charCodeAt(k < s.length ? k : k - s.length)
    let v: number
    if (c >= 48 && c <= 57) v = c - 48
    else if (c >= 65 && c <= 90) v = c - 55
    else return `${expected}; ${quote(s)} has a character other than 0-9 and A-Z`
    rem = (rem * (v < 10 ? 10 : 100) + v) % 97
  }
  return rem === 1 ? null : `${expected}; the check digits of ${quote(s)} are wrong`
}
