/** Value normalisation before validation: GTIN to 14 digits (SPEC rule 3), temperatures 4330-4333 (rule 9). */
import { gs1CheckDigit } from './check-digit.ts'
import { parseGtin } from './gtin.ts'
import { type Issue, issue, quote } from './issue.ts'

export interface Normalised {
  value: string
  /** Set when the value cannot be normalised. */
  issue: Issue | null
  /** True when the value needs no further format check (a verified GTIN, or a reported problem). */
  checked: boolean
}

const GTIN_REASON = { digits: 'Charset', length: 'Length', checkDigit: 'CheckDigit' } as const
const TEMPERATURE = /^(-?)(\d+)(-?)$/

function gtin(value: string, field: string, path: string): Normalised {
  const r = parseGtin(value)
  if (r.ok) return { value: r.gtin, issue: null, checked: true }
  const expected = 'AI (01) expects a GTIN of 8, 12, 13 or 14 digits with a valid check digit'
  const why =
    r.reason === 'digits'
      ? `${quote(value)} has a character other than a digit`
      : r.reason === 'length'
        ? `${quote(value)} has ${value.length} character${value.length === 1 ? '' : 's'}`
        : `${quote(value)} ends in ${value.slice(-1)}, expected ${gs1CheckDigit(value.slice(0, -1))}`
  return {
    value,
    issue: issue(`Validation.${GTIN_REASON[r.reason]}.${field}`, `${path}.value`, `${expected}; ${why}`),
    checked: true,
  }
}

// GS1 General Specifications, AIs (4330)-(4333): six digits, a trailing '-' for negative values.
// We accept the magnitude with fewer digits and the minus in front or behind (SYNTAX-NOTES §2.6).
function temperature(ai: string, value: string, field: string, path: string): Normalised {
  const m = TEMPERATURE.exec(value)
  const expected = `AI (${ai}) expects a temperature of up to 6 digits with an optional minus sign, such as 001500 or -1500`
  if (!m || (m[1] && m[3])) {
    return {
      value,
      issue: issue(`Validation.Format.${field}`, `${path}.value`, `${expected}; ${quote(value)} is not`),
      checked: true,
    }
  }
  const digits = m[2] ?? ''
  if (digits.length > 6) {
    return {
      value,
      issue: issue(
        `Validation.Length.${field}`,
        `${path}.value`,
        `${expected}; ${quote(value)} has ${digits.length} digits`,
      ),
      checked: true,
    }
  }
  return { value: digits.padStart(6, '0') + (m[1] || m[3] ? '-' : ''), issue: null, checked: false }
}

/** Normalises a value for its AI; other AIs pass unchanged. */
export function normaliseValue(ai: string, value: string, field: string, path: string): Normalised {
  if (ai === '01') return gtin(value, field, path)
  if (ai.length === 4 && ai >= '4330' && ai <= '4333') return temperature(ai, value, field, path)
  return { value, issue: null, checked: false }
}
