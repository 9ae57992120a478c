/**
 * The Codes page's bulk download: the CSV of `bun run cli codes generate` (docs/api.md "CSV columns") drawn as a ZIP
 * of SVG, PNG or PDF files with `manifest.csv`, streamed while the code work's threads draw it. Without JavaScript
 * it is a plain form post whose answer is the file; with it, a script shows the files arriving.
 */
import type { Format } from '../render/index.ts'
import { prefixesOf } from '../services/catalog/company-prefixes.ts'
import { CsvHeaderError, csvRows } from '../services/codes/csv.ts'
import { MAX_BATCH } from '../services/codes/generate.ts'
import { inlineRenderWork, type RenderEntry, renderZip } from '../services/codes/render-zip.ts'
import { costsWhenDone } from './budgets.ts'
import type { OrgContext } from './context.ts'
import { attachment, changesNothing } from './http.ts'
import { type PrintForm, printOptionsOf, readPrintForm } from './print-form.ts'

export const FORMATS: readonly Format[] = ['png', 'svg', 'pdf']

/** The form's choices, as typed (shown again when refused). */
export interface BatchForm extends PrintForm {
  readonly format: Format
}

export function readBatchForm(form: URLSearchParams): BatchForm {
  const format = form.get('format')
  return { format: format === 'svg' || format === 'pdf' ? format : 'png', ...readPrintForm(form) }
}

export type BatchOutcome = { kind: 'zip'; response: Response } | { kind: 'refused'; problems: string[] }

/** Lines of a text, each with the `\r` of a CRLF kept (the CSV reader drops it). */
async function* linesOf(text: string): AsyncGenerator<string> {
  for (const line of text.replace(/^\uFEFF/, '').split('\n')) yield line
}

/** Reads the CSV and the size fields, then answers the ZIP (or what is wrong with the request). */
export async function batchZip(ctx: OrgContext, form: BatchForm): Promise<BatchOutcome> {
  const text = ctx.files.get('file') ?? ''
  if (text.trim() === '') return { kind: 'refused', problems: ['Choose a CSV file with a header row.'] }
  const print = printOptionsOf(form)
  const problems = print.ok ? [] : print.errors.map((e) => e.message)
  const entries: RenderEntry[] = []
  const lines: number[] = []
  try {
    for await (const { line, row } of csvRows(linesOf(text))) {
      if (entries.length === MAX_BATCH) {
        problems.push(`The file holds more than ${MAX_BATCH} codes; split it.`)
        break
      }
      lines.push(line)
      entries.push(
        row.ok
          ? { kind: 'definition', value: row.definition }
          : { kind: 'refused', reference: null, errors: row.errors },
      )
    }
  } catch (error) {
    if (!(error instanceof CsvHeaderError)) throw error
    problems.push(`The CSV file cannot be read: ${error.message}.`)
  }
  if (problems.length > 0 || !print.ok) return { kind: 'refused', problems }
  if (entries.length === 0)
    return { kind: 'refused', problems: ['The CSV file has no codes under its header.'] }
  const zip = renderZip({
    entries,
    companyPrefixes: await prefixesOf(ctx.deps.database.db, ctx.membership.organization.id),
    base: print.options,
    format: form.format,
    work: ctx.deps.renderWork ?? inlineRenderWork(),
    label: { name: 'line', of: (i) => lines[i] ?? i },
  })
  const slug = ctx.membership.organization.slug
  const response = new Response(zip.stream, {
    headers: {
      'content-type': 'application/zip',
      'content-disposition': attachment(`${slug}-codes-${form.format}.zip`),
      'x-code-count': String(entries.length),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
    },
  })
  // Nothing is stored: the form may be sent again from the same page (a second download).
  return { kind: 'zip', response: costsWhenDone(changesNothing(response), zip.cost) }
}

/**
 * Progressive enhancement of the bulk form: the ZIP is fetched, its files counted as they arrive (the local file
 * header signature `PK\3\4`, against `X-Code-Count`), then saved. Each send takes a new one-time form id. A refusal
 * (an HTML page) replaces the page, as the plain form post would.
 */
export const BATCH_SCRIPT = `
const form = document.querySelector('form[data-zip-progress]')
if (form && window.fetch && window.ReadableStream && window.crypto) {
  const bar = form.querySelector('progress')
  const status = form.querySelector('[data-zip-status]')
  const newId = () => {
    const bytes = crypto.getRandomValues(new Uint8Array(16))
    return btoa(String.fromCharCode(...bytes)).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '')
  }
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    const data = new FormData(form)
    data.set('once', newId())
    bar.hidden = false
    bar.removeAttribute('value')
    status.textContent = 'Reading the file…'
    let response
    try {
      response = await fetch(form.action, { method: 'POST', body: data })
    } catch {
      status.textContent = 'The request failed. Try again.'
      return
    }
    if (!response.ok || response.headers.get('content-type') !== 'application/zip') {
      const page = await response.text()
      document.open()
      document.write(page)
      document.close()
      return
    }
    const total = Number(response.headers.get('x-code-count')) || 0
    bar.max = Math.max(total, 1)
    const parts = []
    let files = 0
    let tail = new Uint8Array(0)
    const reader = response.body.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      parts.push(value)
      const bytes = new Uint8Array(tail.length + value.length)
      bytes.set(tail)
      bytes.set(value, tail.length)
      for (let i = 0; i + 3 < bytes.length; i++) {
        if (bytes[i] === 0x50 && bytes[i + 1] === 0x4b && bytes[i + 2] === 3 && bytes[i + 3] === 4) files++
      }
      tail = bytes.slice(-3)
      const drawn = Math.min(files, total)
      bar.value = drawn
      status.textContent = drawn + ' of ' + total + ' codes drawn'
    }
    const name = (/filename="([^"]+)"/.exec(response.headers.get('content-disposition') || '') || [])[1] || 'codes.zip'
    const link = document.createElement('a')
    link.href = URL.createObjectURL(new Blob(parts, { type: 'application/zip' }))
    link.download = name
    document.body.append(link)
    link.click()
    link.remove()
    setTimeout(() => URL.revokeObjectURL(link.href), 60000)
    bar.value = bar.max
    status.textContent = 'Done: ' + name + ' (' + Math.max(files - 1, 0) + ' files and manifest.csv).'
  })
}
`.trim()
