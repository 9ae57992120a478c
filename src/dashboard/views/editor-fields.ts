/**
 * Fields of the product editor: labelled inputs, text areas and choices, each with its hint, its errors (the save was
 * refused) and its warnings (saved, but visitors would find it wanting) tied to it with `aria-describedby`.
 */
import { html, type SafeHtml } from '../html.ts'
import type { PlacedNotes } from './editor-paths.ts'

/** What the editor says beside its fields. */
export interface FieldNotes {
  readonly errors: PlacedNotes
  readonly warnings: PlacedNotes
}

export const NO_NOTES: FieldNotes = { errors: new Map(), warnings: new Map() }

export interface InputOptions {
  readonly hint?: string | undefined
  /** IDs of other elements that describe the field (a hint shared by several fields). */
  readonly describedBy?: string
  readonly inputmode?: string
  readonly type?: 'text' | 'url' | 'datetime-local'
  readonly placeholder?: string
  /** A datalist of suggestions. */
  readonly list?: string
  readonly autocomplete?: string
}

/** `aria-describedby` and `aria-invalid` of a field, and the error and warning texts that follow it. */
function described(id: string, notes: FieldNotes, o: { hint?: string | undefined; describedBy?: string }) {
  const errors = notes.errors.get(id)
  const warnings = notes.warnings.get(id)
  const ids = [
    o.hint ? `${id}-hint` : null,
    o.describedBy ?? null,
    errors ? `${id}-error` : null,
    warnings ? `${id}-warning` : null,
  ].filter((x) => x !== null)
  return {
    attributes: html`${ids.length > 0 ? html` aria-describedby="${ids.join(' ')}"` : null}${errors ? html` aria-invalid="true"` : null}`,
    after: html`${o.hint ? html`<span class="hint" id="${id}-hint">${o.hint}</span>` : null}${noteText(id, notes)}`,
  }
}

/** The errors and warnings placed on `id`. */
export function noteText(id: string, notes: FieldNotes): SafeHtml {
  const errors = notes.errors.get(id)
  const warnings = notes.warnings.get(id)
  return html`${errors ? html`<span class="error-text" id="${id}-error">${errors.join(' ')}</span>` : null}${
    warnings ? html`<span class="warn-text" id="${id}-warning">Warning: ${warnings.join(' ')}</span>` : null
  }`
}

export function input(
  name: string,
  label: string | SafeHtml,
  value: string,
  notes: FieldNotes,
  o: InputOptions = {},
): SafeHtml {
  const id = `f-${name}`
  const d = described(id, notes, o)
  return html`<div><label for="${id}">${label}</label><input id="${id}" name="${name}" type="${o.type ?? 'text'}" value="${value}"${
    o.inputmode ? html` inputmode="${o.inputmode}"` : null
  }${o.placeholder ? html` placeholder="${o.placeholder}"` : null}${o.list ? html` list="${o.list}"` : null}${
    o.autocomplete ? html` autocomplete="${o.autocomplete}"` : null
  }${o.type === 'datetime-local' ? html` step="1"` : null}${d.attributes}>${d.after}</div>`
}

export function textArea(
  name: string,
  label: string,
  value: string,
  notes: FieldNotes,
  o: { hint?: string; describedBy?: string; rows?: number } = {},
): SafeHtml {
  const id = `f-${name}`
  const d = described(id, notes, o)
  // The HTML parser drops one line break right after <textarea>: a text that starts with one gets it back.
  const lead = value.startsWith('\n') || value.startsWith('\r') ? '\n' : ''
  return html`<div><label for="${id}">${label}</label><textarea id="${id}" name="${name}" rows="${o.rows ?? 3}"${d.attributes}>${lead}${value}</textarea>${d.after}</div>`
}

/** A group of radio buttons in a fieldset of its own (its legend says what is chosen). */
export function choice(
  name: string,
  legend: string,
  options: readonly { readonly value: string; readonly label: string; readonly className: string }[],
  chosen: string,
): SafeHtml {
  return html`<fieldset class="choice"><legend>${legend}</legend>${options.map(
    (o) =>
      html`<label class="check"><input type="radio" class="${o.className}" name="${name}" value="${o.value}"${o.value === chosen ? html` checked` : null}> ${o.label}</label>`,
  )}</fieldset>`
}
