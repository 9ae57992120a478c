/** The code operations, declared once: `/code`, `/codes` and `/render`, both JSON media types, every status, the SVG answer. */
import { WRITE_CODES } from '../../auth/scopes.ts'
import { SVG_TYPE } from '../media.ts'
import { BODY_TOO_LARGE, envelopeResponse, jsonContent, negotiatedEnvelope } from '../openapi/components.ts'
import type { Operation } from '../openapi/operation.ts'
import { MAX_BATCH } from './model.ts'

export const CODE_PATH = '/code'
export const CODES_PATH = '/codes'
export const RENDER_PATH = '/render'

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

/** `POST /render`. */
export const renderCode: Operation = {
  method: 'post',
  path: RENDER_PATH,
  spec: {
    ...jsonOperation(
      'Render 2D barcode',
      'render2dBarcode',
      'Renders one code as SVG: black on white, quiet zone of 4 modules (QR) or 1 module (Data Matrix), no ' +
        'text. GS1 modes encode the element string with FNC1 (GS1 Data Matrix `]d2`, GS1 QR `]Q3`); Digital ' +
        'Link modes encode the URI. QR uses exactly the requested `errorCorrectionLevel` (default `L`). An ' +
        'invalid definition or an unrenderable code answers 400 with an empty body; submit the definition to ' +
        'the batch operation for the validation details. Nothing is stored.',
    ),
    requestBody: { required: true, content: jsonContent('RenderDefinition') },
    responses: {
      '200': {
        description: 'The symbol as SVG.',
        content: { [SVG_TYPE]: { schema: { type: 'string', description: 'An SVG document.' } } },
      },
      '400': {
        description: 'Invalid JSON or definition, or a code that cannot be rendered. Empty body.',
      },
      ...commonResponses(),
      ...overloaded(),
    },
  },
}

/** In the document's order. */
export const codeOperations: readonly Operation[] = [generateCode, batchGenerate, renderCode]
