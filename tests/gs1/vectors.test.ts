/** Every vector of ../shared/gs1/vectors/syntax-vectors.json, checked against the GS1 core. */
import { describe, expect, test } from 'bun:test'
import {
  buildDigitalLink,
  checkElementData,
  fnc1ElementString,
  generateCode,
  hriText,
  isDlPrimaryKey,
  parseBracketedElementString,
  parseDigitalLink,
  parseGtin,
  percentDecode,
  percentEncode,
  percentEncodeQuery,
} from '../../src/gs1/index.ts'
import { lacksShared, readSharedJson } from '../support/shared.ts'
import {
  CANONICAL_STEM,
  reasonOf,
  SYNTAX_VECTORS,
  type SyntaxVector,
  vectorDefinition,
  vectorPairs,
} from '../support/syntax-vectors.ts'

function codesOf(r: { ok: boolean; errors?: { code: string }[] }): string[] {
  return (r.errors ?? []).map((e) => e.code.split('.')[1] ?? '')
}

const checks: Record<string, (v: SyntaxVector) => void> = {
  dl_uri: (v) => {
    const r = generateCode(vectorDefinition(v.input.aiData ?? '', v.input.stem))
    expect(r.ok && r.result.barcodeText).toBe(v.expected.uri as string)
  },
  dl_uri_reject: (v) => {
    const r = generateCode(vectorDefinition(v.input.aiData ?? '', v.input.stem))
    expect(r.ok).toBe(false)
    expect(codesOf(r)).toContain(reasonOf(v.expected.reason as string))
  },
  hri: (v) => {
    if (v.input.aiData) {
      const r = generateCode(vectorDefinition(v.input.aiData, undefined))
      expect<unknown>(r.ok && [r.result.barcodeText, r.result.hri]).toEqual([
        v.expected.bracketed,
        v.expected.hriText,
      ])
      expect(fnc1ElementString(vectorPairs(v.input.aiData))).toBe(v.expected.fnc1String as string)
      return
    }
    const r = parseDigitalLink(v.input.dlUri ?? '')
    if (!r.ok) throw new Error(JSON.stringify(r.errors))
    expect(hriText([r.value.primaryKey, ...r.value.qualifiers, ...r.value.attributes])).toBe(
      v.expected.hriText as string,
    )
  },
  reject: (v) => {
    const data = vectorPairs(v.input.aiData ?? '')
    expect(codesOf({ ok: false, errors: checkElementData(data) })).toContain(
      reasonOf(v.expected.reason as string),
    )
    const first = data[0]?.ai ?? ''
    if (!isDlPrimaryKey(first) && first !== '03') return
    const r = generateCode(vectorDefinition(v.input.aiData ?? '', undefined))
    // Our service normalises GTIN-13 before validation (vector note), so (01)9520123456788 is accepted.
    if (v.note?.includes('our service normalises'))
      expect(r.ok && r.result.primaryKey.value).toBe('09520123456788')
    else expect(codesOf(r)).toContain(reasonOf(v.expected.reason as string))
  },
  accept: (v) => {
    const data = vectorPairs(v.input.aiData ?? '')
    expect(checkElementData(data)).toEqual([])
    const r = generateCode(vectorDefinition(v.input.aiData ?? '', undefined))
    expect(r.ok && r.result.barcodeText).toBe(v.expected.bracketed as string)
    expect(fnc1ElementString(data)).toBe(v.expected.fnc1String as string)
  },
  dl_parse: (v) => {
    const r = parseDigitalLink(v.input.dlUri ?? '')
    if (!r.ok) throw new Error(JSON.stringify(r.errors))
    const all = [r.value.primaryKey, ...r.value.qualifiers, ...r.value.attributes]
    expect(parseBracketedElementString(v.expected.aiData as string)).toEqual(all)
    const canonical = {
      ...r.value,
      stem: CANONICAL_STEM,
      linkType: null,
      context: null,
      extensionParameters: [],
    }
    expect(buildDigitalLink(canonical)).toBe(v.expected.canonicalUri as string)
  },
  dl_parse_reject: (v) => {
    const r = parseDigitalLink(v.input.dlUri ?? '')
    expect(r.ok).toBe(false)
    const expected: Record<string, string> = {
      invalid_qualifier_sequence: 'DigitalLink.Qualifiers',
      not_dl_data_attribute: 'DigitalLink.NotAttribute',
      attribute_should_be_qualifier: 'DigitalLink.ShouldBeQualifier',
      duplicate_ai: 'DigitalLink.Duplicate',
      invalid_cset82_char: 'Validation.Charset.attributes',
      no_primary_key_in_path: 'DigitalLink.NoPrimaryKey',
      requires: 'Validation.Requires.attributes',
    }
    expect(r.ok ? [] : r.errors.map((e) => e.code)).toContain(expected[v.expected.reason as string] ?? '?')
  },
  gtin_normalise: (v) => {
    const r = parseGtin(v.input.gtin ?? '')
    const reasons: Record<string, string> = {
      check_digit: 'checkDigit',
      bad_length: 'length',
      non_digit: 'digits',
    }
    if (v.expected.reject) expect(r.ok ? 'ok' : r.reason).toBe(reasons[v.expected.reason as string] ?? '?')
    else expect(r.ok && r.gtin).toBe(v.expected.gtin14 as string)
  },
  temperature: (v) => {
    if (v.input.aiData) {
      expect(codesOf({ ok: false, errors: checkElementData(vectorPairs(v.input.aiData)) })).toContain(
        reasonOf(v.expected.reason as string),
      )
      return
    }
    const def = {
      primaryKey: { key: '00', value: '006141411234567890' },
      ais: [{ key: v.input.ai, value: v.input.value }],
    }
    const r = generateCode(def)
    if (v.expected.reject) {
      expect(codesOf(r)).toContain(reasonOf(v.expected.reason as string))
      return
    }
    expect(r.ok && r.result.ais[0]?.value).toBe(v.expected.value as string)
    expect(r.ok && r.result.hri.endsWith(v.expected.hri as string)).toBe(true)
    const dl = generateCode({ ...def, digitalLinkStem: CANONICAL_STEM })
    expect(dl.ok && dl.result.barcodeText.endsWith(`?${v.expected.queryParam}`)).toBe(true)
  },
  percent_encode: (v) => {
    expect<unknown>([percentEncode(v.input.value ?? ''), percentEncodeQuery(v.input.value ?? '')]).toEqual([
      v.expected.path,
      v.expected.query,
    ])
  },
  percent_decode: (v) => {
    const s = v.input.encoded ?? ''
    expect([percentDecode(s, false), percentDecode(s, true)]).toEqual([
      v.expected.path as string,
      v.expected.query as string,
    ])
  },
}

const skip = lacksShared(SYNTAX_VECTORS)
const vectors = skip ? [] : readSharedJson<SyntaxVector[]>(SYNTAX_VECTORS)

describe.skipIf(skip)('syntax vectors', () => {
  test('the file holds 110 vectors of known kinds', () => {
    expect(vectors.length).toBe(110)
    expect(vectors.filter((v) => !(v.kind in checks))).toEqual([])
  })

  vectors.forEach((v, i) => {
    const label = JSON.stringify(v.input).slice(0, 90)
    test(`vector ${i} (${v.kind}) ${label}`, () => {
      checks[v.kind]?.(v)
    })
  })
})
