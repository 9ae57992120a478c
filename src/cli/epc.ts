/** `epc decode <segment|hex>` and `epc encode <digital link>`: EPC binary debugging for people who read tags. */
import { type DecodedLink, decodeHex, decodeSegment, encodeLink, toDigitalLinkPath } from '../epc/index.ts'
import { parseDigitalLink } from '../gs1/index.ts'

/** Exit codes shared with the other commands: 0 done, 1 refused (does not decode/encode), 2 usage. */
const EXIT = { ok: 0, refused: 1, usage: 2 } as const
const USAGE = 'usage: epc decode <eh…|ex…|HEX|URL> [--json] | epc encode <digital link> [--base64] [--json]'
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
  const lines = [`scheme        ${link.scheme}`, `GTIN     (01) ${link.gtin}`]
  for (const p of [...link.qualifiers, ...link.attributes])
    lines.push(`AI ${`(${p.ai})`.padStart(10)} ${p.value}`)
  lines.push(`Digital Link  ${toDigitalLinkPath(link)}`)
  return lines
}

function decode(input: string, json: boolean, io: EpcIo): number {
  const text = epcText(input)
  const r = text.startsWith('eh') || text.startsWith('ex') ? decodeSegment(text) : decodeHex(text)
  if (!r.ok) {
    io.err(`epc decode: not decoded (${r.reason}): ${r.message}`)
    return EXIT.refused
  }
  if (json) io.out(JSON.stringify({ ...r.link, digitalLink: toDigitalLinkPath(r.link) }))
  else for (const line of describe(r.link)) io.out(line)
  return EXIT.ok
}

function encode(input: string, base64: boolean, json: boolean, io: EpcIo): number {
  const uri = input.startsWith('/') ? LOCAL_STEM + input : input
  const parsed = parseDigitalLink(uri)
  if (!parsed.ok) {
    io.err(`epc encode: not a valid Digital Link: ${parsed.errors[0]?.message ?? 'unknown error'}`)
    return EXIT.refused
  }
  const dl = parsed.value
  if (dl.primaryKey.ai !== '01') {
    io.err(`epc encode: an SGTIN needs a GTIN, AI (01), not AI (${dl.primaryKey.ai})`)
    return EXIT.refused
  }
  const link = { gtin: dl.primaryKey.value, qualifiers: dl.qualifiers, attributes: dl.attributes }
  const r = encodeLink(link, base64 ? 'base64' : 'hex')
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
  const unknown = flags.find((f) => f !== '--json' && f !== '--base64')
  const [sub, value] = words
  if (unknown !== undefined || words.length !== 2 || value === undefined) {
    io.err(unknown === undefined ? USAGE : `unknown option ${unknown}; ${USAGE}`)
    return EXIT.usage
  }
  const json = flags.includes('--json')
  if (sub === 'decode' && !flags.includes('--base64')) return decode(value, json, io)
  if (sub === 'encode') return encode(value, flags.includes('--base64'), json, io)
  io.err(USAGE)
  return EXIT.usage
}
