/**
 * The identity of a catalog entry (DESIGN §12), one string for both kinds: a product's GTIN-14, or for an entry of
 * another key its `{key}/{value}` (`414/9506000000008`), which no GTIN can be. Stored in the products' identity
 * column, it keeps one table, one cache and one order for both; these functions are the only place that spells it.
 */
import { percentEncode } from '../gs1/percent.ts'

export const GTIN_KEY = '01'

/** The identity of the entry of `key` with `value`. */
export function entryId(key: string, value: string): string {
  return key === GTIN_KEY ? value : `${key}/${value}`
}

/**
 * The mark ending a prefix rule's identity: `~` is in none of GS1's character sets (82, 39, 64), so no value of any
 * key can hold it (a `*`, in set 82, could end a GIAI).
 */
export const RULE_MARK = '~'

/** The identity of a prefix rule (DESIGN §12): `{key}/{prefix}~`. */
export function ruleId(key: string, prefix: string): string {
  return `${key}/${prefix}${RULE_MARK}`
}

/** True when the identity is a prefix rule's. */
export function isRuleEntry(id: string): boolean {
  return id.endsWith(RULE_MARK)
}

/**
 * The identities that may answer a scan of `key` with `value`, most specific first: the exact entry, then the rules
 * of every prefix of the value, longest first.
 */
export function candidateIds(key: string, value: string): string[] {
  const ids = [entryId(key, value)]
  for (let n = value.length; n >= 1; n--) ids.push(ruleId(key, value.slice(0, n)))
  return ids
}

/** The key and value an identity names; a GTIN's key is `01`; a rule's value ends in the rule mark. */
export function keyOfEntry(id: string): { readonly key: string; readonly value: string } {
  const slash = id.indexOf('/')
  return slash === -1 ? { key: GTIN_KEY, value: id } : { key: id.slice(0, slash), value: id.slice(slash + 1) }
}

/** True when the identity is a product's GTIN rather than another key's entry. */
export function isGtinEntry(id: string): boolean {
  return !id.includes('/')
}

/** A prefix rule's key and prefix, from its identity (the members the file and the API spell it with). */
export function ruleMembers(id: string): { key: string; prefix: string } {
  const { key, value } = keyOfEntry(id)
  return { key, prefix: value.slice(0, -RULE_MARK.length) }
}

/** How messages name an entry: `GTIN 09506000134352`, `(414) 9506000000008`, or a rule `(00) 0950600*`, `(01) 09506000*`. */
export function describeEntry(id: string): string {
  const { key, value } = keyOfEntry(id)
  if (isRuleEntry(id)) return `(${key}) ${ruleMembers(id).prefix}*`
  return key === GTIN_KEY ? `GTIN ${value}` : `(${key}) ${value}`
}

/** The entry's Digital Link path on a resolver: `/01/{gtin}`, or `/{key}/{value}` percent-encoded. */
export function entryLinkPath(id: string): string {
  const { key, value } = keyOfEntry(id)
  return `/${key}/${percentEncode(value)}`
}
