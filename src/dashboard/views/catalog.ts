/** The catalog import page: upload or paste a file, check it (dry run), then import; every error with its path. */
import type { ImportReport, ImportResult } from '../../services/catalog/import.ts'
import { type OrgContext, orgPath } from '../context.ts'
import { html, type SafeHtml } from '../html.ts'
import { formGuard, notice } from './forms.ts'
import { orgPage } from './layout.ts'
import { scrollingTable } from './table.ts'

/** Errors listed on the page at most (a bad 100,000-product file can have as many). */
const MAX_LISTED = 200

export function importPage(
  ctx: OrgContext,
  o: {
    readonly result?: ImportResult
    readonly dryRun?: boolean
    readonly problem?: string
    readonly text?: string | undefined
  },
): SafeHtml {
  const action = orgPath(ctx.membership.organization.slug, '/catalog/import')
  return orgPage(
    ctx,
    'products',
    'Import a catalog',
    html`<p><a href="${orgPath(ctx.membership.organization.slug, '/products')}">Products</a></p><h1>Import a catalog</h1>
<p>A catalog file (the format of <a href="${orgPath(ctx.membership.organization.slug, '/catalog/export')}">Export</a>) creates or replaces this organization's brands and products; what it leaves out stays as it is. Check a file first: nothing is written until you import it, and an import with any error writes nothing.</p>
${o.problem ? notice('bad', o.problem) : null}${o.result ? outcome(o.result, o.dryRun === true) : null}
<form method="post" action="${action}" enctype="multipart/form-data" class="stack wide">${formGuard(ctx.csrf)}
<div><label for="f-file">Catalog file (JSON, up to 32 MB)</label><input id="f-file" name="file" type="file" accept="application/json,.json"></div>
<div><label for="f-text">Or paste it</label><textarea id="f-text" name="text" rows="8" spellcheck="false">${o.text ?? ''}</textarea></div>
<div class="actions"><button type="submit" name="action" value="check">Check</button><button type="submit" name="action" value="import" class="secondary">Import</button></div></form>`,
  )
}

function outcome(result: ImportResult, dryRun: boolean): SafeHtml {
  if (!result.ok) {
    const listed = result.errors.slice(0, MAX_LISTED)
    const more = result.errors.length - listed.length
    return html`${notice('bad', `The file has ${result.errors.length} error${result.errors.length === 1 ? '' : 's'}; nothing was imported.`)}
${scrollingTable(
  'Errors',
  html`<table><caption>Errors</caption><thead><tr><th scope="col">Where</th><th scope="col">Code</th><th scope="col">Problem</th></tr></thead><tbody>${listed.map(
    (e) =>
      html`<tr><td><code>${e.path ?? '(file)'}</code></td><td><code>${e.code}</code></td><td>${e.message}</td></tr>`,
  )}</tbody></table>`,
)}${more > 0 ? html`<p>… and ${more} more.</p>` : null}`
  }
  const r = result.report
  const headline = dryRun
    ? r.changes === 0
      ? 'The file is valid and changes nothing.'
      : `The file is valid. Importing it would make ${r.changes} change${r.changes === 1 ? '' : 's'}:`
    : r.changes === 0
      ? 'Imported: nothing changed, the catalog already was as the file says.'
      : `Imported: ${r.changes} change${r.changes === 1 ? '' : 's'}. Every resolver answers with them within a second.`
  return html`${notice(dryRun ? 'warn' : 'ok', headline)}${report(r)}${warnings(r)}`
}

/** What the file holds that visitors would find wanting; imported all the same. */
function warnings(r: ImportReport): SafeHtml | null {
  if (r.warnings.length === 0) return null
  const count = `${r.warnings.length} warning${r.warnings.length === 1 ? '' : 's'}`
  return html`${notice('warn', `${count}: imported all the same, but visitors would find these wanting.`)}
${scrollingTable(
  'Warnings',
  html`<table><caption>Warnings</caption><thead><tr><th scope="col">Where</th><th scope="col">Code</th><th scope="col">Problem</th></tr></thead><tbody>${r.warnings.map(
    (w) =>
      html`<tr><td><code>${w.path ?? '(file)'}</code></td><td><code>${w.code}</code></td><td>${w.message}</td></tr>`,
  )}</tbody></table>`,
)}`
}

function report(r: ImportReport): SafeHtml {
  const row = (label: string, c: ImportReport['products']) =>
    html`<tr><th scope="row">${label}</th><td class="num">${c.created}</td><td class="num">${c.updated}</td><td class="num">${c.unchanged}</td></tr>`
  return scrollingTable(
    'Changes',
    html`<table><caption class="visually-hidden">Changes</caption><thead><tr><th scope="col"></th><th scope="col" class="num">New</th><th scope="col" class="num">Changed</th><th scope="col" class="num">Unchanged</th></tr></thead><tbody>${row('Brands', r.brands)}${row('Products', r.products)}${row('Items', r.items)}${row('Rules', r.rules)}</tbody></table>`,
  )
}
