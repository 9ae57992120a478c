/**
 * North American coupon linters: couponcode (AI 8110, "North American Coupon Application Guideline Using
 * GS1 DataBar Expanded Symbols") and couponposoffer (AI 8112, "GS1 AI (8112) Coupon Data Specification").
 */
import { isDigits } from './gtin.ts'
import { yymmdd } from './lint-date.ts'

// A cursor over the all-digit coupon data; `fail` holds the first problem found.
interface Cursor {
  s: string
  p: number
  fail: string | null
}

function digit(c: Cursor, what: string, ok: (d: number) => boolean): number {
  if (c.fail) return -1
  if (c.p >= c.s.length) {
    c.fail = `is missing the ${what}`
    return -1
  }
  const d = c.s.charCodeAt(c.p) - 48
  if (!ok(d)) {
    c.fail = `has an invalid ${what} ${d}`
    return -1
  }
  c.p++
  return d
}

function take(c: Cursor, n: number, what: string): string {
  if (c.fail) return ''
  if (c.s.length - c.p < n) {
    c.fail = `has a truncated ${what}`
    return ''
  }
  c.p += n
  return c.s.slice(c.p - n, c.p)
}

// A length indicator (VLI) digit followed by a field of `length(vli)` digits.
function vliField(c: Cursor, what: string, ok: (d: number) => boolean, length: (d: number) => number): void {
  const d = digit(c, `${what} length indicator`, ok)
  if (d >= 0) take(c, length(d), what)
}

function plus6(d: number): number {
  return d + 6
}
function same(d: number): number {
  return d
}
// VLI 9 on a second or third purchase GCP means "no GCP": the field is empty.
function gcpOrNone(d: number): number {
  return d === 9 ? 0 : d + 6
}

function purchase(c: Cursor, nth: string, gcp: boolean): void {
  vliField(c, `${nth} purchase requirement`, (d) => d >= 1 && d <= 5, same)
  digit(c, `${nth} purchase requirement code`, (d) => d <= 4 || d === 9)
  take(c, 3, `${nth} purchase family code`)
  if (gcp) vliField(c, `${nth} purchase GCP`, (d) => d <= 6 || d === 9, gcpOrNone)
}

function couponDate(c: Cursor, what: string): string {
  const date = take(c, 6, what)
  if (!c.fail && yymmdd(date)) c.fail = `has an invalid ${what} ${date}`
  return date
}

function finish(c: Cursor, expected: string): string | null {
  if (!c.fail && c.p !== c.s.length) c.fail = 'has excess data at the end'
  return c.fail ? `${expected}; the value ${c.fail}` : null
}

/** AI 8110: GCP, offer code, save value, purchase requirements and optional fields 1-6 and 9, in order. */
export function couponcode(s: string): string | null {
  const expected = 'expects a North American coupon code (AI 8110 structure)'
  if (!isDigits(s)) return `${expected}; the value must be all digits`
  const c: Cursor = { s, p: 0, fail: null }
  vliField(c, 'company prefix', (d) => d <= 6, plus6)
  take(c, 6, 'offer code')
  vliField(c, 'save value', (d) => d >= 1 && d <= 5, same)
  purchase(c, 'first', false)
  if (!c.fail && s[c.p] === '1') {
    c.p++
    digit(c, 'additional purchase rules code', (d) => d <= 3)
    purchase(c, 'second', true)
  }
  if (!c.fail && s[c.p] === '2') {
    c.p++
    purchase(c, 'third', true)
  }
  let expiry: string | null = null
  if (!c.fail && s[c.p] === '3') {
    c.p++
    expiry = couponDate(c, 'expiration date')
  }
  if (!c.fail && s[c.p] === '4') {
    c.p++
    const start = couponDate(c, 'start date')
    if (!c.fail && expiry !== null && start > expiry) c.fail = 'has an expiration date before its start date'
  }
  if (!c.fail && s[c.p] === '5') {
    c.p++
    vliField(c, 'serial number', () => true, plus6)
  }
  if (!c.fail && s[c.p] === '6') {
    c.p++
    vliField(c, 'retailer GCP/GLN', (d) => d >= 1 && d <= 7, plus6)
  }
  if (!c.fail && s[c.p] === '9') {
    c.p++
    digit(c, 'save value code', (d) => d <= 2 || d === 5 || d === 6)
    digit(c, 'save value applies-to-item code', (d) => d <= 2)
    digit(c, 'store coupon flag', () => true)
    digit(c, "don't multiply flag", (d) => d <= 1)
  }
  return finish(c, expected)
}

/** AI 8112: format code, funder ID, offer code and serial number. */
export function couponposoffer(s: string): string | null {
  const expected = 'expects a positive offer coupon code (AI 8112 structure)'
  if (!isDigits(s)) return `${expected}; the value must be all digits`
  const c: Cursor = { s, p: 0, fail: null }
  digit(c, 'format code', (d) => d <= 1)
  vliField(c, 'funder ID', (d) => d <= 6, plus6)
  take(c, 6, 'offer code')
  vliField(c, 'serial number', () => true, plus6)
  return finish(c, expected)
}
