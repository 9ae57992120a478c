/** `codes generate`: JSONL and CSV input, per-line errors with line numbers, results file, SVG files, progress, 100k lines. */
import { afterAll, describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Progress, runCodesCommand, terminalProgress } from '../../src/cli/codes.ts'
import { UsageError } from '../../src/cli/context.ts'
import { scan } from '../render/scanner.ts'
import { cliContext } from '../support/cli.ts'
import { makeTempDir, removeTempDir } from '../support/temp.ts'

const dir = makeTempDir('codes-cli')
afterAll(() => removeTempDir(dir))

const GTIN = '09506000134352'

function file(name: string, text: string): string {
  const path = join(dir, name)
  writeFileSync(path, text)
  return path
}

const silent: Progress = { update() {}, clear() {} }

async function run(args: string[], progress = silent) {
  const ctx = cliContext(null)
  const code = await runCodesCommand(args, ctx, progress)
  return { code, out: ctx.out, err: ctx.err }
}

const jsonl = (items: unknown[]) =>
  items.map((i) => (typeof i === 'string' ? i : JSON.stringify(i))).join('\n')

describe('codes generate with JSONL', () => {
  const input = jsonl([
    { reference: 'a', mode: 'GS1_DATAMATRIX', primaryKey: { key: '01', value: '9506000134352' } },
    '',
    { reference: 'b', mode: 'GS1_QR', primaryKey: { key: '01', value: '09506000134353' } },
    '{not json',
    {
      mode: 'QR_GS1_DIGITAL_LINK_URI',
      digitalLinkStem: 'https://example.com',
      primaryKey: { key: '01', value: GTIN },
    },
  ])

  test('writes one result per definition with its line number, reports errors per line and a summary', async () => {
    const out = join(dir, 'results.jsonl')
    const r = await run(['generate', '--in', file('in.jsonl', input), '--out', out])
    expect(r.code).toBe(1)
    expect(r.out).toEqual([])
    expect(r.err).toEqual([
      "line 3: Validation.CheckDigit.primaryKey at primaryKey.value: AI (01) expects a GTIN of 8, 12, 13 or 14 digits with a valid check digit; '09506000134353' ends in 3, expected 2",
      'line 4: MalformedJson: the line is not valid JSON',
      `4 definitions: 2 generated, 2 failed in 0.00 s; results in ${out}`,
    ])
    const results = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(results).toEqual([
      {
        line: 1,
        reference: 'a',
        mode: 'GS1_DATAMATRIX',
        primaryKey: { key: '01', value: GTIN },
        barcodeText: `(01)${GTIN}`,
        hri: `(01)${GTIN}`,
      },
      {
        line: 3,
        reference: 'b',
        errors: [expect.objectContaining({ code: 'Validation.CheckDigit.primaryKey' })],
      },
      {
        line: 4,
        reference: null,
        errors: [{ code: 'MalformedJson', path: null, message: 'the line is not valid JSON' }],
      },
      {
        line: 5,
        reference: null,
        mode: 'QR_GS1_DIGITAL_LINK_URI',
        primaryKey: { key: '01', value: GTIN },
        barcodeText: `https://example.com/01/${GTIN}`,
        hri: `(01)${GTIN}`,
      },
    ])
  })

  test('without --out the results go to stdout; all generated exits 0', async () => {
    const r = await run([
      'generate',
      '--in',
      file('ok.jsonl', jsonl([{ mode: 'GS1_QR', primaryKey: { key: '01', value: GTIN } }])),
    ])
    expect(r.code).toBe(0)
    expect(r.out.map((l) => JSON.parse(l).barcodeText)).toEqual([`(01)${GTIN}`])
    expect(r.err).toEqual(['1 definitions: 1 generated, 0 failed in 0.00 s'])
  })

  test('a byte-order mark and CRLF line ends are read as the JSON they wrap', async () => {
    const line = JSON.stringify({ mode: 'GS1_QR', primaryKey: { key: '01', value: GTIN } })
    const r = await run(['generate', '--in', file('bom.jsonl', `\uFEFF${line}\r\n${line}\r\n`)])
    expect(r.code).toBe(0)
    expect(r.out.map((l) => JSON.parse(l).line)).toEqual([1, 2])
  })

  test('mode is required per definition, as in the batch operation', async () => {
    const r = await run([
      'generate',
      '--in',
      file('nomode.jsonl', jsonl([{ primaryKey: { key: '01', value: GTIN } }])),
    ])
    expect(r.err[0]).toStartWith('line 1: Validation.Required.mode at mode:')
  })
})

describe('codes generate with CSV', () => {
  test('reads the documented columns, quoted fields (commas, quotes, line breaks) and bracketed AIs', async () => {
    const csv = [
      'reference,mode,primaryKey,ais,digitalLinkStem,linkType,extensionParameters',
      'r1,GS1_DATAMATRIX,(01)9506000134352,(10)AB\\(C(17)261231,,,',
      '"r,2",QR_GS1_DIGITAL_LINK_URI,(01)09506000134352,(21)S1,https://example.com,gs1:pip,k=v%26w&x=1',
      '"multi',
      'line ""ref""",GS1_QR,(01)09506000134352,,,,',
      'r4,GS1_QR,01)x,,,,',
      'r5,GS1_QR',
    ].join('\r\n')
    const r = await run(['generate', '--in', file('in.csv', csv)])
    const results = r.out.map((l) => JSON.parse(l))
    expect(results.map((x) => [x.line, x.reference, x.barcodeText ?? x.errors[0].code])).toEqual([
      [2, 'r1', `(01)${GTIN}(10)AB\\(C(17)261231`],
      [3, 'r,2', `https://example.com/01/${GTIN}/21/S1?linkType=gs1%3Apip&k=v%26w&x=1`],
      [4, 'multi\r\nline "ref"', `(01)${GTIN}`],
      [6, null, 'Csv.Invalid.primaryKey'],
      [7, null, 'Csv.Invalid.row'],
    ])
    expect(r.err.slice(0, 2)).toEqual([
      'line 6: Csv.Invalid.primaryKey at primaryKey: primaryKey must be one bracketed AI such as (01)09506000134352',
      'line 7: Csv.Invalid.row at row: the row has 2 fields; the header has 7',
    ])
    expect(r.code).toBe(1)
  })

  test('a quote inside an unquoted cell fails that row alone; the rows after it are read', async () => {
    const csv = ['primaryKey,mode,reference', `(01)${GTIN},GS1_QR,5" screw`, `(01)${GTIN},GS1_QR,ok`].join(
      '\n',
    )
    const r = await run(['generate', '--in', file('stray.csv', csv)])
    expect(
      r.out.map((l) => JSON.parse(l)).map((x) => [x.line, x.reference, x.errors?.[0].code ?? null]),
    ).toEqual([
      [2, null, 'Csv.Invalid.row'],
      [3, 'ok', null],
    ])
    expect(r.err[1]).toBe('2 definitions: 1 generated, 1 failed in 0.00 s')
  })

  test('a quoted field left open is reported at the line it starts on, at row', async () => {
    const csv = ['primaryKey,mode', `(01)${GTIN},GS1_QR`, `(01)${GTIN},"GS1_QR`, `(01)${GTIN},GS1_QR`].join(
      '\n',
    )
    const r = await run(['generate', '--in', file('open.csv', csv)])
    expect(r.err.slice(0, 2)).toEqual([
      'line 3: Csv.Invalid.row at row: a quoted field is not closed before the end of the file',
      '2 definitions: 1 generated, 1 failed in 0.00 s',
    ])
  })

  test('skips blank lines before the header and drops a byte-order mark; an empty file has no header (exit 1)', async () => {
    const csv = `\uFEFF\r\n\r\nprimaryKey,mode,reference\r\n(01)${GTIN},GS1_QR,r1\r\n`
    const r = await run(['generate', '--in', file('blank-first.csv', csv)])
    expect(r.out.map((l) => [JSON.parse(l).line, JSON.parse(l).reference])).toEqual([[4, 'r1']])
    expect(r.code).toBe(0)
    expect(await run(['generate', '--in', file('empty.csv', '')])).toEqual({
      code: 1,
      out: [],
      err: ['error: the CSV file has no header row'],
    })
  })

  test('an unknown column or a header without primaryKey is refused before any row', async () => {
    const bad = await run(['generate', '--in', file('bad.csv', 'reference,gtin\nx,1\n')])
    expect(bad.code).toBe(1)
    expect(bad.err[0]).toStartWith(
      "error: unknown CSV column 'gtin'; columns are reference, mode, primaryKey",
    )
    const noKey = await run(['generate', '--in', file('nokey.csv', 'reference,mode\nx,GS1_QR\n')])
    expect(noKey.err).toEqual(['error: the CSV header needs a primaryKey column'])
  })
})

describe('codes generate --svg', () => {
  test('writes one SVG per generated code, named by line and reference, that a scanner reads', async () => {
    const svgDir = join(dir, 'svg')
    const input = jsonl([
      {
        reference: 'lbl-1',
        mode: 'GS1_QR',
        primaryKey: { key: '01', value: GTIN },
        errorCorrectionLevel: 'H',
      },
      {
        reference: 'with space',
        mode: 'DATAMATRIX_GS1_DIGITAL_LINK_URI',
        digitalLinkStem: 'https://example.com',
        primaryKey: { key: '01', value: GTIN },
      },
    ])
    const r = await run(['generate', '--in', file('svg.jsonl', input), '--svg', svgDir])
    expect(r.code).toBe(0)
    expect(readdirSync(svgDir).sort()).toEqual(['1-lbl-1.svg', '2.svg'])
    expect(r.out.map((l) => JSON.parse(l).svg)).toEqual(['1-lbl-1.svg', '2.svg'])
    const [qr] = await scan(readFileSync(join(svgDir, '1-lbl-1.svg'), 'utf8'))
    expect([qr?.symbologyIdentifier, qr?.text, qr?.ecLevel]).toEqual([']Q3', `(01)${GTIN}`, 'H'])
    const [dm] = await scan(readFileSync(join(svgDir, '2.svg'), 'utf8'))
    expect([dm?.symbologyIdentifier, dm?.text]).toEqual([']d1', `https://example.com/01/${GTIN}`])
    expect(r.err).toEqual([`2 definitions: 2 generated, 0 failed, 2 SVG files in ${svgDir} in 0.00 s`])
  })
})

describe('usage', () => {
  test('needs the generate subcommand, --in, and a .jsonl or .csv file', async () => {
    await expect(run(['make', '--in', 'x.jsonl'])).rejects.toThrow(UsageError)
    await expect(run(['generate'])).rejects.toThrow('missing --in')
    await expect(run(['generate', '--in', 'x.txt'])).rejects.toThrow('--in must name a .jsonl or .csv file')
    await expect(run(['generate', '--in', 'x.jsonl', '--nope'])).rejects.toThrow(UsageError)
  })

  test('an --out that cannot be written is refused with exit 1 before any work', async () => {
    const out = join(dir, 'no-such-dir', 'r.jsonl')
    const path = file('w.jsonl', jsonl([{ mode: 'GS1_QR', primaryKey: { key: '01', value: GTIN } }]))
    expect(await run(['generate', '--in', path, '--out', out])).toEqual({
      code: 1,
      out: [],
      err: [`error: cannot write ${out}`],
    })
  })

  test('an --out naming the --in file is a usage error, and the input is left as it was', async () => {
    const text = jsonl([{ mode: 'GS1_QR', primaryKey: { key: '01', value: GTIN } }])
    const path = file('same.jsonl', text)
    await expect(run(['generate', '--in', path, '--out', join(dir, '.', 'same.jsonl')])).rejects.toThrow(
      '--out must not be the --in file',
    )
    expect(readFileSync(path, 'utf8')).toBe(text)
  })

  test('an unreadable file is refused with exit 1', async () => {
    expect(await run(['generate', '--in', join(dir, 'missing.jsonl')])).toEqual({
      code: 1,
      out: [],
      err: [`error: cannot read ${join(dir, 'missing.jsonl')}`],
    })
  })
})

describe('progress', () => {
  test('reports progress as bytes read out of the file size', async () => {
    const seen: [number, number][] = []
    const path = file('p.jsonl', jsonl([{ mode: 'GS1_QR', primaryKey: { key: '01', value: GTIN } }]))
    await run(['generate', '--in', path], { update: (d, t) => seen.push([d, t]), clear() {} })
    const size = readFileSync(path).length
    expect(seen).toEqual([[size + 1, size]])
  })

  test('draws a bar only when stderr is a terminal', () => {
    const writes: string[] = []
    const stream = (isTTY: boolean) =>
      ({ isTTY, write: (s: string) => writes.push(s) }) as unknown as NodeJS.WriteStream
    const pipe = terminalProgress(stream(false))
    pipe.update(50, 100)
    pipe.clear()
    expect(writes).toEqual([])
    const tty = terminalProgress(stream(true))
    tty.update(1, 2)
    tty.clear()
    expect(writes).toEqual([`\r[${'#'.repeat(15)}${'.'.repeat(15)}] 50%`, '\r\u001b[K'])
  })
})

describe('scale', () => {
  test('generates 100,000 definitions without SVG, one result line each (its speed: bench/codes-generate.ts)', async () => {
    const lines: string[] = []
    for (let i = 0; i < 100_000; i++) {
      lines.push(
        JSON.stringify({
          reference: `r${i}`,
          mode: 'GS1_DATAMATRIX',
          primaryKey: { key: '01', value: GTIN },
          ais: [{ key: '21', value: String(i) }],
        }),
      )
    }
    const out = join(dir, 'big.jsonl')
    const r = await run(['generate', '--in', file('big-in.jsonl', lines.join('\n')), '--out', out])
    expect(r.code).toBe(0)
    expect(r.err).toEqual([`100000 definitions: 100000 generated, 0 failed in 0.00 s; results in ${out}`])
    expect(readFileSync(out, 'utf8').split('\n').length).toBe(100_001)
  }, 60_000)
})
