/** SPEC code-definition rule 10: extension parameters of a Digital Link. */
import { describe, expect, test } from 'bun:test'
import { codesOf, errorsOf, GTIN, gtinDef, STEM, textOf } from './helpers.ts'

function dl(ais: [string, string][] = [], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return gtinDef(ais, { digitalLinkStem: STEM, ...extra })
}

describe('rule 10: extension parameters', () => {
  test('are emitted last, in request order, encoded', () => {
    const ext = [
      { key: 'b', value: 'x:y' },
      { key: 'a', value: '1' },
    ]
    expect(
      textOf(dl([['17', '261231']], { extensionParameters: ext, linkType: 'gs1:pip', context: 'c' })),
    ).toBe(`${STEM}/01/${GTIN}?17=261231&linkType=gs1%3Apip&context=c&b=x%3Ay&a=1`)
  })

  test('a non-empty list without stem is rejected; [] and null are fine', () => {
    expect(errorsOf(gtinDef([], { extensionParameters: [{ key: 'a', value: 'b' }] }))).toEqual([
      { code: 'Validation.NotAllowed.extensionParameters', path: 'extensionParameters' },
    ])
    expect(codesOf(gtinDef([], { extensionParameters: [] }))).toEqual([])
    expect(codesOf(gtinDef([], { extensionParameters: null }))).toEqual([])
  })

  test('keys linkType, context (any case) and all-digit keys are reserved', () => {
    for (const key of ['linkType', 'LINKTYPE', 'context', '123', '']) {
      expect(errorsOf(dl([], { extensionParameters: [{ key, value: 'v' }] }))).toEqual([
        { code: 'Validation.Reserved.extensionParameters', path: 'extensionParameters[0].key' },
      ])
    }
    expect(codesOf(dl([], { extensionParameters: [{ key: '12a', value: 'v' }] }))).toEqual([])
  })

  test('keys must be unique', () => {
    const ext = [
      { key: 'a', value: '1' },
      { key: 'a', value: '2' },
    ]
    expect(errorsOf(dl([], { extensionParameters: ext }))).toEqual([
      { code: 'Validation.Duplicate.extensionParameters', path: 'extensionParameters[1].key' },
    ])
  })

  test('keys and values allow unreserved characters and URI punctuation only', () => {
    expect(
      codesOf(
        dl([], {
          extensionParameters: [{ key: "k-._~:/?#[]@!$&'()*+,;=", value: "v-._~:/?#[]@!$&'()*+,;=" }],
        }),
      ),
    ).toEqual([])
    expect(errorsOf(dl([], { extensionParameters: [{ key: 'a b', value: 'é' }] }))).toEqual([
      { code: 'Validation.Charset.extensionParameters', path: 'extensionParameters[0].key' },
      { code: 'Validation.Charset.extensionParameters', path: 'extensionParameters[0].value' },
    ])
  })

  test('elements must be {key, value} objects of strings', () => {
    expect(
      errorsOf(
        dl([], {
          extensionParameters: [
            'x',
            { key: 1, value: 'v' },
            { key: 'k' },
            { key: 'k2', value: 'v', extra: 1 },
          ],
        }),
      ),
    ).toEqual([
      { code: 'Validation.Type.extensionParameters', path: 'extensionParameters[0]' },
      { code: 'Validation.Type.extensionParameters', path: 'extensionParameters[1].key' },
      { code: 'Validation.Required.extensionParameters', path: 'extensionParameters[2].value' },
      { code: 'Validation.Unknown.extensionParameters', path: 'extensionParameters[3].extra' },
    ])
  })
})
