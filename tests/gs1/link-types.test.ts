/** The project's link-type list agrees with the GS1 Web Vocabulary 1.16 and is offered without resolver-only types. */
import { describe, expect, test } from 'bun:test'
import {
  GS1_VOC_BASE,
  isLinkType,
  LINK_TYPES,
  linkTypeUri,
  SELECTABLE_LINK_TYPES,
  toLinkTypeName,
} from '../../src/gs1/link-types.ts'
import { lacksShared, readSharedJson, type SharedFile } from '../support/shared.ts'

const FILE: SharedFile = ['gs1', 'resolver', 'linktypes-derived-from-gs1Voc-v1.16.json']
const skip = lacksShared(FILE)
const vocabulary = skip ? {} : readSharedJson<Record<string, { restricted?: unknown }>>(FILE)

describe.skipIf(skip)('link types against linktypes-derived-from-gs1Voc-v1.16.json', () => {
  test('LINK_TYPES is exactly the vocabulary terms', () => {
    expect([...LINK_TYPES].sort()).toEqual(Object.keys(vocabulary).sort())
  })

  test('SELECTABLE_LINK_TYPES is the vocabulary without the resolver-only terms', () => {
    const expected = Object.keys(vocabulary).filter(
      (n) => !['defaultLink', 'defaultLinkMulti', 'handledBy'].includes(n),
    )
    expect([...SELECTABLE_LINK_TYPES].sort()).toEqual(expected.sort())
  })
})

describe('link-type names and URIs', () => {
  test('toLinkTypeName accepts the CURIE and the three URI forms of a known type', () => {
    for (const v of ['gs1:pip', `${GS1_VOC_BASE}pip`, 'https://gs1.org/voc/pip', 'http://gs1.org/voc/pip']) {
      expect(toLinkTypeName(v)).toBe('pip')
    }
  })

  test('toLinkTypeName refuses unknown names and other forms', () => {
    for (const v of [
      'gs1:nope',
      'pip',
      'GS1:pip',
      'https://example.com/voc/pip',
      'http://ref.gs1.org/voc/pip',
    ]) {
      expect(toLinkTypeName(v)).toBeNull()
    }
  })

  test('linkTypeUri expands against ref.gs1.org and isLinkType knows resolver-only types', () => {
    expect(linkTypeUri('defaultLink')).toBe('https://ref.gs1.org/voc/defaultLink')
    expect(isLinkType('handledBy')).toBe(true)
    expect(SELECTABLE_LINK_TYPES).not.toContain('handledBy')
  })
})
