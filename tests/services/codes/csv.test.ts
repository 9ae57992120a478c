/** The CSV form of code definitions: quote tracking, record and header parsing, rows, and csvRows over lines. */
import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import type { Issue } from '../../../src/gs1/index.ts'
import {
  CSV_COLUMNS,
  type CsvColumn,
  CsvHeaderError,
  csvRows,
  definitionFromCsv,
  endsInsideQuotes,
  parseCsvRecord,
  type RowResult,
  readCsvHeader,
} from '../../../src/services/codes/csv.ts'

const GTIN = '09506000134352'
const PK = `(01)${GTIN}`
const KEY = { key: '01', value: GTIN }
const issue = (column: string, message: string) => ({ code: `Csv.Invalid.${column}`, path: column, message })
const failed = (...errors: Issue[]) => ({ ok: false as const, errors })
const PK_ISSUE = issue('primaryKey', 'primaryKey must be one bracketed AI such as (01)09506000134352')
const PLAIN = ['reference', 'mode', 'digitalLinkStem', 'linkType', 'context', 'language']

/** Reads a file's text as the CLI does: lines split on `\n`, each keeping the `\r` of a CRLF. */
async function read(text: string) {
  async function* lines() {
    yield* text.split('\n')
  }
  const rows = []
  for await (const row of csvRows(lines())) rows.push(row)
  return rows
}

async function headerError(text: string) {
  const error = await read(text).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(CsvHeaderError)
  return (error as CsvHeaderError).message
}

/** RFC 4180: a field holding a comma, quote, CR or LF is quoted, its quotes doubled. */
const quote = (field: string) => (/[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field)

const FIELD = fc.string({
  unit: fc.oneof(
    fc.constantFrom(',', '"', '\r', '\n', ' ', 'é', '😀'),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  ),
  maxLength: 12,
})

describe('endsInsideQuotes', () => {
  const inside = (quoted: boolean, lines: string[]) => lines.map((l) => endsInsideQuotes(l, quoted))

  test('a quote opens a quoted field only at the start of a field', () => {
    const lines = ['a,"b', '"b', 'a"b', 'a, "b', '"a",b"c', '"a","b']
    expect(inside(false, lines)).toEqual([true, true, false, false, false, true])
  })

  test('"" inside a quoted field is an escaped quote, not its end', () => {
    expect(inside(false, ['"a""b', '"a""', '"a"""', '""'])).toEqual([true, true, false, false])
  })

  test('the state is carried across lines: a line continuing a quoted field starts inside it', () => {
    const lines = ['', 'b, c', 'b""c', 'b",c', '"', 'b","c', 'b"c"d']
    expect(inside(true, lines)).toEqual([true, true, true, false, false, true, false])
  })
})

describe('parseCsvRecord', () => {
  test('splits on commas, unquotes quoted fields and keeps empty fields and line breaks', () => {
    expect(parseCsvRecord('a,"b,c","d""e",,""')).toEqual(['a', 'b,c', 'd"e', '', ''])
    expect(parseCsvRecord('"x\r\ny", z ')).toEqual(['x\r\ny', ' z '])
    expect(parseCsvRecord('')).toEqual([''])
    expect(parseCsvRecord(',')).toEqual(['', ''])
  })

  test('a quoted field followed by text before the comma is not valid CSV', () => {
    expect(parseCsvRecord('"a"b,c')).toBeNull()
    expect(parseCsvRecord('c,"a" ')).toBeNull()
  })

  test('a quote inside an unquoted field, or a quoted field never closed, is not valid CSV', () => {
    expect(parseCsvRecord('a"b,c')).toBeNull()
    expect(parseCsvRecord('a,b"')).toBeNull()
    expect(parseCsvRecord('"ab')).toBeNull()
    expect(parseCsvRecord('"a"",b')).toBeNull()
  })

  test('never throws on any string; RFC 4180 fields come back exactly', () => {
    fc.assert(
      fc.property(FIELD, (s) => {
        const fields = parseCsvRecord(s)
        if (fields !== null) expect(fields.length).toBeGreaterThan(0)
      }),
      { numRuns: 1000 },
    )
    fc.assert(
      fc.property(fc.array(FIELD, { minLength: 1, maxLength: 6 }), (fields) => {
        expect(parseCsvRecord(fields.map(quote).join(','))).toEqual(fields)
      }),
      { numRuns: 500 },
    )
  })
})

describe('readCsvHeader', () => {
  const accepted = (...columns: CsvColumn[]) => ({ ok: true as const, columns })
  const refused = (message: string) => ({ ok: false as const, message })

  test('reads known column names in any order, quoted or not, after a byte-order mark', () => {
    expect(readCsvHeader('mode,primaryKey,reference')).toEqual(accepted('mode', 'primaryKey', 'reference'))
    expect(readCsvHeader('\uFEFF"primaryKey",ais')).toEqual(accepted('primaryKey', 'ais'))
    expect(readCsvHeader(CSV_COLUMNS.join(','))).toEqual(accepted(...CSV_COLUMNS))
  })

  test('spaces around header names are trimmed', () => {
    expect(readCsvHeader(' primaryKey , mode ')).toEqual(accepted('primaryKey', 'mode'))
  })

  test('a header naming a column twice is refused', () => {
    expect(readCsvHeader('primaryKey,mode,mode')).toEqual(refused("CSV column 'mode' appears twice"))
    expect(readCsvHeader('primaryKey,ais, primaryKey')).toEqual(
      refused("CSV column 'primaryKey' appears twice"),
    )
  })

  test('an unknown or empty column name is refused, named in at most 40 characters', () => {
    const unknown = (name: string) =>
      refused(`unknown CSV column '${name}'; columns are ${CSV_COLUMNS.join(', ')}`)
    expect(readCsvHeader(`primaryKey,${'x'.repeat(50)}`)).toEqual(unknown('x'.repeat(40)))
    expect(readCsvHeader('primaryKey,')).toEqual(unknown(''))
  })

  test('a header without primaryKey, or that is not CSV, is refused', () => {
    expect(readCsvHeader('reference,mode')).toEqual(refused('the CSV header needs a primaryKey column'))
    expect(readCsvHeader('primaryKey,"mode')).toEqual(refused('the header row is not valid CSV'))
  })
})

describe('definitionFromCsv', () => {
  test('copies plain cells as written, reads primaryKey, ais and extensionParameters; an empty cell is not given', () => {
    const row = `r1,GS1_QR,${PK},(10)AB\\(C(17)261231,https://id.example.com,gs1:pip,dpp,en-gb,EPC_HEX,M,batch=7&note=a%26b`
    const ais = [
      { key: '10', value: 'AB(C' },
      { key: '17', value: '261231' },
    ]
    const extensionParameters = [
      { key: 'batch', value: '7' },
      { key: 'note', value: 'a&b' },
    ]
    expect(definitionFromCsv(CSV_COLUMNS, row)).toEqual({
      ok: true,
      definition: {
        reference: 'r1',
        mode: 'GS1_QR',
        primaryKey: KEY,
        ais,
        digitalLinkStem: 'https://id.example.com',
        linkType: 'gs1:pip',
        context: 'dpp',
        language: 'en-gb',
        compression: 'EPC_HEX',
        errorCorrectionLevel: 'M',
        extensionParameters,
      },
    })
    expect(definitionFromCsv(['reference', 'primaryKey', 'ais'], ` r ,${PK},`)).toEqual({
      ok: true,
      definition: { reference: ' r ', primaryKey: KEY },
    })
  })

  test('a primaryKey with more than one bracketed AI is Csv.Invalid.primaryKey, never truncated', () => {
    expect(definitionFromCsv(['primaryKey'], `${PK}(10)X`)).toEqual(failed(PK_ISSUE))
    expect(definitionFromCsv(['primaryKey'], '01)x')).toEqual(failed(PK_ISSUE))
  })

  test('every unreadable cell is reported, in column order', () => {
    const ais = issue('ais', 'ais must be a bracketed element string such as (10)ABC(17)261231')
    expect(definitionFromCsv(['ais', 'primaryKey'], '10)A,x')).toEqual(failed(ais, PK_ISSUE))
  })

  test('a row with the wrong number of fields, or that is not CSV, is Csv.Invalid.row', () => {
    const columns = ['primaryKey', 'mode'] as const
    expect(definitionFromCsv(columns, PK)).toEqual(
      failed(issue('row', 'the row has 1 fields; the header has 2')),
    )
    expect(definitionFromCsv(columns, `${PK},"Q"x`)).toEqual(failed(issue('row', 'the row is not valid CSV')))
  })
})

describe('csvRows', () => {
  const ok = (line: number, reference: string) => ({
    line,
    row: { ok: true as const, definition: { primaryKey: KEY, reference } },
  })

  test('a record spanning lines keeps its line breaks and is numbered by its first line', async () => {
    const crlf = `primaryKey,reference\r\n${PK},"a\r\nb"\r\n${PK},c\r\n`
    expect(await read(crlf)).toEqual([ok(2, 'a\r\nb'), ok(4, 'c')])
    expect(await read(`primaryKey,reference\n${PK},"x\n\n""y"\n${PK},z`)).toEqual([
      ok(2, 'x\n\n"y'),
      ok(5, 'z'),
    ])
  })

  test('blank lines are skipped before the header and between rows', async () => {
    const text = `\n  \nprimaryKey,reference\r\n\r\n${PK},a\n\n${PK},b\n`
    expect(await read(text)).toEqual([ok(5, 'a'), ok(7, 'b')])
  })

  test('an unclosed quote gives one Csv.Invalid.row row at the line it starts on', async () => {
    const unclosed = failed(issue('row', 'a quoted field is not closed before the end of the file'))
    const text = `primaryKey,reference\n${PK},a\n${PK},"b\n${PK},c\n`
    expect(await read(text)).toEqual([ok(2, 'a'), { line: 3, row: unclosed }])
  })

  test('a missing or unusable header row is a CsvHeaderError', async () => {
    expect(await headerError('')).toBe('the CSV file has no header row')
    expect(await headerError('\r\n \n')).toBe('the CSV file has no header row')
    expect(await headerError('primaryKey,"mode\nx\n')).toBe('the header row is not valid CSV')
    expect(await headerError(`primaryKey,mode,mode\n${PK},a,b\n`)).toBe("CSV column 'mode' appears twice")
  })

  test('any fields written per RFC 4180, with CRLF or LF line ends, come back exactly', async () => {
    const columns = fc
      .shuffledSubarray(PLAIN, { minLength: 1 })
      .chain((names) =>
        fc.nat(names.length).map((i) => [...names.slice(0, i), 'primaryKey', ...names.slice(i)]),
      )
    const file = columns.chain((names) =>
      fc.record({
        names: fc.constant(names),
        rows: fc.array(fc.array(FIELD, { minLength: names.length, maxLength: names.length }), {
          maxLength: 5,
        }),
        eol: fc.constantFrom('\r\n', '\n'),
        last: fc.constantFrom('', '\r\n', '\n'),
      }),
    )
    await fc.assert(
      fc.asyncProperty(file, async ({ names, rows, eol, last }) => {
        const records = rows.map((row) =>
          row.map((f, i) => (names[i] === 'primaryKey' ? PK : quote(f))).join(','),
        )
        const expected: { line: number; row: RowResult }[] = []
        let line = 2
        rows.forEach((row, r) => {
          const definition: Record<string, unknown> = { primaryKey: KEY }
          names.forEach((name, i) => {
            if (name !== 'primaryKey' && row[i] !== '') definition[name] = row[i]
          })
          expected.push({ line, row: { ok: true, definition } })
          line += (records[r]?.match(/\n/g)?.length ?? 0) + 1
        })
        expect(await read([names.join(','), ...records].join(eol) + last)).toEqual(expected)
      }),
      { numRuns: 500 },
    )
  })
})
