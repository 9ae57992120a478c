/** The query string of a Digital Link: AI attributes, linkType, context and other parameters (GS1 DL URI syntax 1.4 §4.7). */
import { aiInfo } from './ai-table.ts'
import type { ExtensionParameter } from './digital-link.ts'
import type { AiPair } from './element-string.ts'
import { isDigits } from './gtin.ts'
import { type Issue, issue, quote } from './issue.ts'
import { percentDecode } from './percent.ts'

// GTIN-8/12/13 in a Digital Link are read as 14 digits padded with zeros (SPEC resolver rules).
export function padGtin(ai: string, value: string): string {
  const n = value.length
  return ai === '01' && (n === 8 || n === 12 || n === 13) && isDigits(value) ? value.padStart(14, '0') : value
}

export function isSubsequence(path: readonly string[], seq: readonly string[]): boolean {
  let j = 0
  for (const ai of seq) if (j < path.length && path[j] === ai) j++
  return j === path.length
}

export interface Query {
  attributes: AiPair[]
  linkType: string | null
  context: string | null
  extensionParameters: ExtensionParameter[]
}

export function parseQuery(query: string, errors: Issue[]): Query {
  const q: Query = { attributes: [], linkType: null, context: null, extensionParameters: [] }
  for (const param of query.split('&')) {
    const eq = param.indexOf('=')
    if (eq < 0) continue // a parameter without '=' carries no data (GS1 syntax engine)
    const key = percentDecode(param.slice(0, eq), true)
    const value = percentDecode(param.slice(eq + 1), true)
    if (key === null || value === null) {
      errors.push(
        issue(
          'DigitalLink.Syntax',
          'query',
          `the query parameter ${quote(param)} is not valid percent-encoding`,
        ),
      )
      continue
    }
    if (isDigits(key)) q.attributes.push({ ai: key, value: padGtin(key, value) })
    else if (key.toLowerCase() === 'linktype' && q.linkType === null) q.linkType = value
    else if (key === 'context' && q.context === null) q.context = value
    else q.extensionParameters.push({ key, value })
  }
  return q
}

export function checkAttributes(
  pk: string,
  qualifiers: readonly AiPair[],
  attrs: readonly AiPair[],
  errors: Issue[],
): void {
  const sequences = aiInfo(pk)?.qualifierSequences ?? []
  const pathAis = qualifiers.map((q) => q.ai)
  const seen = new Set([pk, ...pathAis])
  attrs.forEach((a, i) => {
    const path = `attributes[${i}].key`
    const info = aiInfo(a.ai)
    if (!info)
      errors.push(issue('DigitalLink.UnknownAi', path, `the query has ${quote(a.ai)}, which is not a GS1 AI`))
    else if (a.value === '')
      errors.push(
        issue('DigitalLink.Empty', `attributes[${i}].value`, `AI (${a.ai}) in the query has no value`),
      )
    else if (seen.has(a.ai)) errors.push(issue('DigitalLink.Duplicate', path, `AI (${a.ai}) is duplicated`))
    else if (!info.dlAttribute)
      errors.push(
        issue('DigitalLink.NotAttribute', path, `AI (${a.ai}) is not a valid Digital Link data attribute`),
      )
    else if (sequences.some((s) => s.includes(a.ai) && isSubsequence(pathAis, s))) {
      errors.push(
        issue(
          'DigitalLink.ShouldBeQualifier',
          path,
          `AI (${a.ai}) from the query should be a path qualifier`,
        ),
      )
    }
    seen.add(a.ai)
  })
}
