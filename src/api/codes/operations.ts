/**
 * The code operations, declared once: `/code`, `/codes`, `/render` and `/render/batch`, both JSON media types, every
 * status, the image answers (SVG, PNG, PDF) with the headers that state the size drawn, the ZIP of a bulk render.
 */
import { WRITE_CODES } from '../../auth/scopes.ts'
import { FORMAT_TYPES } from '../../render/index.ts'
import { JSON_TYPE, SVG_TYPE, VND_JSON } from '../media.ts'
import { BODY_TOO_LARGE, envelopeResponse, jsonContent, negotiatedEnvelope } from '../openapi/components.ts'
import { type Operation, schemaRef } from '../openapi/operation.ts'
import { MAX_BATCH, RenderBatchRequest } from './model.ts'
import { ZIP_TYPE } from './render-batch.ts'

export const CODE_PATH = '/code'
export const CODES_PATH = '/codes'
export const RENDER_PATH = '/render'
export const RENDER_BATCH_PATH = '/render/batch'

const EXAMPLE_DEFINITION = {
  digitalLinkStem: 'https://id.example.com',
  primaryKey: { key: '01', value: '9506000134352' },
  ais: [
    { key: '10', value: 'ABC123' },
    { key: '17', value: '261231' },
  ],
}

const EXAMPLE_RESULT = {
  barcodeText: 'https://id.example.com/01/09506000134352/10/ABC123?17=261231',
  hri: '(01)09506000134352(10)ABC123(17)261231',
}

/**
 * The failures of `/code` and `/codes` that follow the negotiated type; `/render` answers them in JSON (a `413` or
 * `500` of any operation follows it: see commonResponses).
 */
function negotiatedFailures() {
  return {
    '400': negotiatedEnvelope('malformedJson', 'The body is not valid JSON.'),
    '415': negotiatedEnvelope(
      'unsupportedMediaType',
      'The body is not `application/json` or the versioned type.',
    ),
  }
}

/** Failures every code operation shares (guard, media types, size, server). */
function commonResponses() {
  return {
    '401': {
      description: 'Missing, malformed, expired or revoked credentials.',
      headers: { 'WWW-Authenticate': { $ref: '#/components/headers/WWW-Authenticate' } },
      content: envelopeResponse('unauthorized', '').content,
    },
    '403': {
      description: 'The token lacks `write:codes`, or the subscription no longer covers API clients.',
      headers: { 'WWW-Authenticate': { $ref: '#/components/headers/WWW-Authenticate' } },
      content: envelopeResponse('forbidden', '').content,
    },
    '406': envelopeResponse(
      'notAcceptable',
      'The `Accept` header names no media type this operation produces.',
    ),
    '413': negotiatedEnvelope('payloadTooLarge', BODY_TOO_LARGE),
    '415': envelopeResponse(
      'unsupportedMediaType',
      'The body is not `application/json` or the versioned type.',
    ),
    '429': {
      ...envelopeResponse(
        'tooManyRequests',
        'The client has 4 requests running, or has used up its budget of codes (a drawn SVG costs 100); retry after `Retry-After` seconds. Limits per client ID: SECURITY.md.',
      ),
      headers: { 'Retry-After': { $ref: '#/components/headers/Retry-After' } },
    },
    '500': negotiatedEnvelope('internal', 'Server fault; safe to retry.'),
  }
}

/** `/codes` and `/render` queue their work for the service's worker threads; a full queue is refused. */
function overloaded() {
  return {
    '503': {
      ...envelopeResponse(
        'overloaded',
        'The service has too much code work queued; retry after `Retry-After` seconds.',
      ),
      headers: { 'Retry-After': { $ref: '#/components/headers/Retry-After' } },
    },
  }
}

const security = [{ oauth2: [WRITE_CODES] }]

function jsonOperation(summary: string, operationId: string, description: string) {
  return { tags: ['codes'], summary, operationId, description, security }
}

/** `POST /code`. */
export const generateCode: Operation = {
  method: 'post',
  path: CODE_PATH,
  spec: {
    ...jsonOperation(
      'Generate one code',
      'generateCode',
      'Validates one code definition and returns its barcode text and HRI. `digitalLinkStem` present gives a ' +
        'GS1 Digital Link URI, absent a bracketed GS1 element string. `mode`, `reference`, `language` and ' +
        '`compression` are accepted; `errorCorrectionLevel` only on render.',
    ),
    requestBody: { required: true, content: jsonContent('CodeDefinition', EXAMPLE_DEFINITION) },
    responses: {
      '200': { description: 'The generated code.', content: jsonContent('CodeResult', EXAMPLE_RESULT) },
      ...commonResponses(),
      ...negotiatedFailures(),
      '422': {
        description: 'The definition is invalid; every problem is listed.',
        content: jsonContent('ValidationErrors', {
          errors: [
            {
              code: 'Validation.Invalid.primaryKey',
              path: 'primaryKey',
              message: 'AI (10) is not a GS1 Digital Link primary key; expected one of 00, 01, …',
            },
          ],
        }),
      },
    },
  },
}

/** `POST /codes`. */
export const batchGenerate: Operation = {
  method: 'post',
  path: CODES_PATH,
  spec: {
    ...jsonOperation(
      'Batch Generate 2D barcodes',
      'batchGenerate2dBarcodes',
      `Generates up to ${MAX_BATCH} codes. Each definition needs \`mode\`. A rejected definition is listed in ` +
        '`failures` with its `index`, `reference` and errors (paths relative to the item); the request itself ' +
        `only fails (422) when the body is not \`{codes: [...]}\` or holds more than ${MAX_BATCH} definitions.`,
    ),
    requestBody: {
      required: true,
      content: jsonContent('BatchRequest', {
        codes: [
          { reference: 'label-1', mode: 'GS1_DATAMATRIX', primaryKey: EXAMPLE_DEFINITION.primaryKey },
          { reference: 'label-2', mode: 'QR_GS1_DIGITAL_LINK_URI', ...EXAMPLE_DEFINITION },
        ],
      }),
    },
    responses: {
      '200': {
        description: 'Generated codes and rejected definitions.',
        content: jsonContent('BatchResult'),
      },
      ...commonResponses(),
      ...negotiatedFailures(),
      '422': {
        description: `The body is not \`{codes: [...]}\`, or \`codes\` holds more than ${MAX_BATCH} definitions.`,
        content: jsonContent('ValidationErrors'),
      },
      ...overloaded(),
    },
  },
}

const PRINT_DESCRIPTION =
  '`Accept` chooses the format: `image/svg+xml` (also `image/*`, `*/*` or none), `image/png` or `application/pdf` ' +
  '(vector, one page the size of the image). Print fields (`moduleSize` or `width`, `dpi`, `hri`, `quietZone`, ' +
  '`application`) draw at a physical size, checked against the GS1 symbol specification table of `application`; ' +
  "PNG and PDF always do (default: the table's target X-dimension, 300 dpi). SVG then carries `width` and `height` " +
  'in mm. A PNG module is an even number of pixels at `dpi` (bwip-js draws a module as twice its integer scale): ' +
  "the one nearest the asked size within the table's range is drawn. The headers state the size drawn."

const mmHeader = (description: string, example: string) => ({
  description,
  schema: { type: 'string', pattern: '^[0-9]+\\.[0-9]{3}mm( x [0-9]+\\.[0-9]{3}mm)?$', example },
})

/** The headers of a file drawn at a physical size (every PNG and PDF, an SVG with print fields). */
function sizeHeaders() {
  return {
    'X-Module-Size': mmHeader('The X-dimension drawn, in mm.', '0.508mm'),
    'X-Symbol-Size': mmHeader(
      "Width and height of the symbol's modules, without the quiet zone, in mm.",
      '14.732mm x 14.732mm',
    ),
    'X-Image-Size': mmHeader(
      'Width and height of the whole image or PDF page: symbol, quiet zone and HRI, in mm.',
      '18.796mm x 18.796mm',
    ),
    'X-Size-Table': {
      description: 'The `application` whose table the size was checked against.',
      schema: { type: 'string', example: 'retail-dl' },
    },
    'X-Resolution': {
      description: 'PNG only: the resolution the image is drawn for (also in its pHYs chunk).',
      schema: { type: 'string', pattern: '^[0-9]+dpi$', example: '300dpi' },
    },
    'X-Module-Pixels': {
      description: 'PNG only: pixels per module (an even number).',
      schema: { type: 'string', pattern: '^[0-9]+$', example: '6' },
    },
  }
}

/** The 422 of a print field or a size outside its table. */
function printRefused(description: string) {
  return {
    description,
    content: {
      [JSON_TYPE]: {
        schema: schemaRef('ValidationErrors'),
        example: {
          errors: [
            {
              code: 'Validation.Range.moduleSize',
              path: 'moduleSize',
              message:
                'moduleSize must be from 0.396 to 0.990 mm for retail-dl (GS1 General Specifications 26.0 §5.12.3.1, symbol specification table 1 addendum 2)',
            },
          ],
        },
      },
    },
  }
}

/** `POST /render`. */
export const renderCode: Operation = {
  method: 'post',
  path: RENDER_PATH,
  spec: {
    ...jsonOperation(
      'Render 2D barcode',
      'render2dBarcode',
      'Renders one code: black on white, quiet zone of 4 modules (QR) or 1 module (Data Matrix), no text unless ' +
        '`hri`. GS1 modes encode the element string with FNC1 (GS1 Data Matrix `]d2`, GS1 QR `]Q3`); Digital ' +
        'Link modes encode the URI. QR uses exactly the requested `errorCorrectionLevel` (default `L`). ' +
        `${PRINT_DESCRIPTION} Without print fields an SVG is SPEC's, unchanged. An invalid definition or an ` +
        'unrenderable code answers 400 with an empty body. The batch operation, given the definition without its ' +
        'print fields, says what is invalid; a valid code with more data than the symbol holds is named ' +
        '`Render.TooLong` in the manifest of `POST /render/batch`. An invalid print field or size answers 422 with ' +
        'its path. Nothing is stored.',
    ),
    requestBody: { required: true, content: jsonContent('RenderDefinition') },
    responses: {
      '200': {
        description:
          'The symbol. The size headers come with every PNG and PDF, and with an SVG drawn to print fields.',
        headers: sizeHeaders(),
        content: {
          [SVG_TYPE]: {
            schema: { type: 'string', description: 'An SVG document; with print fields, sized in mm.' },
          },
          [FORMAT_TYPES.png]: {
            schema: { type: 'string', format: 'binary', description: 'A PNG (RGBA, pHYs).' },
          },
          [FORMAT_TYPES.pdf]: {
            schema: { type: 'string', format: 'binary', description: 'A one-page vector PDF.' },
          },
        },
      },
      '400': {
        description: 'Invalid JSON or definition, or a code that cannot be rendered. Empty body.',
      },
      ...commonResponses(),
      '406': envelopeResponse(
        'notAcceptable',
        'The `Accept` header names none of `image/svg+xml`, `image/png`, `application/pdf` (nor a wildcard).',
      ),
      '422': printRefused(
        'A print field is invalid, or the size is outside the `application` table (the message names the range). ' +
          'Codes: see `ValidationIssue`.',
      ),
      ...overloaded(),
    },
  },
}

/** `POST /render/batch`. */
export const renderBatch: Operation = {
  method: 'post',
  path: RENDER_BATCH_PATH,
  spec: {
    ...jsonOperation(
      'Render 2D barcodes in bulk',
      'renderBatch2dBarcodes',
      `Draws up to ${MAX_BATCH} definitions in one format and answers a ZIP, streamed while the service's worker ` +
        'threads draw it: one file per code, named from its `reference` (letters, digits, `.`, `_`, `-`; others ' +
        'become `_`) or else from its data (primary key, lot, serial), made unique with `-2`, `-3`…, then ' +
        '`manifest.csv` with the columns `index, reference, barcodeText, hri, file, moduleSize, symbolSize, ' +
        'imageSize, errors`. A definition that cannot be drawn (invalid, a size outside its table, too much data: ' +
        '`Render.TooLong`) has no file and its errors in the manifest. Every definition is drawn at a physical size: ' +
        `${PRINT_DESCRIPTION} It costs 100 codes per file drawn and 1 per failure, charged when the stream ends.`,
    ),
    requestBody: {
      required: true,
      content: Object.fromEntries(
        [VND_JSON, JSON_TYPE].map((type) => [
          type,
          {
            schema: JSON.parse(JSON.stringify(RenderBatchRequest)),
            example: {
              application: 'retail-dl',
              moduleSize: 0.5,
              codes: [
                { reference: 'label-1', mode: 'DATAMATRIX_GS1_DIGITAL_LINK_URI', ...EXAMPLE_DEFINITION },
                { reference: 'label-2', mode: 'QR_GS1_DIGITAL_LINK_URI', ...EXAMPLE_DEFINITION, hri: true },
              ],
            },
          },
        ]),
      ),
    },
    responses: {
      '200': {
        description: 'The ZIP, streamed. `X-Code-Count` is the number of definitions (files and failures).',
        headers: {
          'X-Code-Count': {
            description: 'Definitions in the batch: the manifest has one line for each.',
            schema: { type: 'string', pattern: '^[0-9]+$' },
          },
        },
        content: { [ZIP_TYPE]: { schema: { type: 'string', format: 'binary' } } },
      },
      '400': envelopeResponse('malformedJson', 'The body is not valid JSON.'),
      ...commonResponses(),
      '406': envelopeResponse(
        'notAcceptable',
        'The `Accept` header names none of `image/svg+xml`, `image/png`, `application/pdf` (nor a wildcard).',
      ),
      '422': printRefused(
        `The body is not \`{codes: [...]}\`, holds more than ${MAX_BATCH} definitions, or a shared print field is invalid.`,
      ),
      ...overloaded(),
    },
  },
}

/** In the document's order. */
export const codeOperations: readonly Operation[] = [generateCode, batchGenerate, renderCode, renderBatch]
