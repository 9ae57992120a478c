/** What every answer to hostile input must satisfy: no 5xx, no stack trace, safe header values, `Location` on allowed hosts only. */

/** Header values are visible ASCII, space or tab: no CR, LF, NUL or byte above 0x7E (RFC 9110 §5.5 field-vchar, minus obs-text). */
const SAFE_HEADER_VALUE = /^[\t\x20-\x7e]*$/

/** Signs of a stack trace or of source locations in a body (V8/JSC frames, file positions, dependency paths). */
const STACK_TRACE =
  /\n\s+at\s|\bat\s+\S+\s+\(\S+:\d+:\d+\)|\.(?:ts|js|mjs|tsx):\d+:\d+|node_modules\/|\/src\/\w+\//

/** Bodies larger than this (the bundled docs script) are not searched; they are constant files. */
const MAX_SCANNED_BODY = 256 * 1024

/**
 * True when `location` stays on the answering host — a path (not `//` or `/\`, which browsers read as another
 * host) or a relative path such as `../docs` (without backslashes) — or starts with an allowed origin.
 */
export function locationAllowed(location: string, origins: readonly string[]): boolean {
  if (location.startsWith('/')) return !location.startsWith('//') && !location.startsWith('/\\')
  if (/^\.{1,2}\/[^\\]*$/.test(location)) return true
  return origins.some(
    (origin) => location === origin || location.startsWith(`${origin}/`) || location.startsWith(`${origin}?`),
  )
}

/** The faults of one response (empty when it is fine); reads the body. */
export async function responseFaults(response: Response, origins: readonly string[]): Promise<string[]> {
  const faults: string[] = []
  if (response.status >= 500) faults.push(`status ${response.status}`)
  for (const [name, value] of response.headers) {
    if (!SAFE_HEADER_VALUE.test(value)) faults.push(`unsafe ${name} header ${JSON.stringify(value)}`)
  }
  const location = response.headers.get('location')
  if (location !== null && !locationAllowed(location, origins)) faults.push(`Location ${location}`)
  const body = await response.text()
  if (body.length <= MAX_SCANNED_BODY && STACK_TRACE.test(body)) {
    faults.push(`stack trace in body: ${body.slice(0, 300)}`)
  }
  return faults
}
