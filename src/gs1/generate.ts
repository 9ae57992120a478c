/** Code generation: element string or Digital Link URI, with HRI (SPEC "Code result", DESIGN §6). */
import { checkDefinition, type DigitalLinkParts } from './definition.ts'
import type {
  Compression,
  Definition,
  DefinitionOptions,
  ErrorCorrectionLevel,
  KeyValue,
  Mode,
} from './definition-types.ts'
import { buildDigitalLink, type DigitalLink, placeQualifiers } from './digital-link.ts'
import { type AiPair, bracketedElementString, hriText } from './element-string.ts'
import type { Issue } from './issue.ts'

/** The generated code. */
export interface CodeResult {
  /** The payload for the 2D barcode: a bracketed element string, or a Digital Link URI. */
  barcodeText: string
  /** `(AI)value` for each AI, in the order of the barcode text, values unescaped. */
  hri: string
  /** The bracketed element string (primary key, then ais in request order), also for Digital Link modes. */
  elementString: string
  primaryKey: KeyValue
  /** The further AIs, normalised, in request order. */
  ais: KeyValue[]
  /** The Digital Link parts when `digitalLinkStem` is present, else null. */
  digitalLink: DigitalLink | null
  mode: Mode | null
  reference: string | null
  language: string | null
  errorCorrectionLevel: ErrorCorrectionLevel | null
  compression: Compression | null
}

export type GenerateResult = { ok: true; result: CodeResult } | { ok: false; errors: Issue[] }

function pair(kv: KeyValue): AiPair {
  return { ai: kv.key, value: kv.value }
}

// Placement for a definition validated elsewhere; a valid definition always places.
function partsOf(primaryKey: string, others: AiPair[]): DigitalLinkParts {
  const placed = placeQualifiers(primaryKey, others)
  return placed.ok ? placed : { qualifiers: [], attributes: others }
}

/** Builds the result of a validated definition (it never fails on a valid one). */
export function buildCode(def: Definition, parts: DigitalLinkParts | null = null): CodeResult {
  const pk = pair(def.primaryKey)
  const others = def.ais.map(pair)
  const elementString = bracketedElementString([pk, ...others])
  let digitalLink: DigitalLink | null = null
  let barcodeText = elementString
  let hri: string
  if (def.digitalLinkStem !== null) {
    const { qualifiers, attributes } = parts ?? partsOf(pk.ai, others)
    digitalLink = {
      stem: def.digitalLinkStem,
      primaryKey: pk,
      qualifiers,
      attributes,
      linkType: def.linkType,
      context: def.context,
      extensionParameters: def.extensionParameters,
    }
    barcodeText = buildDigitalLink(digitalLink)
    hri = hriText([pk, ...qualifiers, ...attributes])
  } else {
    hri = hriText([pk, ...others])
  }
  return {
    barcodeText,
    hri,
    elementString,
    primaryKey: def.primaryKey,
    ais: def.ais,
    digitalLink,
    mode: def.mode,
    reference: def.reference,
    language: def.language,
    errorCorrectionLevel: def.errorCorrectionLevel,
    compression: def.compression,
  }
}

/**
 * Validates an untrusted definition and generates its code. Never throws for any JSON value;
 * invalid input gives every problem as `{code, path, message}`.
 */
export function generateCode(input: unknown, options: DefinitionOptions = {}): GenerateResult {
  const v = checkDefinition(input, options)
  return v.ok ? { ok: true, result: buildCode(v.definition, v.parts) } : v
}
