/** A small OpenAPI document with what the service's own document lacks: parameters, untagged operations, other schemes. */
import type { ReferenceDocument } from '../../../../src/api/openapi/docs/model.ts'

export const PETS: ReferenceDocument = {
  openapi: '3.1.0',
  info: { title: 'Pets <API>', version: '2.0.0', description: 'Manage `pets`.\n\n- one\n- two' },
  servers: [{ url: 'https://pets.example/v2?a=1&b="2"' }],
  tags: [
    { name: 'pets', description: 'Pet operations.' },
    { name: 'unused', description: 'A tag without operations.' },
  ],
  security: [{ key: [] }],
  paths: {
    '/pets/{id}': {
      parameters: [],
      get: {
        tags: ['pets'],
        summary: 'Get a pet',
        operationId: 'getPet',
        parameters: [
          {
            name: 'id',
            in: 'path',
            required: true,
            description: 'The pet’s `id`.',
            schema: { type: 'integer' },
          },
          { $ref: '#/components/parameters/Verbose' },
          { $ref: '#/components/parameters/Missing' },
        ],
        responses: {
          '200': {
            description: 'The pet.',
            headers: { ETag: { $ref: '#/components/headers/ETag' }, 'X-Note': { description: 'A `note`.' } },
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/Pet' },
                examples: { rex: { value: { name: 'Rex' } } },
              },
            },
          },
          '404': { description: 'No such pet.' },
          '418': { description: 'Teapot.' },
        },
      },
      delete: {
        tags: ['pets'],
        security: [],
        responses: { '204': { description: 'Gone.' } },
      },
    },
    '/health': {
      get: {
        summary: 'Health <check>',
        operationId: 'health check!',
        security: [{ basic: [], key: [] }, { oauth: ['read', 'write'] }, { nope: [] }],
        responses: { '200': { description: 'Up.' } },
      },
    },
  },
  components: {
    schemas: { Pet: { type: 'object', properties: { name: { type: 'string' } } } },
    parameters: { Verbose: { name: 'verbose', in: 'query', schema: { type: 'boolean' } } },
    headers: { ETag: { description: 'The pet’s version.' } },
    securitySchemes: {
      key: { type: 'apiKey', in: 'header', name: 'X-Key', description: 'A key.' },
      basic: { type: 'http', scheme: 'basic' },
      bearer: { type: 'http', scheme: 'bearer' },
      oauth: {
        type: 'oauth2',
        flows: { authorizationCode: { tokenUrl: '/token', scopes: { read: 'Read.' } } },
      },
    },
  },
}
