/** TypeBox schemas of the code endpoints (definitions, results, batch) and their limits; the OpenAPI document is built from them. */
import { Type } from '@sinclair/typebox'
import { t } from 'elysia'
import { COMPRESSIONS, ERROR_CORRECTION_LEVELS, MODES } from '../../gs1/index.ts'
import { MAX_BATCH } from '../../services/codes/generate.ts'

/** DESIGN §6: at most 1000 definitions per batch; more is `422` for the whole request. */
export { MAX_BATCH }

const ref = (name: string) => t.Ref(`#/components/schemas/${name}`)

function stringEnum(values: readonly string[], description: string) {
  return t.Unsafe<string>({ type: 'string', enum: [...values], description })
}

function nullable<T extends ReturnType<typeof t.String>>(schema: T) {
  return t.Union([schema, t.Null()])
}

export const KeyValue = t.Object(
  {
    key: t.String({ pattern: '^[0-9]{2,4}$', description: 'A GS1 Application Identifier, e.g. `01`.' }),
    value: t.String({ minLength: 1, maxLength: 90, description: 'The value as a string.' }),
  },
  { additionalProperties: false, description: 'One GS1 Application Identifier and its value.' },
)

export const ExtensionParameter = t.Object(
  {
    key: t.String({ minLength: 1, description: 'Not `linkType` or `context`, with at least one non-digit.' }),
    value: t.String({ description: 'Unreserved ASCII characters and URI punctuation.' }),
  },
  { additionalProperties: false, description: 'A custom query parameter of a Digital Link URI.' },
)

const mode = stringEnum(MODES, 'Symbol and payload. Digital Link modes require `digitalLinkStem`.')

// The fields every operation shares; `mode` and `errorCorrectionLevel` differ per operation.
function definitionFields() {
  return {
    reference: t.Optional(
      nullable(t.String({ maxLength: 200, description: "Caller's label, echoed in batch results." })),
    ),
    primaryKey: ref('KeyValue'),
    ais: t.Optional(t.Union([t.Array(ref('KeyValue'), { maxItems: 100 }), t.Null()])),
    extensionParameters: t.Optional(t.Union([t.Array(ref('ExtensionParameter')), t.Null()])),
    digitalLinkStem: t.Optional(
      nullable(
        t.String({
          format: 'uri',
          description: 'http(s) origin and optional path; present means a Digital Link URI is generated.',
        }),
      ),
    ),
    linkType: t.Optional(
      nullable(t.String({ description: 'A selectable `gs1:` page type or an absolute http(s) URI.' })),
    ),
    context: t.Optional(nullable(t.String({ description: 'Value of the `context` query parameter.' }))),
    language: t.Optional(
      nullable(
        t.String({
          pattern: '^[a-z]{2}(-[a-z]{2})?$',
          description: 'A lower-case language or language-region tag such as `en` or `en-gb`.',
        }),
      ),
    ),
    compression: t.Optional(
      t.Union([
        stringEnum(
          COMPRESSIONS,
          'Write the link compressed in the EPC binary encoding (`{stem}/eh…` or `{stem}/ex…`); needs ' +
            '`digitalLinkStem`, primary key `01` and AI `21`.',
        ),
        t.Null(),
      ]),
    ),
  }
}

const noEcc = t.Optional(t.Null({ description: 'Only the render operation accepts a level.' }))

export const CodeDefinition = t.Object(
  { ...definitionFields(), mode: t.Optional(t.Union([mode, t.Null()])), errorCorrectionLevel: noEcc },
  { additionalProperties: false, description: 'One code, for `POST /code`; `mode` is optional here.' },
)

const renderEcc = t.Optional(
  t.Union([
    stringEnum(
      ERROR_CORRECTION_LEVELS,
      'QR modes: the exact level, default `L`. Data Matrix (ECC 200): omit it or send null.',
    ),
    t.Null(),
  ]),
)

export const BatchCodeDefinition = t.Object(
  { ...definitionFields(), mode, errorCorrectionLevel: renderEcc },
  {
    additionalProperties: false,
    description:
      'One code of a batch; `mode` is required. `errorCorrectionLevel` is checked as render checks it, so a ' +
      'render definition sent here shows why render refused it.',
  },
)

export const RenderDefinition = t.Object(
  { ...definitionFields(), mode, errorCorrectionLevel: renderEcc },
  { additionalProperties: false, description: 'The code to render as SVG; `mode` is required.' },
)

export const CodeResult = t.Object(
  {
    barcodeText: t.String({
      description: 'The payload: a bracketed GS1 element string or a Digital Link URI.',
    }),
    hri: t.String({ description: 'Human readable interpretation: `(AI)value` for each AI, no spaces.' }),
  },
  { additionalProperties: false },
)

export const BatchRequest = t.Object(
  { codes: t.Array(ref('BatchCodeDefinition'), { maxItems: MAX_BATCH }) },
  { additionalProperties: false, description: `At most ${MAX_BATCH} definitions.` },
)

const index = Type.Integer({ minimum: 0, description: 'Position of the definition in the request.' })
const echoedReference = nullable(t.String({ description: 'The `reference` sent, or null.' }))

export const BatchCodeResult = t.Object(
  {
    index,
    reference: echoedReference,
    mode,
    primaryKey: ref('KeyValue'),
    barcodeText: t.String(),
    hri: t.String(),
  },
  { additionalProperties: false, description: '`primaryKey.value` is normalised (a GTIN has 14 digits).' },
)

export const BatchFailure = t.Object(
  {
    index,
    reference: echoedReference,
    errors: t.Array(ref('ValidationIssue'), { minItems: 1, description: 'Paths are relative to the item.' }),
  },
  { additionalProperties: false },
)

export const BatchResult = t.Object(
  { codes: t.Array(ref('BatchCodeResult')), failures: t.Array(ref('BatchFailure')) },
  { additionalProperties: false },
)

/** Codes the API layer adds to the GS1 core's (batch envelope, EPC compression). */
export const API_VALIDATION_CODES = [
  { code: 'Validation.Type.body', description: 'The batch request body is not a JSON object.' },
  { code: 'Validation.Required.codes', description: 'The batch request has no `codes`.' },
  { code: 'Validation.Type.codes', description: '`codes` is not an array.' },
  { code: 'Validation.TooMany.codes', description: `\`codes\` holds more than ${MAX_BATCH} definitions.` },
  {
    code: 'Validation.Unencodable.compression',
    description:
      'The link cannot be written in the EPC binary encoding (an AI it cannot carry, or too long).',
  },
] as const
