/** Code generation for the API and the CLI: GS1 core validation, EPC compression, batch envelope (DESIGN §6). */
import { companyPart } from '../../catalog/company-prefix.ts'
import {
  type AiPair,
  type EncodeResult,
  encodeLink,
  type LinkInput,
  type SegmentForm,
} from '../../epc/index.ts'
import {
  type CodeResult,
  type DefinitionOptions,
  digitalLinkQuery,
  type GenerateResult,
  generateCode,
  type Issue,
  isObject,
  type KeyValue,
  type Mode,
} from '../../gs1/index.ts'

/** DESIGN §6: at most 1000 definitions per batch (`POST /codes`); more is refused for the whole request. */
export const MAX_BATCH = 1000

export interface BatchCode {
  index: number
  reference: string | null
  mode: Mode
  primaryKey: KeyValue
  barcodeText: string
  hri: string
}

export interface BatchFailure {
  index: number
  reference: string | null
  errors: Issue[]
}

export interface BatchResult {
  codes: BatchCode[]
  failures: BatchFailure[]
}

export type BatchOutcome = { ok: true; result: BatchResult } | { ok: false; errors: Issue[] }

/**
 * Batch items and render definitions carry `mode` (SPEC "Code definition"). The batch validates
 * `errorCorrectionLevel` exactly as render does: SPEC "Render 2D barcode" sends callers to the batch
 * operation for the validation details of a render request, so the batch must not refuse what render takes.
 */
export const BATCH_OPTIONS: DefinitionOptions = { requireMode: true, render: true }
export const RENDER_OPTIONS: DefinitionOptions = BATCH_OPTIONS

/** What generation may know beyond the definition: the GS1 Company Prefixes of the organization asking. */
export interface GenerateOptions extends DefinitionOptions {
  /**
   * The prefixes the organization recorded (DESIGN §12): compression also tries the fixed-length EPC schemes
   * (SGTIN-96, SGLN-96, …) for a key whose company part starts with one of them. Plain data: it crosses to the
   * code work's threads, which never read the database.
   */
  readonly companyPrefixes?: readonly string[]
}

/** Validates and generates one code, compressing its link when asked (never throws for any JSON value). */
export function generate(input: unknown, options: GenerateOptions = {}): GenerateResult {
  const generated = generateCode(input, options)
  if (!generated.ok || generated.result.compression === null) return generated
  const compressed = compressedText(generated.result, options.companyPrefixes ?? [])
  if (typeof compressed !== 'string') return { ok: false, errors: [compressed] }
  return { ok: true, result: { ...generated.result, barcodeText: compressed } }
}

/** Whether a definition asks for compression, the only part of generation that reads the company prefixes. */
export function asksForCompression(input: unknown): boolean {
  return isObject(input) && input.compression !== undefined && input.compression !== null
}

/**
 * DESIGN §6, §12 compression: `{stem}/eh…` or `{stem}/ex…`, with every AI inside the EPC and linkType, context
 * and extension parameters left in the query. The codec writes the smallest scheme of the key that carries the
 * link and its segment decodes back to the same key, qualifiers and attributes: the '+' schemes (SGTIN+ or
 * DSGTIN+, SSCC+, SGLN+, …), and the fixed-length ones when one of `prefixes` starts the key's company part.
 */
function compressedText(result: CodeResult, prefixes: readonly string[]): string | Issue {
  const dl = result.digitalLink
  if (dl === null) return unencodable('compression needs digitalLinkStem')
  const form = result.compression === 'EPC_BASE64' ? 'base64' : 'hex'
  const link = { key: dl.primaryKey, qualifiers: dl.qualifiers, attributes: dl.attributes }
  const encoded = smallestEncoding(link, form, gcpLengths(dl.primaryKey, prefixes))
  if (!encoded.ok) return unencodable(encoded.message)
  const query = digitalLinkQuery({ ...dl, attributes: [] })
  return `${dl.stem}/${encoded.segment}${query === '' ? '' : `?${query}`}`
}

/**
 * The lengths of the prefixes that start the key's company part, longest first. TDS 2.3 §7's partition tables
 * hold a GS1 Company Prefix of 6 to 12 digits: a shorter one recorded (4 or 5) gives no fixed-length scheme.
 * @example gcpLengths({ ai: '01', value: '09506000134352' }, ['9506000']) // [7]
 */
export function gcpLengths(key: AiPair, prefixes: readonly string[]): number[] {
  if (prefixes.length === 0) return []
  const part = companyPart(key.ai, key.value)
  const lengths = new Set<number>()
  for (const p of prefixes) if (p.length >= 6 && p.length <= 12 && part.startsWith(p)) lengths.add(p.length)
  return [...lengths].sort((a, b) => b - a)
}

/**
 * The shortest segment over the company prefix lengths (an organization may record a prefix and a longer one
 * inside it), the longest prefix on a tie; with none, or when no length gives a segment, the '+' schemes alone,
 * exactly as without prefixes, so that a prefix never refuses a link that compresses without it.
 */
function smallestEncoding(link: LinkInput, form: SegmentForm, lengths: readonly number[]): EncodeResult {
  let best: Extract<EncodeResult, { ok: true }> | null = null
  for (const gcpLength of lengths) {
    const encoded = encodeLink(link, form, { gcpLength })
    if (encoded.ok && (best === null || encoded.segment.length < best.segment.length)) best = encoded
  }
  return best ?? encodeLink(link, form)
}

function unencodable(reason: string): Issue {
  return {
    code: 'Validation.Unencodable.compression',
    path: 'compression',
    message: `the link cannot be written in the EPC binary encoding: ${reason}`,
  }
}

/** The single-code answer (SPEC "POST /code"): only the payload and its HRI. */
export function singleAnswer(result: CodeResult): { barcodeText: string; hri: string } {
  return { barcodeText: result.barcodeText, hri: result.hri }
}

const NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/

/** The request-level checks of a batch: an object with exactly `codes`, an array of at most MAX_BATCH. */
function batchIssues(body: unknown): Issue[] {
  if (!isObject(body)) {
    return [
      { code: 'Validation.Type.body', path: null, message: 'the body must be a JSON object {codes: [...]}' },
    ]
  }
  const issues: Issue[] = []
  for (const name of Object.keys(body)) {
    if (name === 'codes') continue
    // Unsafe names never reach a code or path verbatim (they may hold anything).
    const safe = NAME.test(name)
    issues.push({
      code: `Validation.Unknown.${safe ? name : 'property'}`,
      path: safe ? name : null,
      message: `${safe ? name : 'a property'} is not a property of a batch request; only codes is`,
    })
  }
  const codes = body.codes
  if (codes === undefined || codes === null) {
    issues.push({ code: 'Validation.Required.codes', path: 'codes', message: 'codes is required' })
  } else if (!Array.isArray(codes)) {
    issues.push({ code: 'Validation.Type.codes', path: 'codes', message: 'codes must be an array' })
  } else if (codes.length > MAX_BATCH) {
    issues.push({
      code: 'Validation.TooMany.codes',
      path: 'codes',
      message: `codes may hold at most ${MAX_BATCH} definitions; got ${codes.length}`,
    })
  }
  return issues
}

/** The `reference` a failure echoes: the one sent when it is a string, else null. */
function referenceOf(item: unknown): string | null {
  return isObject(item) && typeof item.reference === 'string' ? item.reference : null
}

/** What a batch may know beyond its body: the organization's GS1 Company Prefixes ({@link GenerateOptions}). */
export type BatchContext = Pick<GenerateOptions, 'companyPrefixes'>

/**
 * DESIGN §6 batch: every item is generated on its own; results and failures carry the item's `index` and
 * `reference`, failure paths stay relative to the item. Only a malformed envelope fails the request.
 */
export function generateBatch(body: unknown, context: BatchContext = {}): BatchOutcome {
  const issues = batchIssues(body)
  if (issues.length > 0) return { ok: false, errors: issues }
  const items = (body as { codes: unknown[] }).codes
  const result: BatchResult = { codes: [], failures: [] }
  const options: GenerateOptions =
    context.companyPrefixes === undefined
      ? BATCH_OPTIONS
      : { ...BATCH_OPTIONS, companyPrefixes: context.companyPrefixes }
  items.forEach((item, index) => {
    const generated = generate(item, options)
    if (!generated.ok) {
      result.failures.push({ index, reference: referenceOf(item), errors: generated.errors })
      return
    }
    const r = generated.result
    result.codes.push({
      index,
      reference: r.reference,
      mode: r.mode as Mode,
      primaryKey: r.primaryKey,
      barcodeText: r.barcodeText,
      hri: r.hri,
    })
  })
  return { ok: true, result }
}
