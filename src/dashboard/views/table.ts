/** A table in a box of its own that scrolls sideways on a narrow screen, so the page itself never does. */
import { html, type SafeHtml } from '../html.ts'

/**
 * Wraps `table` in `.table-wrap`, a named region that takes keyboard focus: a box that scrolls must be reachable
 * by keyboard, or its right-hand columns are out of reach without a mouse (WCAG 2.2 §2.1.1, axe's
 * scrollable-region-focusable). `label` names the region; a page with several tables gives each its own.
 */
export function scrollingTable(label: string, table: SafeHtml): SafeHtml {
  return html`<div class="table-wrap" role="region" aria-label="${label}" tabindex="0">${table}</div>`
}
