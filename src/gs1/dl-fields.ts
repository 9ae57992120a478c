/** Checks of the Digital Link fields of a code definition: digitalLinkStem, linkType, context. */
import { jsonType } from './definition-fields.ts'
import { type Issue, issue, quote } from './issue.ts'
import { GS1_VOC_BASE, isLinkType, isSelectableLinkType } from './link-types.ts'
import { badUriChar, MAX_TEXT, notAllowedWithoutStem, paramTextProblem } from './param-text.ts'
import { authorityProblem, validateStem } from './stem.ts'

/** SPEC rule 11. Null when absent or invalid. */
export function checkStem(v: unknown, issues: Issue[]): string | null {
  if (v === undefined || v === null) return null
  if (typeof v !== 'string') {
    issues.push(
      issue(
        'Validation.Type.digitalLinkStem',
        'digitalLinkStem',
        `digitalLinkStem must be a string; got ${jsonType(v)}`,
      ),
    )
    return null
  }
  const r = validateStem(v)
  if (r.ok) return r.stem
  issues.push(
    issue(
      'Validation.Invalid.digitalLinkStem',
      'digitalLinkStem',
      `digitalLinkStem expects an http or https URL such as https://id.example.com; ${quote(v)} ${r.message}`,
    ),
  )
  return null
}

/** SPEC rule 12: a selectable `gs1:` page type, or an absolute http(s) URI. */
export function checkLinkType(v: unknown, hasStem: boolean, issues: Issue[]): string | null {
  if (v === undefined || v === null) return null
  if (typeof v !== 'string') {
    issues.push(
      issue('Validation.Type.linkType', 'linkType', `linkType must be a string; got ${jsonType(v)}`),
    )
    return null
  }
  if (!hasStem) {
    notAllowedWithoutStem('linkType', issues)
    return null
  }
  const name = v.startsWith('gs1:')
    ? v.slice(4)
    : v.startsWith(GS1_VOC_BASE)
      ? v.slice(GS1_VOC_BASE.length)
      : null
  if (name !== null) {
    if (isSelectableLinkType(name)) return v
    const text = isLinkType(name)
      ? `linkType ${quote(v)} is reserved for resolvers and cannot be chosen`
      : `linkType expects a GS1 Web Vocabulary page type such as gs1:pip; ${quote(v)} is not one`
    issues.push(
      issue(
        isLinkType(name) ? 'Validation.NotAllowed.linkType' : 'Validation.Invalid.linkType',
        'linkType',
        text,
      ),
    )
    return null
  }
  const lower = v.slice(0, 8).toLowerCase()
  const hostStart = lower.startsWith('https://') ? 8 : lower.startsWith('http://') ? 7 : -1
  const bad = v.length > MAX_TEXT ? 0 : badUriChar(v)
  const hostProblem = hostStart < 0 || bad >= 0 ? null : authorityProblem(authorityOf(v.slice(hostStart)))
  if (hostStart < 0 || bad >= 0 || hostProblem !== null) {
    const why =
      bad >= 0 ? `has a character not allowed in a URI at position ${bad + 1}` : (hostProblem ?? 'is not one')
    issues.push(
      issue(
        'Validation.Invalid.linkType',
        'linkType',
        `linkType expects gs1:<page type> or an absolute http(s) URI; ${quote(v)} ${why}`,
      ),
    )
    return null
  }
  return v
}

/** The authority of what follows `scheme://`: up to the first `/`, `?` or `#`. */
function authorityOf(rest: string): string {
  const end = rest.search(/[/?#]/)
  return end < 0 ? rest : rest.slice(0, end)
}

/** SPEC rule 13. */
export function checkContext(v: unknown, hasStem: boolean, issues: Issue[]): string | null {
  if (v === undefined || v === null) return null
  if (typeof v !== 'string') {
    issues.push(issue('Validation.Type.context', 'context', `context must be a string; got ${jsonType(v)}`))
    return null
  }
  if (!hasStem) {
    notAllowedWithoutStem('context', issues)
    return null
  }
  const problem = v === '' ? 'context must not be empty' : paramTextProblem(v, 'context')
  if (problem) issues.push(issue('Validation.Charset.context', 'context', problem))
  return problem ? null : v
}
