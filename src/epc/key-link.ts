/** Primary keys and their Digital Link qualifiers (syntax dictionary `dlpkey`), for decoder and encoder. */
import { aiInfo } from '../gs1/index.ts'
import type { AiPair, LinkInput } from './types.ts'

const NONE: ReadonlyArray<ReadonlyArray<string>> = [[]]

/**
 * The key's alternative qualifier sequences, e.g. 414: [254] or [7040]; [[]] for a key without qualifiers.
 */
export function qualifierSequences(key: string): ReadonlyArray<ReadonlyArray<string>> {
  return aiInfo(key)?.qualifierSequences ?? NONE
}

const ORDER = new Map<string, ReadonlyArray<string>>()

/**
 * Every qualifier of a key in Digital Link path order: its sequences one after the other (01: 22, 10, 21,
 * 235; 414: 254, 7040; 8010: 8011; GS1 DL URI syntax 1.6 §4, dictionary `dlpkey`).
 */
export function qualifierOrder(key: string): ReadonlyArray<string> {
  let order = ORDER.get(key)
  if (order === undefined) {
    order = qualifierSequences(key).flat()
    ORDER.set(key, order)
  }
  return order
}

/** True when the qualifiers all belong to one of the key's sequences (a path takes 254 or 7040, not both). */
export function inOneSequence(key: string, qualifiers: ReadonlyArray<AiPair>): boolean {
  return qualifierSequences(key).some((seq) => qualifiers.every((q) => seq.includes(q.ai)))
}

/** The primary key of an encoder input; `gtin` stands for `{ai: '01', value: gtin}`. */
export function keyOf(link: LinkInput): AiPair {
  return 'key' in link ? link.key : { ai: '01', value: link.gtin }
}
