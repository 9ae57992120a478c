/** Validation of a set of AI element data: formats and linters, repeats, requires/excludes, DigSig rule. */
import type { AiInfo } from './ai-notation.ts'
import { aiInfo } from './ai-table.ts'
import { checkAiValue } from './ai-value.ts'
import { type Issue, issue, quote } from './issue.ts'
import { excludedPartners, requirementText, unmetRequirements } from './relations.ts'

/** One AI to check. `field` names the code's field (`ais`, `primaryKey`); `path` locates the `{key, value}` object. */
export interface Entry {
  ai: string
  value: string
  field: string
  path: string
  /** Set when a normaliser already checked the value (and reported any problem). */
  skipValue?: boolean
}

export interface EntryOptions {
  /** Our SPEC rejects every repeat; data joined from several carriers may repeat identical AIs. */
  rejectIdenticalRepeats: boolean
}

// Keys with an optional serial that the GS1 syntax engine's DigSig rule covers.
const DIGSIG_KEYS = new Set(['253', '255', '8003'])

function checkValue(e: Entry, info: AiInfo | undefined, issues: Issue[]): void {
  if (!info) {
    const text = `${quote(e.ai)} is not a GS1 Application Identifier of the Barcode Syntax Dictionary`
    issues.push(issue(`Validation.UnknownAi.${e.field}`, `${e.path}.key`, text))
    return
  }
  if (e.skipValue) return
  const problem = checkAiValue(info, e.value)
  if (problem)
    issues.push(issue(`Validation.${problem.reason}.${e.field}`, `${e.path}.value`, problem.message))
}

function repeatIssue(e: Entry, prev: Entry): Issue {
  const detail = prev.value === e.value ? 'again' : 'again with a different value'
  const where = prev.field === 'primaryKey' ? 'as the primary key' : `at ${prev.path}`
  const text = `AI (${e.ai}) may appear only once; it is already given ${where} and appears here ${detail}`
  return issue(`Validation.Duplicate.${e.field}`, `${e.path}.key`, text)
}

function checkPairs(
  e: Entry,
  info: AiInfo,
  present: readonly string[],
  set: ReadonlySet<string>,
  reported: Set<string>,
  issues: Issue[],
): void {
  if (info.excludes.length > 0) {
    for (const other of excludedPartners(info, present, set)) {
      const pair = e.ai < other ? `${e.ai}|${other}` : `${other}|${e.ai}`
      if (reported.has(pair)) continue
      reported.add(pair)
      issues.push(
        issue(
          `Validation.Excludes.${e.field}`,
          `${e.path}.key`,
          `AI (${e.ai}) cannot be used together with AI (${other})`,
        ),
      )
    }
  }
  if (info.requires.length === 0) return
  const unmet = unmetRequirements(info, present, set)
  if (unmet.length > 0) {
    const text = `AI (${e.ai}) requires ${unmet.map(requirementText).join(' and ')}, missing here`
    issues.push(issue(`Validation.Requires.${e.field}`, `${e.path}.key`, text))
  }
}

/** Checks entries in order: values, then repeats, then excludes and requires over the whole set. */
export function checkEntries(entries: readonly Entry[], opts: EntryOptions): Issue[] {
  const issues: Issue[] = []
  const infos: (AiInfo | undefined)[] = []
  for (const e of entries) {
    const info = aiInfo(e.ai)
    infos.push(info)
    checkValue(e, info, issues)
  }
  // Repeats; `firsts` holds the first entry of each known AI, in order.
  const seen = new Map<string, Entry>()
  const firsts: number[] = []
  entries.forEach((e, i) => {
    if (!infos[i]) return // an unknown AI is already reported; its key is not echoed again
    const prev = seen.get(e.ai)
    if (!prev) {
      seen.set(e.ai, e)
      firsts.push(i)
    } else if (prev.value !== e.value || opts.rejectIdenticalRepeats) {
      issues.push(repeatIssue(e, prev))
    }
  })
  const present = firsts.map((i) => (entries[i] as Entry).ai)
  const set = new Set(present)
  const reported = new Set<string>()
  for (const i of firsts) checkPairs(entries[i] as Entry, infos[i] as AiInfo, present, set, reported, issues)
  // GS1 syntax engine DigSig rule: with (8030), keys with an optional serial must carry it.
  if (!set.has('8030')) return issues
  for (const i of firsts) {
    const e = entries[i] as Entry
    if (DIGSIG_KEYS.has(e.ai) && e.value.length <= (infos[i] as AiInfo).minLength) {
      const text = `AI (${e.ai}) must carry its serial component when AI (8030) is present`
      issues.push(issue(`Validation.Requires.${e.field}`, `${e.path}.value`, text))
    }
  }
  return issues
}

/**
 * Validates AI element data as decoded from a carrier (EPC, Digital Link): every AI exists, values
 * match their format and linters, no AI appears twice with different values, and the requires and
 * excludes relations hold over the whole set. Paths are `ais[i].key` / `ais[i].value`.
 */
export function checkElementData(pairs: ReadonlyArray<{ ai: string; value: string }>): Issue[] {
  const entries: Entry[] = pairs.map((p, i) => ({
    ai: p.ai,
    value: p.value,
    field: 'ais',
    path: `ais[${i}]`,
  }))
  return checkEntries(entries, { rejectIdenticalRepeats: false })
}
