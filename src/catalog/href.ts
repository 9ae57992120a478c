/**
 * External page links (DESIGN §11): what a stored `href` may be, and its RFC 6570 expansion (levels 1-2, by the kept
 * `url-template` library) over the variables of a scan. Pure: the resolver expands, the import validates.
 */
import { parseTemplate } from 'url-template'
import { MAX_HREF_CHARS } from './schema.ts'

/** The variables a template may use: the scan's key and qualifiers, and the page chosen. */
export const HREF_VARIABLES = [
  'gtin',
  'lot',
  'serial',
  'expiry',
  'language',
  'linkType',
  'key',
  'value',
  'keyQualifiers',
] as const

export type HrefVariable = (typeof HREF_VARIABLES)[number]

/** What a scan gives a template; a variable without a value expands to nothing (RFC 6570 §3.2.1). */
export type HrefValues = Partial<Record<HrefVariable, string>>

const KNOWN = new Set<string>(HREF_VARIABLES)
/** Level 1 `{var}`, level 2 `{+var}` and `{#var}`; a list of variables in one expression is level 3. */
const EXPRESSION = /^([+#]?)([A-Za-z0-9_]+)$/

/** The variables a template uses, in order of first use; `null` when its braces or expressions are not valid. */
export function templateVariables(href: string): HrefVariable[] | null {
  const used: HrefVariable[] = []
  let at = 0
  while (at < href.length) {
    const open = href.indexOf('{', at)
    const close = href.indexOf('}', at)
    if (open === -1) return close === -1 ? used : null
    if (close < open) return null
    const end = href.indexOf('}', open)
    if (end === -1) return null
    const inner = href.slice(open + 1, end)
    if (inner.includes('{')) return null
    const match = EXPRESSION.exec(inner)
    if (match === null || !KNOWN.has(match[2] as string)) return null
    const name = match[2] as HrefVariable
    if (!used.includes(name)) used.push(name)
    at = end + 1
  }
  return used
}

/** Why an `href` cannot be stored, or null: the message of `Catalog.Invalid.href`. */
export function hrefProblem(href: string): string | null {
  if ([...href].length > MAX_HREF_CHARS) return `a link has at most ${MAX_HREF_CHARS} characters`
  if (/[\s<>"\\^`|\p{Cc}]/u.test(href)) return 'a link has no spaces, control characters or <>"\\^`|'
  const variables = templateVariables(href)
  if (variables === null) return templateProblem(href)
  // The scheme and host are fixed text: nothing of a scan may choose where the redirect leads.
  const firstExpression = href.indexOf('{')
  const literal = firstExpression === -1 ? href : href.slice(0, firstExpression)
  const authority = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)([/?#]|$)/.exec(literal)
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(href)?.[1]?.toLowerCase()
  if (scheme === undefined || (scheme !== 'http' && scheme !== 'https'))
    return `a link is an absolute http or https URL${scheme === undefined ? '' : `, not ${scheme}:`}`
  if (authority === null || (firstExpression !== -1 && authority[3] === ''))
    return 'a template may use variables only after the host, once a "/", "?" or "#" ends it'
  const host = authority[2] as string
  if (host.includes('@')) return 'a link carries no user name or password'
  let url: URL
  try {
    url = new URL(href.replace(/\{[^}]*\}/g, 'x'))
  } catch {
    return 'a link is an absolute http or https URL'
  }
  if (isIpLiteral(url.hostname)) return 'a link names a host by its domain name, not an IP address'
  if (host === '' || !url.hostname.includes('.') || url.hostname.startsWith('.'))
    return 'a link names a host with a domain name'
  // What the URL parser takes for the host must be the written host, whatever the template expands to.
  if (hostOf(`${scheme}://${host}/`) !== url.host) return 'a link names a host with a domain name'
  return null
}

function templateProblem(href: string): string {
  const names = [...href.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1] as string)
  const unknown = names.find((n) => EXPRESSION.test(n) && !KNOWN.has(n.replace(/^[+#]/, '')))
  if (unknown !== undefined)
    return `the template variable '${unknown.replace(/^[+#]/, '')}' is unknown; it may use ${HREF_VARIABLES.join(', ')}`
  const other = names.find((n) => !EXPRESSION.test(n))
  if (other !== undefined)
    return `the template expression {${other}} is not one of {name}, {+name}, {#name} (RFC 6570 levels 1-2)`
  return 'the template has unbalanced braces'
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host
  } catch {
    return null
  }
}

function isIpLiteral(hostname: string): boolean {
  // WHATWG URL parsing has already turned every IPv4 spelling (octal, hex, short) into dotted decimal.
  return hostname.startsWith('[') || /^[0-9]+(\.[0-9]+){3}$/.test(hostname)
}

/** The URL of a stored, valid `href` for one scan. */
export function expandHref(href: string, values: HrefValues): string {
  if (!href.includes('{')) return href
  return parseTemplate(href).expand(values)
}
