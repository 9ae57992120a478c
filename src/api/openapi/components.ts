/** Shared OpenAPI components: the error envelope, validation issues with every code, token and JWK Set schemas. */
import { Type } from '@sinclair/typebox'
import { t } from 'elysia'
import { VALIDATION_CODES } from '../../gs1/index.ts'
import { API_VALIDATION_CODES } from '../codes/model.ts'
import { API_ERRORS } from '../errors.ts'
import { JSON_TYPE, VND_JSON } from '../media.ts'
import { schemaRef } from './operation.ts'

/** Every validation code of a code definition or a batch request, with what it means. */
export function validationCodes(): { code: string; description: string }[] {
  return [...VALIDATION_CODES, ...API_VALIDATION_CODES].map(({ code, description }) => ({
    code,
    description,
  }))
}

function codeList(): string {
  return validationCodes()
    .map((c) => `- \`${c.code}\`: ${c.description}`)
    .join('\n')
}

export const ApiError = t.Object(
  {
    code: t.String({ description: 'Machine-readable code, e.g. `Forbidden`.', examples: ['Forbidden'] }),
    path: t.Union([t.String(), t.Null()], { description: 'The offending input field, or null.' }),
    message: t.String({ description: 'Human-readable explanation; never echoes secrets.' }),
  },
  { additionalProperties: false },
)

export const ErrorEnvelope = t.Object(
  { errors: t.Array(t.Ref('#/components/schemas/ApiError'), { minItems: 1 }) },
  { additionalProperties: false, description: 'The failure envelope of the code API (SPEC "Errors").' },
)

export function validationIssueSchema() {
  return t.Object(
    {
      code: t.String({
        pattern: '^Validation\\.[A-Za-z]+\\.[A-Za-z0-9_{}]+$',
        description: `\`Validation.<Reason>.<field>\` (DESIGN §6). Every code:\n\n${codeList()}`,
        examples: ['Validation.Invalid.primaryKey'],
      }),
      path: t.Union([t.String(), t.Null()], {
        description: 'JSON path of the field, such as `ais[2].value`; relative to the item in a batch.',
      }),
      message: t.String(),
    },
    { additionalProperties: false, description: 'One problem of a definition or batch request.' },
  )
}

export const ValidationErrors = t.Object(
  { errors: t.Array(t.Ref('#/components/schemas/ValidationIssue'), { minItems: 1 }) },
  { additionalProperties: false, description: 'Every problem found, not only the first.' },
)

export const TokenRequest = t.Object(
  {
    grant_type: t.Literal('client_credentials'),
    scope: t.Optional(
      t.String({ description: 'Space-separated scopes; omitted means all scopes of the client.' }),
    ),
  },
  { description: 'RFC 6749 §4.4.2. Credentials go in HTTP Basic, never in the body.' },
)

export const AccessToken = t.Object(
  {
    access_token: t.String({ description: 'A JWT bearer token.' }),
    token_type: t.Literal('Bearer'),
    expires_in: Type.Integer({ description: 'Seconds of validity (3600).', examples: [3600] }),
    scope: t.String({
      description:
        'The scopes granted, space-separated (RFC 6749 §5.1): those asked for, or all of the client’s.',
      examples: ['write:codes read:catalog'],
    }),
  },
  { additionalProperties: false },
)

export const OAuthError = t.Object(
  {
    error: t.Unsafe<string>({
      type: 'string',
      enum: [
        'invalid_request',
        'invalid_client',
        'invalid_scope',
        'unauthorized_client',
        'unsupported_grant_type',
        'server_error',
      ],
    }),
    error_description: t.Optional(t.String()),
  },
  { additionalProperties: false, description: 'RFC 6749 §5.2 flat error of the token endpoint.' },
)

export const JwkSet = t.Object(
  {
    keys: t.Array(
      t.Object(
        {
          kty: t.String(),
          crv: t.Optional(t.String()),
          x: t.Optional(t.String()),
          kid: t.String(),
          alg: t.Optional(t.String()),
          use: t.Optional(t.String()),
        },
        { additionalProperties: true },
      ),
    ),
  },
  { description: 'RFC 7517 JWK Set of the token signing keys.' },
)

/** The envelope responses shared by operations, from the one table of API errors. */
export function envelopeResponse(kind: keyof typeof API_ERRORS, description: string) {
  const e = API_ERRORS[kind]
  return {
    description,
    content: {
      'application/json': {
        schema: { $ref: '#/components/schemas/ErrorEnvelope' },
        example: { errors: [{ code: e.code, path: null, message: e.message }] },
      },
    },
  }
}

/**
 * An envelope failure answered in the negotiated type (docs/api.md): the versioned type when `Accept` asks for it,
 * or when the body was sent in it; `application/json` otherwise.
 */
export function negotiatedEnvelope(kind: keyof typeof API_ERRORS, description: string) {
  const response = envelopeResponse(kind, description)
  const media = response.content['application/json']
  return { ...response, content: { [VND_JSON]: media, 'application/json': media } }
}

/** The 413 of every operation with a body: the envelope up to 2 MiB, the server's own hard stop beyond. */
export const BODY_TOO_LARGE =
  'The body exceeds 1 MiB. Over 2 MiB the server itself answers `413` with no body and closes the connection, without reading the body.'

/** The same schema (and example) under the versioned type and `application/json` (SPEC "Versioning"). */
export function jsonContent(name: string, example?: unknown) {
  const media = example === undefined ? { schema: schemaRef(name) } : { schema: schemaRef(name), example }
  return { [VND_JSON]: media, [JSON_TYPE]: media }
}
