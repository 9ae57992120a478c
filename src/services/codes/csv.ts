/** The CSV form of code definitions for bulk generation: RFC 4180 records, one definition per row, named columns. */
import { type Issue, parseBracketedElementString } from '../../gs1/index.ts'

/**
 * The columns, in any order; only `primaryKey` is required and an empty cell means "not given".
 * `primaryKey` and `ais` are bracketed element strings (`(01)09506000134352`, `(10)ABC(17)261231`, a literal
 * `(` in a value written `\(`); `extensionParameters` is a percent-encoded query string (`k=v&k2=v2`).
 */
export const CSV_COLUMNS = [
  'reference',
  'mode',
  'primaryKey',
  'ais',
  'digitalLinkStem',
  'linkType',
  'context',
  'language',
  'compression',
  'errorCorrectionLevel',
  'extensionParameters',
] as const

export type CsvColumn = (typeof CSV_COLUMNS)[number]

/** The columns read as element strings or a query string; every other one is copied into the definition as it is. */
const PARSED: ReadonlySet<CsvColumn> = new Set(['primaryKey', 'ais', 'extensionParameters'])
const PLAIN: ReadonlySet<string> = new Set(CSV_COLUMNS.filter((column) => !PARSED.has(column)))

const QUOTE = 0x22
const COMMA = 0x2c

/**
 * Whether a record is still inside a quoted field after `line`, given whether it was before. RFC 4180: a quote
 * opens a quoted field only at the field's start (a stray quote inside a field is the field parser's error,
 * never the start of a multi-line field), and `""` inside a quoted field is an escaped quote.
 */
export function endsInsideQuotes(line: string, quoted: boolean): boolean {
  let inside = quoted
  let fieldStart = !quoted
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i)
    if (inside) {
      if (c !== QUOTE) continue
      if (line.charCodeAt(i + 1) === QUOTE) i++
      else inside = false
    } else if (c === QUOTE && fieldStart) {
      inside = true
      fieldStart = false
    } else {
      fieldStart = c === COMMA
    }
  }
  return inside
}

/** Splits one record into fields (RFC 4180: `,` separated, `"` quoted, `""` inside quotes); null if malformed. */
export function parseCsvRecord(record: string): string[] | null {
  const fields: string[] = []
  let i = 0
  for (;;) {
    let field = ''
    if (record[i] === '"') {
      i++
      for (;;) {
        const close = record.indexOf('"', i)
        if (close < 0) return null
        field += record.slice(i, close)
        i = close + 1
        if (record[i] !== '"') break
        field += '"'
        i++
      }
      if (i < record.length && record[i] !== ',') return null
    } else {
      const comma = record.indexOf(',', i)
      const end = comma < 0 ? record.length : comma
      field = record.slice(i, end)
      if (field.includes('"')) return null
      i = end
    }
    fields.push(field)
    if (i >= record.length) return fields
    i++
  }
}

export type HeaderResult = { ok: true; columns: CsvColumn[] } | { ok: false; message: string }

/** Reads the header row: known, distinct column names including `primaryKey`. */
export function readCsvHeader(record: string): HeaderResult {
  const fields = parseCsvRecord(record.replace(/^\uFEFF/, ''))
  if (fields === null) return { ok: false, message: 'the header row is not valid CSV' }
  const names = fields.map((f) => f.trim())
  const unknown = names.find((n) => !(CSV_COLUMNS as readonly string[]).includes(n))
  if (unknown !== undefined) {
    return {
      ok: false,
      message: `unknown CSV column '${unknown.slice(0, 40)}'; columns are ${CSV_COLUMNS.join(', ')}`,
    }
  }
  const repeated = names.find((n, i) => names.indexOf(n) !== i)
  if (repeated !== undefined) return { ok: false, message: `CSV column '${repeated}' appears twice` }
  if (!names.includes('primaryKey')) return { ok: false, message: 'the CSV header needs a primaryKey column' }
  return { ok: true, columns: names as CsvColumn[] }
}

export type RowResult = { ok: true; definition: Record<string, unknown> } | { ok: false; errors: Issue[] }

function csvIssue(column: string, message: string): Issue {
  return { code: `Csv.Invalid.${column}`, path: column, message }
}

/** Builds the code definition of one data row; cell syntax problems are reported per column. */
export function definitionFromCsv(columns: readonly CsvColumn[], record: string): RowResult {
  const fields = parseCsvRecord(record)
  if (fields === null) return { ok: false, errors: [csvIssue('row', 'the row is not valid CSV')] }
  if (fields.length !== columns.length) {
    const message = `the row has ${fields.length} fields; the header has ${columns.length}`
    return { ok: false, errors: [csvIssue('row', message)] }
  }
  const definition: Record<string, unknown> = {}
  const errors: Issue[] = []
  columns.forEach((column, i) => {
    const cell = fields[i] ?? ''
    if (cell === '') return
    if (PLAIN.has(column)) definition[column] = cell
    else if (column === 'primaryKey') {
      const pairs = parseBracketedElementString(cell)
      const pk = pairs?.length === 1 ? pairs[0] : undefined
      if (pk === undefined)
        errors.push(csvIssue(column, 'primaryKey must be one bracketed AI such as (01)09506000134352'))
      else definition.primaryKey = { key: pk.ai, value: pk.value }
    } else if (column === 'ais') {
      const pairs = parseBracketedElementString(cell)
      if (pairs === null)
        errors.push(csvIssue(column, 'ais must be a bracketed element string such as (10)ABC(17)261231'))
      else definition.ais = pairs.map((p) => ({ key: p.ai, value: p.value }))
    } else {
      definition.extensionParameters = [...new URLSearchParams(cell)].map(([key, value]) => ({ key, value }))
    }
  })
  return errors.length > 0 ? { ok: false, errors } : { ok: true, definition }
}

/** A header row that is not usable: unknown or repeated column, no `primaryKey`, or not CSV. */
export class CsvHeaderError extends Error {
  override name = 'CsvHeaderError'
}

const unclosed: RowResult = {
  ok: false,
  errors: [csvIssue('row', 'a quoted field is not closed before the end of the file')],
}

/**
 * The data rows of a CSV file given line by line (a line may keep the `\r` of a CRLF), each with the 1-based
 * line it starts on. A quoted field may span lines and keeps their line breaks as they are; blank lines are
 * skipped. Throws {@link CsvHeaderError} for a missing or unusable header row.
 */
export async function* csvRows(
  lines: AsyncIterable<string>,
): AsyncGenerator<{ line: number; row: RowResult }> {
  let columns: CsvColumn[] | null = null
  let pending: string[] = []
  let quoted = false
  let lineNo = 0
  let start = 0
  for await (const text of lines) {
    lineNo++
    if (pending.length === 0) start = lineNo
    pending.push(text)
    quoted = endsInsideQuotes(text, quoted)
    if (quoted) continue
    const record = pending.join('\n').replace(/\r$/, '')
    pending = []
    if (record.trim() === '') continue
    if (columns === null) {
      const header = readCsvHeader(record)
      if (!header.ok) throw new CsvHeaderError(header.message)
      columns = header.columns
    } else {
      yield { line: start, row: definitionFromCsv(columns, record) }
    }
  }
  if (columns === null) {
    throw new CsvHeaderError(
      pending.length > 0 ? 'the header row is not valid CSV' : 'the CSV file has no header row',
    )
  }
  if (pending.length > 0) yield { line: start, row: unclosed }
}
