/**
 * PDF content-stream operators written straight into ASCII bytes: a drawing of a few thousand numbers builds no string
 * to be joined and encoded afterwards. One writer is reused from drawing to drawing: `reset` starts a new stream (a
 * new `generation`), and `contents` copies out what a generation wrote, refusing once a later one has started.
 */

const SPACE = 0x20
const NEWLINE = 0x0a
const ZERO = 0x30
const INITIAL_BYTES = 8192
/** A buffer grown past this by one large symbol is let go at the next reset rather than kept for good. */
const KEPT_BYTES = 1 << 20
/** Non-negative whole numbers below this are written digit by digit; any other goes through `toFixed`. */
const FAST_LIMIT = 1_000_000_000
/** From here on JavaScript writes numbers with an exponent, which PDF has no syntax for. */
const EXPONENT_FROM = 1e21

/** A number as PDF text: whole numbers as they are, others to 3 decimals. */
export function pdfNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(3)
}

export class OperatorBytes {
  private bytes = new Uint8Array(INITIAL_BYTES)
  private length = 0
  /** Which stream the bytes hold: one more at every reset. */
  generation = 0

  /** Starts a new stream, forgetting what was written. */
  reset(): this {
    this.length = 0
    this.generation++
    if (this.bytes.length > KEPT_BYTES) this.bytes = new Uint8Array(INITIAL_BYTES)
    return this
  }

  /**
   * An operand: whole numbers as they are, others to 3 decimals (a thousandth of a bwip-js unit). Throws for a number
   * PDF cannot write (not finite, or 1e21 and more in size), which no symbol has.
   */
  number(n: number): void {
    if (!Number.isInteger(n) || n < 0 || n >= FAST_LIMIT) {
      if (!(Math.abs(n) < EXPONENT_FROM)) throw new RangeError(`a PDF number cannot be ${n}`)
      this.token(pdfNumber(n), SPACE)
      return
    }
    this.room(11)
    let digits = 1
    for (let power = 10; power <= n; power *= 10) digits++
    let at = this.length + digits
    this.length = at
    do {
      const digit = n % 10
      this.bytes[--at] = ZERO + digit
      n = (n - digit) / 10
    } while (n > 0)
    this.bytes[this.length++] = SPACE
  }

  /** An operator that more operators follow on the same line (`m`, `l`, `c`). */
  operator(name: string): void {
    this.token(name, SPACE)
  }

  /** An operator that ends a line (`h`, `f*`). */
  lastOperator(name: string): void {
    this.token(name, NEWLINE)
  }

  /** `head`, what `generation` wrote, then `tail`, as one new array; throws if a later stream has started. */
  contents(generation: number, head: string, tail: string): Uint8Array<ArrayBuffer> {
    if (generation !== this.generation) throw new Error('the operators were overwritten by a later drawing')
    const out = new Uint8Array(head.length + this.length + tail.length)
    copyAscii(head, out, 0)
    out.set(this.bytes.subarray(0, this.length), head.length)
    copyAscii(tail, out, head.length + this.length)
    return out
  }

  private token(text: string, separator: number): void {
    this.room(text.length + 1)
    copyAscii(text, this.bytes, this.length)
    this.length += text.length
    this.bytes[this.length++] = separator
  }

  private room(bytes: number): void {
    if (this.length + bytes <= this.bytes.length) return
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + bytes))
    grown.set(this.bytes.subarray(0, this.length))
    this.bytes = grown
  }
}

function copyAscii(text: string, into: Uint8Array, at: number): void {
  for (let i = 0; i < text.length; i++) into[at + i] = text.charCodeAt(i)
}
