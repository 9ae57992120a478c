/** Extension parameters of a code definition (SPEC rule 10): custom query parameters of a Digital Link. */
import { checkUnknown, isObject, jsonType } from './definition-fields.ts'
import type { ExtensionParameter } from './digital-link.ts'
import { isDigits } from './gtin.ts'
import { type Issue, issue, quote } from './issue.ts'
import { notAllowedWithoutStem, paramTextProblem } from './param-text.ts'

const PARAM_PROPS = new Set(['key', 'value'])

function checkParam(
  p: unknown,
  i: number,
  keys: Map<string, number>,
  issues: Issue[],
): ExtensionParameter | null {
  const base = `extensionParameters[${i}]`
  if (!isObject(p)) {
    issues.push(
      issue(
        'Validation.Type.extensionParameters',
        base,
        `each extension parameter must be an object {key, value}; got ${jsonType(p)}`,
      ),
    )
    return null
  }
  checkUnknown(p, PARAM_PROPS, 'extensionParameters', base, issues)
  const { key, value } = p
  const before = issues.length
  for (const [name, v] of [
    ['key', key],
    ['value', value],
  ] as const) {
    if (v === undefined || v === null)
      issues.push(issue('Validation.Required.extensionParameters', `${base}.${name}`, `${name} is required`))
    else if (typeof v !== 'string')
      issues.push(
        issue(
          'Validation.Type.extensionParameters',
          `${base}.${name}`,
          `${name} must be a string; got ${jsonType(v)}`,
        ),
      )
  }
  if (issues.length > before || typeof key !== 'string' || typeof value !== 'string') return null
  const lower = key.toLowerCase()
  if (key === '' || isDigits(key) || lower === 'linktype' || lower === 'context') {
    const why =
      key === '' ? 'is empty' : isDigits(key) ? 'has only digits, which are reserved for AIs' : 'is reserved'
    issues.push(
      issue(
        'Validation.Reserved.extensionParameters',
        `${base}.key`,
        `extension parameter key ${quote(key)} ${why}; keys need a non-digit and must not be linkType or context`,
      ),
    )
  } else if (keys.has(key)) {
    issues.push(
      issue(
        'Validation.Duplicate.extensionParameters',
        `${base}.key`,
        `extension parameter key ${quote(key)} is already used at extensionParameters[${keys.get(key)}]`,
      ),
    )
  }
  if (!keys.has(key)) keys.set(key, i)
  for (const [name, v] of [
    ['key', key],
    ['value', value],
  ] as const) {
    const problem = paramTextProblem(v, `extension parameter ${name}`)
    if (problem) issues.push(issue('Validation.Charset.extensionParameters', `${base}.${name}`, problem))
  }
  return { key, value }
}

/** SPEC rule 10. */
export function checkExtensionParameters(
  v: unknown,
  hasStem: boolean,
  issues: Issue[],
): ExtensionParameter[] {
  if (v === undefined || v === null) return []
  if (!Array.isArray(v)) {
    issues.push(
      issue(
        'Validation.Type.extensionParameters',
        'extensionParameters',
        `extensionParameters must be an array; got ${jsonType(v)}`,
      ),
    )
    return []
  }
  if (v.length === 0) return []
  if (!hasStem) {
    notAllowedWithoutStem('extensionParameters', issues)
    return []
  }
  const keys = new Map<string, number>()
  const out: ExtensionParameter[] = []
  v.forEach((p, i) => {
    const r = checkParam(p, i, keys, issues)
    if (r) out.push(r)
  })
  return out
}
