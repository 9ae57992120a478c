/** The per-client budget of code work (SECURITY.md §3a): requests at once, and codes per second, on /code, /codes and /render. */
import { createWorkBudget, type WorkBudget, type WorkLimits } from '../../auth/work-budget.ts'

/** Requests of one client on the code endpoints at once, and codes it may generate at once and per second. */
export type CodeWorkLimits = WorkLimits

/** Four requests at once; 20,000 codes (twenty full batches) at once, then 10,000 a second. */
export const DEFAULT_CODE_WORK_LIMITS: CodeWorkLimits = { concurrent: 4, burst: 20_000, perSecond: 10_000 }

/**
 * What drawing an SVG costs, in codes: bwip-js takes 1–5 ms a symbol, as long as generating a few hundred codes
 * (`bench/RESULTS.md`, "Code API"). An SVG the cache already holds costs 1, like `POST /code`.
 */
export const DRAW_COST = 100

export type { WorkAdmission } from '../../auth/work-budget.ts'

/** The code endpoints' budget: admits a client's request, which reports its cost in codes when done. */
export type CodeWorkLimiter = WorkBudget

/** Each client's budget of code work, counted in codes (a drawn SVG costs {@link DRAW_COST}). */
export function createCodeWorkLimiter(limits: CodeWorkLimits, clock: () => number): CodeWorkLimiter {
  return createWorkBudget(limits, clock)
}
