/** A bound on how long a request waits for the database, so a server that stops answering cannot hang requests. */

/** Longest wait for one database look-up on a request path: under the 2 s within which a failure must answer. */
export const LOOKUP_DEADLINE_MS = 1500

/**
 * Postgres `statement_timeout` of the service's pool (lock waits included). A request gives up on a look-up at
 * {@link LOOKUP_DEADLINE_MS}; the server then ends the statement soon after, so that a table locked for minutes
 * cannot keep every pooled connection waiting and starve the queries of other tables (tokens, say).
 */
export const STATEMENT_TIMEOUT_MS = 3000

export class DeadlineError extends Error {
  override name = 'DeadlineError'
  constructor(readonly ms: number) {
    super(`the database did not answer within ${ms} ms`)
  }
}

/** `promise`, or a rejection with a `DeadlineError` once `ms` have passed. */
export function withDeadline<T>(promise: Promise<T>, ms = LOOKUP_DEADLINE_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineError(ms)), ms)
  })
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer))
}
