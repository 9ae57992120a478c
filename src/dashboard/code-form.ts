/**
 * The Codes page's form: a product's GTIN, or a value of another GS1 key (DESIGN §12), its qualifiers and attributes,
 * the host, the symbol, to a code definition for the same generator as `POST /code` and `POST /render`; and what the
 * page's bulk form shares with it: the link and symbol choices, the check of a key's value, the messages. Pure: no I/O.
 */
import { GTIN_KEY } from '../catalog/entry-id.ts'
import {
  aiInfo,
  type CodeResult,
  checkAiValue,
  type ErrorCorrectionLevel,
  type Issue,
  type Mode,
  normaliseGtin,
} from '../gs1/index.ts'
import type { Application, Format } from '../render/index.ts'
import { isEntryKey } from './entry-keys.ts'
import {
  addPrintQuery,
  applicationFor,
  type PrintForm,
  readPrintForm,
  withApplication,
} from './print-form.ts'

export type Symbology = 'qr' | 'dm'
export type LinkHost = 'resolver' | 'short' | 'custom' | 'none'

/** The link and symbol choices both forms of the page offer (one code, and the defaults of a CSV's rows). */
export interface LinkChoice {
  readonly host: LinkHost
  readonly symbol: Symbology
}

/** The origins of the hosts a code may link to; `custom` is null when the brand has no active custom domain. */
export interface LinkStems {
  readonly resolver: string
  readonly short: string
  readonly custom: string | null
}

export interface CodeForm extends LinkChoice {
  /** The code's GS1 key: `01` for a product's GTIN, or the key of an item or a prefix rule. */
  readonly key: string
  /** The key's value as typed: a GTIN, a GLN, an SSCC… */
  readonly value: string
  readonly cpv: string
  readonly lot: string
  readonly serial: string
  /** Expiry date as YYMMDD (AI 17; YYYY-MM-DD is taken too), or empty. */
  readonly expiry: string
  /** Further AIs, one `AI=value` per line. */
  readonly attributes: string
  readonly linkType: string
  readonly compression: '' | 'EPC_HEX' | 'EPC_BASE64'
  readonly ecc: ErrorCorrectionLevel
  /** The size of its PNG and PDF files. */
  readonly print: PrintForm
}

const FIELDS = ['key', 'value', 'cpv', 'lot', 'serial', 'expiry', 'attributes', 'linkType'] as const

export function readCodeForm(query: URLSearchParams): CodeForm {
  const text = (name: string, max = 200) => (query.get(name) ?? '').trim().slice(0, max)
  const compression = query.get('compression')
  const ecc = query.get('ecc')
  // `?gtin=` (the links of product pages before other keys) is a product's GTIN.
  const byGtin = !query.has('value') && query.has('gtin')
  const key = query.get('key') ?? GTIN_KEY
  return {
    key: !byGtin && isEntryKey(key, 'item') ? key : GTIN_KEY,
    // Never cut to a length: a cut value is another code. The generator names what is wrong with the value typed.
    value: text(byGtin ? 'gtin' : 'value'),
    cpv: text('cpv'),
    lot: text('lot'),
    serial: text('serial'),
    expiry: expiryOf(text('expiry')),
    attributes: text('attributes', 2000),
    ...readLinkChoice(query),
    linkType: text('linkType'),
    compression: compression === 'EPC_HEX' || compression === 'EPC_BASE64' ? compression : '',
    ecc: ecc === 'M' || ecc === 'Q' || ecc === 'H' ? ecc : 'L',
    print: readPrintForm(query),
  }
}

/** The link and symbol chosen: the resolver's host and a QR code unless another is asked for. */
export function readLinkChoice(query: URLSearchParams): LinkChoice {
  const host = query.get('host')
  return {
    host: host === 'short' || host === 'custom' || host === 'none' ? host : 'resolver',
    symbol: query.get('symbol') === 'dm' ? 'dm' : 'qr',
  }
}

/** The GS1 table the form's code is printed by when none is chosen (`applicationFor`). */
export function applicationByCode(form: CodeForm): Application {
  return applicationFor(form.key, modeOf(form.symbol, form.host !== 'none'))
}

/** The form's print size, with the table chosen by its code when none is. */
export function printOf(form: CodeForm): PrintForm {
  return withApplication(form.print, applicationByCode(form))
}

/** The origin a code of this host links to (null: an element string); no active custom domain: the resolver's. */
export function stemOf(host: LinkHost, stems: LinkStems): string | null {
  if (host === 'none') return null
  return host === 'custom' ? (stems.custom ?? stems.resolver) : stems[host]
}

/** The mode of the symbol, with a Digital Link or with a GS1 element string. */
export function modeOf(symbol: Symbology, digitalLink: boolean): Mode {
  if (symbol === 'qr') return digitalLink ? 'QR_GS1_DIGITAL_LINK_URI' : 'GS1_QR'
  return digitalLink ? 'DATAMATRIX_GS1_DIGITAL_LINK_URI' : 'GS1_DATAMATRIX'
}

/**
 * The key's value as the catalog stores it (a GTIN in 14 digits, another key's value as typed), or null when the key
 * refuses it: the generator then says why.
 */
export function catalogValue(key: string, value: string): string | null {
  if (key === GTIN_KEY) return normaliseGtin(value)
  const info = aiInfo(key)
  return info === undefined || checkAiValue(info, value) !== null ? null : value
}

/** Why no code is made of a key's value that no entry of the organization answers, as the page says it. */
export function unansweredMessage(key: string): string {
  return key === GTIN_KEY
    ? 'No product of this organization has that GTIN, and no prefix rule answers it. Check the digits, or find the product under Products.'
    : `No item or prefix rule of this organization answers that value of (${key}). Check it, or find them under Items and rules.`
}

/** The fields the generator's and the print check's messages start with, by the labels the page gives them. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  moduleSize: 'Module size',
  width: 'Width',
  dpi: 'PNG resolution',
  hri: 'HRI',
  application: 'Where the code is scanned',
  quietZone: 'Quiet zone',
  mode: 'Symbol',
  digitalLinkStem: 'Link',
  linkType: 'Link type',
  compression: 'Compression',
  errorCorrectionLevel: 'QR error correction',
}

/**
 * A message as the Codes page says it: without its code, the field it starts with named by its label ("Module size
 * must be…"), and a wrong check digit said first.
 */
export function plainMessage(issue: Issue): string {
  const [first = '', ...rest] = issue.message.split(' ')
  const label = Object.hasOwn(FIELD_LABELS, first) ? FIELD_LABELS[first] : undefined
  const message = label === undefined ? issue.message : [label, ...rest].join(' ')
  return issue.code.startsWith('Validation.CheckDigit.') ? `The check digit is wrong: ${message}` : message
}

/** True when the query asks for a code (its page or file draws one): a value is given. */
export function codeAsked(query: URLSearchParams): boolean {
  return readCodeForm(query).value !== ''
}

/** AI 17 is YYMMDD; a date typed as YYYY-MM-DD (what a date picker gives) is written so, anything else kept as typed. */
function expiryOf(typed: string): string {
  const date = /^\d{2}(\d{2})-(\d{2})-(\d{2})$/.exec(typed)
  return date === null ? typed : `${date[1]}${date[2]}${date[3]}`
}

/** The form's values as a query string (the download link repeats them). */
export function codeQuery(form: CodeForm): string {
  const params = new URLSearchParams()
  for (const name of FIELDS) if (form[name] !== '') params.set(name, form[name])
  params.set('host', form.host)
  params.set('symbol', form.symbol)
  if (form.compression !== '') params.set('compression', form.compression)
  params.set('ecc', form.ecc)
  addPrintQuery(params, form.print)
  return params.toString()
}

/**
 * The code definition of the form (SPEC "Code definition"). `stem` is the chosen host's origin, or null for a GS1
 * element string.
 */
export function codeDefinition(form: CodeForm, stem: string | null): Record<string, unknown> {
  const ais: { key: string; value: string }[] = []
  if (form.cpv !== '') ais.push({ key: '22', value: form.cpv })
  if (form.lot !== '') ais.push({ key: '10', value: form.lot })
  if (form.serial !== '') ais.push({ key: '21', value: form.serial })
  if (form.expiry !== '') ais.push({ key: '17', value: form.expiry })
  for (const line of form.attributes.split(/\r?\n/)) {
    const [key, ...rest] = line.split('=')
    if (key !== undefined && key.trim() !== '')
      ais.push({ key: key.trim().replace(/^\((\d+)\)$/, '$1'), value: rest.join('=').trim() })
  }
  const digitalLink = stem !== null
  return {
    mode: modeOf(form.symbol, digitalLink),
    primaryKey: { key: form.key, value: form.value },
    ais,
    ...(digitalLink ? { digitalLinkStem: stem } : {}),
    ...(digitalLink && form.linkType !== '' ? { linkType: form.linkType } : {}),
    ...(digitalLink && form.compression !== '' ? { compression: form.compression } : {}),
    ...(form.symbol === 'qr' ? { errorCorrectionLevel: form.ecc } : {}),
  }
}

/** Characters no file name may hold on some system (and controls): each becomes `_`. */
const UNSAFE_IN_FILE_NAMES = /[\p{Cc}"*/:<>?\\|]/gu

/**
 * The file name of a code's download, the same for its SVG, PNG and PDF: the key's value (a GTIN alone, another key
 * after its AI: `414-9506000000008`), its other key qualifiers by AI (`254-A1`), its lot and serial wherever the code
 * carries them, and the symbol: `09506000134352-lot-L42-serial-S7-qr.png`. Values keep what a file name may hold.
 */
export function downloadName(
  code: Pick<CodeResult, 'primaryKey' | 'ais'>,
  symbol: Symbology,
  format: Format,
): string {
  const safe = (value: string) => value.replace(UNSAFE_IN_FILE_NAMES, '_')
  const { key, value } = code.primaryKey
  const qualifiers = new Set(aiInfo(key)?.qualifierSequences?.flat() ?? [])
  const parts = [key === '01' ? safe(value) : `${key}-${safe(value)}`]
  for (const ai of code.ais) {
    const label =
      ai.key === '10' ? 'lot' : ai.key === '21' ? 'serial' : qualifiers.has(ai.key) ? ai.key : null
    if (label !== null) parts.push(`${label}-${safe(ai.value)}`)
  }
  return `${parts.join('-')}-${symbol}.${format}`
}
