/** GS1 element strings: bracketed form, FNC1 form and HRI (GS1 General Specifications §3.2, §4.15). */
import { aiInfo } from './ai-table.ts'

/** One AI and its value. */
export interface AiPair {
  ai: string
  value: string
}

/** `(01)09506000134352(10)ABC`; a `(` inside a value is written `\(` so the form parses back. */
export function bracketedElementString(pairs: readonly AiPair[]): string {
  let out = ''
  for (const p of pairs) out += `(${p.ai})${p.value.includes('(') ? p.value.replaceAll('(', '\\(') : p.value}`
  return out
}

/** HRI: each AI in parentheses directly followed by its raw value, no spaces (DESIGN §6). */
export function hriText(pairs: readonly AiPair[]): string {
  let out = ''
  for (const p of pairs) out += `(${p.ai})${p.value}`
  return out
}

/**
 * FNC1 form with `^` for FNC1: a leading `^`, and a `^` after every value whose AI is not of
 * predefined length when more data follows (GS1 General Specifications §7.8.5).
 */
export function fnc1ElementString(pairs: readonly AiPair[]): string {
  let out = '^'
  pairs.forEach((p, i) => {
    out += p.ai + p.value
    if (i < pairs.length - 1 && !aiInfo(p.ai)?.predefinedLength) out += '^'
  })
  return out
}

/** Parses a bracketed element string (`\(` is a literal parenthesis); null when malformed. */
export function parseBracketedElementString(text: string): AiPair[] | null {
  const pairs: AiPair[] = []
  let i = 0
  while (i < text.length) {
    if (text[i] !== '(') return null
    const close = text.indexOf(')', i)
    if (close < 0) return null
    const ai = text.slice(i + 1, close)
    if (!/^\d{2,4}$/.test(ai)) return null
    let value = ''
    i = close + 1
    while (i < text.length && text[i] !== '(') {
      if (text[i] === '\\' && text[i + 1] === '(') {
        value += '('
        i += 2
      } else {
        value += text[i]
        i++
      }
    }
    pairs.push({ ai, value })
  }
  return pairs
}
