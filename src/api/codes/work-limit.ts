/** The per-client budget of code work (SECURITY.md §3a): requests at once, and codes per second, on /code, /codes and /render. */
import { createWorkBudget, type WorkBudget } from '../../auth/work-budget.ts'
import type { CodeWorkLimits } from '../../security/config.ts'

export type { WorkAdmission } from '../../auth/work-budget.ts'
export { DRAW_COST } from '../../render/cost.ts'
export { type CodeWorkLimits, DEFAULT_CODE_WORK_LIMITS } from '../../security/config.ts'

/** The code endpoints' budget: admits a client's request, which reports its cost in codes when done. */
export type CodeWorkLimiter = WorkBudget

/** Each client's budget of code work, counted in codes (a drawn SVG costs {@link DRAW_COST}). */
export function createCodeWorkLimiter(limits: CodeWorkLimits, clock: () => number): CodeWorkLimiter {
  return createWorkBudget(limits, clock)
}
