/** Date and time linters: yymmd0, yymmdd, yyyymmdd, hh, mi, ss, hhmi (GS1 General Specifications §7.12). */

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

// The number written by the digits s[from..to) (the component holds digits only).
function num(s: string, from: number, to: number): number {
  let n = 0
  for (let i = from; i < to; i++) n = n * 10 + s.charCodeAt(i) - 48
  return n
}

function isLeap(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
}

// With a two-digit year only 2000 (YY = 00) is a century year in the window GS1 uses
// (General Specifications §7.12), and it is a leap year, so YY % 4 decides.
function dateProblem(s: string, yearLen: 2 | 4, allowDay0: boolean, expected: string): string | null {
  const year = num(s, 0, yearLen)
  const month = num(s, yearLen, yearLen + 2)
  const day = num(s, yearLen + 2, yearLen + 4)
  if (month < 1 || month > 12) return `expects ${expected}; ${s} has month ${s.slice(yearLen, yearLen + 2)}`
  if (day === 0) return allowDay0 ? null : `expects ${expected}; ${s} has day 00`
  const leap = yearLen === 2 ? year % 4 === 0 : isLeap(year)
  const max = month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 31)
  if (day > max) return `expects ${expected}; ${s} has day ${day}, but that month has ${max} days`
  return null
}

/** YYMMDD where day 00 means "end of month / day unknown" (AIs 11-17). */
export function yymmd0(s: string): string | null {
  return dateProblem(s, 2, true, 'a date YYMMDD (day 00 allowed)')
}

/** YYMMDD with a real day. */
export function yymmdd(s: string): string | null {
  return dateProblem(s, 2, false, 'a date YYMMDD')
}

/** YYYYMMDD with a real day (AIs 7250, 7251). */
export function yyyymmdd(s: string): string | null {
  return dateProblem(s, 4, false, 'a date YYYYMMDD')
}

/** Hour 00-23. */
export function hh(s: string): string | null {
  return num(s, 0, 2) > 23 ? `expects an hour 00-23; ${s} is not` : null
}

/** Minute 00-59. */
export function mi(s: string): string | null {
  return num(s, 0, 2) > 59 ? `expects a minute 00-59; ${s} is not` : null
}

/** Second 00-59. */
export function ss(s: string): string | null {
  return num(s, 0, 2) > 59 ? `expects a second 00-59; ${s} is not` : null
}

/** Time HHMM. */
export function hhmi(s: string): string | null {
  if (num(s, 0, 2) > 23) return `expects a time HHMM; ${s} has hour ${s.slice(0, 2)}`
  if (num(s, 2, 4) > 59) return `expects a time HHMM; ${s} has minute ${s.slice(2, 4)}`
  return null
}
