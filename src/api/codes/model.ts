/** TypeBox schemas of the code endpoints (definitions, results, batch) and their limits; the OpenAPI document is built from them. */
import { Type } from '@sinclair/typebox'
import { t } from 'elysia'
import { COMPRESSIONS, ERROR_CORRECTION_LEVELS, MODES } from '../../gs1/index.ts'
import {
  APPLICATIONS,
  DEFAULT_DPI,
  MAX_DPI,
  MAX_QUIET_ZONE,
  MIN_DPI,
  SIZE_TABLES,
} from '../../render/index.ts'
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
            '`digitalLinkStem` and a key an EPC carries. The smallest EPC scheme that carries the link is ' +
            'written, the fixed-length one on a tie: a `+` scheme (SGTIN+, DSGTIN+, SSCC+, …), or a ' +
            'fixed-length one (SGTIN-96, SGTIN-198, SGLN-96, GRAI-96, GDTI-96, SGCN-96, …) when the key’s ' +
            'value starts, after its indicator or extension digit, with a GS1 Company Prefix of 6 to 12 ' +
            'digits recorded for the client’s organization (its length sets the partition). Without such a ' +
            'prefix the answer is as for an organization with none.',
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

const applicationList = APPLICATIONS.map((a) => `\`${a}\` (${SIZE_TABLES[a].source})`).join(', ')

/** The print fields of a render (DESIGN §13); in a bulk render also beside `codes`, for every definition. */
export function printFields() {
  const mm = (description: string) =>
    t.Optional(t.Union([t.Number({ exclusiveMinimum: 0, description }), t.Null()]))
  return {
    moduleSize: mm(
      'X-dimension (module size) in mm, checked against the `application` table. Not with `width`. A PNG module ' +
        'is an even number of pixels at `dpi`: the nearest within the table is drawn, and stated in `X-Module-Size`.',
    ),
    width: mm(
      "Width of the symbol's modules (without the quiet zone) in mm; the module size it gives is checked as " +
        '`moduleSize` is. Not with `moduleSize`.',
    ),
    dpi: t.Optional(
      t.Union([
        Type.Integer({
          minimum: MIN_DPI,
          maximum: MAX_DPI,
          default: DEFAULT_DPI,
          description:
            'PNG resolution in dots per inch (written in the PNG); SVG and PDF are vector and ignore it.',
        }),
        t.Null(),
      ]),
    ),
    hri: t.Optional(
      t.Union([
        t.Boolean({ default: false, description: 'Print the HRI (OCR-B, 3 mm) centred under the symbol.' }),
        t.Null(),
      ]),
    ),
    quietZone: t.Optional(
      t.Union([
        Type.Integer({
          minimum: 1,
          maximum: MAX_QUIET_ZONE,
          description: 'Quiet zone in modules: at least 4 for QR Code, 1 for Data Matrix (the default).',
        }),
        t.Null(),
      ]),
    ),
    application: t.Optional(
      t.Union([
        stringEnum(
          APPLICATIONS,
          `The GS1 symbol specification table sizes are checked against (default \`general\`): ${applicationList}.`,
        ),
        t.Null(),
      ]),
    ),
  }
}

export const RenderDefinition = t.Object(
  { ...definitionFields(), mode, errorCorrectionLevel: renderEcc, ...printFields() },
  {
    additionalProperties: false,
    description:
      'The code to render; `mode` is required. Without print fields and with `Accept: image/svg+xml` (or a ' +
      'wildcard) the answer is the plain SVG of SPEC; any print field, or PNG or PDF, draws at a physical size.',
  },
)

/** `POST /render/batch`: the definitions, and print fields every definition takes unless it sends its own. */
export const RenderBatchRequest = t.Object(
  {
    codes: t.Array(ref('RenderDefinition'), { maxItems: MAX_BATCH }),
    ...printFields(),
  },
  {
    additionalProperties: false,
    description:
      `At most ${MAX_BATCH} definitions. A print field beside \`codes\` applies to every definition that does ` +
      "not send it; a definition's `moduleSize` or `width` replaces both of the shared ones.",
  },
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
  { code: 'Validation.Type.moduleSize', description: 'Render: `moduleSize` is not a number of mm above 0.' },
  { code: 'Validation.Type.width', description: 'Render: `width` is not a number of mm above 0.' },
  { code: 'Validation.Exclusive.width', description: 'Render: `moduleSize` and `width` were both sent.' },
  {
    code: 'Validation.Range.moduleSize',
    description:
      "Render: `moduleSize` is outside the `application` table's X-dimension range (named in the message).",
  },
  {
    code: 'Validation.Range.width',
    description:
      "Render: the module size `width` gives is outside the `application` table's range (named in the message).",
  },
  { code: 'Validation.Type.dpi', description: 'Render: `dpi` is not a whole number.' },
  { code: 'Validation.Range.dpi', description: `Render: \`dpi\` is not from ${MIN_DPI} to ${MAX_DPI}.` },
  {
    code: 'Validation.Resolution.dpi',
    description:
      "Render (PNG): at this dpi no module of an even number of pixels lies within the table's range.",
  },
  {
    code: 'Validation.TooLarge.dpi',
    description: 'Render (PNG): the image would be over 4096 × 4096 pixels.',
  },
  { code: 'Validation.Type.hri', description: 'Render: `hri` is not true or false.' },
  { code: 'Validation.Type.quietZone', description: 'Render: `quietZone` is not a whole number of modules.' },
  {
    code: 'Validation.Range.quietZone',
    description: `Render: \`quietZone\` is below the symbology's minimum (QR Code 4, Data Matrix 1) or above ${MAX_QUIET_ZONE}.`,
  },
  { code: 'Validation.Invalid.application', description: 'Render: `application` names no table.' },
  {
    code: 'Validation.NotInTable.mode',
    description:
      "Render: the `application` table has no row for the mode's symbol (the message lists its rows).",
  },
  {
    code: 'Validation.Unencodable.compression',
    description:
      'The link cannot be written in the EPC binary encoding (an AI it cannot carry, or too long).',
  },
] as const
