/**
 * POST /render/batch: a ZIP of up to 1000 codes drawn on the code work's threads, streamed, that standard tools open,
 * with one file per code (unique, safe names) and a manifest holding each failure; 406, 422; the client's budget.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { unzipSync } from 'fflate'
import { createApp } from '../../../src/api/app.ts'
import {
  type CodeWork,
  codesFeature,
  createCodeWorkLimiter,
  inlineCodeWork,
  pooledCodeWork,
} from '../../../src/api/codes/index.ts'
import { scanImage } from '../../render/scanner.ts'
import { dlDefinition, gtinDefinition, postJson, useCodeApi } from './harness.ts'

const pooled = pooledCodeWork({ threads: 2, maxQueue: 128 })
const api = useCodeApi({ work: pooled })
afterAll(() => pooled.close())

const batch = (n: number, extra: (i: number) => Record<string, unknown> = () => ({})) =>
  Array.from({ length: n }, (_, i) => ({
    ...dlDefinition([['21', `S${i}`]], {
      mode: i % 2 === 0 ? 'QR_GS1_DIGITAL_LINK_URI' : 'DATAMATRIX_GS1_DIGITAL_LINK_URI',
    }),
    ...extra(i),
  }))

function manifestOf(files: Record<string, Uint8Array>): string[][] {
  const text = new TextDecoder().decode(files['manifest.csv'])
  return text
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','))
}

/** Runs a command; its exit code and output. */
async function run(cmd: string[]) {
  const child = Bun.spawn(cmd, { stdout: 'pipe', stderr: 'pipe' })
  const out = await new Response(child.stdout).text()
  return { code: await child.exited, out }
}

describe('POST /render/batch', () => {
  test('1000 PNGs: a ZIP that unzip, fflate and Python open, one file per code and a manifest line each', async () => {
    const res = await postJson(
      api(),
      '/render/batch',
      { codes: batch(1000), moduleSize: 0.5 },
      { accept: 'image/png' },
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/zip')
    expect(res.headers.get('x-code-count')).toBe('1000')
    const zip = new Uint8Array(await res.arrayBuffer())
    const dir = mkdtempSync(join(tmpdir(), 'render-batch-'))
    try {
      const path = join(dir, 'codes.zip')
      writeFileSync(path, zip)
      if (Bun.which('unzip') !== null) {
        const tested = await run(['unzip', '-tq', path])
        expect(tested).toMatchObject({ code: 0 })
        expect(tested.out).toContain('No errors detected')
      }
      if (Bun.which('python3') !== null) {
        const script =
          'import sys,zipfile;z=zipfile.ZipFile(sys.argv[1]);assert z.testzip() is None;print(len(z.namelist()))'
        expect(await run(['python3', '-c', script, path])).toEqual({ code: 0, out: '1001\n' })
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
    const files = unzipSync(zip)
    expect(Object.keys(files)).toHaveLength(1001)
    const manifest = manifestOf(files)
    expect(manifest[0]).toEqual([
      'index',
      'reference',
      'barcodeText',
      'hri',
      'file',
      'moduleSize',
      'symbolSize',
      'imageSize',
      'errors',
    ])
    expect(manifest).toHaveLength(1001)
    const row = manifest[8] ?? []
    expect(row.slice(0, 5)).toEqual([
      '7',
      '',
      'https://example.com/01/09506000134352/21/S7',
      '(01)09506000134352(21)S7',
      '09506000134352-S7.png',
    ])
    expect(row[5]).toBe('0.508mm')
    const [read] = await scanImage(files['09506000134352-S7.png'] as Uint8Array)
    expect(read?.text).toBe('https://example.com/01/09506000134352/21/S7')
  }, 120_000)

  test('names come from the reference, made safe and unique; failures are manifest lines without a file', async () => {
    const codes = [
      { ...gtinDefinition([['10', 'A']], { mode: 'GS1_DATAMATRIX' }), reference: 'box 1/2' },
      { ...gtinDefinition([['10', 'B']], { mode: 'GS1_DATAMATRIX' }), reference: 'box 1/2' },
      { ...gtinDefinition([['10', 'C']], { mode: 'GS1_DATAMATRIX' }), reference: '../../etc/passwd' },
      {
        ...gtinDefinition([['10', 'D']], { mode: 'GS1_DATAMATRIX' }),
        reference: 'bad',
        moduleSize: 0.1,
        application: 'retail-dl',
      },
      { reference: 'no key', mode: 'GS1_QR' },
      { ...gtinDefinition([['10', 'E']], { mode: 'GS1_QR' }), reference: '=cmd()' },
      { ...gtinDefinition([['10', 'F']], { mode: 'GS1_QR' }), reference: 'Crème brûlée.' },
      { ...gtinDefinition([['10', 'G']], { mode: 'GS1_QR' }), reference: 'con' },
      { ...gtinDefinition([['10', 'H']], { mode: 'GS1_QR' }), reference: 'LPT1' },
    ]
    const res = await postJson(api(), '/render/batch', { codes }, { accept: 'application/pdf' })
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()))
    // Accents are dropped, a trailing dot too, and a name Windows keeps for a device gets a '_'.
    expect(Object.keys(files).sort()).toEqual([
      'Creme_brulee.pdf',
      'LPT1_.pdf',
      'box_1_2-2.pdf',
      'box_1_2.pdf',
      'cmd_.pdf',
      'con_.pdf',
      'etc_passwd.pdf',
      'manifest.csv',
    ])
    const manifest = new TextDecoder().decode(files['manifest.csv'])
    expect(manifest).toContain('3,bad,')
    expect(manifest).toContain(
      'Validation.Range.moduleSize at moduleSize: moduleSize must be from 0.396 to 0.990 mm',
    )
    expect(manifest).toContain('4,no key,,,,,,,"Validation.Required.primaryKey at primaryKey')
    // A reference a spreadsheet would run as a formula is written as text.
    expect(manifest).toContain("5,'=cmd(),")
  })

  test('its first bytes leave before the last symbol is drawn', async () => {
    const inline = inlineCodeWork()
    let drawn = 0
    const counting: CodeWork = {
      ...inline,
      async renderChunk(chunk) {
        const outcome = await inline.renderChunk(chunk)
        drawn += chunk.items.length
        return outcome
      },
    }
    const { deps, auth, token } = api()
    const app = createApp(deps, [codesFeature({ auth, work: counting })])
    const res = await postJson(
      { app, token },
      '/render/batch',
      { codes: batch(200) },
      { accept: 'image/png' },
    )
    const reader = (res.body as ReadableStream<Uint8Array>).getReader()
    const first = await reader.read()
    expect(first.value?.slice(0, 4)).toEqual(new Uint8Array([0x50, 0x4b, 0x03, 0x04]))
    expect(drawn).toBeLessThan(200)
    await reader.cancel()
  })

  test('the batch counts against the client budget once its stream ends', async () => {
    const { deps, auth, token } = api()
    const limiter = createCodeWorkLimiter({ concurrent: 4, burst: 1000, perSecond: 1 }, () => 0)
    const app = createApp(deps, [codesFeature({ auth, work: inlineCodeWork(), limiter })])
    const res = await postJson(
      { app, token },
      '/render/batch',
      { codes: batch(12) },
      { accept: 'image/svg+xml' },
    )
    expect(res.status).toBe(200)
    await res.arrayBuffer()
    await Bun.sleep(1)
    const next = await postJson(
      { app, token },
      '/render/batch',
      { codes: batch(1) },
      { accept: 'image/svg+xml' },
    )
    expect(next.status).toBe(429)
  })

  test('a body that is not {codes}, over 1000 codes, or a bad shared size is 422 with a path; other Accept 406', async () => {
    const problems = async (body: unknown) => {
      const res = await postJson(api(), '/render/batch', body, { accept: 'image/png' })
      expect(res.status).toBe(422)
      return (await res.json()).errors.map((e: { code: string; path: string }) => [e.code, e.path])
    }
    expect(await problems([])).toEqual([['Validation.Type.body', null]])
    expect(await problems({ codes: batch(1001) })).toEqual([['Validation.TooMany.codes', 'codes']])
    expect(await problems({ codes: [], dpi: 20000, extra: 1 })).toEqual([
      ['Validation.Unknown.extra', 'extra'],
      ['Validation.Range.dpi', 'dpi'],
    ])
    const refused = await postJson(api(), '/render/batch', { codes: [] }, { accept: 'application/json' })
    expect(refused.status).toBe(406)
  })
})
