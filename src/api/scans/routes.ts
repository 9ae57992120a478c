/** `GET /scans` behind the `read:scans` scope (DESIGN §9). */
import { Elysia } from 'elysia'
import type { Database } from '../../db/database.ts'
import { type ScanQueryParams, scans } from '../../services/scans/report.ts'
import { type BearerVerifier, principalOf, requireScope } from '../auth/guard.ts'
import { leaveUnread } from '../codes/body.ts'
import { errorResponse, invalidParametersResponse, notAcceptable } from '../errors.ts'
import { JSON_TYPES, type JsonResponseType, jsonResponse, negotiateJson } from '../media.ts'
import { queryParameters, requiredScope, routePattern } from '../openapi/operation.ts'
import { readQuery } from '../query.ts'
import { getScans } from './operations.ts'

export { SCANS_PATH } from './operations.ts'

export interface ScanRoutesDeps {
  readonly auth: BearerVerifier
  readonly database: Database
  readonly clock: () => number
}

export function scanRoutes(deps: ScanRoutesDeps) {
  /** The report for the organization, or its parameters' problems (400). */
  async function report(organizationId: string, params: ScanQueryParams, type: JsonResponseType) {
    const result = await scans(deps.database.db, organizationId, params, deps.clock())
    return result.ok ? jsonResponse(result.body, 200, type) : invalidParametersResponse(result.errors, type)
  }
  const hook = { parse: leaveUnread, beforeHandle: requireScope(deps.auth, requiredScope(getScans)) }
  return new Elysia({ name: 'scans' }).route(
    getScans.method,
    routePattern(getScans),
    async ({ request, set }) => {
      const type = negotiateJson(request.headers.get('accept'))
      if (type === null) return notAcceptable(JSON_TYPES)
      const query = readQuery(request.url, queryParameters(getScans))
      const principal = principalOf(request)
      const response = !query.ok
        ? invalidParametersResponse(query.errors, type)
        : principal === undefined
          ? errorResponse('unauthorized', { type })
          : await report(principal.organizationId, query.params, type)
      set.status = response.status
      return response
    },
    hook,
  )
}

/** `createApp(deps, [..., scansFeature({ auth, database, clock })])`. */
export function scansFeature(deps: ScanRoutesDeps) {
  return scanRoutes(deps)
}
