/** Validation of a code definition (SPEC "Code definition" rules 1-14, DESIGN §6) into a normalised Definition. */
import { aiInfo, dlPrimaryKeys, isDlPrimaryKey } from './ai-table.ts'
import {
  checkCompression,
  checkErrorCorrection,
  checkLanguage,
  checkMode,
  checkModeAndStem,
  checkReference,
  checkUnknown,
  isObject,
  jsonType,
} from './definition-fields.ts'
import type { Definition, DefinitionOptions, KeyValue } from './definition-types.ts'
import { placeQualifiers } from './digital-link.ts'
import { checkExtensionParameters } from './dl-extension.ts'
import { checkContext, checkLinkType, checkStem } from './dl-fields.ts'
import { checkEntries, type Entry } from './element-data.ts'
import type { AiPair } from './element-string.ts'
import { type Issue, issue, quote } from './issue.ts'
import { normaliseValue } from './normalise.ts'

export type ValidationResult = { ok: true; definition: Definition } | { ok: false; errors: Issue[] }

const TOP_LEVEL = new Set([
  'reference',
  'mode',
  'primaryKey',
  'ais',
  'extensionParameters',
  'digitalLinkStem',
  'linkType',
  'context',
  'language',
  'errorCorrectionLevel',
  'compression',
])
const PAIR_PROPS = new Set(['key', 'value'])

/** At most this many `ais` (far above what a 2D symbol holds; bounds work and error lists). */
export const MAX_AIS = 100

// Reads one `{key, value}` object; reports shape problems with `field` codes at `base` paths.
function readPair(v: unknown, field: string, base: string, issues: Issue[]): KeyValue | null {
  if (v === undefined || v === null) {
    issues.push(issue(`Validation.Required.${field}`, base, `${base} is required as {key, value}`))
    return null
  }
  if (!isObject(v)) {
    issues.push(
      issue(`Validation.Type.${field}`, base, `${base} must be an object {key, value}; got ${jsonType(v)}`),
    )
    return null
  }
  checkUnknown(v, PAIR_PROPS, field, base, issues)
  const before = issues.length
  for (const name of ['key', 'value'] as const) {
    const x = v[name]
    if (x === undefined || x === null)
      issues.push(issue(`Validation.Required.${field}`, `${base}.${name}`, `${base}.${name} is required`))
    else if (typeof x !== 'string')
      issues.push(
        issue(
          `Validation.Type.${field}`,
          `${base}.${name}`,
          `${base}.${name} must be a string; got ${jsonType(x)}`,
        ),
      )
  }
  return issues.length > before ? null : { key: v.key as string, value: v.value as string }
}

// SPEC rules 1 and 2: a Digital Link primary key, plus (03) for element strings.
function checkPrimaryKeyAi(key: string, stem: boolean, issues: Issue[]): boolean {
  if (isDlPrimaryKey(key) || (!stem && key === '03')) return true
  const known = aiInfo(key) ? `AI (${key}) is not` : `${quote(key)} is not an AI and not`
  const allowed = stem ? dlPrimaryKeys().join(', ') : `${dlPrimaryKeys().join(', ')} or 03`
  issues.push(
    issue(
      'Validation.Invalid.primaryKey',
      // SPEC "POST /code" names this code's path: the primary key as a whole.
      'primaryKey',
      `${known} a GS1 Digital Link primary key; expected one of ${allowed}`,
    ),
  )
  return false
}

function readAis(v: unknown, issues: Issue[]): (KeyValue | null)[] {
  if (v === undefined || v === null) return []
  if (!Array.isArray(v)) {
    issues.push(
      issue('Validation.Type.ais', 'ais', `ais must be an array of {key, value}; got ${jsonType(v)}`),
    )
    return []
  }
  if (v.length > MAX_AIS) {
    issues.push(
      issue('Validation.TooMany.ais', 'ais', `ais may hold at most ${MAX_AIS} entries; got ${v.length}`),
    )
    return []
  }
  return v.map((x, i) => readPair(x, 'ais', `ais[${i}]`, issues))
}

function toEntry(p: KeyValue, field: string, path: string, issues: Issue[]): Entry {
  const n = normaliseValue(p.key, p.value, field, path)
  if (n.issue) issues.push(n.issue)
  return { ai: p.key, value: n.value, field, path, skipValue: n.checked }
}

/** SPEC rule 7: every AI is a path qualifier of the key or an allowed query attribute. */
function checkPlacement(pk: KeyValue, entries: readonly Entry[], issues: Issue[]): DigitalLinkParts | null {
  const known = entries.filter((e) => aiInfo(e.ai))
  const placement = placeQualifiers(pk.key, known)
  if (placement.ok)
    return { qualifiers: placement.qualifiers.map(toPair), attributes: placement.attributes.map(toPair) }
  const with_ = placement.qualifiers.length
    ? ` together with ${placement.qualifiers.map((q) => `(${q.ai})`).join(', ')}`
    : ''
  for (const e of placement.misplaced) {
    issues.push(
      issue(
        'Validation.NotAllowed.ais',
        `${e.path}.key`,
        `AI (${e.ai}) is neither a path qualifier of primary key (${pk.key})${with_} nor an AI allowed as a Digital Link query attribute`,
      ),
    )
  }
  return null
}

function toPair(e: Entry): AiPair {
  return { ai: e.ai, value: e.value }
}

/**
 * Validates an untrusted code definition and returns it normalised (GTIN-14, temperatures, stem
 * without trailing slash), or every problem found as `{code, path, message}`.
 */
export function validateDefinition(input: unknown, options: DefinitionOptions = {}): ValidationResult {
  const c = checkDefinition(input, options)
  return c.ok ? { ok: true, definition: c.definition } : c
}

/** Where the AIs of a valid definition go in its Digital Link. */
export interface DigitalLinkParts {
  qualifiers: AiPair[]
  attributes: AiPair[]
}

/** validateDefinition, also returning the Digital Link placement it computed (null without stem). */
export function checkDefinition(
  input: unknown,
  options: DefinitionOptions = {},
): { ok: true; definition: Definition; parts: DigitalLinkParts | null } | { ok: false; errors: Issue[] } {
  const issues: Issue[] = []
  if (!isObject(input)) {
    return {
      ok: false,
      errors: [
        issue(
          'Validation.Type.definition',
          null,
          `a code definition must be a JSON object; got ${jsonType(input)}`,
        ),
      ],
    }
  }
  checkUnknown(input, TOP_LEVEL, null, '', issues)
  const stemPresent = input.digitalLinkStem !== undefined && input.digitalLinkStem !== null
  const mode = checkMode(input.mode, options, issues)
  const reference = checkReference(input.reference, issues)
  const language = checkLanguage(input.language, issues)
  const stem = checkStem(input.digitalLinkStem, issues)
  checkModeAndStem(mode, stemPresent, issues)
  const pk = readPair(input.primaryKey, 'primaryKey', 'primaryKey', issues)
  const pkOk = pk !== null && checkPrimaryKeyAi(pk.key, stemPresent, issues)
  const ais = readAis(input.ais, issues)
  const entries: Entry[] = []
  if (pk && pkOk) entries.push(toEntry(pk, 'primaryKey', 'primaryKey', issues))
  ais.forEach((p, i) => {
    if (p) entries.push(toEntry(p, 'ais', `ais[${i}]`, issues))
  })
  issues.push(...checkEntries(entries, { rejectIdenticalRepeats: true }))
  const parts = stemPresent && pk && pkOk ? checkPlacement(pk, entries.slice(1), issues) : null
  const linkType = checkLinkType(input.linkType, stemPresent, issues)
  const context = checkContext(input.context, stemPresent, issues)
  const extensionParameters = checkExtensionParameters(input.extensionParameters, stemPresent, issues)
  const errorCorrectionLevel = checkErrorCorrection(input.errorCorrectionLevel, mode, options, issues)
  const aiKeys = ais.map((p) => p?.key ?? '')
  const compression = checkCompression(input.compression, stemPresent, pk?.key ?? null, aiKeys, issues)
  if (issues.length > 0 || !pk) return { ok: false, errors: issues }
  const [first, ...rest] = entries
  return {
    ok: true,
    parts,
    definition: {
      mode,
      reference,
      language,
      errorCorrectionLevel,
      compression,
      primaryKey: { key: pk.key, value: first?.value ?? pk.value },
      ais: rest.map((e) => ({ key: e.ai, value: e.value })),
      digitalLinkStem: stem,
      linkType,
      context,
      extensionParameters,
    },
  }
}
