/** A tagged template for the dashboard's HTML: every interpolated value is escaped unless it is already HTML. */
import { escapeHtml } from '../html/layout.ts'

/** HTML that is safe to insert as is: built by {@link html} or marked by {@link trusted}. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value
  }
}

type Value = SafeHtml | string | number | boolean | null | undefined | readonly Value[]

function render(value: Value): string {
  if (value === null || value === undefined || value === false) return ''
  if (value instanceof SafeHtml) return value.value
  if (Array.isArray(value)) return value.map(render).join('')
  return escapeHtml(String(value))
}

/**
 * `html\`<p>${text}</p>\`` escapes `text`; nested `html` results, and arrays of them, are inserted as they are.
 * `null`, `undefined` and `false` render nothing, so `${cond && html\`…\`}` works.
 */
export function html(strings: TemplateStringsArray, ...values: Value[]): SafeHtml {
  let out = strings[0] ?? ''
  for (let i = 0; i < values.length; i++) out += render(values[i] as Value) + (strings[i + 1] ?? '')
  return new SafeHtml(out)
}

/** Marks a string built elsewhere as HTML (only for text this code produced, never for input). */
export function trusted(value: string): SafeHtml {
  return new SafeHtml(value)
}
