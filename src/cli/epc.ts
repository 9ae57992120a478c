/** `epc decode <segment|hex>` and `epc encode <digital link>`: EPC binary debugging for people who read tags. */
import { type DecodedLink, decodeHex, decodeSegment, encodeLink, toDigitalLinkPath } from '../epc/index.ts'
import { parseDigitalLink } from '../gs1/index.ts'

/** Exit codes shared with the other commands: 0 done, 1 refused (does not decode/encode), 2 usage. */
const EXIT = { ok: 0, refused: 1, usage: 2 } as const
export const USAGE = [
  'epc decode <eh…|ex…|HEX|URL> [--json]',
  'epc encode <digital link> [--base64] [--gcp-length=N] [--json]',
]
const USAGE_LINE = `usage: ${USAGE.join(' | ')}`
/** Short names of the keys an EPC carries, for the readable output. */
const KEY_NAMES: Readonly<Record<string, string>> = {
  '00': 'SSCC',
  '01': 'GTIN',
  '253': 'GDTI',
  '255': 'GCN',
  '414': 'GLN',
  '8003': 'GRAI',
  '8004': 'GIAI',
  '8006': 'ITIP',
  '8010': 'CPID',
  '8017': 'GSRNP',
  '8018': 'GSRN',
}
const GCP_LENGTH = /^--gcp-length=(\d{1,2})$/
/** Stem used when a path such as `/01/…/21/…` is given without scheme and host. */
const LOCAL_STEM = 'https://localhost'

export interface EpcIo {
  out: (line: string) => void
  err: (line: string) => void
}

/** The EPC part of what a person pastes: a segment, a bare hex EPC, or a whole compressed link URL. */
function epcText(input: string): string {
  const path = (input.trim().split(/[?#]/)[0] as string).replace(/\/+$/, '')
  return path.slice(path.lastIndexOf('/') + 1)
}

function describe(link: DecodedLink): string[] {
  const name = KEY_NAMES[link.key.ai] ?? 'key'
  const lines = [
    `scheme        ${link.scheme}`,
    `${name}${`(${link.key.ai})`.padStart(13 - name.length)} ${link.key.value}`,
  ]
  for (const p of [...link.qualifiers, ...link.attributes])
    lines.push(`AI ${`(${p.ai})`.padStart(10)} ${p.value}`)
  lines.push(`Digital Link  ${toDigitalLinkPath(link)}`)
  return lines
}

/** A GTIN link as it always was (`gtin`); other keys as `key`. */
function jsonLink(link: DecodedLink): object {
  const { scheme, key, qualifiers, attributes } = link
  return key.ai === '01' ? { scheme, gtin: key.value, qualifiers, attributes } : link
}

function decode(input: string, json: boolean, io: EpcIo): number {
  const text = epcText(input)
  const r = text.startsWith('eh') || text.startsWith('ex') ? decodeSegment(text) : decodeHex(text)
  if (!r.ok) {
    io.err(`epc decode: not decoded (${r.reason}): ${r.message}`)
    return EXIT.refused
  }
  if (json) io.out(JSON.stringify({ ...jsonLink(r.link), digitalLink: toDigitalLinkPath(r.link) }))
  else for (const line of describe(r.link)) io.out(line)
  return EXIT.ok
}

interface EncodeFlags {
  base64: boolean
  json: boolean
  /** Digits of the GS1 Company Prefix: makes the fixed-length schemes (SGTIN-96, SSCC-96, …) candidates. */
  gcpLength: number | undefined
}

function encode(input: string, { base64, json, gcpLength }: EncodeFlags, io: EpcIo): number {
  const uri = input.startsWith('/') ? LOCAL_STEM + input : input
  const parsed = parseDigitalLink(uri)
  if (!parsed.ok) {
    io.err(`epc encode: not a valid Digital Link: ${parsed.errors[0]?.message ?? 'unknown error'}`)
    return EXIT.refused
  }
  const dl = parsed.value
  const link = { key: dl.primaryKey, qualifiers: dl.qualifiers, attributes: dl.attributes }
  const r = encodeLink(link, base64 ? 'base64' : 'hex', gcpLength === undefined ? {} : { gcpLength })
  if (!r.ok) {
    io.err(`epc encode: not encoded (${r.reason}): ${r.message}`)
    return EXIT.refused
  }
  io.out(json ? JSON.stringify({ segment: r.segment, digitalLink: toDigitalLinkPath(link) }) : r.segment)
  return EXIT.ok
}

/**
 * Runs `epc …`; `args` are the words after `epc`. Returns the exit code; never throws on bad input.
 * @example await runEpcCommand(['decode', 'eh30164596f40c0e5cbe991a83'], { out: console.log, err: console.error })
 */
export async function runEpcCommand(args: string[], io: EpcIo): Promise<number> {
  const flags = args.filter((a) => a.startsWith('--'))
  const words = args.filter((a) => !a.startsWith('--'))
  const unknown = flags.find((f) => f !== '--json' && f !== '--base64' && !GCP_LENGTH.test(f))
  const [sub, value] = words
  if (unknown !== undefined || words.length !== 2 || value === undefined) {
    io.err(unknown === undefined ? USAGE_LINE : `unknown option ${unknown}; ${USAGE_LINE}`)
    return EXIT.usage
  }
  const json = flags.includes('--json')
  const gcp = flags.map((f) => GCP_LENGTH.exec(f)?.[1]).find((n) => n !== undefined)
  const gcpLength = gcp === undefined ? undefined : Number(gcp)
  if (sub === 'decode' && !flags.includes('--base64') && gcp === undefined) return decode(value, json, io)
  if (sub === 'encode') return encode(value, { base64: flags.includes('--base64'), json, gcpLength }, io)
  io.err(USAGE_LINE)
  return EXIT.usage
}
