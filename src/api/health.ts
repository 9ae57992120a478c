/** Liveness and readiness: `/healthz` answers while the process runs, `/readyz` only while the database answers. */
import { Elysia } from 'elysia'
import type { Database } from '../db/database.ts'
import { withDeadline } from '../lib/deadline.ts'
import { errorResponse } from './errors.ts'

/** Health routes, hidden from the OpenAPI document. */
export function healthRoutes(deps: { database: Database }) {
  return new Elysia({ name: 'health' })
    .get('/healthz', () => ({ status: 'ok' }), { detail: { hide: true } })
    .get('/readyz', () => readiness(deps.database), { detail: { hide: true } })
}

/** Readiness as a Response, shared with the resolver port's health routes. */
export async function readiness(database: Database): Promise<Response> {
  try {
    await withDeadline(database.ping(), 2000)
    return Response.json({ status: 'ready' })
  } catch {
    return errorResponse('unavailable', { message: 'The database does not answer' })
  }
}
