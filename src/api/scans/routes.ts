/** `GET /scans` behind the `read:scans` scope (DESIGN §9). */
import { Elysia } from 'elysia'
import { READ_SCANS } from '../../auth/scopes.ts'
import type { Database } from '../../db/database.ts'
import { type BearerVerifier, principalOf, requireScope } from '../auth/guard.ts'
import { leaveUnread } from '../codes/body.ts'
import { errorResponse } from '../errors.ts'
import { jsonResponse, negotiateJson } from '../media.ts'
import { readQuery } from '../query.ts'
import { scans } from './service.ts'

export const SCANS_PATH = '/scans'
const SCAN_PARAMETERS = ['from', 'to', 'groupBy', 'gtin']

export interface ScanRoutesDeps {
  readonly auth: BearerVerifier
  readonly database: Database
  readonly clock: () => number
}

export function scanRoutes(deps: ScanRoutesDeps) {
  const hook = { parse: leaveUnread, beforeHandle: requireScope(deps.auth, READ_SCANS) }
  return new Elysia({ name: 'scans' }).get(
    SCANS_PATH,
    async ({ request, set }) => {
      const type = negotiateJson(request.headers.get('accept'))
      if (type === null) return errorResponse('notAcceptable')
      const principal = principalOf(request)
      if (principal === undefined) return errorResponse('unauthorized', { type })
      const query = readQuery(request.url, SCAN_PARAMETERS)
      const result = query.ok
        ? await scans(deps.database.db, principal.organizationId, query.params, deps.clock())
        : query
      const response = result.ok
        ? jsonResponse(result.body, 200, type)
        : jsonResponse({ errors: result.errors }, 400, type)
      set.status = response.status
      return response
    },
    hook,
  )
}

/** `createApp(deps, [..., scansFeature({ auth, database, clock })])`. */
export function scansFeature(deps: ScanRoutesDeps) {
  return (app: Elysia): Elysia => app.use(scanRoutes(deps)) as unknown as Elysia
}
