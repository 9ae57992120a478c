/** Public API of the pure GS1 core: AI table, validation, element strings, Digital Link build and parse. */
export type { AiInfo, AiPattern, Charset, Component } from './ai-table.ts'
export { aiInfo, allAis, DICTIONARY_RELEASE, dlPrimaryKeys, isDlPrimaryKey } from './ai-table.ts'
export { checkAiValue, type ValueProblem, type ValueReason } from './ai-value.ts'
export { isCset39, isCset64, isCset82 } from './charset.ts'
export { gs1CheckDigit, hasValidCheckDigit } from './check-digit.ts'
export { type ValidationResult, validateDefinition } from './definition.ts'
export { isObject } from './definition-fields.ts'
export {
  COMPRESSIONS,
  type Compression,
  type Definition,
  type DefinitionOptions,
  ERROR_CORRECTION_LEVELS,
  type ErrorCorrectionLevel,
  type KeyValue,
  MODES,
  type Mode,
} from './definition-types.ts'
export {
  buildDigitalLink,
  type DigitalLink,
  digitalLinkPath,
  digitalLinkQuery,
  type ExtensionParameter,
  placeQualifiers,
} from './digital-link.ts'
export { type ParseResult, parseDigitalLink } from './dl-parse.ts'
export { checkElementData } from './element-data.ts'
export {
  type AiPair,
  bracketedElementString,
  fnc1ElementString,
  hriText,
  parseBracketedElementString,
} from './element-string.ts'
export { buildCode, type CodeResult, type GenerateResult, generateCode } from './generate.ts'
export { type GtinResult, normaliseGtin, parseGtin } from './gtin.ts'
export { type Issue, issue } from './issue.ts'
export {
  GS1_VOC_BASE,
  isLinkType,
  isSelectableLinkType,
  LINK_TYPES,
  linkTypeUri,
  SELECTABLE_LINK_TYPES,
  toLinkTypeName,
} from './link-types.ts'
export { percentDecode, percentEncode, percentEncodeQuery } from './percent.ts'
export { type StemResult, validateStem } from './stem.ts'
export { isValidationCode, VALIDATION_CODES, type ValidationCode } from './validation-codes.ts'
