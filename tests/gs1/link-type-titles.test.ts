/** Link-type titles are the GS1 Web Vocabulary 1.16 labels, read here from the vocabulary itself. */
import { describe, expect, test } from 'bun:test'
import { linkTypeTitle } from '../../src/gs1/link-type-titles.ts'
import { LINK_TYPES } from '../../src/gs1/link-types.ts'
import { lacksShared, readSharedJson } from '../support/shared.ts'

const FILE = ['gs1', 'resolver', 'gs1Voc.jsonld'] as const

interface Term {
  readonly '@id': string
  readonly 'rdfs:label'?: { readonly '@language': string; readonly '@value': string }
}

/** The changes link-type-titles.ts documents: runs of spaces collapsed, no "(deprecated)" note. */
function shopperTitle(label: string): string {
  return label.replace(/ {2,}/g, ' ').replace(/ \(deprecated\)$/, '')
}

/** The vocabulary's labels by term, read when a test asks (a skipped describe still runs its body). */
let read: Map<string, Term['rdfs:label']> | undefined
function vocabularyLabels(): Map<string, Term['rdfs:label']> {
  read ??= new Map(
    readSharedJson<{ '@graph': Term[] }>(FILE)['@graph'].map((t) => [t['@id'], t['rdfs:label']]),
  )
  return read
}

describe.skipIf(lacksShared(FILE))('link-type titles against gs1Voc.jsonld', () => {
  test('every link type has the English rdfs:label of its term as title', () => {
    const labels = vocabularyLabels()
    const wrong: string[] = []
    for (const name of LINK_TYPES) {
      const label = labels.get(`gs1:${name}`)
      expect(label?.['@language']).toBe('en')
      const expected = shopperTitle(label?.['@value'] ?? '')
      if (linkTypeTitle(name) !== expected) wrong.push(`${name}: ${linkTypeTitle(name)} ≠ ${expected}`)
    }
    expect(wrong).toEqual([])
  })

  test('the documented changes touch only the labels they name', () => {
    const labels = vocabularyLabels()
    const changed = LINK_TYPES.filter((name) => labels.get(`gs1:${name}`)?.['@value'] !== linkTypeTitle(name))
    expect(changed).toEqual(['productSustainabilityInfo', 'relatedVideo', 'reportFound'])
  })
})

describe('linkTypeTitle', () => {
  test('has no title for a name outside the vocabulary, prototype names included', () => {
    expect(linkTypeTitle('nope')).toBeUndefined()
    expect(linkTypeTitle('gs1:pip')).toBeUndefined()
    expect(linkTypeTitle('constructor')).toBeUndefined()
  })
})
