/** Requires (`req`) and excludes (`ex`) relations between AIs, evaluated over all AIs of one item (SYNTAX-NOTES §1.6). */
import { type AiInfo, type AiPattern, matchesPattern } from './ai-notation.ts'

// True when some present AI other than `self` matches the pattern. An AI never satisfies or
// violates its own relations, even when it matches a pattern such as 310n (GS1 syntax engine rule).
function presentOther(
  present: readonly string[],
  presentSet: ReadonlySet<string>,
  p: AiPattern,
  self: string,
): boolean {
  if (p.prefix.length === p.length) return p.text !== self && presentSet.has(p.text)
  for (const ai of present) {
    if (ai !== self && matchesPattern(ai, p)) return true
  }
  return false
}

/** The AIs present that `info` may not appear with. */
export function excludedPartners(
  info: AiInfo,
  present: readonly string[],
  presentSet: ReadonlySet<string>,
): string[] {
  const out: string[] = []
  for (const p of info.excludes) {
    if (p.prefix.length === p.length) {
      if (p.text !== info.ai && presentSet.has(p.text)) out.push(p.text)
      continue
    }
    for (const ai of present) if (ai !== info.ai && matchesPattern(ai, p) && !out.includes(ai)) out.push(ai)
  }
  return out
}

/**
 * The unsatisfied requirement instances of `info`. Each instance is a list of alternatives (OR),
 * each alternative a group of AIs that must all be present (AND); every instance must hold.
 */
export function unmetRequirements(
  info: AiInfo,
  present: readonly string[],
  presentSet: ReadonlySet<string>,
): (readonly (readonly AiPattern[])[])[] {
  const out: (readonly (readonly AiPattern[])[])[] = []
  for (const inst of info.requires) {
    const ok = inst.some((group) => group.every((p) => presentOther(present, presentSet, p, info.ai)))
    if (!ok) out.push(inst)
  }
  return out
}

/** Readable form of a requirement instance: `(01) or (02)`, `(01) with (21)`. */
export function requirementText(inst: readonly (readonly AiPattern[])[]): string {
  const alts = inst.map((group) => group.map((p) => `(${p.text})`).join(' with '))
  return alts.length === 1
    ? `AI ${alts[0]}`
    : `one of AI ${alts.slice(0, -1).join(', ')} or ${alts[alts.length - 1]}`
}
