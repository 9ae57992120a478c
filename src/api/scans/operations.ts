/** The scan operation, declared once (DESIGN §9). */
import { READ_SCANS } from '../../auth/scopes.ts'
import { commonResponses, described, NO_BODY, QUERY_INVALID } from '../catalog/operations.ts'
import { jsonContent } from '../openapi/components.ts'
import type { Operation } from '../openapi/operation.ts'

export const SCANS_PATH = '/scans'

/** `GET /scans`. */
export const getScans: Operation = {
  method: 'get',
  path: SCANS_PATH,
  spec: {
    ...described(
      'scans',
      READ_SCANS,
      'Scan counts',
      'getScans',
      'The organization’s scans over a range of UTC days (at most 400; default the last 30), summed per one dimension. Counts are written every 5 seconds; no client address, User-Agent, lot or serial is ever stored.',
    ),
    parameters: [
      {
        name: 'from',
        in: 'query',
        description: 'First day, YYYY-MM-DD.',
        schema: { type: 'string', format: 'date' },
      },
      {
        name: 'to',
        in: 'query',
        description: 'Last day, YYYY-MM-DD (default today).',
        schema: { type: 'string', format: 'date' },
      },
      {
        name: 'groupBy',
        in: 'query',
        description:
          'The dimension to sum per (default `day`). `gtin` is the entry scanned: a GTIN, an item’s `{key}/{value}` or a prefix rule’s `{key}/{prefix}~`; `key` its GS1 key (`01` for products).',
        schema: {
          type: 'string',
          enum: ['day', 'gtin', 'linkType', 'language', 'host', 'device', 'outcome', 'key'],
        },
      },
      {
        name: 'gtin',
        in: 'query',
        description: 'Only this product’s scans.',
        schema: { type: 'string' },
      },
    ],
    responses: {
      '200': { description: 'The counts.', content: jsonContent('ScanReport') },
      ...commonResponses(READ_SCANS, NO_BODY, { query: QUERY_INVALID }),
    },
  },
}
