/**
 * A bulk render as a ZIP streamed while it is drawn: the definitions go to the code work (worker threads) a chunk at a
 * time, a few chunks at once, and each file is added to the archive (fflate) as its chunk comes back, in order, then
 * `manifest.csv`. The first bytes leave before the last symbol is drawn; the stream's reader sets the pace.
 */
import { Zip, ZipPassThrough } from 'fflate'
import type { Issue } from '../../gs1/index.ts'
import { DRAW_COST } from '../../render/cost.ts'
import { type Format, mmValue, type PrintOptions } from '../../render/index.ts'
import { type RenderChunk, type RenderedItem, renderChunk } from './render-items.ts'

/** Where chunks are drawn: the service's worker threads (or the calling thread in tests and `WORKER_THREADS=0`). */
export interface RenderWork {
  renderChunk(chunk: RenderChunk): Promise<RenderWorkOutcome>
  /** Chunks worth drawing at once (the worker threads). */
  readonly parallelism: number
}

export type RenderWorkOutcome =
  | { ok: true; value: RenderedItem[] }
  | { ok: false; reason: 'busy' | 'failed' | 'closed' }

/** Chunks drawn in the calling thread (no worker pool: tests, `WORKER_THREADS=0`). */
export function inlineRenderWork(): RenderWork {
  return { renderChunk: async (chunk) => ({ ok: true, value: await renderChunk(chunk) }), parallelism: 1 }
}

/** One entry of a bulk render: a definition to draw, or one already refused (a CSV row that is not a definition). */
export type RenderEntry =
  | { readonly kind: 'definition'; readonly value: unknown }
  | { readonly kind: 'refused'; readonly reference: string | null; readonly errors: readonly Issue[] }

export interface RenderZipOptions {
  readonly entries: readonly RenderEntry[]
  readonly base: PrintOptions
  readonly format: Format
  readonly work: RenderWork
  /** The GS1 Company Prefixes of the organization asking, for compression (`RenderChunk.companyPrefixes`). */
  readonly companyPrefixes?: readonly string[]
  /** The manifest's first column: `index` (position in the request, from 0) or `line` (CSV line). */
  readonly label?: { readonly name: string; readonly of: (position: number) => number }
}

export interface RenderZip {
  readonly stream: ReadableStream<Uint8Array>
  /** What the batch cost in codes, once its stream ended, failed or was cancelled: a drawn file 100, a failure 1. */
  readonly cost: Promise<number>
}

/** Definitions per task: small enough that the first file leaves early, large enough that a message carries work. */
export const CHUNK_SIZE = 8
/** Bytes of the archive waiting for the reader before no more chunks are asked for. */
const HIGH_WATER_BYTES = 4 * 1024 * 1024
/** Wait before asking again when the work's queue is full. */
const BUSY_RETRY_MS = 25
/** Longest a chunk keeps asking a full queue before its definitions are listed as failed. */
const BUSY_GIVE_UP_MS = 30_000

const EXTENSIONS: Readonly<Record<Format, string>> = { svg: 'svg', png: 'png', pdf: 'pdf' }

export const MANIFEST_NAME = 'manifest.csv'
const MANIFEST_COLUMNS = [
  'reference',
  'barcodeText',
  'hri',
  'file',
  'moduleSize',
  'symbolSize',
  'imageSize',
  'errors',
]

/** Starts the bulk render; nothing is drawn until the stream is read. */
export function renderZip(options: RenderZipOptions): RenderZip {
  const label = options.label ?? { name: 'index', of: (i: number) => i }
  const out: Uint8Array[] = []
  let buffered = 0
  let finished = false
  let failure: unknown = null
  let waiters: (() => void)[] = []
  const notify = () => {
    const woken = waiters
    waiters = []
    for (const w of woken) w()
  }
  const changed = () =>
    new Promise<void>((resolve) => {
      waiters.push(resolve)
    })
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error
    else {
      out.push(chunk)
      buffered += chunk.byteLength
    }
    if (final) finished = true
    notify()
  })
  let cancelled = false
  let cost = 0
  let settle: (cost: number) => void = () => {}
  const costPromise = new Promise<number>((resolve) => {
    settle = resolve
  })
  const names = new Set<string>()
  const manifest: string[] = [[label.name, ...MANIFEST_COLUMNS].join(',')]

  const add = (name: string, bytes: Uint8Array) => {
    const file = new ZipPassThrough(name)
    zip.add(file)
    file.push(bytes, true)
  }
  const record = (position: number, item: RenderedItem | null, refused: RenderEntry | null) => {
    const reference = item?.reference ?? (refused?.kind === 'refused' ? refused.reference : null)
    const errors = item?.errors ?? (refused?.kind === 'refused' ? refused.errors : [])
    let file = ''
    if (item?.file) {
      file = uniqueName(names, baseName(item, position), EXTENSIONS[options.format])
      add(file, item.file.bytes)
      cost += DRAW_COST
    } else cost += 1
    const size = item?.file?.size
    manifest.push(
      [
        String(label.of(position)),
        reference ?? '',
        item?.barcodeText ?? '',
        item?.hri ?? '',
        file,
        size ? mmValue(size.moduleSize) : '',
        size ? `${mmValue(size.symbolWidth)} x ${mmValue(size.symbolHeight)}` : '',
        size ? `${mmValue(size.imageWidth)} x ${mmValue(size.imageHeight)}` : '',
        errors.map((e) => `${e.code}${e.path ? ` at ${e.path}` : ''}: ${e.message}`).join('; '),
      ]
        .map(csvCell)
        .join(','),
    )
  }

  /** Draws the chunk starting at `start`, asking again while the queue is full; failures list its definitions. */
  async function draw(start: number): Promise<(RenderedItem | null)[]> {
    const slice = options.entries.slice(start, start + CHUNK_SIZE)
    const definitions = slice.flatMap((e, i) =>
      e.kind === 'definition' ? [{ value: e.value, at: start + i }] : [],
    )
    const results: (RenderedItem | null)[] = slice.map(() => null)
    // Refused entries keep their place; the definitions between them are drawn as one chunk, in order.
    if (definitions.length === 0) return results
    const giveUp = Date.now() + BUSY_GIVE_UP_MS
    for (;;) {
      const outcome = await options.work.renderChunk({
        items: definitions.map((d) => d.value),
        start: 0,
        base: options.base,
        format: options.format,
        companyPrefixes: options.companyPrefixes,
      })
      if (outcome.ok) {
        outcome.value.forEach((item, i) => {
          const at = definitions[i]?.at ?? start
          results[at - start] = { ...item, index: at }
        })
        return results
      }
      if (outcome.reason !== 'busy' || Date.now() > giveUp || cancelled) {
        const message =
          outcome.reason === 'busy'
            ? 'the service was too busy to draw it'
            : 'drawing it failed; render it again'
        for (const d of definitions) {
          results[d.at - start] = {
            index: d.at,
            reference: null,
            barcodeText: null,
            hri: null,
            dataName: null,
            file: null,
            errors: [{ code: 'Render.Failed', path: null, message }],
          }
        }
        return results
      }
      await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS))
    }
  }

  /** Keeps up to `parallelism` chunks drawing, adds them in order, waits while the reader is behind. */
  async function produce(): Promise<void> {
    const total = options.entries.length
    const pending: { start: number; drawn: Promise<(RenderedItem | null)[]> }[] = []
    let next = 0
    const parallel = Math.max(1, options.work.parallelism)
    while ((next < total || pending.length > 0) && !cancelled) {
      while (next < total && pending.length < parallel && buffered < HIGH_WATER_BYTES) {
        pending.push({ start: next, drawn: draw(next) })
        next += CHUNK_SIZE
      }
      const first = pending.shift()
      if (first === undefined) {
        await changed()
        continue
      }
      const { start } = first
      const done = await first.drawn
      done.forEach((item, i) => {
        const entry = options.entries[start + i]
        record(start + i, item, entry?.kind === 'refused' ? entry : null)
      })
      notify()
    }
    if (cancelled) return
    add(MANIFEST_NAME, new TextEncoder().encode(`${manifest.join('\r\n')}\r\n`))
    zip.end()
  }

  let producing = false
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!producing) {
          producing = true
          produce().catch((error) => {
            failure = error
            notify()
          })
        }
        while (out.length === 0 && !finished && failure === null) await changed()
        if (failure !== null) {
          settle(cost)
          controller.error(failure)
          return
        }
        const chunk = out.shift()
        if (chunk !== undefined) {
          buffered -= chunk.byteLength
          controller.enqueue(chunk)
          notify()
        }
        if (out.length === 0 && finished) {
          settle(cost)
          controller.close()
        }
      },
      cancel() {
        cancelled = true
        zip.terminate()
        settle(cost)
        notify()
      },
    },
    { highWaterMark: 0 },
  )
  return { stream, cost: costPromise }
}

/** A file name without its extension: the reference when it is a usable name, else the data (key, lot, serial). */
function baseName(item: RenderedItem, position: number): string {
  const fromReference = item.reference === null ? '' : safeName(item.reference)
  if (fromReference !== '') return fromReference
  const fromData = item.dataName === null ? '' : safeName(item.dataName)
  return fromData === '' ? `code-${position}` : fromData
}

/** Names Windows reserves for devices, with any extension: `con.png` cannot be unpacked there. */
const RESERVED_ON_WINDOWS = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i

/**
 * Letters, digits, `.`, `_` and `-` only (accented letters without their accents), no leading or trailing dot, at
 * most 100 characters, never a name Windows reserves.
 */
function safeName(text: string): string {
  const name = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 100)
    .replace(/\.+$/, '')
  return RESERVED_ON_WINDOWS.test(name) ? `${name}_` : name
}

/** `name.ext`, or `name-2.ext`, `name-3.ext`… when taken (compared without case: Windows and macOS ignore it). */
function uniqueName(taken: Set<string>, base: string, extension: string): string {
  let name = `${base}.${extension}`
  for (let n = 2; taken.has(name.toLowerCase()) || name === MANIFEST_NAME; n++)
    name = `${base}-${n}.${extension}`
  taken.add(name.toLowerCase())
  return name
}

/** RFC 4180 quoting, and no leading formula characters (a cell a spreadsheet would run). */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}
