/** The auth operations, declared once: the token endpoint (form body, flat RFC 6749 errors) and the JWK Set. */
import { FORM_TYPE, JSON_TYPE, VND_JSON } from '../media.ts'
import { envelopeResponse } from '../openapi/components.ts'
import { type Operation, schemaRef as schema } from '../openapi/operation.ts'
import { TOKEN_PATH } from './oauth-errors.ts'

export const JWKS_PATH = '/.well-known/jwks.json'

const NO_STORE = {
  'Cache-Control': { description: 'Always `no-store` (RFC 6749 §5.1).', schema: { type: 'string' } },
}

function documentedError(description: string, example: string, extraHeaders: Record<string, unknown> = {}) {
  return {
    description,
    headers: { ...NO_STORE, ...extraHeaders },
    content: {
      [JSON_TYPE]: { schema: schema('OAuthError'), example: { error: example, error_description: '…' } },
    },
  }
}

/** `POST /oauth/token`. */
export const requestAccessToken: Operation = {
  method: 'post',
  path: TOKEN_PATH,
  spec: {
    tags: ['auth'],
    summary: 'Exchange client credentials for a bearer token',
    operationId: 'requestAccessToken',
    description:
      'OAuth 2.0 client credentials grant. Authenticate with HTTP Basic (client ID as user, secret as ' +
      'password). The token is valid for 3600 seconds; there is no refresh token. A blocked client answers ' +
      'exactly like an unknown one.',
    security: [{ clientBasic: [] }],
    requestBody: {
      required: true,
      content: {
        [FORM_TYPE]: { schema: schema('TokenRequest'), example: { grant_type: 'client_credentials' } },
      },
    },
    responses: {
      '200': {
        description: 'The access token.',
        headers: NO_STORE,
        content: {
          [JSON_TYPE]: { schema: schema('AccessToken') },
          [VND_JSON]: { schema: schema('AccessToken') },
        },
      },
      '400': documentedError(
        '`invalid_request` (missing or repeated parameter, credentials outside HTTP Basic), ' +
          '`unsupported_grant_type` or `invalid_scope`.',
        'unsupported_grant_type',
      ),
      '401': documentedError(
        '`invalid_client`: missing or malformed HTTP Basic credentials, or an unknown, blocked or wrongly ' +
          'authenticated client.',
        'invalid_client',
        {
          'WWW-Authenticate': { $ref: '#/components/headers/WWW-Authenticate' },
        },
      ),
      '403': documentedError(
        "`unauthorized_client`: the organization's subscription no longer covers API clients.",
        'unauthorized_client',
      ),
      '406': documentedError('`invalid_request`: `Accept` allows neither JSON type.', 'invalid_request'),
      '413': documentedError('`invalid_request`: the body exceeds 4096 bytes.', 'invalid_request'),
      '415': documentedError('`invalid_request`: the body is not form-urlencoded.', 'invalid_request'),
      '429': documentedError(
        '`invalid_request`: too many token requests for this client ID or from this address; retry after ' +
          '`Retry-After` seconds. Successful requests never use up the budget.',
        'invalid_request',
        {
          'Retry-After': {
            description: 'Seconds until a new request may be answered.',
            schema: { type: 'integer', minimum: 1 },
          },
        },
      ),
      '500': documentedError('`server_error`: a fault inside the service; safe to retry.', 'server_error'),
    },
  },
}

/** `GET /.well-known/jwks.json`. */
export const getJwks: Operation = {
  method: 'get',
  path: JWKS_PATH,
  spec: {
    tags: ['auth'],
    summary: 'Public keys of the token signer (JWK Set)',
    operationId: 'getJwks',
    description: 'The Ed25519 public keys that verify access tokens (RFC 7517); cacheable for five minutes.',
    security: [],
    responses: {
      '200': {
        description: 'The JWK Set.',
        content: {
          [JSON_TYPE]: { schema: schema('JwkSet') },
          'application/jwk-set+json': { schema: schema('JwkSet') },
        },
      },
      '413': envelopeResponse('payloadTooLarge', 'A declared body over 1 MiB is refused on every route.'),
      '500': envelopeResponse('internal', 'Server fault; safe to retry.'),
    },
  },
}

/** In the document's order. */
export const authOperations: readonly Operation[] = [requestAccessToken, getJwks]
