/** `bun run cli codes generate --in FILE [--svg DIR] [--out FILE]`: bulk code generation in-process, for label printing. */
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs'
import { mkdir, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Issue, Mode } from '../gs1/index.ts'
import { createRenderer } from '../render/index.ts'
import { CsvHeaderError, csvRows } from '../services/codes/csv.ts'
import { BATCH_OPTIONS, generate } from '../services/codes/generate.ts'
import { parseFlags, positionals, required } from './args.ts'
import { type CliContext, EXIT, refuse, UsageError } from './context.ts'

export const USAGE = ['codes generate --in FILE.jsonl|FILE.csv [--svg DIR] [--out results.jsonl]']

/** Where progress goes; the default draws a bar on stderr only when it is a terminal. */
export interface Progress {
  update(done: number, total: number): void
  /** Wipes the bar before other output, and at the end. */
  clear(): void
}

type Outcome = { line: number; reference: unknown; result: Record<string, unknown> | null; errors: Issue[] }

/**
 * `codes generate`: every definition of `--in` through the same validation as `POST /codes`, results as JSON
 * lines (to `--out` or stdout), errors per line on stderr, optional SVG files. Exit 0 when all were generated.
 */
export async function runCodesCommand(
  args: string[],
  ctx: CliContext,
  progress = terminalProgress(),
): Promise<number> {
  const job = await prepareJob(args, ctx)
  if (typeof job === 'number') return job
  const { input, format, size, svgDir, out } = job
  const sink = out === null ? null : createWriteStream(out)
  sink?.on('error', () => {}) // surfaced by the rejected write() instead
  const started = ctx.clock()
  const render = createRenderer()
  const totals = { definitions: 0, generated: 0, failed: 0, svg: 0 }
  let buffer: string[] = []

  async function emit(outcome: Outcome): Promise<void> {
    totals.definitions++
    const reference = typeof outcome.reference === 'string' ? outcome.reference : null
    if (outcome.result === null) {
      totals.failed++
      progress.clear()
      for (const e of outcome.errors)
        ctx.io.err(`line ${outcome.line}: ${e.code}${e.path ? ` at ${e.path}` : ''}: ${e.message}`)
      buffer.push(JSON.stringify({ line: outcome.line, reference, errors: outcome.errors }))
    } else {
      totals.generated++
      buffer.push(JSON.stringify({ line: outcome.line, reference, ...outcome.result }))
    }
    if (buffer.length >= 1000) await flush()
  }

  async function flush(): Promise<void> {
    if (buffer.length === 0) return
    if (sink === null) for (const line of buffer) ctx.io.out(line)
    else await write(sink, `${buffer.join('\n')}\n`)
    buffer = []
  }

  async function handle(line: number, item: Item): Promise<void> {
    if (!item.ok) return emit({ line, reference: null, result: null, errors: item.errors })
    const definition = item.definition
    const generated = generate(definition, BATCH_OPTIONS)
    if (!generated.ok)
      return emit({ line, reference: refOf(definition), result: null, errors: generated.errors })
    const r = generated.result
    const result: Record<string, unknown> = {
      mode: r.mode,
      primaryKey: r.primaryKey,
      barcodeText: r.barcodeText,
      hri: r.hri,
    }
    if (svgDir !== null) {
      const svg = render(r, r.mode as Mode, r.errorCorrectionLevel)
      if (svg === null) {
        const error = { code: 'Render.TooLong', path: null, message: 'the code does not fit in the symbol' }
        return emit({ line, reference: r.reference, result: null, errors: [error] })
      }
      const file = svgName(line, r.reference)
      await writeFile(join(svgDir, file), svg)
      totals.svg++
      result.svg = file
    }
    await emit({ line, reference: r.reference, result, errors: [] })
  }

  try {
    for await (const { line, item } of definitions(input, format, (bytes) => progress.update(bytes, size))) {
      await handle(line, item)
    }
    await flush()
  } catch (error) {
    if (!(error instanceof CsvHeaderError)) throw error
    return refuse(ctx, error.message)
  } finally {
    progress.clear()
    if (sink !== null) await new Promise<void>((resolve) => sink.end(resolve))
  }
  const seconds = ((ctx.clock() - started) / 1000).toFixed(2)
  const svgNote = svgDir === null ? '' : `, ${totals.svg} SVG files in ${svgDir}`
  const outNote = out === null ? '' : `; results in ${out}`
  ctx.io.err(
    `${totals.definitions} definitions: ${totals.generated} generated, ${totals.failed} failed${svgNote} in ${seconds} s${outNote}`,
  )
  return totals.failed === 0 ? EXIT.ok : EXIT.refused
}

/** What one `codes generate` run reads and writes, checked before any work. */
interface Job {
  readonly input: string
  readonly format: 'jsonl' | 'csv'
  /** Bytes of the input, for the progress bar. */
  readonly size: number
  readonly svgDir: string | null
  readonly out: string | null
}

/**
 * Reads the flags (usage errors throw) and prepares the outputs: the job, or the exit code of a refusal printed
 * already. `--out` is emptied first, so an unwritable one is refused before any work is done.
 */
async function prepareJob(args: string[], ctx: CliContext): Promise<Job | number> {
  const { values, positionals: rest } = parseFlags(args, {
    in: { type: 'string' },
    svg: { type: 'string' },
    out: { type: 'string' },
  })
  positionals(rest, 1, USAGE[0] as string)
  if (rest[0] !== 'generate') throw new UsageError(`usage: ${USAGE[0]}`)
  const input = required(values, 'in')
  const format = input.endsWith('.jsonl') ? 'jsonl' : input.endsWith('.csv') ? 'csv' : null
  if (format === null) throw new UsageError('--in must name a .jsonl or .csv file')
  const size = await stat(input).then(
    (s) => s.size,
    () => null,
  )
  if (size === null) {
    ctx.io.err(`error: cannot read ${input}`)
    return EXIT.refused
  }
  const svgDir = typeof values.svg === 'string' ? values.svg : null
  if (svgDir !== null) await mkdir(svgDir, { recursive: true })
  const out = typeof values.out === 'string' ? values.out : null
  if (out !== null && (await sameFile(input, out))) throw new UsageError('--out must not be the --in file')
  const writable =
    out === null ||
    (await writeFile(out, '').then(
      () => true,
      () => false,
    ))
  if (!writable) {
    ctx.io.err(`error: cannot write ${out}`)
    return EXIT.refused
  }
  return { input, format, size, svgDir, out }
}

/** True when both paths name one existing file (through links too). */
async function sameFile(a: string, b: string): Promise<boolean> {
  const [x, y] = await Promise.all([stat(a).catch(() => null), stat(b).catch(() => null)])
  return x !== null && y !== null && x.dev === y.dev && x.ino === y.ino
}

function refOf(definition: unknown): unknown {
  return typeof definition === 'object' && definition !== null
    ? (definition as { reference?: unknown }).reference
    : null
}

/** `<line>.svg`, or `<line>-<reference>.svg` when the reference is safe as a file name. */
function svgName(line: number, reference: string | null): string {
  return reference !== null && /^[A-Za-z0-9._-]{1,100}$/.test(reference)
    ? `${line}-${reference}.svg`
    : `${line}.svg`
}

function write(stream: WriteStream, chunk: string): Promise<void> {
  return new Promise((resolve, reject) => stream.write(chunk, (error) => (error ? reject(error) : resolve())))
}

/** One definition read from the file, or why its line could not be read as one. */
type Item = { ok: true; definition: unknown } | { ok: false; errors: Issue[] }

const MALFORMED_JSON: Item = {
  ok: false,
  errors: [{ code: 'MalformedJson', path: null, message: 'the line is not valid JSON' }],
}

/**
 * The definitions of the file with their 1-based line numbers, streamed (100,000 definitions never sit in
 * memory at once); `onBytes` hears how far into the file reading has got.
 */
async function* definitions(path: string, format: 'jsonl' | 'csv', onBytes: (bytes: number) => void) {
  let bytes = 0
  async function* counted() {
    for await (const text of fileLines(path)) {
      bytes += Buffer.byteLength(text) + 1
      onBytes(bytes)
      yield text
    }
  }
  if (format === 'csv') {
    for await (const { line, row } of csvRows(counted())) {
      yield { line, item: row.ok ? ({ ok: true, definition: row.definition } as Item) : row }
    }
    return
  }
  let line = 0
  for await (const text of counted()) {
    line++
    if (text.trim() === '') continue
    const parsed = parseJson(text)
    yield { line, item: parsed === undefined ? MALFORMED_JSON : ({ ok: true, definition: parsed } as Item) }
  }
}

/**
 * The file's lines, streamed, without their `\n` but with the `\r` of a CRLF (a CSV field spanning lines keeps
 * its line break as written; JSON ignores it); a leading byte-order mark is dropped.
 */
async function* fileLines(path: string): AsyncGenerator<string> {
  let rest = ''
  let first = true
  for await (const chunk of createReadStream(path, { encoding: 'utf8' })) {
    let text = rest + (chunk as string)
    if (first) text = text.replace(/^\uFEFF/, '')
    first = false
    let from = 0
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', from)) {
      yield text.slice(from, nl)
      from = nl + 1
    }
    rest = text.slice(from)
  }
  if (rest !== '') yield rest
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** A bar redrawn at most ten times a second on a terminal; nothing when stderr is a file or a pipe. */
export function terminalProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY) return { update() {}, clear() {} }
  let last = 0
  let drawn = false
  return {
    update(done, total) {
      const now = performance.now()
      if (now - last < 100 || total === 0) return
      last = now
      const ratio = Math.min(1, done / total)
      const width = 30
      const filled = Math.round(ratio * width)
      stream.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.round(ratio * 100)}%`)
      drawn = true
    },
    clear() {
      if (drawn) stream.write('\r\u001b[K')
      drawn = false
    },
  }
}
