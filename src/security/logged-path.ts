/**
 * The path of a request as log lines carry it, without the values of qualifiers (lots, serials): the privacy aim of
 * DESIGN §9 for every port's request and error log lines.
 */
import { decodeSegment } from '../epc/index.ts'

/** What stands in a logged path for a value that is not logged (a lot, a serial, …). */
export const REDACTED = '*'

const GTIN_PATH = '/01/'
/** A GTIN as a path holds it (GTIN-8 to GTIN-14), and an AI's number (GS1 DL URI syntax 1.4 §4: 2 to 4 digits). */
const DIGITS = /^\d{1,14}$/
const AI = /^\d{2,4}$/

/**
 * The path of a request as log lines carry it. A GS1 Digital Link keeps its GTIN and the AI numbers of its
 * qualifiers, and each qualifier's value becomes `*`: `/01/09506000134352/10/ABC/21/12345` is logged with `*` in
 * place of `ABC` and `12345`, since a lot and above all a serial tell which pack someone scanned, and where. An
 * EPC-compressed segment (`eh…`, `ex…`), which holds GTIN and serial in one value, is logged as its prefix and `*`
 * followed by that redacted uncompressed path, or as the prefix and `*` alone when it does not decode. Other paths
 * pass unchanged; the query is never logged. Every request and error log line (API, resolver, dashboard) uses it.
 *
 * @example
 * loggedPath('/01/09506000134352/10/LOT1') // '/01/09506000134352/10/' + '*'
 * loggedPath('/eh3066C4409047E140075BCD15') // '/eh' + '*' + '/01/09506000134352/21/' + '*'
 */
export function loggedPath(path: string): string {
  const key = path.startsWith(GTIN_PATH) ? 0 : path.indexOf(GTIN_PATH)
  if (key !== -1) return path.slice(0, key) + redactedLink(path.slice(key + GTIN_PATH.length))
  // The resolver reads a compressed link from a path of one segment, a trailing slash tolerated.
  if (path.charCodeAt(1) === 101 && (path.charCodeAt(2) === 104 || path.charCodeAt(2) === 120)) {
    const segment = path.endsWith('/') ? path.slice(1, -1) : path.slice(1)
    if (!segment.includes('/')) return redactedCompressed(segment)
  }
  return path
}

/** `/01/` and what follows it (`{gtin}/{ai}/{value}…`) with every value but a GTIN's replaced. */
function redactedLink(rest: string): string {
  // The common scan, a bare GTIN: no copy.
  if (!rest.includes('/') && DIGITS.test(rest)) return GTIN_PATH + rest
  const parts = rest.split('/')
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string
    if (part === '') continue
    // parts[0] is the GTIN, then AI numbers and values alternate; a part of another shape is a value too.
    const kept = i === 0 ? DIGITS.test(part) : i % 2 === 1 && AI.test(part)
    if (!kept) parts[i] = REDACTED
  }
  return GTIN_PATH + parts.join('/')
}

/**
 * A decoded GTIN is kept as in an uncompressed path; the value of any other EPC key (an SSCC, GIAI, GRAI with
 * its serial, …) names one object, so it is redacted like a serial.
 */
function redactedCompressed(segment: string): string {
  const prefix = `/${segment.slice(0, 2)}${REDACTED}`
  const decoded = decodeSegment(segment)
  if (!decoded.ok) return prefix
  const { key } = decoded.link
  let path = `${prefix}/${key.ai}/${key.ai === '01' ? key.value : REDACTED}`
  for (const q of decoded.link.qualifiers) path += `/${q.ai}/${REDACTED}`
  return path
}
