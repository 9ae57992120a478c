/**
 * The GS1 keys an item or a prefix rule may be of (DESIGN §12): every Digital Link primary key of the Syntax
 * Dictionary, for an item but the GTIN (01, a product; a rule of 01 answers the GTINs no product lists), named as the dictionary titles it and as GS1 calls the key, and a sample
 * value of a rule's prefix (for its scan preview). Pure: no I/O.
 */
import { GTIN_KEY } from '../catalog/entry-id.ts'
import { aiInfo, checkAiValue, dlPrimaryKeys } from '../gs1/index.ts'

export interface KeyOption {
  /** The key's AI: `414`. */
  readonly key: string
  /** The Syntax Dictionary's title of the AI: `LOC No.`. */
  readonly title: string
  /** What the key identifies, when known here: `the GLN of a location`. */
  readonly name: string | null
}

/**
 * What each key identifies, in the words of the GS1 General Specifications §3 (the dictionary's titles are data
 * labels such as `LOC No.`). A key the dictionary adds later is offered with its title alone.
 */
const KEY_NAMES: Readonly<Record<string, string>> = {
  '01': 'a trade item',
  '00': 'a logistic unit',
  '253': 'a document type',
  '255': 'a coupon',
  '401': 'a consignment',
  '402': 'a shipment',
  '414': 'the GLN of a location',
  '415': 'the GLN of an invoicing party',
  '417': 'the GLN of a party',
  '8003': 'a returnable asset',
  '8004': 'an individual asset',
  '8006': 'a piece of a trade item',
  '8010': 'a component or part',
  '8013': 'a model',
  '8017': 'the GSRN of a service provider',
  '8018': 'the GSRN of a service recipient',
}

/** The keys the editor offers an entry of this kind, in the dictionary's order. */
export function entryKeys(kind: 'item' | 'rule'): readonly KeyOption[] {
  return dlPrimaryKeys()
    .filter((key) => isEntryKey(key, kind))
    .map((key) => ({ key, title: aiInfo(key)?.title ?? key, name: KEY_NAMES[key] ?? null }))
}

/** True when the editor offers the key to an entry of this kind. */
export function isEntryKey(key: string, kind: 'item' | 'rule'): boolean {
  return (key !== GTIN_KEY || kind === 'rule') && dlPrimaryKeys().includes(key)
}

/** `(414) LOC No.: the GLN of a location`. */
export function keyLabel(key: string): string {
  const title = aiInfo(key)?.title
  if (title === undefined) return `(${key})`
  const name = KEY_NAMES[key]
  return name === undefined ? `(${key}) ${title}` : `(${key}) ${title}: ${name}`
}

/** True when a lot (AI 10) is a qualifier in the key's links (01, 8006); other keys' scans name a lot as `?10=`. */
export function takesLotQualifier(key: string): boolean {
  return aiInfo(key)?.qualifierSequences?.some((sequence) => sequence.includes('10')) ?? false
}

/** The characters of a check pair (GS1 General Specifications §7.9.5: the 32 of set 32). */
const CHECK_PAIR = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'
const DIGITS = '0123456789'
const FILLERS = ['0', '1'] as const

/**
 * A value of `key` starting with `prefix` that the key accepts: the prefix padded with zeros (or ones) to the shortest
 * length the key takes, its check digit (or check character pair) then put right. Null when none is found (a prefix the key
 * refuses).
 */
export function sampleValue(key: string, prefix: string): string | null {
  const info = aiInfo(key)
  if (info === undefined) return null
  const valid = (value: string) => value.startsWith(prefix) && checkAiValue(info, value) === null
  for (let length = Math.max(prefix.length, info.minLength); length <= info.maxLength; length++) {
    // Ones where zeros are refused: an ITIP's piece and total (8006) count from 1.
    for (const filler of FILLERS) {
      const base = prefix + filler.repeat(length - prefix.length)
      if (valid(base)) return base
      const found = withOneChanged(base, prefix.length, valid) ?? withCheckPair(base, prefix.length, valid)
      if (found !== null) return found
    }
  }
  return null
}

/** `base` with one digit after `from` changed (a check digit), when that makes it valid. */
function withOneChanged(base: string, from: number, valid: (v: string) => boolean): string | null {
  for (let at = base.length - 1; at >= from; at--) {
    for (const digit of DIGITS) {
      const candidate = base.slice(0, at) + digit + base.slice(at + 1)
      if (valid(candidate)) return candidate
    }
  }
  return null
}

/** `base` ending in another check character pair (a GMN's), when that makes it valid. */
function withCheckPair(base: string, from: number, valid: (v: string) => boolean): string | null {
  if (base.length - from < 2) return null
  const head = base.slice(0, -2)
  for (const first of CHECK_PAIR)
    for (const second of CHECK_PAIR) {
      const candidate = head + first + second
      if (valid(candidate)) return candidate
    }
  return null
}
