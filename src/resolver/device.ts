/** A coarse device class from a `User-Agent` (DESIGN §9): only the class leaves this function, never the header. */
import type { DeviceClass } from './scan-event.ts'

// Crawlers, link previewers, monitors and HTTP libraries name themselves; checked first (some claim "Mobile").
const BOT =
  /bot\b|crawl|spider|slurp|preview|facebookexternalhit|embedly|monitor|uptime|curl\/|wget|python-|go-http|java\/|okhttp|axios|node-fetch|headless|lighthouse/i
// Phones and tablets (a scanner app's web view included).
const MOBILE = /mobile|android|iphone|ipad|ipod|windows phone|kaios|silk\//i
const DESKTOP = /windows nt|macintosh|x11|cros|linux x86_64/i

/** Longest header read: real ones are a few hundred characters, and the patterns need only the start. */
const MAX_READ = 512

/** Classes of recent headers: phones of one kind send the same header, and the patterns cost more than a lookup. */
const known = new Map<string, DeviceClass>()
const MAX_KNOWN = 512

export function deviceClass(userAgent: string | null): DeviceClass {
  if (userAgent === null || userAgent === '') return 'other'
  const ua = userAgent.length > MAX_READ ? userAgent.slice(0, MAX_READ) : userAgent
  const seen = known.get(ua)
  if (seen !== undefined) return seen
  const found = classify(ua)
  if (known.size >= MAX_KNOWN) known.clear()
  known.set(ua, found)
  return found
}

function classify(ua: string): DeviceClass {
  if (BOT.test(ua)) return 'bot'
  if (MOBILE.test(ua)) return 'mobile'
  if (DESKTOP.test(ua)) return 'desktop'
  return 'other'
}
