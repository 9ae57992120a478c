/** Checks of the simple code-definition fields: mode, reference, language, errorCorrectionLevel, compression. */
import {
  COMPRESSIONS,
  type Compression,
  type DefinitionOptions,
  ERROR_CORRECTION_LEVELS,
  type ErrorCorrectionLevel,
  isDigitalLinkMode,
  isQrMode,
  MODES,
  type Mode,
} from './definition-types.ts'
import { type Issue, issue, quote } from './issue.ts'

export const MAX_REFERENCE = 200
const LANGUAGE = /^[a-z]{2}(-[a-z]{2})?$/
const SAFE_NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/

/** A JSON object (not null, not an array). */
export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** The JSON type of a value, for messages. */
export function jsonType(v: unknown): string {
  if (v === null) return 'null'
  if (Array.isArray(v)) return 'an array'
  if (typeof v === 'object') return 'an object'
  return `a ${typeof v}`
}

/** Reports properties of `obj` not in `allowed`; `field` is the top-level field, `base` the path prefix. */
export function checkUnknown(
  obj: Record<string, unknown>,
  allowed: ReadonlySet<string>,
  field: string | null,
  base: string,
  issues: Issue[],
): void {
  for (const name in obj) {
    if (allowed.has(name)) continue
    const safe = SAFE_NAME.test(name)
    const shown = safe ? name : quote(name)
    const code = field ?? (safe ? name : 'property')
    issues.push(
      issue(
        `Validation.Unknown.${code}`,
        base === '' ? shown : `${base}.${shown}`,
        `${shown} is not a property of a code definition${field ? ` ${field}` : ''}`,
      ),
    )
  }
}

function enumField<T extends string>(
  v: unknown,
  values: readonly T[],
  field: string,
  issues: Issue[],
): T | null {
  if (v === undefined || v === null) return null
  if (typeof v !== 'string') {
    issues.push(issue(`Validation.Type.${field}`, field, `${field} must be a string; got ${jsonType(v)}`))
    return null
  }
  if ((values as readonly string[]).includes(v)) return v as T
  issues.push(
    issue(
      `Validation.Invalid.${field}`,
      field,
      `${field} must be one of ${values.join(', ')}; got ${quote(v)}`,
    ),
  )
  return null
}

/** `mode` (SPEC "Code definition"); required only when the operation says so. */
export function checkMode(v: unknown, opts: DefinitionOptions, issues: Issue[]): Mode | null {
  if ((v === undefined || v === null) && opts.requireMode) {
    issues.push(
      issue('Validation.Required.mode', 'mode', `mode is required; expected one of ${MODES.join(', ')}`),
    )
    return null
  }
  return enumField(v, MODES, 'mode', issues)
}

/** Digital Link modes need a stem; element-string modes must not have one (SPEC "Code definition"). */
export function checkModeAndStem(mode: Mode | null, hasStem: boolean, issues: Issue[]): void {
  if (mode === null) return
  if (isDigitalLinkMode(mode) && !hasStem) {
    issues.push(
      issue(
        'Validation.Required.digitalLinkStem',
        'digitalLinkStem',
        `mode ${mode} makes a Digital Link URI and requires digitalLinkStem`,
      ),
    )
  } else if (!isDigitalLinkMode(mode) && hasStem) {
    issues.push(
      issue(
        'Validation.NotAllowed.digitalLinkStem',
        'digitalLinkStem',
        `mode ${mode} makes a GS1 element string; digitalLinkStem is not allowed with it`,
      ),
    )
  }
}

export function checkReference(v: unknown, issues: Issue[]): string | null {
  if (v === undefined || v === null) return null
  if (typeof v !== 'string') {
    issues.push(
      issue('Validation.Type.reference', 'reference', `reference must be a string; got ${jsonType(v)}`),
    )
    return null
  }
  if (v.length > MAX_REFERENCE) {
    issues.push(
      issue(
        'Validation.TooLong.reference',
        'reference',
        `reference must be at most ${MAX_REFERENCE} characters; got ${v.length}`,
      ),
    )
    return null
  }
  return v
}

export function checkLanguage(v: unknown, issues: Issue[]): string | null {
  if (v === undefined || v === null) return null
  if (typeof v !== 'string') {
    issues.push(
      issue('Validation.Type.language', 'language', `language must be a string; got ${jsonType(v)}`),
    )
    return null
  }
  if (LANGUAGE.test(v)) return v
  issues.push(
    issue(
      'Validation.Invalid.language',
      'language',
      `language expects a lower-case tag ll or ll-cc such as fr or fr-ca; got ${quote(v)}`,
    ),
  )
  return null
}

/** SPEC rule 14: only on render; QR levels L/M/Q/H (default L); Data Matrix has fixed ECC 200. */
export function checkErrorCorrection(
  v: unknown,
  mode: Mode | null,
  opts: DefinitionOptions,
  issues: Issue[],
): ErrorCorrectionLevel | null {
  const level = enumField(v, ERROR_CORRECTION_LEVELS, 'errorCorrectionLevel', issues)
  if (level !== null && !opts.render) {
    issues.push(
      issue(
        'Validation.NotAllowed.errorCorrectionLevel',
        'errorCorrectionLevel',
        'errorCorrectionLevel is only accepted when rendering an image; omit it or send null',
      ),
    )
    return null
  }
  if (level !== null && mode !== null && !isQrMode(mode)) {
    issues.push(
      issue(
        'Validation.NotAllowed.errorCorrectionLevel',
        'errorCorrectionLevel',
        `mode ${mode} uses Data Matrix ECC 200, which has no selectable level; omit errorCorrectionLevel or send null`,
      ),
    )
    return null
  }
  return level ?? (opts.render && isQrMode(mode) ? 'L' : null)
}

/**
 * Primary keys an EPC binary scheme carries, with the AI the EPC cannot do without beside the key (TDS 2.3 §7:
 * SGTIN and ITIP need the serial, CPI its serial; GRAI, GDTI and GCN carry theirs in the key's value).
 */
const EPC_KEYS: Readonly<Record<string, string | null>> = {
  '00': null,
  '01': '21',
  '253': null,
  '255': null,
  '414': null,
  '8003': null,
  '8004': null,
  '8006': '21',
  '8010': '8011',
  '8017': null,
  '8018': null,
}

const EPC_KEY_LIST = '00, 01, 253, 255, 414, 8003, 8004, 8006, 8010, 8017 or 8018'

/** DESIGN §6, §12: EPC compression needs a stem and a primary key with an EPC scheme; the API layer encodes. */
export function checkCompression(
  v: unknown,
  hasStem: boolean,
  primaryKey: string | null,
  ais: readonly string[],
  issues: Issue[],
): Compression | null {
  const c = enumField(v, COMPRESSIONS, 'compression', issues)
  if (c === null) return null
  const required = primaryKey === null ? undefined : EPC_KEYS[primaryKey]
  if (!hasStem) {
    issues.push(
      issue(
        'Validation.NotAllowed.compression',
        'compression',
        'compression is only allowed with digitalLinkStem',
      ),
    )
  } else if (primaryKey !== null && required === undefined) {
    issues.push(
      issue(
        'Validation.NotAllowed.compression',
        'compression',
        `compression needs a primary key an EPC carries (${EPC_KEY_LIST}); got (${primaryKey})`,
      ),
    )
  } else if (typeof required === 'string' && !ais.includes(required)) {
    issues.push(
      issue(
        'Validation.Requires.compression',
        'compression',
        required === '21'
          ? 'compression needs a serial number, AI (21), in ais'
          : `compression needs AI (${required}) in ais`,
      ),
    )
  }
  return c
}
