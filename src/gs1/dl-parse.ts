/** Parses a GS1 Digital Link URI into its parts and validates its AI data (GS1 DL URI syntax 1.4 §4, §6). */
import { aiInfo, isDlPrimaryKey } from './ai-table.ts'
import { charTable } from './charset.ts'
import type { DigitalLink } from './digital-link.ts'
import { checkAttributes, isSubsequence, padGtin, parseQuery } from './dl-query.ts'
import { checkEntries, type Entry } from './element-data.ts'
import type { AiPair } from './element-string.ts'
import { type Issue, issue, quote } from './issue.ts'
import { percentDecode } from './percent.ts'

export type ParseResult = { ok: true; value: DigitalLink } | { ok: false; errors: Issue[] }

const MAX_URI = 8192

// Characters RFC 3986 allows anywhere in a URI.
const URI_CHARS = charTable(
  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%",
)

// Characters the engine rejects in the host part.
const BAD_HOST = /[_~?#@!$&'()*+,;=%]/

function fail(code: string, message: string, path: string | null = null): ParseResult {
  return { ok: false, errors: [issue(code, path, message)] }
}

function badChar(uri: string): number {
  for (let i = 0; i < uri.length; i++) {
    const c = uri.charCodeAt(i)
    if (c >= 128 || URI_CHARS[c] !== 1) return i
  }
  return -1
}

// The rightmost segment at an even distance from the end that is a DL primary key (GS1 syntax engine).
function findKey(segments: readonly string[], from: number): number {
  for (let j = from; j >= 0; j -= 2) if (isDlPrimaryKey(segments[j] ?? '')) return j
  return -1
}

function splitPath(
  segments: readonly string[],
  errors: Issue[],
): { stemCount: number; pairs: AiPair[] } | null {
  const keyAt = findKey(segments, segments.length - 2)
  if (keyAt < 0) {
    // A path ending in an AI without value, such as /01/…/10, is a qualifier with no value.
    const odd = findKey(segments, segments.length - 1)
    if (odd >= 0)
      errors.push(
        issue('DigitalLink.Empty', 'path', `AI (${quote(segments.at(-1) ?? '')}) in the path has no value`),
      )
    return odd >= 0 ? { stemCount: odd, pairs: [] } : null
  }
  const pairs: AiPair[] = []
  for (let j = keyAt; j < segments.length; j += 2) {
    const ai = segments[j] ?? ''
    const value = percentDecode(segments[j + 1] ?? '', false)
    if (value === null)
      errors.push(
        issue('DigitalLink.Syntax', 'path', `the value of AI (${quote(ai)}) is not valid percent-encoding`),
      )
    else if (value === '')
      errors.push(issue('DigitalLink.Empty', 'path', `AI (${quote(ai)}) in the path has no value`))
    pairs.push({ ai, value: padGtin(ai, value ?? '') })
  }
  return { stemCount: keyAt, pairs }
}

/** Parses and validates a Digital Link URI; errors use `DigitalLink.*` and `Validation.*` codes. */
export function parseDigitalLink(uri: string): ParseResult {
  if (typeof uri !== 'string') return fail('DigitalLink.Syntax', 'the Digital Link must be a string')
  if (uri.length > MAX_URI) return fail('DigitalLink.Syntax', `the URI is longer than ${MAX_URI} characters`)
  const hash = uri.indexOf('#')
  const text = hash < 0 ? uri : uri.slice(0, hash)
  const bad = badChar(text)
  if (bad >= 0)
    return fail('DigitalLink.Syntax', `the URI has a character not allowed in a URI at position ${bad + 1}`)
  const scheme = /^(https?|HTTPS?):\/\//.exec(text)
  if (!scheme) return fail('DigitalLink.Syntax', 'the URI must start with http:// or https://')
  const qm = text.indexOf('?')
  const beforeQuery = qm < 0 ? text : text.slice(0, qm)
  const afterScheme = beforeQuery.slice(scheme[0].length)
  const slash = afterScheme.indexOf('/')
  const host = slash < 0 ? afterScheme : afterScheme.slice(0, slash)
  if (host === '' || BAD_HOST.test(host)) return fail('DigitalLink.Syntax', 'the URI has an invalid host')
  let pathText = slash < 0 ? '' : afterScheme.slice(slash + 1)
  if (pathText.endsWith('/')) pathText = pathText.slice(0, -1) // one trailing slash is ignored (SPEC resolver)
  const segments = pathText === '' ? [] : pathText.split('/')
  const errors: Issue[] = []
  const split = splitPath(segments, errors)
  if (!split) return fail('DigitalLink.NoPrimaryKey', 'no GS1 Digital Link primary key was found in the path')
  if (split.pairs.length === 0) return { ok: false, errors }
  const [primaryKey, ...qualifiers] = split.pairs as [AiPair, ...AiPair[]]
  const sequences = aiInfo(primaryKey.ai)?.qualifierSequences ?? []
  const pathAis = qualifiers.map((q) => q.ai)
  if (!sequences.some((s) => isSubsequence(pathAis, s))) {
    errors.push(
      issue(
        'DigitalLink.Qualifiers',
        'path',
        `the AIs in the path are not a valid key-qualifier sequence for primary key (${primaryKey.ai})`,
      ),
    )
  }
  const query = parseQuery(qm < 0 ? '' : text.slice(qm + 1), errors)
  checkAttributes(primaryKey.ai, qualifiers, query.attributes, errors)
  if (errors.length > 0) return { ok: false, errors }
  const entries: Entry[] = [
    { ...primaryKey, field: 'primaryKey', path: 'primaryKey' },
    ...qualifiers.map((q, i) => ({ ...q, field: 'qualifiers', path: `qualifiers[${i}]` })),
    ...query.attributes.map((a, i) => ({ ...a, field: 'attributes', path: `attributes[${i}]` })),
  ]
  const dataErrors = checkEntries(entries, { rejectIdenticalRepeats: true })
  if (dataErrors.length > 0) return { ok: false, errors: dataErrors }
  const stemEnd =
    scheme[0].length +
    (slash < 0 ? afterScheme.length : slash) +
    segments.slice(0, split.stemCount).reduce((n, s) => n + s.length + 1, 0)
  return { ok: true, value: { stem: text.slice(0, stemEnd), primaryKey, qualifiers, ...query } }
}
