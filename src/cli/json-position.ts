/**
 * Where a JSON text stops being JSON (RFC 8259), as a line and a column: JavaScriptCore's `JSON.parse` errors name
 * what was expected but not where, and a catalog file has thousands of lines. Pure: no I/O.
 */

export interface TextPosition {
  /** 1-based. */
  readonly line: number
  /** 1-based, in UTF-16 code units. */
  readonly column: number
}

class Stop {
  constructor(readonly at: number) {}
}

/** The position of the first character that makes `text` invalid JSON; null when it is valid (or nested too deep to tell). */
export function jsonErrorPosition(text: string): TextPosition | null {
  try {
    let i = value(text, space(text, 0))
    i = space(text, i)
    if (i < text.length) throw new Stop(i)
    return null
  } catch (error) {
    if (error instanceof Stop) return positionOf(text, error.at)
    return null
  }
}

function positionOf(text: string, at: number): TextPosition {
  let line = 1
  let lineStart = 0
  for (let i = 0; i < at; i++) {
    if (text.charCodeAt(i) === 10) {
      line++
      lineStart = i + 1
    }
  }
  return { line, column: at - lineStart + 1 }
}

function space(text: string, i: number): number {
  while (i < text.length) {
    const c = text[i]
    if (c !== ' ' && c !== '\t' && c !== '\n' && c !== '\r') break
    i++
  }
  return i
}

function value(text: string, i: number): number {
  const c = text[i]
  if (c === '{') return object(text, i)
  if (c === '[') return array(text, i)
  if (c === '"') return string(text, i)
  if (c === 't') return literal(text, i, 'true')
  if (c === 'f') return literal(text, i, 'false')
  if (c === 'n') return literal(text, i, 'null')
  return number(text, i)
}

function object(text: string, i: number): number {
  i = space(text, i + 1)
  if (text[i] === '}') return i + 1
  for (;;) {
    if (text[i] !== '"') throw new Stop(i)
    i = space(text, string(text, i))
    if (text[i] !== ':') throw new Stop(i)
    i = space(text, value(text, space(text, i + 1)))
    if (text[i] === '}') return i + 1
    if (text[i] !== ',') throw new Stop(i)
    i = space(text, i + 1)
  }
}

function array(text: string, i: number): number {
  i = space(text, i + 1)
  if (text[i] === ']') return i + 1
  for (;;) {
    i = space(text, value(text, i))
    if (text[i] === ']') return i + 1
    if (text[i] !== ',') throw new Stop(i)
    i = space(text, i + 1)
  }
}

const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't'])

function string(text: string, i: number): number {
  for (i++; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 34) return i + 1
    if (c < 32) throw new Stop(i)
    if (c !== 92) continue
    const e = text[i + 1] ?? ''
    if (ESCAPES.has(e)) i++
    else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) i += 5
    else throw new Stop(i)
  }
  throw new Stop(i)
}

function literal(text: string, i: number, word: string): number {
  for (let k = 0; k < word.length; k++) if (text[i + k] !== word[k]) throw new Stop(i + k)
  return i + word.length
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y

function number(text: string, i: number): number {
  NUMBER.lastIndex = i
  if (!NUMBER.test(text)) throw new Stop(i)
  return NUMBER.lastIndex
}
