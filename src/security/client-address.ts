/** The source address of a request: the peer the server saw, or an `X-Forwarded-For` entry from a trusted proxy. */

/** The peer address each server entry records for its requests (`server.requestIP(request)` on Bun). */
const peers = new WeakMap<Request, string>()

/** The key of requests whose peer is unknown (in-process calls): they share one budget. */
export const UNKNOWN_ADDRESS = 'unknown'

/** Longest address text looked at: an IPv6 address with a zone fits easily. */
const MAX_ADDRESS = 64

/** Records the peer of `request`; called by the server entry before the app sees the request. */
export function rememberPeer(request: Request, address: string | null | undefined): void {
  if (address) peers.set(request, address)
}

/**
 * The address a rate limit keys on. With `trustedProxyHops` = 0 only the TCP peer counts and
 * `X-Forwarded-For` is ignored (any client can write it). With N trusted proxies in front, the
 * entry the outermost one appended (N-th from the right) is the client; a list shorter than that
 * means the request bypassed a proxy, so the peer is used.
 */
export function sourceAddress(request: Request, trustedProxyHops = 0): string {
  const peer = peers.get(request)
  if (trustedProxyHops > 0) {
    const forwarded = (request.headers.get('x-forwarded-for') ?? '').split(',')
    const entry =
      forwarded.length >= trustedProxyHops ? forwarded[forwarded.length - trustedProxyHops] : undefined
    const address = entry === undefined ? null : normaliseAddress(entry)
    if (address !== null) return address
  }
  return (peer === undefined ? null : normaliseAddress(peer)) ?? UNKNOWN_ADDRESS
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/
const IPV6 = /^[0-9a-f:.]+$/

/**
 * A canonical key for an address, or null when it is none: IPv4 as dotted quad (also when mapped
 * into IPv6), IPv6 cut to its /64 (one host usually owns a whole /64, so per-address limits would be
 * trivial to dodge otherwise).
 */
export function normaliseAddress(raw: string): string | null {
  let text = raw.trim().toLowerCase()
  if (text === '' || text.length > MAX_ADDRESS) return null
  // Some proxies write the client's port too: `192.0.2.1:5678`, `[2001:db8::1]:443`.
  const bracketed = /^\[([^\]]*)\](?::\d{1,5})?$/.exec(text)
  if (bracketed !== null) text = bracketed[1] ?? ''
  else if (/^[\d.]+:\d{1,5}$/.test(text)) text = text.slice(0, text.indexOf(':'))
  const zone = text.indexOf('%')
  if (zone !== -1) text = text.slice(0, zone)
  if (text.startsWith('::ffff:') && IPV4.test(text.slice(7))) text = text.slice(7)
  const v4 = IPV4.exec(text)
  if (v4 !== null) {
    const parts = v4.slice(1).map(Number)
    return parts.every((p) => p <= 255) ? parts.join('.') : null
  }
  return IPV6.test(text) && text.includes(':') ? ipv6Prefix(text) : null
}

/** The first four groups of an IPv6 address, expanded, as `a:b:c:d::/64`; null when malformed. */
function ipv6Prefix(text: string): string | null {
  const halves = text.split('::')
  if (halves.length > 2) return null
  const groups = (half: string | undefined) => (half === undefined || half === '' ? [] : half.split(':'))
  const head = groups(halves[0])
  const tail = groups(halves[1])
  // An embedded IPv4 tail counts as two groups.
  const width = (list: string[]) => list.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0)
  const missing = 8 - width(head) - width(tail)
  if ((halves.length === 1 && missing !== 0) || missing < 0) return null
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail]
  const prefix = all.slice(0, 4)
  if (prefix.length < 4 || !prefix.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null
  return `${prefix.map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`
}
