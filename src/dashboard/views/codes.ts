/**
 * The Codes page: the form, then the barcode text, element string, HRI and the symbol with its SVG, PNG and PDF
 * downloads; below, the bulk form that turns a CSV into a ZIP of SVG, PNG or PDF files.
 */
import { GTIN_KEY } from '../../catalog/entry-id.ts'
import type { CodeResult, Issue } from '../../gs1/index.ts'
import { linkTypeTitle } from '../../gs1/link-type-titles.ts'
import { SELECTABLE_LINK_TYPES } from '../../gs1/link-types.ts'
import { APPLICATIONS, type Application, type Format, SIZE_TABLES } from '../../render/index.ts'
import type { BatchForm } from '../code-batch.ts'
import {
  applicationByCode,
  type CodeForm,
  codeQuery,
  type LinkChoice,
  plainMessage,
  unansweredMessage,
} from '../code-form.ts'
import { type OrgContext, orgPath } from '../context.ts'
import { entryKeys, keyLabel } from '../entry-keys.ts'
import { html, type SafeHtml } from '../html.ts'
import { APPLICATION_LABELS } from '../print-form.ts'
import { field, formGuard, notice, select } from './forms.ts'
import { orgPage } from './layout.ts'

/** Why the code has no SVG, PNG or PDF at the form's print size (none: it has). */
export type PrintProblems = Readonly<Record<Format, readonly Issue[]>>

/** The code's files, in the order the page offers them. */
const DOWNLOADS: readonly Format[] = ['svg', 'png', 'pdf']

export type CodeOutcome =
  /** No entry of the organization answers the key's value (`key`: the form's). */
  | { readonly kind: 'no_product'; readonly key: string }
  | {
      readonly kind: 'invalid'
      readonly errors: readonly Issue[]
      readonly name: string
      readonly customDomain: string | null
    }
  | {
      readonly kind: 'code'
      readonly result: CodeResult
      readonly svg: string | null
      readonly name: string
      /** The entry whose pages scans of the code open, and its page: `GTIN 0950…`, `prefix rule (00) 0950600*`. */
      readonly answeredBy: { readonly label: string; readonly path: string }
      readonly customDomain: string | null
      /** Why a scan of the code would fail or differ from the form (unpublished, no such page, no active domain). */
      readonly warnings: readonly string[]
      readonly printProblems: PrintProblems
    }

export function codesPage(
  ctx: OrgContext,
  o: {
    readonly form: CodeForm
    readonly outcome: CodeOutcome | null
    readonly batch: BatchForm
    /** Why the bulk form was refused. */
    readonly problems?: readonly string[]
  },
): SafeHtml {
  const slug = ctx.membership.organization.slug
  const f = o.form
  return orgPage(
    ctx,
    'codes',
    'Codes',
    html`<h1>Codes</h1><p>Make the Digital Link (or GS1 element string) of one of your products, with its batch, serial or expiry date, or of a location, a logistic unit or anything else of another GS1 key that your items and prefix rules answer, and its QR code or Data Matrix; the same generator as the code API.</p>
${o.outcome ? result(ctx, o.outcome, f) : null}
<form method="get" action="${orgPath(slug, '/codes')}" class="stack wide">
${select({ name: 'key', label: 'Key', value: f.key, options: [{ value: GTIN_KEY, label: '(01) GTIN: a product' }, ...entryKeys('item').map((k) => ({ value: k.key, label: keyLabel(k.key) }))] })}
${field({ name: 'value', label: 'Value', value: f.value, required: true, hint: 'A GTIN of one of your products (find them under Products), or a value of another key with an item of its own or under a prefix rule (under Items and rules), with its check digit where the key has one.' })}
<fieldset><legend>Qualifiers and attributes (optional)</legend>
${field({ name: 'cpv', label: 'Consumer product variant (22)', value: f.cpv })}
${field({ name: 'lot', label: 'Batch or lot (10)', value: f.lot })}
${field({ name: 'serial', label: 'Serial number (21)', value: f.serial })}
${field({ name: 'expiry', label: 'Expiry date (17)', value: f.expiry, hint: 'YYMMDD or YYYY-MM-DD, e.g. 271231.' })}
<div><label for="f-attributes">Other data attributes</label><textarea id="f-attributes" name="attributes" rows="2" aria-describedby="f-attributes-hint" spellcheck="false">${f.attributes}</textarea><span class="hint" id="f-attributes-hint">One per line as AI=value, e.g. 3103=000500 for a net weight of 0.5 kg, or a key qualifier of another key such as 254=A1, a GLN's extension.</span></div>
</fieldset>
<fieldset><legend>Link and symbol</legend>
${linkChoiceFields(ctx, f)}
${select({ name: 'linkType', label: 'Link type (optional)', value: f.linkType, options: [{ value: '', label: 'None: the default page' }, ...SELECTABLE_LINK_TYPES.map((n) => ({ value: `gs1:${n}`, label: `${linkTypeTitle(n) ?? n} (${n})` }))] })}
${select({
  name: 'compression',
  label: 'Compression',
  value: f.compression,
  options: [
    { value: '', label: 'None' },
    { value: 'EPC_HEX', label: 'EPC binary, hexadecimal (needs a serial)' },
    { value: 'EPC_BASE64', label: 'EPC binary, Base64 (needs a serial)' },
  ],
})}
${select({ name: 'ecc', label: 'QR error correction', value: f.ecc, options: (['L', 'M', 'Q', 'H'] as const).map((l) => ({ value: l, label: l })) })}
</fieldset>
${printFields(f, o.outcome)}
<div><button type="submit">Make the code</button></div></form>
${batchSection(ctx, o.batch, o.problems ?? [])}`,
  )
}

/**
 * The link and symbol selects, the same in both forms; `idPrefix` tells the bulk form's fields from the single one's.
 */
function linkChoiceFields(ctx: OrgContext, choice: LinkChoice, idPrefix = 'f-'): SafeHtml {
  const { resolverUrl, shortUrl } = ctx.deps.config
  return html`${select({
    name: 'host',
    id: `${idPrefix}host`,
    label: 'Link',
    value: choice.host,
    options: [
      { value: 'resolver', label: `Digital Link on ${resolverUrl}` },
      { value: 'short', label: `Digital Link on the short host ${shortUrl}` },
      { value: 'custom', label: "Digital Link on the brand's custom domain (when active)" },
      { value: 'none', label: 'GS1 element string (no link)' },
    ],
  })}
${select({
  name: 'symbol',
  id: `${idPrefix}symbol`,
  label: 'Symbol',
  value: choice.symbol,
  options: [
    { value: 'qr', label: 'QR code' },
    { value: 'dm', label: 'Data Matrix' },
  ],
})}`
}

/**
 * The GS1 table select: each table by where it is scanned, its source said under it; first, the table chosen by the
 * code (`byCode`, an empty value, so that another code of the form chooses again).
 */
function applicationSelect(o: {
  readonly id: string
  readonly label: string
  readonly value: string
  readonly byCode: { readonly label: string; readonly application: Application | null }
}): SafeHtml {
  const shown = APPLICATIONS.find((a) => a === o.value) ?? o.byCode.application
  return select({
    name: 'application',
    id: o.id,
    label: o.label,
    value: o.value,
    options: [
      { value: '', label: `Chosen by the code — ${o.byCode.label}` },
      ...APPLICATIONS.map((a) => ({ value: a, label: APPLICATION_LABELS[a] })),
    ],
    hint: shown === null ? GTIN_BY_CODE_HINT : `GS1 table: ${SIZE_TABLES[shown].source}.`,
  })
}

const GTIN_BY_CODE_HINT = `A GTIN's code is printed by the table “${APPLICATION_LABELS['retail-dl']}”, any other key's by none.`

/** The size of the code's SVG, PNG and PDF files, as `POST /render` takes it; empty fields take its defaults. */
function printFields(f: CodeForm, outcome: CodeOutcome | null): SafeHtml {
  const problems =
    outcome?.kind === 'code' ? DOWNLOADS.flatMap((format) => outcome.printProblems[format]) : []
  const errorAt = (path: string) => {
    const problem = problems.find((p) => p.path === path)
    return problem === undefined ? null : plainMessage(problem)
  }
  const byCode = applicationByCode(f)
  return html`<fieldset><legend>Print size of the SVG, PNG and PDF files (optional)</legend>
${applicationSelect({ id: 'f-code-application', label: 'Where the code is scanned (GS1 size table)', value: f.print.application, byCode: { label: APPLICATION_LABELS[byCode], application: byCode } })}
${field({ name: 'moduleSize', id: 'f-code-moduleSize', label: 'Module size in mm', value: f.print.moduleSize, hint: "Empty: the table's target size.", error: errorAt('moduleSize') })}
${field({ name: 'dpi', id: 'f-code-dpi', label: 'PNG resolution in dpi', value: f.print.dpi, hint: 'Empty: 300 dpi.', error: errorAt('dpi') })}
<label class="check"><input type="checkbox" id="f-code-hri" name="hri"${f.print.hri ? ' checked' : ''}> Print the HRI under the code</label>
</fieldset>`
}

/** Many codes at once: a CSV file of one code per row to a ZIP, with the size checked against a GS1 table. */
function batchSection(ctx: OrgContext, b: BatchForm, problems: readonly string[]): SafeHtml {
  const slug = ctx.membership.organization.slug
  return html`<section aria-labelledby="batch-heading"><h2 id="batch-heading">Many codes from a CSV file</h2>
<p>Upload a CSV file (a spreadsheet saved as CSV) with one code per row, at most 1000, and get a ZIP: one image per code, and <code>manifest.csv</code>, which lists every code with its file and size, or why it could not be made. <a href="${orgPath(slug, '/codes/template.csv')}" download>Download a template CSV</a></p>
<dl class="facts"><dt><code>primaryKey</code></dt><dd>The GS1 key of a product, item or prefix rule of yours, its number in brackets first: <code>(01)09506000134352</code> for a GTIN. The only column needed.</dd>
<dt><code>reference</code></dt><dd>Your name for the code, which names its file: <code>label-1</code>.</dd>
<dt><code>ais</code></dt><dd>Batch, serial and other data, each number in brackets: <code>(10)LOT1(21)S1</code> for lot LOT1 and serial S1.</dd>
<dt><code>mode</code></dt><dd>Empty: the Link and Symbol chosen below. Or <code>QR_GS1_DIGITAL_LINK_URI</code> (a QR code with a Digital Link), <code>DATAMATRIX_GS1_DIGITAL_LINK_URI</code> (a Data Matrix with a Digital Link), <code>GS1_QR</code> (a QR code with a GS1 element string) or <code>GS1_DATAMATRIX</code> (a Data Matrix with a GS1 element string).</dd>
<dt><code>digitalLinkStem</code></dt><dd>Empty: the Link chosen below. Or one of the hosts it offers, such as <code>${ctx.deps.config.resolverUrl}</code>.</dd></dl>
${problems.length > 0 ? notice('bad', html`<p><strong>The file was not drawn:</strong></p><ul>${problems.map((p) => html`<li>${p}</li>`)}</ul>`) : null}
<form method="post" action="${orgPath(slug, '/codes/batch')}" enctype="multipart/form-data" class="stack wide" data-zip-progress>${formGuard(ctx.csrf)}
<div><label for="f-file">CSV file</label><input id="f-file" type="file" name="file" accept=".csv,text/csv" required></div>
${linkChoiceFields(ctx, b, 'f-batch-')}
${select({
  name: 'format',
  label: 'Format',
  value: b.format,
  options: [
    { value: 'png', label: 'PNG' },
    { value: 'svg', label: 'SVG' },
    { value: 'pdf', label: 'PDF (vector)' },
  ],
})}
${applicationSelect({ id: 'f-application', label: 'Where the codes are scanned (GS1 size table)', value: b.application, byCode: { label: 'on pack for a GTIN, else anything else', application: null } })}
${field({ name: 'moduleSize', label: 'Module size in mm (optional)', value: b.moduleSize, hint: "Empty: the table's target size." })}
${field({ name: 'dpi', label: 'PNG resolution in dpi (optional)', value: b.dpi, hint: 'Empty: 300 dpi.' })}
<label class="check"><input type="checkbox" name="hri"${b.hri ? ' checked' : ''}> Print the HRI under each code</label>
<div><button type="submit">Download the ZIP</button></div>
<progress hidden max="1"></progress><p class="hint" data-zip-status aria-live="polite"></p>
</form><script src="${orgPath(slug, '/codes/batch.js')}" defer></script></section>`
}

function result(ctx: OrgContext, outcome: CodeOutcome, f: CodeForm): SafeHtml {
  if (outcome.kind === 'no_product') {
    return notice('bad', unansweredMessage(outcome.key))
  }
  if (outcome.kind === 'invalid') {
    return notice(
      'bad',
      html`<p><strong>No code for ${outcome.name}:</strong></p><ul>${outcome.errors.map((e) => html`<li>${plainMessage(e)}</li>`)}</ul>`,
    )
  }
  const r = outcome.result
  const query = codeQuery(f)
  const download = (format: string) =>
    `${orgPath(ctx.membership.organization.slug, `/codes/${format}`)}?${query}`
  const links = DOWNLOADS.filter((format) => outcome.printProblems[format].length === 0).map(
    (format) =>
      html`<a class="button secondary" href="${download(format)}">Download ${format.toUpperCase()}</a>`,
  )
  const image =
    outcome.svg === null
      ? notice(
          'warn',
          'This code has too much data for the symbol: shorten it, or pick another symbol or error correction.',
        )
      : html`<img class="symbol" src="data:image/svg+xml;base64,${Buffer.from(outcome.svg).toString('base64')}" alt="${f.symbol === 'qr' ? 'QR code' : 'Data Matrix'} of ${r.barcodeText}" width="220" height="220">
${printNotice(outcome.printProblems)}${links.length > 0 ? html`<p class="actions">${links}</p>` : null}`
  return html`<section class="code-result" aria-labelledby="code-heading"><h2 id="code-heading">${outcome.name}</h2>
<p class="muted">${f.host === 'none' ? 'For' : 'Scans open the pages of'} <a href="${outcome.answeredBy.path}">${outcome.answeredBy.label}</a>.</p>
${outcome.warnings.map((w) => notice('warn', w))}
<dl class="facts"><dt>Barcode text</dt><dd><div class="secret"><code id="code-text">${r.barcodeText}</code><button type="button" class="secondary" data-copy="code-text" hidden>Copy</button></div></dd>
<dt>Element string</dt><dd><code>${r.elementString}</code></dd><dt>HRI</dt><dd><code>${r.hri}</code></dd></dl>${image}</section>`
}

/** Why there is no SVG, PNG or PDF at the size asked (`No PNG`, `No SVG, PNG or PDF`): each message once. */
function printNotice(problems: PrintProblems): SafeHtml | null {
  const refused = DOWNLOADS.filter((format) => problems[format].length > 0).map((f) => f.toUpperCase())
  if (refused.length === 0) return null
  const what =
    refused.length === 1 ? refused[0] : `${refused.slice(0, -1).join(', ')} or ${refused[refused.length - 1]}`
  const messages = [...new Set(DOWNLOADS.flatMap((format) => problems[format]).map(plainMessage))]
  return notice(
    'bad',
    html`<p><strong>No ${what} at this print size:</strong></p><ul>${messages.map((m) => html`<li>${m}</li>`)}</ul>`,
  )
}
