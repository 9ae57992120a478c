/** Validation of a Digital Link stem: an http(s) origin with optional path (GS1 DL URI syntax 1.4 §4.1, RFC 3986 §3). */
import { isDlPrimaryKey } from './ai-table.ts'
import { charTable } from './charset.ts'

export type StemResult = { ok: true; stem: string } | { ok: false; message: string }

const MAX_STEM = 1024

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
// RFC 3986 pchar without pct-encoded (handled separately): unreserved, sub-delims, ':' and '@'.
const PCHAR = charTable(`${ALNUM}-._~!$&'()*+,;=:@`)
const HOST = charTable(`${ALNUM}-.`)
const HEXDIG = charTable('0123456789ABCDEFabcdef')

function isHexAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i)
  return c < 128 && HEXDIG[c] === 1
}

function checkSegment(seg: string): boolean {
  for (let i = 0; i < seg.length; i++) {
    const c = seg.charCodeAt(i)
    if (c === 37 && isHexAt(seg, i + 1) && isHexAt(seg, i + 2)) {
      i += 2
      continue
    }
    if (c >= 128 || PCHAR[c] !== 1) return false
  }
  return true
}

/** The problem of an http(s) URI's authority (host and optional port, no userinfo), or null. */
export function authorityProblem(authority: string): string | null {
  if (authority.includes('@')) return 'must not contain user information (user@)'
  let host = authority
  const colon = authority.lastIndexOf(':')
  if (colon !== -1 && !authority.endsWith(']')) {
    const port = authority.slice(colon + 1)
    if (!/^\d{1,5}$/.test(port) || Number(port) > 65535) return 'has an invalid port'
    host = authority.slice(0, colon)
  }
  if (host === '') return 'has no host'
  if (host.startsWith('[')) return /^\[[0-9A-Fa-f:.]+\]$/.test(host) ? null : 'has an invalid IPv6 host'
  for (const label of host.split('.')) {
    if (label === '' || label.startsWith('-') || label.endsWith('-')) return 'has an invalid host name'
    for (let i = 0; i < label.length; i++) {
      const c = label.charCodeAt(i)
      if (c >= 128 || HOST[c] !== 1) return 'has an invalid host name'
    }
  }
  return null
}

/**
 * Checks a stem (SPEC rule 11): `http` or `https` scheme, a host, no userinfo, query or fragment, no empty path
 * segment, and no Digital Link path of its own (a primary key's AI and a value: the key is appended to the stem).
 * Normalised as RFC 3986 §6.2.2-6.2.3 allows: one trailing slash dropped, scheme and host in lower case, the
 * scheme's default port left out (a shorter symbol for the same link).
 */
export function validateStem(input: string): StemResult {
  const cached = CACHE.get(input)
  if (cached) return cached
  const r = checkStem(input)
  // Batches repeat a handful of stems; a small bounded cache keeps the check off the hot path.
  if (CACHE.size >= CACHE_SIZE) CACHE.clear()
  CACHE.set(input, r)
  return r
}

const CACHE_SIZE = 256
const CACHE = new Map<string, StemResult>()

function checkStem(input: string): StemResult {
  if (input.length > MAX_STEM) return { ok: false, message: `must be at most ${MAX_STEM} characters` }
  const lower = input.slice(0, 8).toLowerCase()
  const scheme = lower.startsWith('https://') ? 'https' : lower.startsWith('http://') ? 'http' : null
  if (!scheme) return { ok: false, message: 'must start with http:// or https://' }
  if (input.includes('?')) return { ok: false, message: 'must not contain a query (?)' }
  if (input.includes('#')) return { ok: false, message: 'must not contain a fragment (#)' }
  let rest = input.slice(scheme.length + 3)
  if (rest.endsWith('/')) rest = rest.slice(0, -1)
  const slash = rest.indexOf('/')
  const authority = slash === -1 ? rest : rest.slice(0, slash)
  const hostProblem = authorityProblem(authority)
  if (hostProblem) return { ok: false, message: hostProblem }
  const path = slash === -1 ? '' : rest.slice(slash)
  const pathProblem = stemPathProblem(path)
  if (pathProblem) return { ok: false, message: pathProblem }
  return { ok: true, stem: `${scheme}://${normalAuthority(authority, scheme)}${path}` }
}

/** The problem of a stem's path (`/a/b`, or empty), or null. */
function stemPathProblem(path: string): string | null {
  const segments = path === '' ? [] : path.slice(1).split('/')
  for (const [i, seg] of segments.entries()) {
    if (seg === '') return 'must not contain an empty path segment (//)'
    if (!checkSegment(seg)) return 'has a character that is not allowed in a URI path'
    if (i + 1 < segments.length && isDlPrimaryKey(seg))
      return `must not hold a Digital Link path (/${seg}/…): the primary key is appended to the stem`
  }
  return null
}

const DEFAULT_PORTS = { http: ':80', https: ':443' } as const

/** The host in lower case, without the scheme's default port. */
function normalAuthority(authority: string, scheme: 'http' | 'https'): string {
  const lower = authority.toLowerCase()
  return lower.endsWith(DEFAULT_PORTS[scheme]) ? lower.slice(0, -DEFAULT_PORTS[scheme].length) : lower
}
