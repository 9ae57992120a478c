/** Every validation code a code definition can produce (`Validation.<Reason>.<field>`, DESIGN §6), for the OpenAPI document. */

export interface ValidationCode {
  code: string
  description: string
}

function c(code: string, description: string): ValidationCode {
  return { code, description }
}

// Codes for the four AI value checks and the relations, repeated for primaryKey and ais.
function aiCodes(field: 'primaryKey' | 'ais', what: string): ValidationCode[] {
  return [
    c(`Validation.Length.${field}`, `The value of ${what} has the wrong length for its AI format.`),
    c(`Validation.Charset.${field}`, `The value of ${what} has a character outside its GS1 character set.`),
    c(
      `Validation.CheckDigit.${field}`,
      `The value of ${what} has a wrong check digit or check character pair.`,
    ),
    c(
      `Validation.Format.${field}`,
      `The value of ${what} breaks a rule of its AI format (date, code list, structure).`,
    ),
    c(
      `Validation.Requires.${field}`,
      `${what} needs another AI that is missing (GS1 requires relation, DigSig serial rule).`,
    ),
    c(
      `Validation.Excludes.${field}`,
      `${what} may not be used together with another AI present (GS1 excludes relation).`,
    ),
  ]
}

/** The full list; `{property}` stands for the name of an unknown top-level property. */
export const VALIDATION_CODES: readonly ValidationCode[] = [
  c('Validation.Type.definition', 'The code definition is not a JSON object.'),
  c('Validation.Unknown.{property}', 'A top-level property that a code definition does not have.'),
  c('Validation.Unknown.property', 'An unknown top-level property whose name is not a plain identifier.'),
  c('Validation.Required.mode', 'mode is missing where the operation requires it (batch, render).'),
  c('Validation.Type.mode', 'mode is not a string.'),
  c('Validation.Invalid.mode', 'mode is not one of the four modes.'),
  c('Validation.Type.reference', 'reference is not a string.'),
  c('Validation.TooLong.reference', 'reference is longer than 200 characters.'),
  c('Validation.Type.language', 'language is not a string.'),
  c('Validation.Invalid.language', 'language is not a lower-case tag ll or ll-cc.'),
  c('Validation.Required.primaryKey', 'primaryKey, its key or its value is missing.'),
  c('Validation.Type.primaryKey', 'primaryKey is not an object, or its key or value is not a string.'),
  c('Validation.Unknown.primaryKey', 'primaryKey has a property other than key and value.'),
  c(
    'Validation.Invalid.primaryKey',
    'The primary key (its AI, primaryKey.key) is not a GS1 Digital Link primary key (or 03 for element strings).',
  ),
  ...aiCodes('primaryKey', 'the primary key'),
  c(
    'Validation.Type.ais',
    'ais is not an array, or an entry is not an object, or its key or value is not a string.',
  ),
  c('Validation.TooMany.ais', 'ais has more than 100 entries.'),
  c('Validation.Required.ais', 'An ais entry lacks its key or value.'),
  c('Validation.Unknown.ais', 'An ais entry has a property other than key and value.'),
  c('Validation.UnknownAi.ais', 'An ais key is not an AI of the GS1 Barcode Syntax Dictionary.'),
  ...aiCodes('ais', 'an ais entry'),
  c('Validation.Duplicate.ais', 'An ais key repeats the primary key or another ais key.'),
  c(
    'Validation.NotAllowed.ais',
    'With digitalLinkStem: the AI is neither a path qualifier of the primary key nor a query attribute.',
  ),
  c('Validation.Type.digitalLinkStem', 'digitalLinkStem is not a string.'),
  c(
    'Validation.Invalid.digitalLinkStem',
    'digitalLinkStem is not an http(s) URL with a host and without userinfo, query, fragment or empty segment.',
  ),
  c('Validation.Required.digitalLinkStem', 'A Digital Link mode is used without digitalLinkStem.'),
  c('Validation.NotAllowed.digitalLinkStem', 'An element-string mode is used with digitalLinkStem.'),
  c('Validation.Type.linkType', 'linkType is not a string.'),
  c(
    'Validation.NotAllowed.linkType',
    'linkType without digitalLinkStem, or a link type reserved for resolvers.',
  ),
  c(
    'Validation.Invalid.linkType',
    'linkType is neither a selectable gs1: page type nor an absolute http(s) URI.',
  ),
  c('Validation.Type.context', 'context is not a string.'),
  c('Validation.NotAllowed.context', 'context without digitalLinkStem.'),
  c(
    'Validation.Charset.context',
    'context is empty or has a character outside unreserved characters and URI punctuation.',
  ),
  c(
    'Validation.Type.extensionParameters',
    'extensionParameters is not an array, or an entry or its key or value has the wrong type.',
  ),
  c('Validation.NotAllowed.extensionParameters', 'A non-empty extensionParameters without digitalLinkStem.'),
  c('Validation.Required.extensionParameters', 'An extension parameter lacks its key or value.'),
  c(
    'Validation.Unknown.extensionParameters',
    'An extension parameter has a property other than key and value.',
  ),
  c(
    'Validation.Reserved.extensionParameters',
    'An extension parameter key is empty, all digits, linkType or context.',
  ),
  c('Validation.Duplicate.extensionParameters', 'An extension parameter key is used twice.'),
  c(
    'Validation.Charset.extensionParameters',
    'An extension parameter key or value has a character outside unreserved characters and URI punctuation.',
  ),
  c('Validation.Type.errorCorrectionLevel', 'errorCorrectionLevel is not a string.'),
  c('Validation.Invalid.errorCorrectionLevel', 'errorCorrectionLevel is not L, M, Q or H.'),
  c(
    'Validation.NotAllowed.errorCorrectionLevel',
    'errorCorrectionLevel outside render, or with a Data Matrix mode.',
  ),
  c('Validation.Type.compression', 'compression is not a string.'),
  c('Validation.Invalid.compression', 'compression is not EPC_HEX or EPC_BASE64.'),
  c(
    'Validation.NotAllowed.compression',
    'compression without digitalLinkStem, or with a primary key no EPC scheme carries (an EPC carries 00, 01, 253, 255, 414, 8003, 8004, 8006, 8010, 8017 and 8018).',
  ),
  c(
    'Validation.Requires.compression',
    'compression without the AI the key’s EPC needs: the serial number, AI (21), of a GTIN or ITIP; AI (8011) of a CPID.',
  ),
]

const KNOWN = new Set(VALIDATION_CODES.map((v) => v.code))

/** True when `code` is listed (an unknown top-level property matches `Validation.Unknown.{property}`). */
export function isValidationCode(code: string): boolean {
  return KNOWN.has(code) || /^Validation\.Unknown\.[A-Za-z][A-Za-z0-9_]{0,39}$/.test(code)
}
