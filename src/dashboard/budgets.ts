/**
 * Each person's budget of the dashboard's heavy work (SECURITY.md §3a): the drawings of the Codes page, and catalog
 * files uploaded or exported. A route declares which it uses; beyond the budget the answer is `429` with
 * `Retry-After`, before the request's body is read or anything is drawn.
 */
import { countedStream, createWorkBudget, kibibytes, type WorkBudget } from '../auth/work-budget.ts'
import { DRAW_COST } from '../render/cost.ts'
import { DEFAULT_SECURITY_CONFIG, type SecurityConfig } from '../security/config.ts'
import { codeAsked } from './code-form.ts'

/** `drawing`: a symbol drawn (counted as the code API counts it); `files`: KiB of a catalog file read or written. */
export type BudgetKind = 'drawing' | 'files'

export type DashboardBudgets = Readonly<Record<BudgetKind, WorkBudget>>

export function createDashboardBudgets(
  security: SecurityConfig | undefined,
  clock: () => number,
): DashboardBudgets {
  const limits = security ?? DEFAULT_SECURITY_CONFIG
  return {
    drawing: createWorkBudget(limits.drawingLimits, clock),
    files: createWorkBudget(limits.fileWorkLimits, clock),
  }
}

const LATER_COSTS = new WeakMap<Response, Promise<number>>()

/** States what a streamed drawing costs once its stream ends (the Codes page's bulk ZIP: 100 per file drawn). */
export function costsWhenDone(response: Response, cost: Promise<number>): Response {
  LATER_COSTS.set(response, cost)
  return response
}

/** A heavy request let in: `finish` charges what it cost once its answer is built (a streamed file when it ends). */
export type HeavyAdmission =
  | { readonly allowed: true; finish(request: Request, query: URLSearchParams, response: Response): Response }
  | { readonly allowed: false; readonly retryAfterSeconds: number }

/** Lets `person`'s request of `kind` in, or says how long to wait. */
export function admitHeavy(budgets: DashboardBudgets, kind: BudgetKind, person: string): HeavyAdmission {
  const admission = budgets[kind].admit(person)
  if (!admission.allowed) return admission
  return {
    allowed: true,
    finish(request, query, response) {
      const later = LATER_COSTS.get(response)
      if (later !== undefined) {
        void later.then((cost) => admission.done(cost))
        return response
      }
      if (kind === 'drawing') {
        // A page or file of a code costs a drawing (the form without a value draws nothing).
        admission.done(codeAsked(query) ? DRAW_COST : 0)
        return response
      }
      if (response.body !== null && request.method === 'GET') {
        const body = countedStream(response.body, (bytes) => admission.done(kibibytes(bytes)))
        return new Response(body, response)
      }
      admission.done(kibibytes(Number(request.headers.get('content-length') ?? 0)))
      return response
    },
  }
}
