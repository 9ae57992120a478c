/**
 * An entry's "Where a scan goes": a scan per scanner language, then every page per language, per lot; for a prefix
 * rule, first the value whose scans are shown (a sample of its own, or one typed).
 */
import { linkTypeTitle } from '../../gs1/link-type-titles.ts'
import { toLinkTypeName } from '../../gs1/link-types.ts'
import { html, type SafeHtml } from '../html.ts'
import type { PagePreview, PreviewSample, ScanContext, ScanPreview } from '../scan-preview.ts'
import { notice } from './forms.ts'
import { scrollingTable } from './table.ts'

/**
 * The section; `before` goes under its heading (a rule's sample value form), and stands alone when there is no
 * preview (a sample that cannot be scanned).
 */
export function previewSection(
  preview: ScanPreview | null,
  published: boolean,
  before: SafeHtml | null = null,
): SafeHtml {
  if (preview === null) return html`<h2>Where a scan goes</h2>${before}`
  const intro = published
    ? html`<p>A scan of <code>${preview.link}</code>, by the scanner's language, as the resolver answers it.</p>`
    : notice(
        'warn',
        html`<p>Not published: every scan of <code>${preview.link}</code> answers “not found” now. Once it is published, scans go where this table says.</p>`,
      )
  return html`<h2>Where a scan goes</h2>${before}${intro}
${scrollingTable(
  'Where a scan goes',
  html`<table><thead><tr><th scope="col">Scanner's language</th><th scope="col">${published ? 'Opens' : 'Will open'}</th></tr></thead><tbody>${preview.outcomes.map(
    (o) =>
      html`<tr><td>${o.language ?? 'any other'}</td><td>${
        o.location === null ? html`<span class="muted">answer ${o.status}</span>` : urlLink(o.location)
      }${o.via === null ? null : html`<br><span class="hint">through the custom domain ${o.via}</span>`}</td></tr>`,
  )}</tbody></table>`,
)}
${preview.contexts.map(contextSection)}`
}

function contextSection(c: ScanContext): SafeHtml {
  const title = c.lot === null ? 'Every page' : `Lot ${c.lot}`
  const intro =
    c.lot === null
      ? html`<p>A scan of <code>${c.link}</code> asking for a page (by its link type, or its URL name as <code>linkType</code>) opens:</p>`
      : html`<p>A scan of <code>${c.link}</code> sees the lot's pages first: one with the URL name of a product page replaces it, the others are added.</p>`
  return html`<h3>${title}</h3>${intro}${scrollingTable(
    c.lot === null ? 'Every page' : `Pages of lot ${c.lot}`,
    html`<table><thead><tr><th scope="col">Page</th><th scope="col">Scanner's language</th><th scope="col">Opens</th></tr></thead>${c.pages.map(pageRows)}</table>`,
  )}`
}

function pageRows(page: PagePreview): SafeHtml {
  const head = html`<th scope="rowgroup"${page.notNow === null ? html` rowspan="${page.targets.length}"` : null}>${pageName(page)}</th>`
  if (page.notNow !== null)
    return html`<tbody><tr>${head}<td colspan="2">${notShown(page.notNow)}</td></tr></tbody>`
  return html`<tbody>${page.targets.map(
    (t, i) =>
      html`<tr>${i === 0 ? head : null}<td>${t.language ?? 'any other'}</td><td>${urlLink(t.url)}${
        t.language === t.served ? null : html`<br><span class="hint">the page in ${t.served}</span>`
      }</td></tr>`,
  )}</tbody>`
}

function pageName(page: PagePreview): SafeHtml {
  const name = toLinkTypeName(page.linkType)
  const marks = [
    page.isDefault ? 'default' : null,
    page.ofLot ? "the lot's own" : null,
    page.external ? 'link to a URL' : 'hosted here',
  ].filter((m) => m !== null)
  return html`<code>${page.name}</code><br><span class="hint">${name === null ? page.linkType : (linkTypeTitle(name) ?? name)}; ${marks.join(', ')}</span>`
}

/** A page outside its validity window. */
function notShown(window: NonNullable<PagePreview['notNow']>): string {
  const bounds = [
    window.from === null ? null : `from ${window.from}`,
    window.until === null ? null : `until ${window.until}`,
  ].filter((b) => b !== null)
  return `not shown now (${bounds.join(' / ')})`
}

/** An absolute http(s) URL as a link that opens without telling the page where it came from. */
function urlLink(url: string): SafeHtml {
  if (!/^https?:\/\//i.test(url)) return html`<code>${url}</code>`
  return html`<a href="${url}" rel="noopener noreferrer">${url}</a>`
}

/**
 * A rule's value to preview: which value's scans the section shows, changed with a plain GET form (no script). A
 * value with an item of its own, or a longer rule, is answered by that instead: the preview shows this rule's answer.
 */
export function sampleForm(action: string, prefix: string, sample: PreviewSample): SafeHtml {
  const error = sample.ok ? null : sample.message
  const described = ['f-sample-hint', error === null ? null : 'f-sample-error'].filter((x) => x !== null)
  return html`<form method="get" action="${action}" class="filters" aria-label="Value to preview"><div><label for="f-sample">A value this rule answers</label><input id="f-sample" name="sample" type="text" value="${sample.value}" autocomplete="off" aria-describedby="${described.join(' ')}"${
    error === null ? null : html` aria-invalid="true"`
  }><span class="hint" id="f-sample-hint">Any valid value starting with <code>${prefix}</code>; left empty, the prefix padded to one. A value with an item of its own, or a longer rule, goes there instead.</span>${
    error === null ? null : html`<span class="error-text" id="f-sample-error">${error}</span>`
  }</div><div><button type="submit" class="secondary">Show its scans</button></div></form>`
}
