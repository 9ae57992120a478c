/**
 * The Codes page's bulk download: the CSV of `bun run cli codes generate` (docs/api.md "CSV columns") drawn as a ZIP
 * of SVG, PNG or PDF files with `manifest.csv`, streamed while the code work's threads draw it. Without JavaScript
 * it is a plain form post whose answer is the file; with it, a script shows the files arriving.
 */
import { MODES, type Mode, validateStem } from '../gs1/index.ts'
import type { Format } from '../render/index.ts'
import { prefixesOf } from '../services/catalog/company-prefixes.ts'
import { CsvHeaderError, csvRows, type RowResult } from '../services/codes/csv.ts'
import { MAX_BATCH } from '../services/codes/generate.ts'
import { inlineRenderWork, type RenderEntry, renderZip } from '../services/codes/render-zip.ts'
import { costsWhenDone } from './budgets.ts'
import {
  catalogValue,
  type LinkChoice,
  type LinkStems,
  modeOf,
  plainMessage,
  readLinkChoice,
  stemOf,
  unansweredMessage,
} from './code-form.ts'
import type { OrgContext } from './context.ts'
import { attachment, changesNothing } from './http.ts'
import { applicationFor, type PrintForm, printOptionsOf, readPrintForm } from './print-form.ts'

export const FORMATS: readonly Format[] = ['png', 'svg', 'pdf']

/** The form's choices, as typed (shown again when refused); link and symbol are the defaults of the rows. */
export interface BatchForm extends PrintForm, LinkChoice {
  readonly format: Format
}

export function readBatchForm(form: URLSearchParams): BatchForm {
  const format = form.get('format')
  return {
    format: format === 'svg' || format === 'pdf' ? format : 'png',
    ...readLinkChoice(form),
    ...readPrintForm(form),
  }
}

/** What the rows ask of the organization's catalog, asked as the single code's form asks it (routes/codes.ts). */
export interface RowCatalog {
  /** The identity of the organization's entry that answers the key's value, or null (none, or a value its key refuses). */
  answering(key: string, value: string): Promise<string | null>
  /**
   * The hosts a code of that entry may link to; with `custom`, its brand's custom domain when active (a lookup of
   * the entry), else none.
   */
  stems(id: string, custom: boolean): Promise<LinkStems>
}

const DIGITAL_LINK_MODES: ReadonlySet<unknown> = new Set([modeOf('qr', true), modeOf('dm', true)])

/** Answers of the catalog kept for the request: a file repeats the same GTIN on many rows. */
function remembered(catalog: RowCatalog): RowCatalog {
  const answers = new Map<string, Promise<string | null>>()
  const stems = new Map<string, Promise<LinkStems>>()
  const once = <T>(cache: Map<string, Promise<T>>, key: string, ask: () => Promise<T>) => {
    const known = cache.get(key) ?? ask()
    cache.set(key, known)
    return known
  }
  return {
    answering: (key, value) => once(answers, `${key}/${value}`, () => catalog.answering(key, value)),
    stems: (id, custom) => once(stems, `${id} ${custom}`, () => catalog.stems(id, custom)),
  }
}

/** A row refused before drawing: listed in the manifest with its reference and why. */
function refusedRow(definition: Record<string, unknown>, path: string, message: string): RenderEntry {
  const reference = typeof definition.reference === 'string' ? definition.reference : null
  return { kind: 'refused', reference, errors: [{ code: `Codes.Refused.${path}`, path, message }] }
}

/** The row's primary key as the CSV spells it (`(01)0950…`), or null when it has none the catalog could answer. */
function primaryKeyOf(definition: Record<string, unknown>): { key: string; value: string } | null {
  const key = definition.primaryKey as { key?: unknown; value?: unknown } | undefined
  return typeof key?.key === 'string' && typeof key.value === 'string'
    ? { key: key.key, value: key.value }
    : null
}

/**
 * Why a row's own link host is refused: the hosts its code may link to, or null when it is one of them (compared as
 * the generator writes stems: `HTTPS://Id.Example.com:443/` is `https://id.example.com`). A stem the generator
 * refuses is left to it, which says why.
 */
function hostRefusal(stem: unknown, stems: LinkStems): string | null {
  const allowed = [stems.resolver, stems.short, ...(stems.custom === null ? [] : [stems.custom])]
  const written = typeof stem === 'string' ? validateStem(stem) : null
  if (written !== null && (!written.ok || allowed.includes(written.stem))) return null
  return `The link host must be one of ${allowed.join(', ')}: this organization's codes link only there.`
}

/**
 * A CSV row as it is drawn: its own `mode` and `digitalLinkStem`, else the form's link and symbol; refused when no
 * entry of the organization answers its key (as the single form refuses it) or its link host is not one offered. A
 * value its key refuses is left to the generator, which says why.
 */
async function checkedRow(
  definition: Record<string, unknown>,
  choice: LinkChoice,
  catalog: RowCatalog,
): Promise<RenderEntry> {
  const mode = definition.mode ?? modeOf(choice.symbol, choice.host !== 'none')
  const drawn = { ...definition, mode }
  const primaryKey = primaryKeyOf(definition)
  if (primaryKey === null || catalogValue(primaryKey.key, primaryKey.value) === null)
    return { kind: 'definition', value: drawn }
  const id = await catalog.answering(primaryKey.key, primaryKey.value)
  if (id === null) return refusedRow(definition, 'primaryKey', unansweredMessage(primaryKey.key))
  if (!DIGITAL_LINK_MODES.has(mode)) return { kind: 'definition', value: drawn }
  const own = definition.digitalLinkStem
  if (own === undefined) {
    const stem = stemOf(choice.host, await catalog.stems(id, choice.host === 'custom'))
    return { kind: 'definition', value: stem === null ? drawn : { ...drawn, digitalLinkStem: stem } }
  }
  // The brand's custom domain is looked up only for a host that is not the service's own.
  const refused =
    hostRefusal(own, await catalog.stems(id, false)) === null
      ? null
      : hostRefusal(own, await catalog.stems(id, true))
  return refused === null
    ? { kind: 'definition', value: drawn }
    : refusedRow(definition, 'digitalLinkStem', refused)
}

export type BatchOutcome = { kind: 'zip'; response: Response } | { kind: 'refused'; problems: string[] }

/** Lines of a text, each with the `\r` of a CRLF kept (the CSV reader drops it). */
async function* linesOf(text: string): AsyncGenerator<string> {
  for (const line of text.replace(/^\uFEFF/, '').split('\n')) yield line
}

/**
 * The row with the GS1 table its code is printed by when the form chooses none (`applicationFor`): each row's own,
 * as the single form chooses it.
 */
function isMode(mode: unknown): mode is Mode {
  return (MODES as readonly unknown[]).includes(mode)
}

function withApplicationByCode(entry: RenderEntry, form: PrintForm): RenderEntry {
  if (entry.kind !== 'definition' || form.application !== '') return entry
  const definition = entry.value as Record<string, unknown>
  const primaryKey = primaryKeyOf(definition)
  // A mode that is none is refused by the generator, whatever the table.
  if (primaryKey === null || !isMode(definition.mode)) return entry
  return {
    kind: 'definition',
    value: { ...definition, application: applicationFor(primaryKey.key, definition.mode) },
  }
}

/** The rows as drawn: each checked (`checkedRow`), or refused with what the CSV reader found wrong. */
function entriesOf(rows: readonly RowResult[], form: BatchForm, catalog: RowCatalog): Promise<RenderEntry[]> {
  return Promise.all(
    rows.map(
      async (row): Promise<RenderEntry> =>
        row.ok
          ? withApplicationByCode(await checkedRow(row.definition, form, catalog), form)
          : { kind: 'refused', reference: null, errors: row.errors },
    ),
  )
}

/** Reads the CSV and the size fields, then answers the ZIP (or what is wrong with the request). */
export async function batchZip(ctx: OrgContext, form: BatchForm, catalog: RowCatalog): Promise<BatchOutcome> {
  const text = ctx.files.get('file') ?? ''
  if (text.trim() === '') return { kind: 'refused', problems: ['Choose a CSV file with a header row.'] }
  const print = printOptionsOf(form)
  const problems = print.ok ? [] : print.errors.map(plainMessage)
  const rows: RowResult[] = []
  const lines: number[] = []
  try {
    for await (const { line, row } of csvRows(linesOf(text))) {
      if (rows.length === MAX_BATCH) {
        problems.push(`The file holds more than ${MAX_BATCH} codes; split it.`)
        break
      }
      lines.push(line)
      rows.push(row)
    }
  } catch (error) {
    if (!(error instanceof CsvHeaderError)) throw error
    problems.push(`The CSV file cannot be read: ${error.message}.`)
  }
  if (problems.length > 0 || !print.ok) return { kind: 'refused', problems }
  const entries = await entriesOf(rows, form, remembered(catalog))
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
      const arrived = Math.min(files, total)
      bar.value = arrived
      status.textContent = arrived + ' of ' + total + ' codes drawn'
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
    const drawn = Math.min(Math.max(files - 1, 0), total)
    const failed = total - drawn
    const codes = (n) => n + (n === 1 ? ' code' : ' codes')
    status.textContent = 'Done: ' + name + ': ' + codes(drawn) + ' drawn' +
      (failed > 0 ? ', ' + failed + ' could not be made (see manifest.csv).' : '.')
  })
}
`.trim()
