/** Checks before any scheme is tried: a GS1-valid Digital Link whose key an EPC scheme carries. */
import { parseGtin } from '../gs1/gtin.ts'
import { aiInfo, checkElementData } from '../gs1/index.ts'
import { inOneSequence, keyOf, qualifierOrder } from './key-link.ts'
import { SCHEMES } from './schemes.ts'
import type { AiPair, EncodeRejection, LinkInput } from './types.ts'

export type CheckedLink =
  | { ok: true; key: AiPair; pairs: AiPair[] }
  | { ok: false; reason: EncodeRejection; message: string }

/** Keys an EPC scheme carries (TDS 2.3 §7.3–7.15). */
const EPC_KEYS: ReadonlySet<string> = new Set(Object.values(SCHEMES).map((s) => s.key))

/** Qualifier an EPC of the key cannot do without: the serial (TDS 2.3 §7.3, §7.11, §7.15). */
const REQUIRED_QUALIFIER: Readonly<Record<string, readonly [string, string]>> = {
  '01': ['21', 'an EPC needs a serial number, AI (21)'],
  '8006': ['21', 'an EPC of an ITIP needs a serial number, AI (21)'],
  '8010': ['8011', 'an EPC of a CPID needs its serial number, AI (8011)'],
}

/** Keys whose own value carries the serial after a fixed-length part (TDS 2.3 §7.6, §7.10, §7.12). */
const SERIAL_AFTER: Readonly<Record<string, readonly [number, string]>> = {
  '8003': [14, 'an EPC of a GRAI needs its serial component'],
  '253': [13, 'an EPC of a GDTI needs its serial component'],
  '255': [13, 'an EPC of a GCN needs its serial component'],
}

function refuse(reason: EncodeRejection, message: string): CheckedLink {
  return { ok: false, reason, message }
}

/** "22, 10, 21 or 235". */
function listOf(ais: ReadonlyArray<string>): string {
  return ais.length < 2 ? ais.join('') : `${ais.slice(0, -1).join(', ')} or ${ais.at(-1)}`
}

/**
 * The key (a GTIN normalised to 14 digits) and the other AIs in link order, or why the link cannot be an EPC.
 */
export function checkLink(link: LinkInput): CheckedLink {
  let key = keyOf(link)
  if (key.ai === '01') {
    const gtin = parseGtin(key.value)
    if (!gtin.ok) return refuse('invalid-link', `the GTIN is not valid (${gtin.reason})`)
    key = { ai: '01', value: gtin.gtin }
  } else if (!EPC_KEYS.has(key.ai)) {
    return refuse('unsupported-key', `no EPC scheme carries AI (${key.ai}) as its key (TDS 2.3 Table 14-1)`)
  }
  const required = REQUIRED_QUALIFIER[key.ai]
  if (required !== undefined && !link.qualifiers.some((q) => q.ai === required[0]))
    return refuse('missing-serial', required[1])
  const order = qualifierOrder(key.ai)
  if (link.qualifiers.some((q) => !order.includes(q.ai))) {
    return refuse(
      'invalid-link',
      order.length === 0
        ? `AI (${key.ai}) takes no key qualifier`
        : `a key qualifier other than ${listOf(order)}`,
    )
  }
  if (link.attributes.some((a) => a.ai === key.ai || order.includes(a.ai))) {
    return refuse('invalid-link', 'a key or key qualifier among the attributes')
  }
  // Only AIs a Digital Link query may carry: the decoder refuses the others alike.
  const foreign = link.attributes.find((a) => aiInfo(a.ai)?.dlAttribute !== true)
  if (foreign !== undefined) {
    return refuse('invalid-link', `AI (${foreign.ai}) is not a valid Digital Link data attribute`)
  }
  const pairs = [key, ...link.qualifiers, ...link.attributes]
  const issue = checkElementData(pairs)[0]
  if (issue !== undefined) return refuse('invalid-link', issue.message)
  // An identical repeat would decode once (merged), so the link would not round-trip.
  const repeated = pairs.find((p, i) => pairs.findIndex((q) => q.ai === p.ai) !== i)
  if (repeated !== undefined) return refuse('invalid-link', `AI (${repeated.ai}) appears more than once`)
  if (!inOneSequence(key.ai, link.qualifiers))
    return refuse('invalid-link', `AI (${key.ai}) takes one of its qualifier sequences, not several`)
  const serial = SERIAL_AFTER[key.ai]
  if (serial !== undefined && key.value.length <= serial[0]) return refuse('missing-serial', serial[1])
  // TDS 2.3 §7.5: an SGLN extension of "0" stands for a GLN without extension, so (254) 0 would not come
  // back.
  if (link.qualifiers.some((q) => q.ai === '254' && q.value === '0'))
    return refuse('unencodable-ai', 'a GLN extension of 0 means "no extension" in an EPC (TDS 2.3 §7.5)')
  return { ok: true, key, pairs: pairs.slice(1) }
}
