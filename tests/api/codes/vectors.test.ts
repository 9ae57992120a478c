/** Every syntax vector that maps to a code definition, through POST /code and inside one POST /codes batch, with identical results. */
import { describe, expect, test } from 'bun:test'
import { isDlPrimaryKey, parseBracketedElementString } from '../../../src/gs1/index.ts'
import { lacksShared, readSharedJson } from '../../support/shared.ts'
import {
  CANONICAL_STEM,
  reasonOf,
  SYNTAX_VECTORS,
  type SyntaxVector,
  vectorDefinition,
} from '../../support/syntax-vectors.ts'
import { postJson, useCodeApi } from './harness.ts'

const SSCC = '006141411234567890'

/** What POST /code must answer for a vector: 200 with texts, or 422 with an error of `reason`. */
type Expectation =
  | { ok: true; barcodeText?: string; hri?: string; hriSuffix?: string; textSuffix?: string }
  | { ok: false; reason: string | null }

interface Case {
  label: string
  definition: Record<string, unknown>
  expect: Expectation
}

function rejected(v: SyntaxVector): Expectation {
  return { ok: false, reason: reasonOf(v.expected.reason as string) }
}

/** The vectors that are code definitions, with what the service answers for them. */
function cases(vectors: SyntaxVector[]): Case[] {
  const out: Case[] = []
  vectors.forEach((v, i) => {
    const label = `vector ${i} (${v.kind}) ${JSON.stringify(v.input).slice(0, 80)}`
    const add = (def: Record<string, unknown>, e: Expectation) =>
      out.push({ label, definition: def, expect: e })
    const aiData = v.input.aiData ?? ''
    if (v.kind === 'dl_uri')
      add(vectorDefinition(aiData, v.input.stem), { ok: true, barcodeText: v.expected.uri as string })
    if (v.kind === 'dl_uri_reject') add(vectorDefinition(aiData, v.input.stem), rejected(v))
    if (v.kind === 'hri' && v.input.aiData) {
      add(vectorDefinition(aiData), {
        ok: true,
        barcodeText: v.expected.bracketed as string,
        hri: v.expected.hriText as string,
      })
    }
    if (v.kind === 'accept')
      add(vectorDefinition(aiData), { ok: true, barcodeText: v.expected.bracketed as string })
    if (v.kind === 'reject') {
      const first = parseBracketedElementString(aiData)?.[0]?.ai ?? ''
      if (!isDlPrimaryKey(first) && first !== '03') return
      // SPEC rule 3: the service normalises a GTIN-13 that the engine refuses in element strings.
      const normalised = v.note?.includes('our service normalises')
      add(
        vectorDefinition(aiData),
        normalised ? { ok: true, barcodeText: '(01)09520123456788' } : rejected(v),
      )
    }
    if (v.kind === 'temperature' && v.input.ai) {
      const def = { primaryKey: { key: '00', value: SSCC }, ais: [{ key: v.input.ai, value: v.input.value }] }
      if (v.expected.reject) add(def, rejected(v))
      else {
        add(def, { ok: true, hriSuffix: v.expected.hri as string })
        add(
          { ...def, digitalLinkStem: CANONICAL_STEM },
          { ok: true, textSuffix: `?${v.expected.queryParam}` },
        )
      }
    }
    if (v.kind === 'temperature' && v.input.aiData) {
      // SPEC rule 9 reads the value as a magnitude first: five digits are padded to six and accepted, and
      // the other engine rejections stay rejected, reported as what is wrong with the magnitude.
      const padded = v.expected.reason === 'too_short'
      add(
        vectorDefinition(aiData),
        padded ? { ok: true, barcodeText: `(00)${SSCC}(4330)000044` } : { ok: false, reason: null },
      )
    }
  })
  return out
}

function modeOf(def: Record<string, unknown>): string {
  return def.digitalLinkStem === undefined ? 'GS1_DATAMATRIX' : 'DATAMATRIX_GS1_DIGITAL_LINK_URI'
}

const skip = lacksShared(SYNTAX_VECTORS)
const vectors = skip ? [] : readSharedJson<SyntaxVector[]>(SYNTAX_VECTORS)

describe.skipIf(skip)('syntax vectors over HTTP', () => {
  const api = useCodeApi()
  const all = cases(vectors)
  const single = new Map<number, { status: number; body: Record<string, unknown> }>()

  test('the vectors give 78 code definitions', () => {
    expect(all.length).toBe(78)
  })

  all.forEach((c, i) => {
    test(`POST /code: ${c.label}`, async () => {
      const res = await postJson(api(), '/code', c.definition)
      const body = await res.json()
      single.set(i, { status: res.status, body })
      const e = c.expect
      if (!e.ok) {
        expect(res.status).toBe(422)
        const reasons = body.errors.map((x: { code: string }) => x.code.split('.')[1])
        if (e.reason !== null) expect(reasons).toContain(e.reason)
        return
      }
      expect(res.status).toBe(200)
      if (e.barcodeText !== undefined) expect(body.barcodeText).toBe(e.barcodeText)
      if (e.hri !== undefined) expect(body.hri).toBe(e.hri)
      if (e.hriSuffix !== undefined) expect(body.hri).toEndWith(e.hriSuffix)
      if (e.textSuffix !== undefined) expect(body.barcodeText).toEndWith(e.textSuffix)
    })
  })

  test('one POST /codes batch of every vector definition gives the same results and errors as POST /code', async () => {
    // Each definition's single answer, made here so that the test also runs alone.
    for (const [i, c] of all.entries()) {
      if (single.has(i)) continue
      const res = await postJson(api(), '/code', c.definition)
      single.set(i, { status: res.status, body: await res.json() })
    }
    const codes = all.map((c, i) => ({ ...c.definition, reference: `v${i}`, mode: modeOf(c.definition) }))
    const res = await postJson(api(), '/codes', { codes })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.codes.length + body.failures.length).toBe(all.length)
    for (const r of body.codes) {
      expect({ index: r.index, status: 200, body: { barcodeText: r.barcodeText, hri: r.hri } }).toEqual({
        index: r.index,
        ...(single.get(r.index) as object),
      } as never)
      expect(r.reference).toBe(`v${r.index}`)
    }
    for (const f of body.failures) {
      expect({ index: f.index, status: 422, body: { errors: f.errors } }).toEqual({
        index: f.index,
        ...(single.get(f.index) as object),
      } as never)
    }
  })
})
