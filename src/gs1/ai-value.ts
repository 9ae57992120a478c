/** Checks one AI value against its components, character sets and linters (SYNTAX-NOTES §1.4, GS1 syntax engine order). */
import type { AiInfo, Charset, Component } from './ai-notation.ts'
import { CSET39, CSET82, DIGITS, firstBadCset64, firstOutside } from './charset.ts'
import { quote } from './issue.ts'
import { CHECK_DIGIT_LINTERS, LINTERS } from './linters.ts'

/** Why a value failed: maps to the `Validation.<Reason>.*` codes. */
export type ValueReason = 'Length' | 'Charset' | 'CheckDigit' | 'Format'

export interface ValueProblem {
  reason: ValueReason
  message: string
}

const CHARSET_TEXT: Record<Charset, string> = {
  N: 'digits only',
  X: `GS1 character set 82 (letters, digits and !"%&'()*+,-./:;<=>?_)`,
  Y: 'GS1 character set 39 (A-Z, 0-9, # - /)',
  Z: 'GS1 character set 64 (A-Z a-z 0-9 - _, with = padding only at the end)',
}

function firstBadChar(s: string, charset: Charset): number {
  if (charset === 'N') return firstOutside(s, DIGITS)
  if (charset === 'X') return firstOutside(s, CSET82)
  if (charset === 'Y') return firstOutside(s, CSET39)
  return firstBadCset64(s)
}

function describeChar(s: string, at: number): string {
  const ch = String.fromCodePoint(s.codePointAt(at) ?? 63)
  const shown =
    ch === ' '
      ? 'a space'
      : /[\p{L}\p{N}\p{P}\p{S}]/u.test(ch)
        ? `'${ch}'`
        : `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`
  return `${shown} at position ${at + 1}`
}

function count(min: number, max: number, unit: string): string {
  const n = min === max ? String(min) : `${min} to ${max}`
  return `${n} ${unit}${max === 1 ? '' : 's'}`
}

function sameComponent(a: Component | undefined, b: Component): boolean {
  return (
    a !== undefined &&
    a.charset === b.charset &&
    a.min === b.min &&
    a.max === b.max &&
    a.optional === b.optional
  )
}

// A readable format such as "3 digits, then optionally 3 digits (up to 4 times)".
function formatText(info: AiInfo): string {
  const parts: string[] = []
  const cs = info.components
  for (let i = 0; i < cs.length; i++) {
    const c = cs[i] as Component
    let repeat = 1
    while (c.optional && sameComponent(cs[i + repeat], c)) repeat++
    i += repeat - 1
    const text = count(c.min, c.max, c.charset === 'N' ? 'digit' : 'character')
    parts.push(c.optional ? `optionally ${text}${repeat > 1 ? ` (up to ${repeat} times)` : ''}` : text)
  }
  return parts.join(', then ')
}

function lengthProblem(info: AiInfo, value: string, what: string): ValueProblem {
  const got =
    value.length === 0 ? 'the value is empty' : `${quote(value)} is ${what} (${value.length} characters)`
  return { reason: 'Length', message: `AI (${info.ai}) expects ${formatText(info)}; ${got}` }
}

function tooShort(info: AiInfo, value: string): ValueProblem {
  return lengthProblem(info, value, 'too short')
}

function tooLong(info: AiInfo, value: string): ValueProblem {
  return lengthProblem(info, value, 'too long')
}

// Component split: each component takes min(its maximum, what is left); an optional component is
// skipped once the data is exhausted (SYNTAX-NOTES §1.4 "Application to a value"). Returns the
// number of components used, or -1 (too short) / -2 (too long).
function fit(info: AiInfo, length: number): number {
  let pos = 0
  let used = 0
  for (const c of info.components) {
    const left = length - pos
    if (left === 0 && c.optional) break
    const take = Math.min(c.max, left)
    if (take < c.min) return -1
    pos += take
    used++
  }
  return pos < length ? -2 : used
}

function checkComponent(info: AiInfo, c: Component, part: string): ValueProblem | null {
  const bad = firstBadChar(part, c.charset)
  if (bad !== -1) {
    return {
      reason: 'Charset',
      message: `AI (${info.ai}) expects ${CHARSET_TEXT[c.charset]}; ${quote(part)} has ${describeChar(part, bad)}`,
    }
  }
  for (const name of c.linters) {
    const lint = LINTERS[name]
    const problem = lint ? lint(part) : `cannot be checked (linter ${name} unknown)`
    if (problem !== null) {
      return {
        reason: CHECK_DIGIT_LINTERS.has(name) ? 'CheckDigit' : 'Format',
        message: `AI (${info.ai}) ${problem}`,
      }
    }
  }
  return null
}

/** The first problem of `value` for the AI, or null when it is valid. */
export function checkAiValue(info: AiInfo, value: string): ValueProblem | null {
  if (value.length < info.minLength) return tooShort(info, value)
  if (value.length > info.maxLength) return tooLong(info, value)
  const cs = info.components
  if (cs.length === 1) return checkComponent(info, cs[0] as Component, value)
  const used = fit(info, value.length)
  if (used === -1) return tooShort(info, value)
  if (used === -2) return tooLong(info, value)
  let pos = 0
  for (let i = 0; i < used; i++) {
    const c = cs[i] as Component
    const take = Math.min(c.max, value.length - pos)
    const problem = checkComponent(info, c, value.slice(pos, pos + take))
    if (problem) return problem
    pos += take
  }
  return null
}
